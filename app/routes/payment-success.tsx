// After a paid order (issue #21): what was bought, the plan now in force and
// until when, and what happens next. Only a paid order is shown here: any other
// goes to /payment/result, which tells its true state.
import { redirect } from 'react-router';
import { getServices } from '../../server/router-context.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { OrderSummary, buttonLinkClass, panelClass, secondaryLinkClass } from '../features/payment/order-summary.tsx';
import { loadOwnOrder } from '../features/payment/payment.server.ts';
import { formatPlanDate } from '../features/pricing/format-price.ts';
import { namedMiddleware } from '../lib/auth/route-middleware.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/payment-success';

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('auth');

export const handle = { breadcrumb: 'Payment successful' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { userId, order, plan } = await loadOwnOrder(request, context);
  if (order.status !== 'paid') throw redirect(`/payment/result?order=${encodeURIComponent(order.id)}`);
  const me = await getServices(context).payments.me(userId);
  return {
    view: { order, plan },
    current: {
      name: me.plan.name,
      expiresAt: me.expiresAt,
      noAds: me.entitlements.some((item) => item.name === 'no_ads'),
    },
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Payment successful', description: 'Your payment went through.', noIndex: true });

export default function Page({ loaderData }: Route.ComponentProps) {
  const { view, current } = loaderData;
  return (
    <>
      <PageHeader title="Payment successful">Thank you: your payment went through.</PageHeader>
      <section aria-labelledby="plan-heading" className={`${panelClass} mb-6`}>
        <h2 id="plan-heading" className="text-lg font-semibold">
          Your plan
        </h2>
        <p className="mt-2 text-lg" data-testid="plan-until">
          <strong>{current.name}</strong>
          {current.expiresAt ? ` until ${formatPlanDate(current.expiresAt)}` : ''}
        </p>
        <h3 className="mt-4 font-semibold">What happens next</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {current.noAds ? <li>The ads are gone, on every device you sign in on.</li> : null}
          <li>
            Your plan runs until the date above and does not renew by itself: renew it from your account when you like.
          </li>
          <li>Scores, fixtures and results stay free for everyone, as before.</li>
        </ul>
      </section>
      <section aria-labelledby="order-heading" className={`${panelClass} mb-6`}>
        <h2 id="order-heading" className="mb-3 text-lg font-semibold">
          Your order
        </h2>
        <OrderSummary view={view} labelledBy="order-heading" />
      </section>
      <p className="flex flex-wrap gap-3">
        <AppLink to="/" className={buttonLinkClass}>
          Back to the scores
        </AppLink>
        <AppLink to="/account" className={secondaryLinkClass}>
          Your account
        </AppLink>
      </p>
    </>
  );
}
