// The bank-transfer ("local" provider) checkout (issue #21): where the local
// provider's checkoutUrl sends the buyer. It shows the account to transfer to,
// the amount and the reference to quote; the order stays pending until staff see
// the money arrive and confirm it in the CMS. The order's owner only.
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { linkClass } from '../features/auth-forms/form-parts.tsx';
import { loadLocalPayment } from '../features/local_payment/local-payment.server.ts';
import { TransferDetails } from '../features/local_payment/transfer-details.tsx';
import { STATUS_TEXT, buttonLinkClass, panelClass } from '../features/payment/order-summary.tsx';
import { namedMiddleware } from '../lib/auth/route-middleware.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/payment-transfer';

// A guest is sent to sign in and comes back here.
export const middleware: Route.MiddlewareFunction[] = namedMiddleware('auth');

export const handle = { breadcrumb: 'Bank transfer' };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadLocalPayment(request, context, params.orderId);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Pay by bank transfer',
    description: 'The account details and the reference for your bank transfer.',
    noIndex: true,
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  const state = loaderData;
  const { order } = state.view;
  const resultLink = `/payment/result?order=${encodeURIComponent(order.id)}`;
  const pending = order.status === 'pending';
  return (
    <>
      <PageHeader title="Pay by bank transfer" />
      {state.demo ? (
        <div
          role="note"
          aria-label="Demo bank details"
          className="mb-6 rounded-lg border-2 border-dashed border-amber-600 bg-amber-50 p-4 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50"
        >
          <p className="font-bold">Demo bank details — do not send real money.</p>
          <p className="mt-1">This site has not set its own bank account yet: the account below does not exist.</p>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="transfer-heading" className={panelClass}>
          <h2 id="transfer-heading" className="mb-3 text-lg font-semibold">
            {pending ? 'Transfer to' : 'The transfer details'}
          </h2>
          <TransferDetails state={state} labelledBy="transfer-heading" />
          <p className="mt-4 text-slate-700 dark:text-slate-300">
            Quote the reference exactly as shown, in the transfer&apos;s reference or description field: it is how we
            match your money to this order. Its last character is a check, so a mistyped reference is caught.
          </p>
        </section>

        <section aria-labelledby="next-heading" className={panelClass}>
          <h2 id="next-heading" className="mb-3 text-lg font-semibold">
            What happens next
          </h2>
          {pending ? (
            <p>
              Your order stays <strong>pending</strong> until we see your transfer arrive and confirm it. Transfers
              usually take one to two working days. Your plan starts the moment we confirm it; nothing is granted
              before.
            </p>
          ) : order.status === 'expired' ? (
            <p data-testid="transfer-expired">
              This order expired before a transfer arrived. If you have already sent the money with this reference, we
              still confirm it when it arrives; otherwise,{' '}
              <AppLink to="/pricing" className={linkClass}>
                choose a plan again
              </AppLink>
              .
            </p>
          ) : (
            <p>This order is {order.status}: there is nothing to transfer now.</p>
          )}
          <p className="mt-4">
            <AppLink to={resultLink} className={buttonLinkClass}>
              Follow your order
            </AppLink>
          </p>
          {/* Not the order's id: the payer is to quote the transfer reference, and only that. */}
          <p className="mt-6">
            <span className="font-medium text-slate-700 dark:text-slate-300">Your order: </span>
            {state.view.plan.name}, <span data-testid="transfer-status">{STATUS_TEXT[order.status].toLowerCase()}</span>
            .
          </p>
          <p className="mt-4 text-sm">
            Changed your mind? Just do not transfer: an order that is never paid costs nothing.{' '}
            <AppLink to="/policy/refund" className={linkClass}>
              Refund policy
            </AppLink>
          </p>
        </section>
      </div>
    </>
  );
}
