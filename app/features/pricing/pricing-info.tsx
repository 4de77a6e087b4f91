// What /pricing says around the plans (issue #21): the ways to pay this site
// offers, and the questions a visitor asks before paying.
import type { PaymentProvider } from '../../../domain/payments-contracts.ts';
import { AppLink } from '../../components/app-link.tsx';

export const PROVIDER_TEXT: Record<PaymentProvider, { name: string; detail: string }> = {
  sandbox: {
    name: 'Test payment',
    detail: 'A test checkout with test cards: no real money moves. This site has not switched real payments on yet.',
  },
  stripe: { name: 'Card', detail: 'Visa, Mastercard and other cards, through Stripe’s secure checkout.' },
  local: {
    name: 'Bank transfer',
    detail: 'We show you the account details and a reference; your plan starts once the transfer arrives.',
  },
};

const sectionClass = 'mt-10 max-w-3xl';
const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100';

export function PaymentMethods({ providers }: { providers: readonly PaymentProvider[] }) {
  return (
    <section aria-labelledby="payment-methods-heading" className={sectionClass}>
      <h2 id="payment-methods-heading" className="text-xl font-semibold">
        Ways to pay
      </h2>
      {providers.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">Payments are not open on this site yet.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {providers.map((provider) => (
            <li key={provider}>
              <span className="font-semibold">{PROVIDER_TEXT[provider].name}</span>
              <span className="text-slate-700 dark:text-slate-300"> — {PROVIDER_TEXT[provider].detail}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `refundWindowDays`: the refund policy's window, read by the loader (the policy module stays on the server). */
export function PricingFaq({ refundWindowDays }: { refundWindowDays: number }) {
  return (
    <section aria-labelledby="pricing-faq-heading" className={sectionClass}>
      <h2 id="pricing-faq-heading" className="text-xl font-semibold">
        Questions
      </h2>
      <dl className="mt-3 space-y-4">
        <div>
          <dt className="font-semibold">Do I need a plan to follow the scores?</dt>
          <dd className="mt-1 text-slate-700 dark:text-slate-300">
            No. Scores, fixtures and results stay free for everyone, with or without an account. A plan takes the ads
            away and adds extras such as premium video.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Does a plan renew by itself?</dt>
          <dd className="mt-1 text-slate-700 dark:text-slate-300">
            No. You pay once for the period you choose, and nothing is charged again. We remind you by email three days
            before it ends; if you do nothing, your account goes back to the free plan.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">How do I cancel?</dt>
          <dd className="mt-1 text-slate-700 dark:text-slate-300">
            There is nothing to cancel: a plan simply ends on its expiry date, shown on your account page. Paying again
            before then adds the new period after the one you have.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Can I get my money back?</dt>
          <dd className="mt-1 text-slate-700 dark:text-slate-300">
            {`Yes, in full, within ${refundWindowDays} days of your payment: one refund per order. The`}{' '}
            <AppLink to="/policy/refund" className={linkClass}>
              refund policy
            </AppLink>{' '}
            explains how to ask.
          </dd>
        </div>
      </dl>
    </section>
  );
}
