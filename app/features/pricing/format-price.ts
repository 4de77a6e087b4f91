// Prices travel in minor units (cents, pence; none for yen) with an ISO 4217
// currency (issue #21). One fixed locale for the server's render and the
// browser's hydration alike: a visitor's own locale would format "€9.99" as
// "9,99 €" in the browser only, and React would report a mismatch.
const LOCALE = 'en-GB';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** How many minor units make one major unit of `currency`: 100 for EUR, 1 for JPY. */
function minorUnitsPerMajor(currency: string): number {
  return 10 ** (formatterFor(currency).resolvedOptions().maximumFractionDigits ?? 2);
}

/** `999, 'EUR'` → "€9.99"; whole amounts keep their decimals so a list of prices lines up. */
export function formatPrice(amountMinor: number, currency: string): string {
  return formatterFor(currency).format(amountMinor / minorUnitsPerMajor(currency));
}

export interface YearlySaving {
  /** What a year of the monthly plan would cost, less the yearly price, in minor units. */
  amountMinor: number;
  /** Whole percent, rounded down so the page never promises more than it gives. */
  percent: number;
}

/** The yearly plan against twelve months of the monthly one, in one currency; null when it saves nothing. */
export function yearlySaving(monthlyMinor: number, yearlyMinor: number): YearlySaving | null {
  const twelveMonths = monthlyMinor * 12;
  const amountMinor = twelveMonths - yearlyMinor;
  if (twelveMonths <= 0 || amountMinor <= 0) return null;
  return { amountMinor, percent: Math.floor((amountMinor / twelveMonths) * 100) };
}

const dateFormatter = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A plan's expiry as a date, "27 November 2026": the same on the server and in the browser (UTC). */
export function formatPlanDate(iso: string): string {
  return dateFormatter.format(new Date(iso));
}
