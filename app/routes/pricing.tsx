// The plans side by side (issue #21): Free with ads, Premium monthly and yearly,
// the visitor's plan marked, the ways to pay and the questions asked before
// paying. Choosing a plan makes an order and opens its checkout.
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import type { FormResult } from '../features/auth-forms/form-parts.tsx';
import { PaymentMethods, PricingFaq } from '../features/pricing/pricing-info.tsx';
import { PricingPlans } from '../features/pricing/pricing-plans.tsx';
import { choosePlan, loadPricing } from '../features/pricing/pricing.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/pricing';
import { ownHeaders } from '../features/payment/route-headers.ts';

// Cache-Control and Retry-After from the loader and the action (app/features/payment/route-headers.ts).
export const headers: Route.HeadersFunction = ownHeaders;

export const handle = { breadcrumb: 'Pricing' };

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPricing(request, context, ['free', 'premium']);
}

export function action({ request, context }: Route.ActionArgs) {
  return choosePlan(request, context);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Pricing', description: 'Plans and prices: free with ads, or premium without.' });

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Plans and pricing">
        Scores, fixtures and results stay free for everyone. Premium takes the ads away and adds more.
      </PageHeader>
      <PricingPlans data={loaderData} answer={actionData as FormResult | undefined} />
      <p className="mt-6 text-slate-700 dark:text-slate-300">
        Only follow one sport?{' '}
        <AppLink
          to="/pricing-sport"
          className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
        >
          See the sport passes
        </AppLink>
        .
      </p>
      <PaymentMethods providers={loaderData.providers} />
      <PricingFaq refundWindowDays={loaderData.refundWindowDays} />
    </>
  );
}
