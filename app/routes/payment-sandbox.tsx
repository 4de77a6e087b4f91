// The sandbox provider's hosted test checkout (issue #21): where the sandbox's
// checkoutUrl sends the buyer. It stands in for a gateway's payment page, so it
// takes no real card: the test cards it lists decide the outcome, and paying
// never touches the order here — the payments module signs the event a gateway
// would send and posts it to the site's webhook route, which settles it. Then
// the buyer goes on to /payment/result. The order's owner only — or whoever holds the
// signed token its checkout URL (or a copy-link) carries: under a PAYMENT_BASE_URL on
// another host, and on another device, the site's session cookie is not there to ask.
import { Form, data, redirect, redirectDocument, useNavigation } from 'react-router';
import { SANDBOX_CARDS, sandboxPaySchema } from '../../domain/sandbox-cards.ts';
import type { SandboxCard } from '../../domain/sandbox-cards.ts';
import { getServices } from '../../server/router-context.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import {
  Field,
  FormAlert,
  SubmitButton,
  failureOf,
  linkClass,
  type FormFailure,
} from '../features/auth-forms/form-parts.tsx';
import { OrderSummary, panelClass } from '../features/payment/order-summary.tsx';
import { LinkRefused } from '../features/payment/link-refusal.tsx';
import { loadOrderByToken, loadOwnOrder, type LinkRefusal } from '../features/payment/payment.server.ts';
import { formatPrice } from '../features/pricing/format-price.ts';
import { getCurrentUser } from '../lib/auth/current-user.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/payment-sandbox';

// No auth middleware: with a valid token the page needs no session; without one, loadOwnOrder sends a
// guest to sign in and back.

export const handle = { breadcrumb: 'Test checkout' };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const page = {
    merchant: getServices(context).config.PAYMENT_CLIENT_ID ?? null,
    // Sent as data, so the page's JavaScript does not carry the checkout's schema (and zod) to list them.
    cards: SANDBOX_CARDS,
  };
  if (token !== null) {
    // The token, not a session, is the proof here; it must name this very order.
    const found = await loadOrderByToken(context, token, params.orderId);
    if (!found.ok) return data({ ...page, refusal: found.refusal }, { status: found.status });
    return { ...page, view: found.view };
  }
  const view = await loadOwnOrder(request, context, params.orderId);
  return { ...page, view: { order: view.order, plan: view.plan } };
}

/** The extra confirmation screen of the card that asks for one: the card travels on, as a gateway's session would. */
interface ConfirmStep {
  confirm: true;
  values: Record<string, string>;
}

/** Who pays: the owner (signed in), or the holder of a token for this order. */
async function payer(request: Request, context: Route.ActionArgs['context'], orderId: string) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  if (token === null) {
    const { userId, order } = await loadOwnOrder(request, context, orderId);
    return { ok: true as const, userId, order, token, owner: true, fromLink: false };
  }
  const found = await loadOrderByToken(context, token, orderId);
  if (!found.ok) return found;
  const user = await getCurrentUser(context);
  const owner = user !== null && (await getServices(context).payments.getOrder(user.id, orderId)) !== null;
  const { order } = found.view;
  return {
    ok: true as const,
    userId: user?.id ?? null,
    order,
    token,
    owner,
    fromLink: url.searchParams.get('from') === 'link',
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const who = await payer(request, context, params.orderId);
  if (!who.ok) {
    return data<FormFailure>(
      { ok: false, message: `${who.refusal.title}. ${who.refusal.message}`, fields: {}, values: {} },
      { status: who.status },
    );
  }
  const { userId, order, token } = who;
  const form = await request.formData();
  const values = Object.fromEntries(
    ['card', 'expiry', 'cvc', 'step'].map((name) => [name, String(form.get(name) ?? '')]),
  );
  const parsed = sandboxPaySchema.safeParse({ ...values, step: values.step || 'pay' });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    return data<FormFailure>(
      { ok: false, message: 'Check the card details.', fields, values: { ...values, cvc: '' } },
      { status: 400 },
    );
  }
  const { payments, config } = getServices(context);
  const result = await payments.paySandbox(userId, order.id, parsed.data, token === null ? undefined : { token });
  if (!result.ok) {
    return data<FormFailure>({ ok: false, message: `${result.message}.`, fields: {}, values }, { status: 400 });
  }
  if (result.next === 'confirm') return data<ConfirmStep>({ confirm: true, values });
  const resultPath = `/payment/result?order=${encodeURIComponent(order.id)}`;
  // The owner follows the order here; a copy-link's payer goes back to the link's page, which says it is paid;
  // anyone else came from the site's checkout on another host, and goes back to the site, as from a gateway.
  if (who.owner) throw redirect(resultPath);
  if (who.fromLink && token !== null) throw redirect(`/payment/link/${encodeURIComponent(token)}`);
  throw redirectDocument(new URL(resultPath, config.BASE_URL).toString());
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Test checkout', description: 'The sandbox payment page: no real money.', noIndex: true });

