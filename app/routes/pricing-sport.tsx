// Passes for one sport (issue #21), such as a football season pass, chosen the
// same way as the plans on /pricing.
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import type { FormResult } from '../features/auth-forms/form-parts.tsx';
import { PaymentMethods } from '../features/pricing/pricing-info.tsx';
import { PricingPlans } from '../features/pricing/pricing-plans.tsx';
import { choosePlan, loadPricing } from '../features/pricing/pricing.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/pricing-sport';
import { ownHeaders } from '../features/payment/route-headers.ts';

// Cache-Control and Retry-After from the loader and the action (app/features/payment/route-headers.ts).
export const headers: Route.HeadersFunction = ownHeaders;

export const handle = { breadcrumb: 'Sport plans' };

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPricing(request, context, ['sport-pass']);
}

export function action({ request, context }: Route.ActionArgs) {
  return choosePlan(request, context);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Sport plans', description: 'Passes for a single sport, such as a football season pass.' });

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Plans for one sport">
        A pass gives you the premium extras for one sport, for a season. Scores, fixtures and results stay free for
        everyone.
      </PageHeader>
      <PricingPlans data={loaderData} answer={actionData as FormResult | undefined} />
      <p className="mt-6 text-slate-700 dark:text-slate-300">
        Follow more than one sport?{' '}
        <AppLink
          to="/pricing"
          className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
        >
          See all plans
        </AppLink>
        .
      </p>
      <PaymentMethods providers={loaderData.providers} />
    </>
  );
}
