// The plan form of the CMS (issue #21, cms:payments): a plan's terms as staff
// type them — prices as decimals per currency ("4.99"), features one a line,
// entitlements as boxes — read into the shape the payments service checks
// (domain/plans-admin.ts), and shown again with the fields' messages.
import {
  CURRENCIES,
  ENTITLEMENT_NAMES,
  type Currency,
  type EntitlementName,
} from '../../../domain/payments-contracts.ts';
import { decimalPrice, parseDecimalPrice, type PlanTerms } from '../../../domain/plans-admin.ts';
import { Field, inputClass, type FormFailure } from '../auth-forms/form-parts.tsx';

export const ENTITLEMENT_TEXT: Record<EntitlementName, string> = {
  no_ads: 'No ads',
  premium_media: 'Premium match media',
  hd_video: 'HD video',
};

const priceField = (currency: Currency) => `price_${currency}`;

/** The form's fields as text (what is shown again after a refusal). */
export function planFormValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of [
    'name',
    'features',
    'durationDays',
    'trialDays',
    'expectedVersion',
    'code',
    'sport',
    'kind',
    'interval',
  ]) {
    values[name] = String(form.get(name) ?? '');
  }
  for (const currency of CURRENCIES) values[priceField(currency)] = String(form.get(priceField(currency)) ?? '');
  values.entitlements = form.getAll('entitlements').map(String).join(',');
  return values;
}

/** Reads the terms; the fields that are not what they should be (decimals, whole days) are refused here. */
export function readPlanTerms(
  values: Record<string, string>,
  free: boolean,
): { ok: true; terms: PlanTerms } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const prices: PlanTerms['prices'] = [];
  for (const currency of CURRENCIES) {
    const amount = parseDecimalPrice(values[priceField(currency)] ?? '');
    if (amount === undefined)
      fields[priceField(currency)] = 'A price like 4.99: digits, a dot and at most two decimals';
    else if (amount !== null) prices.push({ currency, amountMinor: amount });
  }
  const whole = (name: string, empty: number | null): number | null => {
    const text = (values[name] ?? '').trim();
    if (text === '') return empty;
    if (!/^\d{1,5}$/.test(text)) {
      fields[name] = 'A whole number of days';
      return empty;
    }
    return Number(text);
  };
  const durationDays = free ? null : whole('durationDays', null);
  const trialDays = free ? 0 : (whole('trialDays', 0) ?? 0);
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    terms: {
      name: values.name ?? '',
      features: (values.features ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
      durationDays,
      trialDays,
      entitlements: (values.entitlements ?? '')
        .split(',')
        .filter((name): name is EntitlementName => (ENTITLEMENT_NAMES as readonly string[]).includes(name)),
      prices,
    },
  };
}

/** The service's messages keyed as the form's fields: `prices.0.amountMinor` → `prices`, `features.2` → `features`. */
export function formFields(fields: Record<string, string>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) shown[key.split('.')[0] ?? key] ??= message;
  return shown;
}

/** The current terms as the form's starting values. */
export function termsValues(terms: PlanTerms): Record<string, string> {
  const values: Record<string, string> = {
    name: terms.name,
    features: terms.features.join('\n'),
    durationDays: terms.durationDays === null ? '' : String(terms.durationDays),
    trialDays: String(terms.trialDays),
    entitlements: terms.entitlements.join(','),
  };
  for (const currency of CURRENCIES) {
    const price = terms.prices.find((item) => item.currency === currency);
    values[priceField(currency)] = price ? decimalPrice(price.amountMinor) : '';
  }
  return values;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {message}
    </p>
  ) : null;
}

/** The terms' fields; `free`: only the name and the features (Free has no price, duration, trial or entitlements). */
export function PlanTermsFields(props: {
  values: Record<string, string>;
  failure: FormFailure | undefined;
  free: boolean;
}) {
  const { failure, free } = props;
  const values = failure ? { ...props.values, ...failure.values } : props.values;
  const fieldset = 'space-y-4 rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';
  const chosen = new Set((values.entitlements ?? '').split(','));
  const error = (name: string) => failure?.fields[name];
  return (
    <>
      <fieldset className={fieldset}>
        <legend className="px-1 text-lg font-semibold">Terms</legend>
        <Field idPrefix="plan" name="name" label="Name" required failure={failure} defaultValue={values.name} />
        <div>
          <label htmlFor="plan-features" className="font-medium">
            Features
          </label>
          <p id="plan-features-hint" className="text-sm text-slate-600 dark:text-slate-400">
            One a line, as the pricing card lists them.
          </p>
          <textarea
            id="plan-features"
            name="features"
            rows={5}
            defaultValue={values.features}
            aria-invalid={error('features') ? true : undefined}
            aria-describedby={['plan-features-hint', error('features') ? 'plan-features-error' : ''].join(' ').trim()}
            className={inputClass}
          />
          <FieldError id="plan-features-error" message={error('features')} />
        </div>
        {free ? null : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              idPrefix="plan"
              name="durationDays"
              label="Duration (days)"
              type="text"
              hint="How long one payment grants the plan."
              failure={failure}
              defaultValue={values.durationDays}
            />
            <Field
              idPrefix="plan"
              name="trialDays"
              label="Free trial (days)"
              type="text"
              hint="0 for none. Once per account."
              failure={failure}
              defaultValue={values.trialDays}
            />
          </div>
        )}
      </fieldset>
      {free ? null : (
        <>
          <fieldset className={fieldset} aria-describedby={error('prices') ? 'plan-prices-error' : undefined}>
            <legend className="px-1 text-lg font-semibold">Prices</legend>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              In each currency, as a decimal like 4.99; empty: not sold in that currency.
            </p>
            <FieldError id="plan-prices-error" message={error('prices')} />
            <div className="grid gap-4 sm:grid-cols-2">
              {CURRENCIES.map((currency) => (
                <Field
                  key={currency}
                  idPrefix="plan"
                  name={priceField(currency)}
                  label={`Price in ${currency}`}
                  type="text"
                  failure={failure}
                  defaultValue={values[priceField(currency)]}
                />
              ))}
            </div>
          </fieldset>
          <fieldset
            className={fieldset}
            aria-describedby={error('entitlements') ? 'plan-entitlements-error' : undefined}
          >
            <legend className="px-1 text-lg font-semibold">Grants</legend>
            <FieldError id="plan-entitlements-error" message={error('entitlements')} />
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {ENTITLEMENT_NAMES.map((name) => (
                <label key={name} className="flex items-center gap-2">
                  <input type="checkbox" name="entitlements" value={name} defaultChecked={chosen.has(name)} />
                  {ENTITLEMENT_TEXT[name]}
                </label>
              ))}
            </div>
          </fieldset>
        </>
      )}
    </>
  );
}
