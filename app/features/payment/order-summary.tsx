// One order as the payment pages show it (issue #21): the plan, the amount in
// its currency, its reference and its state.
import type { Order } from '../../../domain/payments-contracts.ts';
import { formatPlanDate, formatPrice } from '../pricing/format-price.ts';
import type { OrderView } from './payment.server.ts';

export const STATUS_TEXT: Record<Order['status'], string> = {
  pending: 'Waiting for the payment',
  paid: 'Paid',
  failed: 'Not paid',
  expired: 'Expired, not paid',
  refunded: 'Refunded',
};

export const panelClass =
  'rounded-lg border border-slate-300 bg-white p-4 dark:border-slate-700 dark:bg-slate-900 sm:p-6';

export const buttonLinkClass =
  'inline-block rounded-md bg-brand-600 px-4 py-2 text-center font-semibold text-white hover:bg-brand-700';

export const secondaryLinkClass =
  'inline-block rounded-md border border-slate-400 px-4 py-2 text-center font-semibold text-slate-900 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800';

export function OrderSummary({
  view,
  status,
  labelledBy,
}: {
  view: OrderView;
  /** The state as last read, when the page follows it; the loaded one otherwise. */
  status?: Order['status'];
  labelledBy?: string;
}) {
  const { order, plan } = view;
  const rows: Array<[string, string]> = [
    ['Plan', plan.name],
    ['Amount', formatPrice(order.amountMinor, order.currency)],
    ['Status', STATUS_TEXT[status ?? order.status]],
    ['Ordered on', formatPlanDate(order.createdAt)],
    ['Order reference', order.id],
  ];
  return (
    <dl aria-labelledby={labelledBy} className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-700 dark:text-slate-300">{term}</dt>
          <dd className="mb-2 break-all text-slate-900 sm:mb-0 dark:text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
