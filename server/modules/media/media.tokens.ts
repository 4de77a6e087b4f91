// Signed media URLs (issue #22; docs/media.md "Signed playback"): proof that one user may fetch one
// premium video's playlists, segments and captions until a time a few minutes away.
//
// `<video id>.<user id>.<expiry, unix seconds in base 36>.<HMAC-SHA256, first 128 bits, base64url>`.
// The key is derived from the session secret for this use only (as payment links' is). A token names a
// video, not a file: the playlist the server hands out carries the same token on every URI inside it,
// and files are looked up only inside that video's own folder.
import { createHmac, hkdfSync } from 'node:crypto';
import { constantTimeEqual } from '../auth/auth.tokens.ts';

const TOKEN_PATTERN = /^(\d{1,15})\.(\d{1,15})\.([0-9a-z]{1,9})\.([A-Za-z0-9_-]{22})$/;

export type MediaTokenCheck =
  | { ok: true; videoId: number; userId: number; expiresAt: Date }
  | { ok: false; reason: 'missing' | 'malformed' | 'tampered' | 'expired' | 'other_video' };

/** The key that signs media URLs; derived from the session secret, for this use only. */
export function mediaTokenKey(sessionSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', sessionSecret, 'scoreline', 'media-url-hmac', 32));
}

function signature(key: Uint8Array, videoId: number, userId: number, expiresAtSeconds: number): string {
  return createHmac('sha256', key)
    .update(`media-url\n${videoId}\n${userId}\n${expiresAtSeconds}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** A token that lets `userId` fetch `videoId`'s files until `expiresAt` (to the second). */
export function signMediaToken(key: Uint8Array, videoId: number, userId: number, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${videoId}.${userId}.${seconds.toString(36)}.${signature(key, videoId, userId, seconds)}`;
}

/**
 * What a token proves at `now` for a request of `videoId`'s files. The signature is checked first, so
 * "expired" and "other_video" are only said of tokens this site signed.
 */
export function verifyMediaToken(
  key: Uint8Array,
  token: string | null | undefined,
  now: Date,
  videoId: number,
): MediaTokenCheck {
  if (!token) return { ok: false, reason: 'missing' };
  const match = token.length <= 120 ? TOKEN_PATTERN.exec(token) : null;
  if (!match) return { ok: false, reason: 'malformed' };
  const [, video = '', user = '', expiry = '', given = ''] = match;
  const seconds = Number.parseInt(expiry, 36);
  const tokenVideo = Number(video);
  const tokenUser = Number(user);
  if (![seconds, tokenVideo, tokenUser].every(Number.isSafeInteger)) return { ok: false, reason: 'malformed' };
  if (!constantTimeEqual(given, signature(key, tokenVideo, tokenUser, seconds)))
    return { ok: false, reason: 'tampered' };
  if (tokenVideo !== videoId) return { ok: false, reason: 'other_video' };
  const expiresAt = new Date(seconds * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, videoId: tokenVideo, userId: tokenUser, expiresAt };
}
