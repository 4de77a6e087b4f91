// Prices from probabilities, and the three ways of writing a price (issue #24: decimal by default,
// fractional and American as a user preference). Pure and import-free so the odds panel can load it alone.

/** Decimal prices are shown to two places; a price never goes below 1.00 (a stake back and nothing more). */
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The decimal price of an outcome of probability `p` with a bookmaker-style margin (0.05 = 5 %: every
 * probability scaled up by 1 + margin, the overround). Margin 0 is the fair price 1 / p. An outcome that
 * cannot happen (p = 0) has no price: null.
 */
export function priceOf(p: number, margin = 0): number | null {
  if (!(margin >= 0)) throw new RangeError('priceOf: the margin must be ≥ 0');
  if (!(p > 0)) return null;
  return Math.max(1, round2(1 / (p * (1 + margin))));
}

/** A decimal price written as "2.50". */
export function formatDecimal(price: number | null): string {
  return price === null ? '–' : price.toFixed(2);
}

/** The fraction n/d closest to `value` with d ≤ maxDenominator (the smallest such d on ties). */
function closestFraction(value: number, maxDenominator: number): [number, number] {
  let best: [number, number] = [Math.round(value), 1];
  let bestError = Math.abs(value - best[0]);
  for (let d = 2; d <= maxDenominator; d++) {
    const n = Math.round(value * d);
    const error = Math.abs(value - n / d);
    if (error < bestError - 1e-12) {
      best = [n, d];
      bestError = error;
    }
  }
  return best;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * A decimal price as a fractional one: the profit per unit staked, "3/2" for 2.50, "1/2" for 1.50,
 * "1/1" for evens; denominators up to 20 as the traditional prices use (long prices round to "n/1").
 */
export function formatFractional(price: number | null): string {
  if (price === null) return '–';
  const profit = price - 1;
  if (profit <= 0) return '0/1';
  const [n, d] = profit >= 20 ? [Math.round(profit), 1] : closestFraction(profit, 20);
  if (n === 0) return `1/${Math.round(1 / profit)}`;
  const divisor = gcd(n, d);
  return `${n / divisor}/${d / divisor}`;
}

/** A decimal price as an American one: "+150" for 2.50 (profit on 100 staked), "-200" for 1.50 (stake to win 100). */
export function formatAmerican(price: number | null): string {
  if (price === null || price <= 1) return '–';
  if (price >= 2) return `+${Math.round((price - 1) * 100)}`;
  return `-${Math.round(100 / (price - 1))}`;
}

export type PriceFormat = 'decimal' | 'fractional' | 'american';

export function formatPrice(price: number | null, format: PriceFormat): string {
  if (format === 'fractional') return formatFractional(price);
  if (format === 'american') return formatAmerican(price);
  return formatDecimal(price);
}
