// The plans of a pricing page and how a visitor chooses one (issue #21). A guest's
// Choose is a link to sign in that comes back here with the choice in the URL
// (?plan=<code>), shown picked out with one button to go on; a signed-in
// visitor's Choose posts the plan to the page's action, which makes the order.
// All of it works without JavaScript.
import { Form, useNavigation } from 'react-router';
import type { Currency, Plan, PaymentProvider, Plans } from '../../../domain/payments-contracts.ts';
import { AppLink } from '../../components/app-link.tsx';
import { FormAlert, type FormResult } from '../auth-forms/form-parts.tsx';
import { formatPrice } from './format-price.ts';
import { INTERVAL_LABEL, PlanList, priceOf, type CurrentPlan } from './plan-list.tsx';
import { PROVIDER_TEXT } from './pricing-info.tsx';
import type { PricingDeal } from './deals.server.ts';
import { dealAmountText, dealPlansText, dealUntilText } from './deal-text.ts';

/** What a pricing page's loader answers (app/features/pricing/pricing.server.ts). */
export interface PricingData {
  plans: Plans['plans'];
  providers: Plans['providers'];
  /** The currency checkout charges in (PAYMENT_CURRENCY). */
  currency: Currency;
  signedIn: boolean;
  current: CurrentPlan | null;
  chosenPlanId: number | null;
  /** The plans whose free trial the signed-in visitor may start (once per account). */
  trialPlanIds: number[];
  /** The refund policy's window in days, for the FAQ. */
  refundWindowDays: number;
  /** This page's path, /pricing or /en/pricing-sport: where sign-in comes back to. */
  path: string;
  /** The hidden deal the visitor carries, with each plan's price after it (issue #21); null for none. */
  deal?: PricingDeal | null;
}

/** Sign in, then back to this page with the plan picked out. */
export function signInForPlan(path: string, plan: Pick<Plan, 'code'>): string {
  return `/login?redirect=${encodeURIComponent(`${path}?plan=${encodeURIComponent(plan.code)}`)}`;
}

const buttonClass =
  'block w-full rounded-md bg-brand-600 px-4 py-2 text-center font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';

const trialButtonClass =
  'block w-full rounded-md border border-brand-600 px-4 py-2 text-center font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-brand-100 dark:text-brand-100 dark:hover:bg-slate-800';

function priceText(plan: Plan, currency: Currency, deal?: PricingDeal | null): string {
  const price = priceOf(plan, currency);
  if (!price) return 'free';
  const withDeal = deal?.prices[plan.id];
  const amount =
    withDeal === undefined
      ? formatPrice(price.amountMinor, price.currency)
      : `${formatPrice(withDeal, price.currency)} with the deal (usually ${formatPrice(price.amountMinor, price.currency)})`;
  return `${amount}${plan.interval ? ` ${INTERVAL_LABEL[plan.interval]}` : ''}`;
}

export function PricingPlans({ data, answer }: { data: PricingData; answer: FormResult | undefined }) {
  const { plans, providers, currency, signedIn, current, chosenPlanId, trialPlanIds, path, deal } = data;
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' ? String(navigation.formData?.get('planId') ?? '') : null;
  const chosen = plans.find((plan) => plan.id === chosenPlanId) ?? null;
  const open = providers.length > 0;

  function choose(plan: Plan, isCurrent: boolean) {
    if (plan.prices.length === 0)
      return <p className="text-sm text-slate-700 dark:text-slate-300">Free for everyone, no account needed.</p>;
    if (!open) return <p className="text-sm text-slate-700 dark:text-slate-300">Not on sale yet.</p>;
    const label = isCurrent ? 'Renew' : 'Choose';
    if (!signedIn)
      return (
        // _top: shown in the pricing overlay's frame (PRICING_OVERLAY_WEB_DOMAIN_NAME), sign-in opens as the
        // whole page, since it may not be framed; on the site itself it is the same page.
        <AppLink to={signInForPlan(path, plan)} target="_top" className={buttonClass}>
          {label}
          <span className="sr-only">{` ${plan.name}`}</span>
        </AppLink>
      );
    const choice = (
      <button type="submit" name="planId" value={plan.id} className={buttonClass} disabled={sending !== null}>
        {sending === String(plan.id) ? 'Opening checkout…' : label}
        <span className="sr-only">{` ${plan.name}`}</span>
      </button>
    );
    if (!trialPlanIds.includes(plan.id)) return choice;
    return (
      <div className="space-y-2">
        <button type="submit" name="trial" value={plan.id} className={trialButtonClass} disabled={sending !== null}>
          {`Start ${plan.trialDays}-day free trial`}
          <span className="sr-only">{` of ${plan.name}`}</span>
        </button>
        {choice}
      </div>
    );
  }

  const list = (
    <PlanList
      plans={plans}
      currency={currency}
      current={current}
      chosenPlanId={chosenPlanId}
      choose={choose}
      dealPrices={deal?.prices}
    />
  );
  if (plans.length === 0)
    return <p className="text-slate-700 dark:text-slate-300">No plans are on offer here at the moment.</p>;
  return (
    <>
      {deal ? (
        <section
          aria-labelledby="pricing-deal-heading"
          data-testid="pricing-deal"
          className="mb-6 rounded-xl border border-brand-600 bg-brand-50 p-4 text-brand-900 dark:border-brand-100 dark:bg-slate-900 dark:text-brand-100"
        >
          <h2 id="pricing-deal-heading" className="font-semibold">
            {`${deal.deal.title}: ${dealAmountText(deal.deal, currency)} ${dealPlansText(deal.deal)}`}
          </h2>
          <p className="text-sm">{`Code ${deal.deal.code} is applied at checkout, ${dealUntilText(deal.deal)}.`}</p>
        </section>
      ) : null}
      {answer ? (
        <div className="mb-4">
          <FormAlert id="pricing-alert" result={answer} />
        </div>
      ) : null}
      {signedIn ? (
        <Form method="post" aria-label="Choose a plan" aria-describedby={answer ? 'pricing-alert' : undefined}>
          {chosen && open ? (
            <div className="mb-6 rounded-xl border border-brand-600 bg-brand-50 p-4 text-brand-900 dark:border-brand-100 dark:bg-slate-900 dark:text-brand-100">
              <p>
                You chose <strong>{chosen.name}</strong>
                {`, ${priceText(chosen, currency, deal)}.`}
              </p>
              <button
                type="submit"
                name="planId"
                value={chosen.id}
                className={`${buttonClass} mt-3 sm:w-auto`}
                disabled={sending !== null}
              >
                {sending === String(chosen.id) ? 'Opening checkout…' : 'Continue to payment'}
              </button>
            </div>
          ) : null}
          <ProviderChoice providers={providers} />
          {list}
        </Form>
      ) : (
        list
      )}
    </>
  );
}

/** One way to pay goes as it is; with several, the visitor picks before choosing a plan. */
function ProviderChoice({ providers }: { providers: readonly PaymentProvider[] }) {
  if (providers.length <= 1) return providers[0] ? <input type="hidden" name="provider" value={providers[0]} /> : null;
  return (
    <fieldset className="mb-6">
      <legend className="font-semibold">Pay with</legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {providers.map((provider, index) => (
          <label key={provider} className="flex items-center gap-2">
            <input type="radio" name="provider" value={provider} defaultChecked={index === 0} />
            {PROVIDER_TEXT[provider].name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
