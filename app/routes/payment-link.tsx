// Where a payment link leads (issue #21; docs/payments.md "Paying on another device"): opened on
// another device, with no session, it shows the order — the plan and the amount, nothing about who
// ordered it — and pays it on the provider's checkout. A link that is not valid, has expired, or whose
// order is paid (or over) says so in words and with a 4xx, and offers nothing to pay.
import { Form, data, redirectDocument, useNavigation } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { LinkRefused } from '../features/payment/link-refusal.tsx';
import { OrderSummary, panelClass } from '../features/payment/order-summary.tsx';
import { loadOrderByToken } from '../features/payment/payment.server.ts';
import { formatLinkExpiry } from '../features/payment/payment-link-text.ts';
import { formatPrice } from '../features/pricing/format-price.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import { getServices } from '../../server/router-context.server.ts';
import type { Route } from './+types/payment-link';
import { ownHeaders } from '../features/payment/route-headers.ts';

// Cache-Control and Retry-After from the loader and the action (app/features/payment/route-headers.ts).
export const headers: Route.HeadersFunction = ownHeaders;

export const handle = { breadcrumb: 'Payment link' };

export async function loader({ context, params }: Route.LoaderArgs) {
  const found = await loadOrderByToken(context, params.token);
  const headers = { 'Cache-Control': 'private, no-store' };
  if (!found.ok) return data({ refusal: found.refusal }, { status: found.status, headers });
  return data({ view: found.view, expires: formatLinkExpiry(found.expiresAt) }, { headers });
}

export async function action({ context, params }: Route.ActionArgs) {
  const found = await loadOrderByToken(context, params.token);
  if (!found.ok) return data({ refusal: found.refusal }, { status: found.status });
  const checkout = await getServices(context).payments.linkCheckoutUrl(params.token);
  if (!checkout.ok) {
    return data(
      { refusal: { title: 'This order cannot be paid now', message: 'Reload this page to see its state.' } },
      { status: 409 },
    );
  }
  // The provider's checkout (the sandbox's carries this link's token): a full navigation.
  throw redirectDocument(checkout.url);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Pay for an order', description: 'Pay an order with a payment link.', noIndex: true });

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const refusal = actionData?.refusal ?? ('refusal' in loaderData ? loaderData.refusal : undefined);
  if (refusal || !('view' in loaderData)) {
    return <LinkRefused refusal={refusal ?? { title: 'This payment link is not valid', message: '' }} />;
  }
  const { view, expires } = loaderData;
  const amount = formatPrice(view.order.amountMinor, view.order.currency);
  return (
    <>
      <PageHeader title="Pay for an order">
        This link was made to pay the order below on this device. Paying it gives the plan to the account that ordered
        it.
      </PageHeader>
      <section aria-labelledby="order-heading" className={`${panelClass} mb-6`}>
        <h2 id="order-heading" className="mb-3 text-lg font-semibold">
          The order
        </h2>
        <OrderSummary view={view} labelledBy="order-heading" />
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">This link works until {expires}.</p>
        <Form method="post" className="mt-4">
          <button
            type="submit"
            disabled={sending}
            className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {sending ? 'Opening the checkout…' : `Pay ${amount}`}
          </button>
        </Form>
      </section>
    </>
  );
}
