// The bank-transfer details (issue #21): where to send the money, how much, and
// the reference to quote, in a form that reads well aloud and copies cleanly.
import { formatPrice } from '../pricing/format-price.ts';
import type { LocalPaymentState } from './local-payment.server.ts';

export function TransferDetails({ state, labelledBy }: { state: LocalPaymentState; labelledBy: string }) {
  const { account, reference, view } = state;
  const rows: Array<[string, string, boolean]> = [
    ['Account holder', account.accountName, false],
    ['IBAN', account.iban, true],
    ['BIC', account.bic, true],
    ['Bank', account.bank, false],
    ['Amount', formatPrice(view.order.amountMinor, view.order.currency), false],
  ];
  return (
    <dl aria-labelledby={labelledBy} className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value, code]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-700 dark:text-slate-300">{term}</dt>
          <dd className="mb-2 break-words text-slate-900 sm:mb-0 dark:text-slate-100">
            {code ? <span className="font-mono">{value}</span> : value}
          </dd>
        </div>
      ))}
      <div className="contents">
        <dt className="font-medium text-slate-700 dark:text-slate-300">Reference</dt>
        <dd className="mb-2 sm:mb-0">
          <strong
            className="font-mono text-xl tracking-wide text-slate-900 dark:text-slate-100"
            data-testid="transfer-reference"
          >
            {reference}
          </strong>
        </dd>
      </div>
    </dl>
  );
}
