// How the odds panel writes a model's numbers (issue #24): a probability in
// percent, and its decimal price as decimal, fractional or American odds — the
// visitor's choice (odds-preferences.ts). Pure, so the server's HTML and the
// browser's updates read the same.

export const ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

export const ODDS_FORMAT_LABELS: Record<OddsFormat, string> = {
  decimal: 'Decimal (2.50)',
  fractional: 'Fractional (3/2)',
  american: 'American (+150)',
};

/** "45.3%"; "<0.1%" and ">99.9%" rather than a rounded 0 or 100 for what is merely unlikely or likely. */
export function formatPercent(p: number): string {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  if (p < 0.0005) return '<0.1%';
  if (p > 0.9995) return '>99.9%';
  return `${(p * 100).toFixed(1)}%`;
}

/**
 * The fraction (price − 1) as bookmakers write it: the simplest fraction within half a percent of the
 * decimal price's profit, found among the continued-fraction convergents (denominators up to 100).
 */
export function fractionOf(price: number): [number, number] {
  const profit = price - 1;
  if (profit <= 0) return [0, 1];
  let [h0, h1] = [0, 1];
  let [k0, k1] = [1, 0];
  let rest = profit;
  let best: [number, number] = [Math.round(profit), 1];
  for (let step = 0; step < 12; step += 1) {
    const whole = Math.floor(rest);
    [h0, h1] = [h1, whole * h1 + h0];
    [k0, k1] = [k1, whole * k1 + k0];
    if (k1 > 100) break;
    best = [h1, k1];
    if (Math.abs(h1 / k1 - profit) <= profit * 0.005) break;
    const fractional = rest - whole;
    if (fractional < 1e-9) break;
    rest = 1 / fractional;
  }
  return best[0] === 0 ? [1, Math.max(1, Math.round(1 / profit))] : best;
}

/** The price in the chosen format; null (no price: an outcome that can no longer happen) is a dash. */
export function formatPrice(price: number | null, format: OddsFormat): string {
  if (price === null || !Number.isFinite(price)) return '–';
  switch (format) {
    case 'decimal':
      return price.toFixed(2);
    case 'fractional': {
      const [numerator, denominator] = fractionOf(price);
      if (numerator === 0) return '0/1';
      return numerator === denominator ? 'Evens' : `${numerator}/${denominator}`;
    }
    case 'american': {
      const profit = price - 1;
      if (profit <= 0) return '–';
      // +150: what a 100 stake wins; −200: the stake that wins 100.
      return profit >= 1 ? `+${Math.round(profit * 100)}` : `\u2212${Math.round(100 / profit)}`;
    }
  }
}

/** Which way a price went since the last one shown, if it moved by a visible amount (a cent, in decimal). */
export function priceMove(before: number | null | undefined, after: number | null): 'up' | 'down' | null {
  if (before === null || before === undefined || after === null) return null;
  if (Math.abs(after - before) < 0.005) return null;
  return after > before ? 'up' : 'down';
}
