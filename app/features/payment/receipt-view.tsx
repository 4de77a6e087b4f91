// A receipt as the receipt page shows and prints it (issue #21): the same lines
// the receipt mail has (domain/payments-receipt.ts), the seller and, with VAT,
// how it was rounded.
import type { Receipt } from '../../../domain/payments-contracts.ts';
import { VAT_ROUNDING_NOTE, formatDay, receiptLines, sellerLines } from '../../../domain/payments-receipt.ts';

export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const lines = receiptLines(receipt);
  return (
    <article
      data-print-alone
      aria-labelledby="receipt-heading"
      className="rounded-lg border border-slate-300 bg-white p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900 print:border-0 print:p-0"
    >
      <h1 id="receipt-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Receipt
      </h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {receipt.plan.name}, paid on {formatDay(receipt.paidAt)}
      </p>
      {receipt.status === 'refunded' && receipt.refundedAt ? (
        <p className="mt-3 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-50">
          This order was refunded on {formatDay(receipt.refundedAt)}; what it paid for was revoked.
        </p>
      ) : null}
      <dl className="mt-5 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {lines.map((line) => (
          <div key={line.label} className="contents">
            <dt className="font-medium text-slate-700 dark:text-slate-300">{line.label}</dt>
            <dd
              className={`mb-2 break-words text-slate-900 sm:mb-0 dark:text-slate-100 ${line.total ? 'text-lg font-bold' : ''}`}
            >
              {line.value}
            </dd>
          </div>
        ))}
      </dl>
      {receipt.vat ? <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{VAT_ROUNDING_NOTE}</p> : null}
      <h2 className="mt-6 text-base font-semibold">Sold by</h2>
      <address className="mt-1 not-italic text-slate-800 dark:text-slate-200">
        {sellerLines(receipt).map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
    </article>
  );
}
