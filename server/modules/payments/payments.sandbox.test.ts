// The sandbox webhook's signature (issue #21; docs/payments.md): computed over
// the raw body, five minutes either way, several v1 values for key rotation,
// and anything malformed refused with a reason.
import { describe, expect, it } from 'vitest';
import { signatureHeader, signPayload, verifySignature, webhookSecret } from './payments.sandbox.ts';

const SECRET = 'sandbox-secret-sandbox-secret-0123456789';
const NOW = new Date('2026-11-27T12:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);
const BODY = '{"id":"evt_1","type":"payment.succeeded"}';

describe('the sandbox webhook signature', () => {
  it('accepts the body it signed, up to five minutes either side of now', () => {
    expect(verifySignature(SECRET, signatureHeader(SECRET, T, BODY), BODY, NOW)).toBeNull();
    expect(verifySignature(SECRET, signatureHeader(SECRET, T - 300, BODY), BODY, NOW)).toBeNull();
    expect(verifySignature(SECRET, signatureHeader(SECRET, T + 300, BODY), BODY, NOW)).toBeNull();
    expect(verifySignature(SECRET, signatureHeader(SECRET, T - 301, BODY), BODY, NOW)).toMatch(
      /older than five minutes/,
    );
    expect(verifySignature(SECRET, signatureHeader(SECRET, T + 301, BODY), BODY, NOW)).toMatch(
      /older than five minutes/,
    );
  });

  it('is the hex HMAC-SHA256 of "<t>.<raw body>"', async () => {
    const { createHmac } = await import('node:crypto');
    expect(signPayload(SECRET, T, BODY)).toBe(createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex'));
  });

  it('refuses another body, another key, and a timestamp moved after signing', () => {
    const header = signatureHeader(SECRET, T, BODY);
    expect(verifySignature(SECRET, header, `${BODY} `, NOW)).toMatch(/does not match/);
    expect(verifySignature(`${SECRET}x`, header, BODY, NOW)).toMatch(/does not match/);
    expect(verifySignature(SECRET, header.replace(`t=${T}`, `t=${T + 1}`), BODY, NOW)).toMatch(/does not match/);
  });

  it('accepts any of several v1 signatures, so a key can be rotated', () => {
    const header = `t=${T},v1=${signPayload('old-key-old-key-old-key-old-key-0000', T, BODY)},v1=${signPayload(SECRET, T, BODY)}`;
    expect(verifySignature(SECRET, header, BODY, NOW)).toBeNull();
  });

  it('refuses a missing or malformed header', () => {
    expect(verifySignature(SECRET, null, BODY, NOW)).toMatch(/missing/);
    expect(verifySignature(SECRET, '', BODY, NOW)).toMatch(/missing/);
    for (const header of [
      'v1=abc',
      `t=${T}`,
      `t=${T},v1=zz`,
      `t=soon,v1=${signPayload(SECRET, T, BODY)}`,
      `t=${T},v0=${signPayload(SECRET, T, BODY)}`,
    ]) {
      expect(verifySignature(SECRET, header, BODY, NOW), header).toMatch(/not valid/);
    }
  });

  it('derives a key of its own from the session secret when none is configured', () => {
    const derived = webhookSecret(undefined, 'session-secret-session-secret-000000');
    expect(derived).toMatch(/^[0-9a-f]{64}$/);
    expect(derived).not.toContain('session-secret');
    expect(webhookSecret(SECRET, 'session-secret-session-secret-000000')).toBe(SECRET);
  });
});
