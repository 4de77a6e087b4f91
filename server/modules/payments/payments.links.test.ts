// Payment link tokens (issue #21): a token proves "may pay this order until then" and nothing else;
// altered, expired, for another order or signed with another key, it proves nothing.
import { describe, expect, it } from 'vitest';
import { PAYMENT_LINK_TTL_MS, paymentLinkKey, signPaymentToken, verifyPaymentToken } from './payments.links.ts';

const KEY = paymentLinkKey('test-secret-test-secret-test-secret-000');
const ORDER = 'ord_AbCdEfGhIjKlMnOpQrStUv';
const NOW = new Date('2026-11-27T09:00:00.000Z');
const UNTIL = new Date(NOW.getTime() + PAYMENT_LINK_TTL_MS);

describe('payment link tokens', () => {
  it('is compact and opens its order until it expires', () => {
    const token = signPaymentToken(KEY, ORDER, UNTIL);
    expect(token.length).toBeLessThanOrEqual(64);
    expect(token).toMatch(/^ord_[\w-]+\.[0-9a-z]+\.[\w-]{22}$/);
    expect(verifyPaymentToken(KEY, token, NOW)).toEqual({ ok: true, orderId: ORDER, expiresAt: UNTIL });
    expect(verifyPaymentToken(KEY, token, new Date(UNTIL.getTime() - 1000), ORDER).ok).toBe(true);
  });

  it('is expired from its expiry on', () => {
    const token = signPaymentToken(KEY, ORDER, UNTIL);
    expect(verifyPaymentToken(KEY, token, UNTIL)).toEqual({ ok: false, reason: 'expired', orderId: ORDER });
    expect(verifyPaymentToken(KEY, token, new Date(UNTIL.getTime() + 86_400_000)).ok).toBe(false);
  });

  it('refuses a token altered anywhere: another order, a later expiry, another signature', () => {
    const token = signPaymentToken(KEY, ORDER, UNTIL);
    const [order, expiry, signature] = token.split('.') as [string, string, string];
    const later = (Number.parseInt(expiry, 36) + 86_400).toString(36);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const altered of [
      `ord_ZbCdEfGhIjKlMnOpQrStUv.${expiry}.${signature}`,
      `${order}.${later}.${signature}`,
      `${order}.${expiry}.${flipped}`,
    ]) {
      expect(verifyPaymentToken(KEY, altered, NOW), altered).toEqual({ ok: false, reason: 'tampered' });
    }
    // Another site's key (another session secret) signs another token.
    expect(verifyPaymentToken(paymentLinkKey('another-secret-another-secret-another'), token, NOW).ok).toBe(false);
  });

  it('refuses a good token for another order than the one asked about', () => {
    const token = signPaymentToken(KEY, ORDER, UNTIL);
    expect(verifyPaymentToken(KEY, token, NOW, 'ord_SomeOtherOrder000000')).toEqual({ ok: false, reason: 'tampered' });
  });

  it('refuses what is not a token at all', () => {
    for (const junk of [
      null,
      undefined,
      '',
      'x',
      `${ORDER}..`,
      `${ORDER}.zz`,
      'a'.repeat(500),
      `${ORDER}.1.${'a'.repeat(43)}`,
    ]) {
      expect(verifyPaymentToken(KEY, junk, NOW).ok, String(junk)).toBe(false);
    }
  });
});
