import { describe, expect, it } from 'vitest';
import {
  KNOWN_DEVICE_TTL_SECONDS,
  newKnownDeviceToken,
  openSecret,
  sealSecret,
  sessionTokenKey,
  successorRefreshToken,
  twoFactorKeys,
  verifyKnownDeviceToken,
} from './auth.tokens.ts';

const key = sessionTokenKey('test-secret-test-secret-test-secret-000');
const now = new Date('2026-03-01T12:00:00Z');

describe('known-device tokens', () => {
  it('prove a sign-in to this account, within a year', () => {
    const token = newKnownDeviceToken(key, 'ada@example.com', now);
    expect(verifyKnownDeviceToken(key, 'ada@example.com', token, now)).toMatch(/^[\w-]{22}$/);
    const lastDay = new Date(now.getTime() + (KNOWN_DEVICE_TTL_SECONDS - 60) * 1000);
    expect(verifyKnownDeviceToken(key, 'ada@example.com', token, lastDay)).not.toBeNull();
    const tooLate = new Date(now.getTime() + (KNOWN_DEVICE_TTL_SECONDS + 60) * 1000);
    expect(verifyKnownDeviceToken(key, 'ada@example.com', token, tooLate)).toBeNull();
  });

  it('prove nothing for another account, under another key, or once edited', () => {
    const token = newKnownDeviceToken(key, 'ada@example.com', now);
    expect(verifyKnownDeviceToken(key, 'bob@example.com', token, now)).toBeNull();
    expect(verifyKnownDeviceToken(sessionTokenKey('another-secret-another-secret-0000000'), 'ada@example.com', token, now)).toBeNull();
    const [nonce, issued, signature] = token.split('.');
    // A later issue time, to stretch its life, breaks the signature.
    expect(verifyKnownDeviceToken(key, 'ada@example.com', `${nonce}.${Number(issued) + 86_400}.${signature}`, now)).toBeNull();
    for (const broken of ['', 'x', `${nonce}.${issued}`, `${token}.extra`, null, undefined]) {
      expect(verifyKnownDeviceToken(key, 'ada@example.com', broken, now)).toBeNull();
    }
  });
});

describe('refresh-token successors', () => {
  it('are the same for the same token and key, and unrelated otherwise', () => {
    expect(successorRefreshToken(key, 'token-a')).toBe(successorRefreshToken(key, 'token-a'));
    expect(successorRefreshToken(key, 'token-a')).not.toBe(successorRefreshToken(key, 'token-b'));
    expect(successorRefreshToken(sessionTokenKey('another-secret-another-secret-0000000'), 'token-a')).not.toBe(
      successorRefreshToken(key, 'token-a'),
    );
    expect(successorRefreshToken(key, 'token-a')).toMatch(/^[\w-]{43}$/);
  });
});

describe('sealed TOTP secrets (issue #20)', () => {
  const { secret: sealKey } = twoFactorKeys('test-secret-test-secret-test-secret-000');

  it('open for the account they were sealed for, under the same key', () => {
    const sealed = sealSecret(sealKey, 'JBSWY3DPEHPK3PXP', 'totp-secret:7');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toBe(sealSecret(sealKey, 'JBSWY3DPEHPK3PXP', 'totp-secret:7'));
    expect(openSecret(sealKey, sealed, 'totp-secret:7')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('open for nobody else, under no other key, and not once altered', () => {
    const sealed = sealSecret(sealKey, 'JBSWY3DPEHPK3PXP', 'totp-secret:7');
    expect(openSecret(sealKey, sealed, 'totp-secret:8')).toBeNull();
    const { secret: otherKey } = twoFactorKeys('another-secret-another-secret-0000000');
    expect(openSecret(otherKey, sealed, 'totp-secret:7')).toBeNull();
    const [version, iv, body = '', tag = ''] = sealed.split('.');
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(openSecret(sealKey, [version, iv, flipped, tag].join('.'), 'totp-secret:7')).toBeNull();
    expect(openSecret(sealKey, [version, iv, body, tag.slice(0, 8)].join('.'), 'totp-secret:7')).toBeNull();
    for (const broken of ['', 'v1', 'v2.a.b.c', `${sealed}.x`]) expect(openSecret(sealKey, broken, 'totp-secret:7')).toBeNull();
  });
});
