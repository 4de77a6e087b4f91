// One of the signed-in member's receipts (issue #21): what the receipt mail
// says, printable on its own. The owner's only: anyone else's order, and one
// that was never paid, is a 404, as one that does not exist is.
import { data } from 'react-router';
import { getServices } from '../../server/router-context.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { PrintButton } from '../features/payment/print-button.tsx';
import { ReceiptView } from '../features/payment/receipt-view.tsx';
import { buttonLinkClass, secondaryLinkClass } from '../features/payment/order-summary.tsx';
import { getCurrentUser } from '../lib/auth/current-user.server.ts';
import { namedMiddleware } from '../lib/auth/route-middleware.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/account-order';

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('auth');

export const handle = { breadcrumb: 'Receipt' };

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(context);
  const id = params.orderId;
  const receipt = user && id.length <= 100 ? await getServices(context).paymentRecords.receipt(user.id, id) : null;
  if (!receipt) throw data(null, { status: 404, statusText: 'Not Found' });
  return { receipt };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Receipt', description: 'The receipt of one of your orders.', noIndex: true });

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData;
  return (
    <>
      <ReceiptView receipt={receipt} />
      <p className="mt-6 flex flex-wrap gap-3 print:hidden">
        <PrintButton className={buttonLinkClass} />
        <AppLink to="/account#orders-heading" className={secondaryLinkClass}>
          Back to your account
        </AppLink>
      </p>
    </>
  );
}