function TestNotice({ merchant }: { merchant: string | null }) {
  return (
    <div
      role="note"
      aria-label="Test checkout"
      className="mb-6 rounded-lg border-2 border-dashed border-amber-600 bg-amber-50 p-4 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-bold">Test checkout — no real money is taken.</p>
      <p className="mt-1">
        This page stands in for a payment provider&apos;s. Do not enter a real card: only the test cards below work.
        {merchant ? ` Merchant: ${merchant}.` : ''}
      </p>
    </div>
  );
}

function TestCards({ cards }: { cards: readonly SandboxCard[] }) {
  return (
    <section aria-labelledby="test-cards" className={panelClass}>
      <h2 id="test-cards" className="text-lg font-semibold">
        Test cards
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Any expiry date (MM/YY) and any three-digit CVC.
      </p>
      <ul className="mt-3 space-y-2">
        {cards.map((card) => (
          <li key={card.number}>
            <code className="font-mono font-semibold whitespace-nowrap">{card.number}</code>{' '}
            <span className="text-slate-700 dark:text-slate-300">{card.says}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  if ('refusal' in loaderData) return <Refused refusal={loaderData.refusal} merchant={loaderData.merchant} />;
  return <Checkout loaderData={loaderData} actionData={actionData} />;
}

function Refused({ refusal, merchant }: { refusal: LinkRefusal; merchant: string | null }) {
  return (
    <>
      <TestNotice merchant={merchant} />
      <LinkRefused refusal={refusal} />
    </>
  );
}

function Checkout({
  loaderData,
  actionData,
}: {
  loaderData: Extract<Route.ComponentProps['loaderData'], { view: unknown }>;
  actionData: Route.ComponentProps['actionData'];
}) {
  const { view, merchant } = loaderData;
  const { order } = view;
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const answer = actionData as FormFailure | ConfirmStep | undefined;
  const failure = answer && 'ok' in answer ? failureOf(answer) : undefined;
  const confirm = answer && 'confirm' in answer ? answer : undefined;
  const amount = formatPrice(order.amountMinor, order.currency);
  const payable = order.status === 'pending' || order.status === 'failed';

  return (
    <>
      <PageHeader title={confirm ? 'Confirm the payment' : 'Pay for your order'} />
      <TestNotice merchant={merchant} />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="order-heading" className={panelClass}>
          <h2 id="order-heading" className="mb-3 text-lg font-semibold">
            Your order
          </h2>
          <OrderSummary view={view} labelledBy="order-heading" />
        </section>

        {!payable ? (
          <section aria-labelledby="done-heading" className={panelClass}>
            <h2 id="done-heading" className="text-lg font-semibold">
              Nothing to pay
            </h2>
            <p className="mt-2">This order is {order.status}: it cannot be paid again.</p>
            <p className="mt-3">
              <AppLink to={`/payment/result?order=${encodeURIComponent(order.id)}`} className={linkClass}>
                See the order&apos;s state
              </AppLink>
            </p>
          </section>
        ) : confirm ? (
          <section aria-labelledby="confirm-heading" className={panelClass}>
            <h2 id="confirm-heading" className="text-lg font-semibold">
              Your bank asks you to confirm
            </h2>
            <p className="mt-2">
              The card ending {confirm.values.card?.replace(/\D/g, '').slice(-4)} needs an extra step for {amount}. In
              this test, choose how the bank answers.
            </p>
            <Form method="post" className="mt-4 flex flex-wrap gap-3">
              {(['card', 'expiry', 'cvc'] as const).map((name) => (
                <input key={name} type="hidden" name={name} value={confirm.values[name] ?? ''} />
              ))}
              <button
                type="submit"
                name="step"
                value="complete"
                disabled={pending}
                className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                Complete
              </button>
              <button
                type="submit"
                name="step"
                value="fail"
                disabled={pending}
                className="rounded-md border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-500 dark:hover:bg-slate-800"
              >
                Fail
              </button>
            </Form>
          </section>
        ) : (
          <section aria-labelledby="card-heading" className={panelClass}>
            <h2 id="card-heading" className="text-lg font-semibold">
              Card details
            </h2>
            <Form method="post" className="mt-3 space-y-4" aria-describedby={failure ? 'pay-alert' : undefined}>
              <FormAlert id="pay-alert" result={failure} />
              <input type="hidden" name="step" value="pay" />
              <Field
                idPrefix="pay"
                name="card"
                label="Card number"
                autoComplete="off"
                required
                hint="One of the test cards listed on this page."
                failure={failure}
              />
              <div className="grid grid-cols-2 gap-4">
                <Field
                  idPrefix="pay"
                  name="expiry"
                  label="Expiry (MM/YY)"
                  autoComplete="off"
                  required
                  failure={failure}
                />
                <Field
                  idPrefix="pay"
                  name="cvc"
                  label="CVC"
                  autoComplete="off"
                  required
                  failure={failure}
                  keepValue={false}
                />
              </div>
              <SubmitButton pending={pending} label={`Pay ${amount}`} pendingLabel="Paying…" />
            </Form>
          </section>
        )}
      </div>
      <div className="mt-6">
        <TestCards cards={loaderData.cards} />
      </div>
      <p className="mt-6">
        <AppLink to="/pricing" className={linkClass}>
          Cancel and go back to the plans
        </AppLink>
      </p>
    </>
  );
}
