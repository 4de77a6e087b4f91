// Prices and their three notations (issue #24).
import { describe, expect, it } from 'vitest';
import { formatAmerican, formatDecimal, formatFractional, formatPrice, priceOf } from './prices.ts';

describe('priceOf', () => {
  it('gives fair odds 1 / p at margin 0 and no price for an impossible outcome', () => {
    expect(priceOf(0.5)).toBe(2);
    expect(priceOf(0.4)).toBe(2.5);
    expect(priceOf(1 / 3)).toBe(3);
    expect(priceOf(1)).toBe(1);
    expect(priceOf(0)).toBeNull();
  });

  it('shortens every price by the margin and never goes below 1.00', () => {
    expect(priceOf(0.5, 0.05)).toBe(1.9);
    expect(priceOf(0.99, 0.1)).toBe(1);
    expect(() => priceOf(0.5, -0.1)).toThrow(RangeError);
  });
});

describe('formats', () => {
  it('writes decimal, fractional and American prices', () => {
    expect(formatDecimal(2.5)).toBe('2.50');
    expect(formatFractional(2.5)).toBe('3/2');
    expect(formatFractional(1.5)).toBe('1/2');
    expect(formatFractional(2)).toBe('1/1');
    expect(formatFractional(1.91)).toBe('10/11');
    expect(formatFractional(3.75)).toBe('11/4');
    expect(formatFractional(51)).toBe('50/1');
    expect(formatAmerican(2.5)).toBe('+150');
    expect(formatAmerican(1.5)).toBe('-200');
    expect(formatAmerican(2)).toBe('+100');
    expect(formatPrice(null, 'american')).toBe('–');
    expect(formatPrice(4, 'fractional')).toBe('3/1');
  });
});
