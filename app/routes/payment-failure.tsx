// After a failed or expired order (issue #21): nothing was charged, and trying
// again is one click — a new order for the same plan and way to pay, straight
// to its checkout. Any other order goes to /payment/result, which tells its
// true state.
import { Form, redirect, useNavigation } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { FormAlert, linkClass, type FormResult } from '../features/auth-forms/form-parts.tsx';
import { OrderSummary, panelClass } from '../features/payment/order-summary.tsx';
import { loadOwnOrder, retryOrder } from '../features/payment/payment.server.ts';
import { namedMiddleware } from '../lib/auth/route-middleware.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/payment-failure';
import { ownHeaders } from '../features/payment/route-headers.ts';

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('auth');

// Cache-Control and Retry-After from the loader and the action (app/features/payment/route-headers.ts).
export const headers: Route.HeadersFunction = ownHeaders;

export const handle = { breadcrumb: 'Payment failed' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { order, plan } = await loadOwnOrder(request, context);
  if (order.status !== 'failed' && order.status !== 'expired') {
    throw redirect(`/payment/result?order=${encodeURIComponent(order.id)}`);
  }
  return { view: { order, plan } };
}

export function action({ request, context }: Route.ActionArgs) {
  return retryOrder(request, context);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Payment failed', description: 'Your payment did not go through.', noIndex: true });

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const answer: FormResult | undefined = actionData ? { ...actionData, fields: {}, values: {} } : undefined;
  return (
    <>
      <PageHeader title="Payment failed">
        {view.order.status === 'expired' ? 'This order expired before it was paid.' : 'The payment was not accepted.'}{' '}
        Nothing was charged.
      </PageHeader>
      <section aria-labelledby="retry-heading" className={`${panelClass} mb-6`}>
        <h2 id="retry-heading" className="text-lg font-semibold">
          Try again
        </h2>
        <p className="mt-2">
          Your choice is kept: {view.plan.name}. Trying again opens the checkout for it with a new order; you can use
          another card.
        </p>
        <FormAlert id="retry-alert" result={answer} />
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={sending}
            className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {sending ? 'Opening the checkout…' : `Try again: ${view.plan.name}`}
          </button>
          <AppLink
            to={`${view.plan.kind === 'sport-pass' ? '/pricing-sport' : '/pricing'}?plan=${encodeURIComponent(view.plan.code)}`}
            className={linkClass}
          >
            Choose another plan
          </AppLink>
          {view.order.status === 'failed' ? (
            <AppLink to={`/payment/copy-link?order=${encodeURIComponent(view.order.id)}`} className={linkClass}>
              Pay this order on another device
            </AppLink>
          ) : null}
        </Form>
      </section>
      <section aria-labelledby="order-heading" className={`${panelClass} mb-6`}>
        <h2 id="order-heading" className="mb-3 text-lg font-semibold">
          Your order
        </h2>
        <OrderSummary view={view} labelledBy="order-heading" />
      </section>
      <p>
        <AppLink to="/" className={linkClass}>
          Back to the scores
        </AppLink>
      </p>
    </>
  );
}
