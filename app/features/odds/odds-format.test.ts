import { describe, expect, it } from 'vitest';
import { formatPercent, formatPrice, priceMove } from './odds-format.ts';

describe('prices in the three formats', () => {
  it('writes decimal prices with two decimals', () => {
    expect(formatPrice(2.5, 'decimal')).toBe('2.50');
    expect(formatPrice(1.909, 'decimal')).toBe('1.91');
    expect(formatPrice(13, 'decimal')).toBe('13.00');
  });

  it('writes fractional and American prices by the model’s notations', () => {
    expect(formatPrice(2.5, 'fractional')).toBe('3/2');
    expect(formatPrice(1.5, 'fractional')).toBe('1/2');
    expect(formatPrice(2.5, 'american')).toBe('+150');
    expect(formatPrice(1.5, 'american')).toBe('-200');
  });

  it('shows a dash where there is no price (an outcome that can no longer happen)', () => {
    for (const format of ['decimal', 'fractional', 'american'] as const) {
      expect(formatPrice(null, format)).toBe('–');
      expect(formatPrice(Number.NaN, format)).toBe('–');
    }
  });
});

describe('percentages', () => {
  it('keeps one decimal and never rounds an outcome that can happen to 0 or 100', () => {
    expect(formatPercent(0.4537)).toBe('45.4%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0.0001)).toBe('<0.1%');
    expect(formatPercent(0.99999)).toBe('>99.9%');
  });
});

describe('price moves', () => {
  it('says up or down past a cent, nothing otherwise', () => {
    expect(priceMove(2.1, 2.5)).toBe('up');
    expect(priceMove(2.5, 2.1)).toBe('down');
    expect(priceMove(2.5, 2.502)).toBeNull();
    expect(priceMove(undefined, 2)).toBeNull();
    expect(priceMove(2, null)).toBeNull();
  });
});
