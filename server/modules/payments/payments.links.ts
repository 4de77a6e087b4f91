// Signed payment links (issue #21; docs/payments.md "Paying on another device"): proof, without a
// session, that whoever holds the token may pay one order until a time. The copy-link page hands one to
// its owner for another device, and the sandbox's checkout URL carries one so that the hosted checkout
// works under PAYMENT_BASE_URL on another host, where the site's session cookie is not sent.
//
// `<order id>.<expiry, unix seconds in base 36>.<HMAC-SHA256, first 128 bits, base64url>`, about 60
// characters: short enough for a QR code a phone reads at a glance. The key is derived from the session
// secret for this use only, as the other keys of server/modules/auth/auth.tokens.ts are. A token proves
// only "may pay this order": it names nobody, and the order's state is read afresh on every use, so a
// paid order's link can never pay it twice.
import { createHmac, hkdfSync } from 'node:crypto';
import { constantTimeEqual } from '../auth/auth.tokens.ts';

/** How long a payment link is honoured (issue #21: 24 hours). */
export const PAYMENT_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const TOKEN_PATTERN = /^(ord_[A-Za-z0-9_-]{1,64})\.([0-9a-z]{1,9})\.([A-Za-z0-9_-]{22})$/;

export type PaymentTokenCheck =
  | { ok: true; orderId: string; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'tampered' | 'expired'; orderId?: string };

/** The key that signs payment links; derived from the session secret, for this use only. */
export function paymentLinkKey(sessionSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', sessionSecret, 'scoreline', 'payment-link-hmac', 32));
}

function signature(key: Uint8Array, orderId: string, expiresAtSeconds: number): string {
  return createHmac('sha256', key)
    .update(`payment-link\n${orderId}\n${expiresAtSeconds}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** A token that lets its holder pay `orderId` until `expiresAt` (to the second). */
export function signPaymentToken(key: Uint8Array, orderId: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${orderId}.${seconds.toString(36)}.${signature(key, orderId, seconds)}`;
}

/**
 * What a token proves at `now`. The signature is checked before the expiry, so "expired" is only said
 * of a token this site did sign; a token for another order than `expectedOrderId` is "tampered".
 */
export function verifyPaymentToken(
  key: Uint8Array,
  token: string | null | undefined,
  now: Date,
  expectedOrderId?: string,
): PaymentTokenCheck {
  const match = token && token.length <= 120 ? TOKEN_PATTERN.exec(token) : null;
  if (!match) return { ok: false, reason: 'malformed' };
  const [, orderId = '', expiry = '', given = ''] = match;
  const seconds = Number.parseInt(expiry, 36);
  if (!Number.isSafeInteger(seconds)) return { ok: false, reason: 'malformed' };
  if (!constantTimeEqual(given, signature(key, orderId, seconds))) return { ok: false, reason: 'tampered' };
  if (expectedOrderId !== undefined && expectedOrderId !== orderId) return { ok: false, reason: 'tampered' };
  const expiresAt = new Date(seconds * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: 'expired', orderId };
  return { ok: true, orderId, expiresAt };
}
