// How the odds panel writes a model's numbers (issue #24): a probability in
// percent, and its decimal price as decimal, fractional or American odds — the
// visitor's choice (odds-preferences.ts), written by the model's own
// notations. Pure, so the server's HTML and the browser's updates read the same.
import { formatPrice as formatModelPrice, type PriceFormat } from '../../../domain/odds/prices.ts';

export const ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const satisfies readonly PriceFormat[];
export type OddsFormat = PriceFormat;

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

/** The price in the chosen format (the model's notations, domain/odds/prices.ts); no price is a dash. */
export function formatPrice(price: number | null, format: OddsFormat): string {
  return formatModelPrice(price !== null && Number.isFinite(price) ? price : null, format);
}

/** Which way a price went since the last one shown, if it moved by a visible amount (a cent, in decimal). */
export function priceMove(before: number | null | undefined, after: number | null): 'up' | 'down' | null {
  if (before === null || before === undefined || after === null) return null;
  if (Math.abs(after - before) < 0.005) return null;
  return after > before ? 'up' : 'down';
}
