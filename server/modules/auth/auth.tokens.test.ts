import { describe, expect, it } from 'vitest';
import {
  KNOWN_DEVICE_TTL_SECONDS,
  newKnownDeviceToken,
  sessionTokenKey,
  successorRefreshToken,
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
