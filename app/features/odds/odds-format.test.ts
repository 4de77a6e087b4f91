import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPercent, formatPrice, fractionOf, priceMove } from './odds-format.ts';

describe('prices in the three formats', () => {
  it('writes decimal prices with two decimals', () => {
    expect(formatPrice(2.5, 'decimal')).toBe('2.50');
    expect(formatPrice(1.909, 'decimal')).toBe('1.91');
    expect(formatPrice(13, 'decimal')).toBe('13.00');
  });

  it('writes fractional prices as bookmakers do', () => {
    expect(formatPrice(2.5, 'fractional')).toBe('3/2');
    expect(formatPrice(2, 'fractional')).toBe('Evens');
    expect(formatPrice(1.5, 'fractional')).toBe('1/2');
    expect(formatPrice(1.909, 'fractional')).toBe('10/11');
    expect(formatPrice(11, 'fractional')).toBe('10/1');
    expect(formatPrice(3.25, 'fractional')).toBe('9/4');
    expect(formatPrice(1.001, 'fractional')).toBe('1/1000');
  });

  it('writes American prices: + what 100 wins, − the stake that wins 100', () => {
    expect(formatPrice(2.5, 'american')).toBe('+150');
    expect(formatPrice(2, 'american')).toBe('+100');
    expect(formatPrice(1.5, 'american')).toBe('\u2212200');
    expect(formatPrice(1.25, 'american')).toBe('\u2212400');
    expect(formatPrice(1, 'american')).toBe('–');
  });

  it('shows a dash where there is no price (an outcome that can no longer happen)', () => {
    for (const format of ['decimal', 'fractional', 'american'] as const) expect(formatPrice(null, format)).toBe('–');
  });

  it('finds a fraction within half a percent of any price, denominators at most 100 (or 1/n for tiny profits)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.02, max: 500, noNaN: true }), (price) => {
        const [numerator, denominator] = fractionOf(price);
        expect(denominator).toBeGreaterThan(0);
        expect(denominator).toBeLessThanOrEqual(100);
        expect(Math.abs(numerator / denominator - (price - 1))).toBeLessThanOrEqual((price - 1) * 0.02 + 0.01);
      }),
    );
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
