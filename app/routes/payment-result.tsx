// After checkout (issue #21): the order's true state, read from the server —
// never from what the provider's page said — and followed until it is final.
// A paid order goes on to /payment/success, a failed or expired one to
// /payment/failure: at once when it already is, else as soon as the page sees
// it change (and a link says where, for a browser without JavaScript).
import { useEffect } from 'react';
import { redirect, useNavigate } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { linkClass } from '../features/auth-forms/form-parts.tsx';
import { OrderSummary, STATUS_TEXT, panelClass } from '../features/payment/order-summary.tsx';
import { useOrderStatus } from '../features/payment/order-status.tsx';
import { loadOwnOrder, pageForStatus } from '../features/payment/payment.server.ts';
import { namedMiddleware } from '../lib/auth/route-middleware.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/payment-result';

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('auth');

export const handle = { breadcrumb: 'Payment result' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { order, plan } = await loadOwnOrder(request, context);
  const next = pageForStatus(order.status, order.id);
  if (next) throw redirect(next);
  return { view: { order, plan } };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Payment result', description: 'The state of your payment.', noIndex: true });

/** Client-side twin of pageForStatus (that file is server-only). */
function nextPage(status: string, orderId: string): string | null {
  const query = `?order=${encodeURIComponent(orderId)}`;
  if (status === 'paid') return `/payment/success${query}`;
  if (status === 'failed' || status === 'expired') return `/payment/failure${query}`;
  return null;
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const { order } = view;
  const status = useOrderStatus(order.id, order.status);
  const next = nextPage(status, order.id);
  const navigate = useNavigate();
  useEffect(() => {
    if (next) void navigate(next, { replace: true });
  }, [next, navigate]);

  return (
    <>
      <PageHeader title="Payment result" />
      <section aria-labelledby="state-heading" className={panelClass}>
        <h2 id="state-heading" className="text-lg font-semibold">
          {view.plan.name}
        </h2>
        <p role="status" className="mt-2 text-lg" data-testid="order-status">
          {status === 'pending'
            ? order.provider === 'local'
              ? 'Waiting for your bank transfer to arrive and be confirmed. This page updates by itself.'
              : 'Waiting for the payment to be confirmed. This page updates by itself.'
            : status === 'refunded'
              ? 'This order was refunded: what it granted has ended.'
              : `${STATUS_TEXT[status]}.`}
        </p>
        {status === 'pending' ? (
          <>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              You can leave this page: the payment settles without it, and your account shows your plan once it does.
            </p>
            <p className="mt-2">
              {order.provider === 'local' ? (
                // A bank transfer is paid from any bank with its reference: the details are the way back to it.
                <AppLink to={`/payment/transfer/${encodeURIComponent(order.id)}`} className={linkClass}>
                  See the transfer details and your reference
                </AppLink>
              ) : (
                <AppLink to={`/payment/copy-link?order=${encodeURIComponent(order.id)}`} className={linkClass}>
                  Pay on another device
                </AppLink>
              )}
            </p>
          </>
        ) : null}
        <div className="mt-4">
          <OrderSummary view={view} status={status} />
        </div>
        <p className="mt-4">
          {next ? (
            <AppLink to={next} className={linkClass}>
              {status === 'paid' ? 'Continue: your new plan' : 'Continue: try again'}
            </AppLink>
          ) : (
            <AppLink to="/account" className={linkClass}>
              Go to your account
            </AppLink>
          )}
        </p>
      </section>
    </>
  );
}
