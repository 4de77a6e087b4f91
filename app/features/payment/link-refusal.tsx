// What a payment link (or a checkout's token) that opens nothing shows (issue #21): why, in words, and
// the order when the link was good but there is nothing left to pay. The page answers with a 4xx.
import { AppLink } from '../../components/app-link.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { linkClass } from '../auth-forms/form-parts.tsx';
import { OrderSummary, panelClass } from './order-summary.tsx';
import type { LinkRefusal } from './payment.server.ts';

export function LinkRefused({ refusal }: { refusal: LinkRefusal }) {
  return (
    <>
      <PageHeader title={refusal.title} />
      <div role="alert" className={`${panelClass} mb-6`}>
        <p>{refusal.message}</p>
      </div>
      {refusal.view ? (
        <section aria-labelledby="order-heading" className={`${panelClass} mb-6`}>
          <h2 id="order-heading" className="mb-3 text-lg font-semibold">
            The order
          </h2>
          <OrderSummary view={refusal.view} labelledBy="order-heading" />
        </section>
      ) : null}
      <p>
        <AppLink to="/" className={linkClass}>
          Go to the live scores
        </AppLink>
      </p>
    </>
  );
}
