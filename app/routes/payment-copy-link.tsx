// Pay on another device (issue #21; docs/payments.md "Paying on another device"): for the order's owner,
// a signed link valid 24 hours that pays this order from any browser — copy it, or scan its QR code
// (drawn on the server as SVG: no QR code JavaScript here). The link leads to /payment/link/<token>.
// A guest with an order signs in and comes back; anyone else's order is a 404.
import { useState } from 'react';
import { data } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { linkClass } from '../features/auth-forms/form-parts.tsx';
import { OrderSummary, STATUS_TEXT, panelClass } from '../features/payment/order-summary.tsx';
import { formatLinkExpiry } from '../features/payment/payment-link-text.ts';
import { qrCodeSvg } from '../features/payment/payment-qr.server.ts';
import { loadOwnOrder } from '../features/payment/payment.server.ts';
import { getServices } from '../../server/router-context.server.ts';
import { getCurrentUser } from '../lib/auth/current-user.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/payment-copy-link';
import { ownHeaders } from '../features/payment/route-headers.ts';

// Cache-Control and Retry-After from the loader and the action (app/features/payment/route-headers.ts).
export const headers: Route.HeadersFunction = ownHeaders;

export const handle = { breadcrumb: 'Pay on another device' };

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!new URL(request.url).searchParams.get('order')) {
    return data({ kind: 'none' as const, signedIn: (await getCurrentUser(context)) !== null }, { headers: NO_STORE });
  }
  // The owner only: a guest is sent to sign in and back, anyone else's order is a 404.
  const { userId, order, plan } = await loadOwnOrder(request, context);
  const view = { order, plan };
  const link = await getServices(context).payments.paymentLink(userId, order.id);
  if (!link.ok && link.code === 'bank_transfer')
    return data({ kind: 'transfer' as const, view }, { headers: NO_STORE });
  if (!link.ok) return data({ kind: 'closed' as const, view }, { headers: NO_STORE });
  return data(
    {
      kind: 'link' as const,
      view,
      url: link.url,
      expires: formatLinkExpiry(link.expiresAt),
      qr: await qrCodeSvg(link.url),
    },
    { headers: NO_STORE },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Pay on another device',
    description: 'A link to pay your order on another device.',
    noIndex: true,
  });

function CopyLink({ url }: { url: string }) {
  const [said, setSaid] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setSaid('Link copied.');
    } catch {
      setSaid('Could not copy: select the link and copy it yourself.');
    }
  }
  return (
    <div className="mt-3">
      <label htmlFor="payment-link" className="block font-medium">
        Payment link
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id="payment-link"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100"
        />
        <button
          type="button"
          onClick={() => void copy()}
          className="shrink-0 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Copy link
        </button>
      </div>
      <p role="status" className="mt-1 min-h-6 text-sm text-slate-700 dark:text-slate-300">
        {said}
      </p>
    </div>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'none') {
    return (
      <>
        <PageHeader title="Pay on another device" />
        <section className={panelClass}>
          <p>
            Start a payment first: once an order is waiting for its payment, this page gives you a link and a QR code to
            pay it on another device, such as your phone.
          </p>
          <p className="mt-3">
            {loaderData.signedIn ? (
              <AppLink to="/account" className={linkClass}>
                See your orders
              </AppLink>
            ) : (
              <AppLink to="/pricing" className={linkClass}>
                See the plans
              </AppLink>
            )}
          </p>
        </section>
      </>
    );
  }
  const { view } = loaderData;
  const resultLink = `/payment/result?order=${encodeURIComponent(view.order.id)}`;
  if (loaderData.kind === 'transfer') {
    return (
      <>
        <PageHeader title="Pay on another device" />
        <section aria-labelledby="transfer-heading" className={panelClass}>
          <h2 id="transfer-heading" className="text-lg font-semibold">
            Pay by bank transfer from any device
          </h2>
          <p className="mt-2">
            This order is paid by bank transfer: no link is needed. Use the account details and the reference on the
            transfer page in any banking app or at your bank.
          </p>
          <p className="mt-4">
            <AppLink to={`/payment/transfer/${encodeURIComponent(view.order.id)}`} className={linkClass}>
              See the transfer details
            </AppLink>
          </p>
        </section>
      </>
    );
  }
  if (loaderData.kind === 'closed') {
    return (
      <>
        <PageHeader title="Pay on another device" />
        <section aria-labelledby="closed-heading" className={panelClass}>
          <h2 id="closed-heading" className="text-lg font-semibold">
            Nothing to pay
          </h2>
          <p className="mt-2">
            This order is {STATUS_TEXT[view.order.status].toLowerCase()}: there is no link to make for it.
          </p>
          <div className="mt-4">
            <OrderSummary view={view} />
          </div>
          <p className="mt-4">
            <AppLink to={resultLink} className={linkClass}>
              See the order&apos;s state
            </AppLink>
          </p>
        </section>
      </>
    );
  }
  const { url, expires, qr } = loaderData;
  return (
    <>
      <PageHeader title="Pay on another device">
        Open this link on another device — or scan the QR code with your phone — to pay this order there. Anyone with
        the link can pay the order, and nothing else: keep it to yourself.
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-[1fr_auto]">
        <section aria-labelledby="link-heading" className={panelClass}>
          <h2 id="link-heading" className="text-lg font-semibold">
            Your payment link
          </h2>
          <CopyLink url={url} />
          <p className="text-sm">
            It works until <strong>{expires}</strong>, once: after the payment it only says the order is paid.
          </p>
          <div className="mt-4">
            <OrderSummary view={view} />
          </div>
          <p className="mt-4">
            <AppLink to={resultLink} className={linkClass}>
              Follow the payment on this device
            </AppLink>
          </p>
        </section>
        <section aria-labelledby="qr-heading" className={`${panelClass} lg:w-72`}>
          <h2 id="qr-heading" className="text-lg font-semibold">
            Scan to pay
          </h2>
          <div
            role="img"
            aria-label="QR code of the payment link"
            className="mx-auto mt-3 w-56 max-w-full rounded bg-white p-1 [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
            // The server's own SVG of the link (qrcode package): no markup from anyone else.
            dangerouslySetInnerHTML={{ __html: qr }}
          />
        </section>
      </div>
    </>
  );
}
