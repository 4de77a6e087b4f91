// The VAT a receipt shows (issue #21): worked out from the gross price in whole
// minor units, net rounded half up, VAT what is left, so net + VAT = gross.
import { describe, expect, it } from 'vitest';
import { formatMoney, vatIncluded } from './payments-receipt.ts';

describe('vatIncluded', () => {
  it.each([
    // gross, rate, net, vat
    [499, 20, 416, 83], // 415.83 → 416
    [4499, 20, 3749, 750], // 3749.17 → 3749
    [2999, 7.7, 2785, 214], // 2784.59 → 2785
    [105, 5, 100, 5], // exact
    [1, 100, 1, 0], // 0.5 → 1: half up
    [3, 50, 2, 1], // 2.0 exact
    [5, 25, 4, 1], // 4.0 exact
    [21, 5, 20, 1],
    [0, 20, 0, 0],
  ])('%i minor units at %s %% → net %i, VAT %i', (gross, rate, net, vat) => {
    expect(vatIncluded(gross, rate)).toEqual({ ratePercent: rate, netMinor: net, vatMinor: vat, grossMinor: gross });
  });

  it('rounds exactly half up where a float would not', () => {
    // 1.5 → 2: gross 3 at 100 % is 1.5 net.
    expect(vatIncluded(3, 100)).toMatchObject({ netMinor: 2, vatMinor: 1 });
    // 0.5 cents at 7.7 %? 1077 at 7.7 % is exactly 1000.
    expect(vatIncluded(1077, 7.7)).toMatchObject({ netMinor: 1000, vatMinor: 77 });
  });

  it('is null without VAT', () => {
    expect(vatIncluded(499, 0)).toBeNull();
  });

  it('always adds up to the gross', () => {
    for (let gross = 0; gross < 3000; gross += 7) {
      for (const rate of [5, 7.7, 19, 20, 21, 25.5]) {
        const vat = vatIncluded(gross, rate)!;
        expect(vat.netMinor + vat.vatMinor).toBe(gross);
        expect(Math.abs(vat.netMinor - gross / (1 + rate / 100))).toBeLessThanOrEqual(0.5 + 1e-9);
      }
    }
  });
});

describe('formatMoney', () => {
  it('formats minor units as the pricing pages do', () => {
    expect(formatMoney(499, 'EUR')).toBe('€4.99');
    expect(formatMoney(4999, 'USD')).toBe('US$49.99');
  });
});
