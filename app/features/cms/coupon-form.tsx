// The coupon form of the CMS (issue #21): the same fields to create and to edit a
// coupon. Amounts are typed in major units (2.50) and sent in minor units (250);
// times are UTC, to the minute. The server checks everything again.
import type { Coupon } from '../../../domain/deals-contracts.ts';
import type { Plan } from '../../../domain/payments-contracts.ts';
import { Field, inputClass, type FormFailure } from '../auth-forms/form-parts.tsx';

export const COUPON_FIELDS = [
  'code',
  'title',
  'kind',
  'percentOff',
  'amountOffEUR',
  'amountOffUSD',
  'planId',
  'usageLimit',
  'validUntil',
  'audience',
  'active',
] as const;

function minor(value: string): number | string | undefined {
  if (value.trim() === '') return undefined;
  const number = Number(value.replace(',', '.'));
  return Number.isFinite(number) ? Math.round(number * 100) : value;
}

function whole(value: string): number | string | null {
  if (value.trim() === '') return null;
  const number = Number(value);
  return Number.isInteger(number) ? number : value;
}

/** The form's text as the coupon input the payments service checks (wrong values left for it to refuse). */
export function couponInputFromForm(values: Record<string, string>, options: { withCode: boolean }) {
  const amounts: Record<string, number | string> = {};
  for (const currency of ['EUR', 'USD'] as const) {
    const amount = minor(values[`amountOff${currency}`] ?? '');
    if (amount !== undefined) amounts[currency] = amount;
  }
  const percent = values.kind === 'amount';
  return {
    ...(options.withCode ? { code: values.code ?? '' } : {}),
    title: values.title ?? '',
    percentOff: percent ? null : whole(values.percentOff ?? ''),
    amountOff: percent ? amounts : null,
    planId: whole(values.planId ?? ''),
    usageLimit: whole(values.usageLimit ?? ''),
    validUntil: values.validUntil ? `${values.validUntil.slice(0, 16)}:00Z` : null,
    audience: values.audience || 'campaign',
    active: values.active === 'on',
  };
}

/** The service's field names as the form's. */
export function formFields(fields: Record<string, string>): Record<string, string> {
  const named: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const name =
      key === 'amountOff.EUR'
        ? 'amountOffEUR'
        : key === 'amountOff.USD'
          ? 'amountOffUSD'
          : key === 'amountOff'
            ? 'amountOffEUR'
            : key;
    named[name] ??= message;
  }
  return named;
}

function major(amount: number | undefined): string {
  return amount === undefined ? '' : (amount / 100).toFixed(2);
}

export function CouponFields({
  idPrefix,
  coupon,
  plans,
  failure,
}: {
  idPrefix: string;
  coupon: Coupon | null;
  plans: readonly Plan[];
  failure: FormFailure | undefined;
}) {
  const value = (name: (typeof COUPON_FIELDS)[number], fallback: string) => failure?.values[name] ?? fallback;
  const kind = value('kind', coupon?.percentOff === null ? 'amount' : 'percent');
  const error = (name: string) =>
    failure?.fields[name] ? (
      <p id={`${idPrefix}-${name}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
        {failure.fields[name]}
      </p>
    ) : null;
  const select = (name: string, label: string, options: Array<[string, string]>, current: string) => (
    <div>
      <label htmlFor={`${idPrefix}-${name}`} className="font-medium">
        {label}
      </label>
      <select
        id={`${idPrefix}-${name}`}
        name={name}
        defaultValue={current}
        className={inputClass}
        aria-invalid={failure?.fields[name] ? true : undefined}
        aria-describedby={failure?.fields[name] ? `${idPrefix}-${name}-error` : undefined}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
      {error(name)}
    </div>
  );
  return (
    <>
      {coupon === null ? (
        <Field
          idPrefix={idPrefix}
          name="code"
          label="Code"
          required
          hint="Letters, digits, - and _; not case-sensitive. The campaign link is /?deal=CODE."
          failure={failure}
          defaultValue=""
        />
      ) : null}
      <Field
        idPrefix={idPrefix}
        name="title"
        label="Title"
        required
        hint="Shown on the deal banner, e.g. Welcome offer."
        failure={failure}
        defaultValue={coupon?.title ?? ''}
      />
      {select(
        'kind',
        'Discount',
        [
          ['percent', 'Percent off'],
          ['amount', 'Amount off'],
        ],
        kind,
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          idPrefix={idPrefix}
          name="percentOff"
          label="Percent off"
          type="number"
          hint="1 to 99 (a coupon never makes a plan free)."
          failure={failure}
          defaultValue={coupon?.percentOff === null || coupon === null ? '' : String(coupon.percentOff)}
        />
        <Field
          idPrefix={idPrefix}
          name="amountOffEUR"
          label="Amount off in EUR"
          hint="E.g. 2.00; for an amount-off coupon."
          failure={failure}
          defaultValue={major(coupon?.amountOff?.EUR)}
        />
        <Field
          idPrefix={idPrefix}
          name="amountOffUSD"
          label="Amount off in USD"
          hint="Empty: not valid in USD."
          failure={failure}
          defaultValue={major(coupon?.amountOff?.USD)}
        />
      </div>
      {select(
        'planId',
        'Plan',
        [
          ['', 'Every paid plan'],
          ...plans
            .filter((plan) => plan.prices.length > 0)
            .map((plan): [string, string] => [String(plan.id), plan.name]),
        ],
        value('planId', coupon?.planId === null || coupon === null ? '' : String(coupon.planId)),
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          idPrefix={idPrefix}
          name="usageLimit"
          label="Usage limit"
          type="number"
          hint="How many users may use it; empty for no limit."
          failure={failure}
          defaultValue={coupon?.usageLimit === null || coupon === null ? '' : String(coupon.usageLimit)}
        />
        <Field
          idPrefix={idPrefix}
          name="validUntil"
          label="Valid until (UTC)"
          type="datetime-local"
          hint="Empty: no end."
          failure={failure}
          defaultValue={coupon?.validUntil ? coupon.validUntil.slice(0, 16) : ''}
        />
      </div>
      {select(
        'audience',
        'Who sees it',
        [
          ['campaign', 'Campaign: revealed by its link'],
          ['lapsed', 'Lapsed: members whose paid plan ended, on home'],
        ],
        value('audience', coupon?.audience ?? 'campaign'),
      )}
      <label className="flex items-center gap-2">
        <input type="checkbox" name="active" defaultChecked={coupon?.active ?? true} />
        Active
      </label>
    </>
  );
}
