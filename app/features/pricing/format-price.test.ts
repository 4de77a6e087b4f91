import { describe, expect, it } from 'vitest';
import { formatPrice, yearlySaving } from './format-price.ts';

describe('formatPrice', () => {
  it('reads minor units in the currency’s own decimals', () => {
    expect(formatPrice(999, 'EUR')).toBe('€9.99');
    expect(formatPrice(5000, 'GBP')).toBe('£50.00');
    expect(formatPrice(1200, 'USD')).toBe('US$12.00');
    expect(formatPrice(1200, 'JPY')).toBe('JP¥1,200');
  });
});

describe('yearlySaving', () => {
  it('compares the year with twelve months, rounding the percent down', () => {
    expect(yearlySaving(499, 4990)).toEqual({ amountMinor: 998, percent: 16 });
  });

  it('is null when the year costs as much or more', () => {
    expect(yearlySaving(500, 6000)).toBeNull();
    expect(yearlySaving(500, 7000)).toBeNull();
    expect(yearlySaving(0, 0)).toBeNull();
  });
});
