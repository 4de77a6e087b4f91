// /cms/payments/orders/{id} (issue #21): one order — the buyer, the plan, the
// amount, the transfer reference, its whole history with causes — and what
// staff do with it: confirm that a bank transfer arrived (a pending, failed or
// expired bank-transfer order), and refund it in full with a reason within the
// refund policy (domain/refund-policy.ts). Scope cms:payments; the server
// decides, the page only leaves out what does not apply.
import type { ReactNode } from 'react';
import { data, useActionData } from 'react-router';
import { REFUND_POLICY } from '../../../domain/refund-policy.ts';
import { getServices } from '../../../server/router-context.server.ts';
import { AppLink } from '../../components/app-link.tsx';
import { Field, FormAlert, failureOf } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { ConfirmAction } from '../../features/cms/confirm-dialog.tsx';
import { ORDER_STATUS_LABELS, PROVIDER_LABELS } from '../../features/cms/order-labels.ts';
import { formatPrice } from '../../features/pricing/format-price.ts';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/payments-order';

function orderIdOf(param: string | undefined): string {
  const id = param ?? '';
  if (id === '' || id.length > 100) throw data({ message: 'There is no order with this address.' }, { status: 404 });
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:payments');
  const result = await getServices(context).cms.orders.view(orderIdOf(params.id));
  if (!result.ok) throw data({ message: result.message }, { status: 404 });
  return { order: result.order };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:payments');
  const { orders: payments } = getServices(context).cms;
  const orderId = orderIdOf(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const values = readFields(form, ['reason']);
  const tag = { intent };
  switch (intent) {
    case 'confirm': {
      const result = await payments.confirmTransfer(actor, orderId);
      return result.ok
        ? cmsDone('Transfer confirmed: the order is paid and the plan has started.', tag)
        : cmsFailure(result, values, tag);
    }
    case 'refund': {
      const result = await payments.refund(actor, orderId, { reason: values.reason });
      if (!result.ok) return cmsFailure(result, values, tag);
      return cmsDone(
        result.outcome === 'refunded'
          ? 'Refunded: the order is refunded and what it granted has ended.'
          : 'Refund asked of the provider: the order becomes refunded when the provider confirms it.',
        tag,
      );
    }
    default:
      return cmsDone('Nothing was changed.', tag);
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.order ? `Order ${args.data.order.id} · Orders` : 'Orders', noIndex: true });

/** A refusal of the dialog's field is told beside the buttons too: the dialog has closed. */
function withFieldMessages(result: CmsFormResult | undefined): CmsFormResult | undefined {
  if (!result || result.ok || Object.keys(result.fields).length === 0) return result;
  return { ...result, message: Object.values(result.fields).join(' ') };
}

export default function CmsOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const result = useActionData<CmsFormResult>();
  const refundFailure = failureOf(result && result.intent === 'refund' ? result : undefined);
  const amount = formatPrice(order.amountMinor, order.currency);
  const rows: Array<[string, ReactNode]> = [
    ['Status', <strong key="status">{ORDER_STATUS_LABELS[order.status]}</strong>],
    ['Plan', `${order.planName} (version ${order.planVersion})`],
    ['Amount', amount],
    ['Paid with', PROVIDER_LABELS[order.provider]],
    [
      'Buyer',
      order.user.email ? (
        <AppLink key="buyer" to={`/cms/users/${order.user.id}`} className="break-all underline underline-offset-2">
          {order.user.displayName ? `${order.user.displayName} · ` : ''}
          {order.user.email}
        </AppLink>
      ) : (
        `Erased account #${order.user.id}`
      ),
    ],
    [
      'Ordered',
      <time key="ordered" dateTime={order.createdAt}>
        {formatDateTime(order.createdAt)}
      </time>,
    ],
    [
      'Paid',
      order.paidAt ? (
        <time key="paid" dateTime={order.paidAt}>
          {formatDateTime(order.paidAt)}
        </time>
      ) : (
        'Not paid'
      ),
    ],
  ];
  if (order.reference)
    rows.splice(4, 0, [
      'Transfer reference',
      <span key="ref" className="font-mono">
        {order.reference}
      </span>,
    ]);
  if (order.refund) {
    rows.push([
      'Refund',
      `${formatDateTime(order.refund.requestedAt)} by staff #${order.refund.staffId}: ${order.refund.reason}`,
    ]);
  }
  return (
    <>
      <p className="text-sm">
        <AppLink to="/cms/payments/orders" className="underline underline-offset-2">
          ← Orders
        </AppLink>
      </p>
      <h1 className="mt-2 break-all font-mono text-2xl font-bold">{order.id}</h1>

      <dl className="mt-4 grid gap-x-6 gap-y-2 rounded-xl border border-slate-300 bg-white p-4 text-sm sm:grid-cols-[auto_1fr] dark:border-slate-800 dark:bg-slate-900">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd data-testid={`order-${term.toLowerCase().replace(/\s+/g, '-')}`}>{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="actions-heading" className="mt-6">
        <h2 id="actions-heading" className="text-lg font-semibold">
          Actions
        </h2>
        <div className="mt-3 flex flex-wrap items-start gap-2">
          {order.confirmable ? (
            <ConfirmAction
              label="Confirm transfer received…"
              title={`Confirm the transfer for ${order.reference ?? order.id}?`}
              description={
                <p>
                  Only when {amount} with the reference <strong className="font-mono">{order.reference}</strong> is on
                  the account statement. The order becomes paid and the plan starts at once; your name and the time go
                  into its history and the audit log.
                </p>
              }
              confirmLabel="Confirm transfer received"
              fields={{ intent: 'confirm' }}
            />
          ) : null}
          {order.refundRefusal === null ? (
            <ConfirmAction
              label="Refund…"
              title={`Refund ${amount}?`}
              description={
                <p>
                  {order.provider === 'local'
                    ? `Transfer ${amount} back to the payer first: confirming here records it and ends what the order granted.`
                    : `The provider pays ${amount} back; what the order granted ends when the refund settles.`}{' '}
                  One refund per order, always in full.
                </p>
              }
              confirmLabel="Refund in full"
              fields={{ intent: 'refund' }}
            >
              <Field
                idPrefix="refund"
                name="reason"
                label="Reason"
                required
                failure={refundFailure}
                hint="Kept in the order's history and the audit log."
              />
            </ConfirmAction>
          ) : null}
        </div>
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="refund-policy-note">
          {order.refundRefusal
            ? `No refund: ${order.refundRefusal}.`
            : `Refundable in full until ${formatDateTime(order.refundDeadline ?? '')} (${REFUND_POLICY.windowDays} days after the payment).`}
        </p>
        <div className="mt-3">
          <FormAlert id="order-result" result={withFieldMessages(result)} />
        </div>
      </section>

      <section aria-labelledby="history-heading" className="mt-6">
        <h2 id="history-heading" className="text-lg font-semibold">
          History
        </h2>
        <div
          className="mt-3 overflow-x-auto rounded-xl border border-slate-300 bg-white dark:border-slate-800 dark:bg-slate-900"
          tabIndex={0}
          role="region"
          aria-label="Order history"
        >
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-300 dark:border-slate-700">
              <tr>
                <th scope="col" className="p-2">
                  When
                </th>
                <th scope="col" className="p-2">
                  Change
                </th>
                <th scope="col" className="p-2">
                  Cause
                </th>
              </tr>
            </thead>
            <tbody>
              {order.history.map((entry, index) => (
                <tr
                  key={`${entry.at}-${index}`}
                  className="border-b border-slate-200 align-top last:border-0 dark:border-slate-800"
                  data-testid="history-row"
                >
                  <td className="whitespace-nowrap p-2">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </td>
                  <td className="whitespace-nowrap p-2">
                    {entry.from ? `${entry.from} → ${entry.to}` : `created ${entry.to}`}
                  </td>
                  <td className="break-words p-2">
                    {entry.cause}
                    {entry.providerEventId ? (
                      <span className="block break-all font-mono text-xs text-slate-600 dark:text-slate-400">
                        {entry.providerEventId}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
