// The plans side by side (issue #21): each with its price, what it includes, the
// yearly saving, the visitor's current plan marked, and a Choose control the page
// decides (a sign-in link for a guest, a submit button for a signed-in visitor).
// Server-rendered and static: nothing here needs JavaScript in the browser.
import type { ReactNode } from 'react';
import type { Currency, Plan, PlanInterval, Price } from '../../../domain/payments-contracts.ts';
import { formatPlanDate, formatPrice, yearlySaving, type YearlySaving } from './format-price.ts';

export const INTERVAL_LABEL: Record<PlanInterval, string> = { month: 'a month', year: 'a year', season: 'a season' };

/** What the page knows about the visitor's plan: null for a guest. */
export interface CurrentPlan {
  planId: number;
  /** Null on Free. */
  expiresAt: string | null;
}

/** The price a plan is sold at here: in the site's currency (PAYMENT_CURRENCY), as checkout charges it. */
export function priceOf(plan: Plan, currency: Currency): Price | undefined {
  return plan.prices.find((price) => price.currency === currency) ?? plan.prices[0];
}

/** The Premium yearly plan's saving over twelve monthly payments, in the currency both are shown in. */
export function savingsByPlan(
  plans: readonly Plan[],
  currency: Currency,
): Map<number, YearlySaving & { currency: string }> {
  const savings = new Map<number, YearlySaving & { currency: string }>();
  for (const yearly of plans.filter((plan) => plan.interval === 'year')) {
    const yearlyPrice = priceOf(yearly, currency);
    const monthly = plans.find(
      (plan) => plan.kind === yearly.kind && plan.sport === yearly.sport && plan.interval === 'month',
    );
    const monthlyPrice = monthly?.prices.find((price) => price.currency === yearlyPrice?.currency);
    if (!yearlyPrice || !monthlyPrice) continue;
    const saving = yearlySaving(monthlyPrice.amountMinor, yearlyPrice.amountMinor);
    if (saving) savings.set(yearly.id, { ...saving, currency: yearlyPrice.currency });
  }
  return savings;
}

export function PlanList(props: {
  plans: readonly Plan[];
  currency: Currency;
  current: CurrentPlan | null;
  /** The plan a visitor chose before signing in, shown picked out. */
  chosenPlanId?: number | null;
  choose: (plan: Plan, isCurrent: boolean) => ReactNode;
  /** Plan id → the price with the visitor's deal (issue #21), shown beside the usual one. */
  dealPrices?: Readonly<Record<number, number>>;
}) {
  const { plans, currency, current, chosenPlanId, choose, dealPrices } = props;
  const savings = savingsByPlan(plans, currency);
  return (
    <ul className="grid gap-4 md:grid-cols-3" aria-label="Plans">
      {plans.map((plan) => {
        const isCurrent = current?.planId === plan.id;
        const headingId = `plan-${plan.code}`;
        const price = priceOf(plan, currency);
        const saving = savings.get(plan.id);
        const picked = chosenPlanId === plan.id;
        const withDeal = dealPrices?.[plan.id];
        return (
          <li
            key={plan.id}
            aria-labelledby={headingId}
            className={`flex flex-col rounded-xl border bg-white p-5 dark:bg-slate-900 ${
              picked
                ? 'border-brand-600 ring-2 ring-brand-600 dark:border-brand-100 dark:ring-brand-100'
                : 'border-slate-200 dark:border-slate-800'
            }`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={headingId} className="text-lg font-semibold">
                {plan.name}
              </h2>
              {isCurrent ? (
                <span className="rounded bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-900 dark:bg-slate-800 dark:text-brand-100">
                  Your plan
                </span>
              ) : null}
            </div>
            <p className="mt-3">
              {price && price.amountMinor > 0 && withDeal !== undefined ? (
                <>
                  <span className="text-3xl font-bold" data-testid="deal-price">
                    {formatPrice(withDeal, price.currency)}
                  </span>{' '}
                  <span className="text-slate-700 dark:text-slate-300">
                    {plan.interval ? INTERVAL_LABEL[plan.interval] : ''}
                  </span>{' '}
                  <span className="text-slate-700 dark:text-slate-300">
                    with the deal, usually <s>{formatPrice(price.amountMinor, price.currency)}</s>
                  </span>
                </>
              ) : price && price.amountMinor > 0 ? (
                <>
                  <span className="text-3xl font-bold">{formatPrice(price.amountMinor, price.currency)}</span>{' '}
                  <span className="text-slate-700 dark:text-slate-300">
                    {plan.interval ? INTERVAL_LABEL[plan.interval] : ''}
                  </span>
                </>
              ) : (
                <>
                  <span className="text-3xl font-bold">{formatPrice(0, currency)}</span>{' '}
                  <span className="text-slate-700 dark:text-slate-300">for everyone</span>
                </>
              )}
            </p>
            {saving ? (
              <p className="mt-1 text-sm font-semibold text-brand-700 dark:text-brand-100">
                {`Save ${saving.percent}% (${formatPrice(saving.amountMinor, saving.currency)}) against paying monthly`}
              </p>
            ) : null}
            {plan.trialDays > 0 ? (
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{`First ${plan.trialDays} days free`}</p>
            ) : null}
            {isCurrent && current?.expiresAt ? (
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                Until <time dateTime={current.expiresAt}>{formatPlanDate(current.expiresAt)}</time>
              </p>
            ) : null}
            <ul className="mt-4 flex-1 space-y-2 text-slate-800 dark:text-slate-200">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <span aria-hidden="true" className="font-bold text-brand-700 dark:text-brand-100">
                    ✓
                  </span>
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <div className="mt-5">{choose(plan, isCurrent)}</div>
          </li>
        );
      })}
    </ul>
  );
}
