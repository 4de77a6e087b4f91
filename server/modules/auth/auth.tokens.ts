// Access tokens are short-lived JWTs signed with HS256, the algorithm pinned on
// both sides (RFC 8725 §3.1); refresh tokens and reset tokens are opaque random
// strings of which only a SHA-256 hash is stored. A stolen database therefore
// holds no usable token.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_ALGORITHM = 'HS256';

export interface AccessTokenClaims {
  userId: number;
  /** The refresh-token family (session) this token was issued for. */
  familyId: number;
  scopes: string[];
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export interface AccessTokenSigner {
  sign(claims: Omit<AccessTokenClaims, 'exp'>, now: Date, ttlSeconds: number): Promise<string>;
  /** The claims of a valid token, or null for a bad signature, another algorithm, a wrong issuer or an expired token. */
  verify(token: string, now: Date): Promise<AccessTokenClaims | null>;
}

/**
 * The HS256 key: AUTH_JWT_SECRET when set, else derived from the session
 * secret with HKDF, so one installation-wide secret is enough and the two
 * uses never share a key.
 */
export function accessTokenKey(jwtSecret: string | undefined, sessionSecret: string): Uint8Array {
  if (jwtSecret) return new TextEncoder().encode(jwtSecret);
  return new Uint8Array(hkdfSync('sha256', sessionSecret, 'scoreline', 'access-token-hs256', 32));
}

/**
 * The key behind refresh-token successors and known-device cookies (issue
 * #17). Derived from the session secret like the others, for its own use only.
 */
export function sessionTokenKey(sessionSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', sessionSecret, 'scoreline', 'session-tokens-hmac', 32));
}

/**
 * The refresh token that replaces `token` when it is rotated. It is derived,
 * not drawn at random, so that requests racing with the same token (two tabs,
 * a page and its data request) can each hand back the very same new pair
 * within the grace window (docs/decisions/010-accounts-and-tokens.md). Only
 * someone holding both the old token and the server's key can compute it.
 */
export function successorRefreshToken(key: Uint8Array, token: string): string {
  return createHmac('sha256', key).update(`refresh-successor\n${token}`).digest('base64url');
}

/** How long a known-device token is honoured (its cookie lives as long). */
export const KNOWN_DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;

/**
 * A known-device token (OWASP's "device cookie"): proof that this browser
 * signed in to the account with this email key within the last year. It is
 * bound to the account, so signing in to one's own account does not make a
 * browser known to anyone else's. `<nonce>.<issued, s>.<HMAC>`.
 */
export function newKnownDeviceToken(key: Uint8Array, emailKey: string, now: Date): string {
  const nonce = randomBytes(16).toString('base64url');
  const issuedAt = Math.floor(now.getTime() / 1000);
  return `${nonce}.${issuedAt}.${signKnownDevice(key, emailKey, nonce, issuedAt)}`;
}

/** The token's nonce when it was issued for this email key less than a year ago, else null. */
export function verifyKnownDeviceToken(
  key: Uint8Array,
  emailKey: string,
  token: string | null | undefined,
  now: Date,
): string | null {
  const match = token ? /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) return null;
  const [, nonce = '', issued = '', signature = ''] = match;
  const issuedAt = Number(issued);
  const age = now.getTime() / 1000 - issuedAt;
  if (age < -300 || age > KNOWN_DEVICE_TTL_SECONDS) return null;
  return constantTimeEqual(signature, signKnownDevice(key, emailKey, nonce, issuedAt)) ? nonce : null;
}

function signKnownDevice(key: Uint8Array, emailKey: string, nonce: string, issuedAt: number): string {
  return createHmac('sha256', key).update(`known-device\n${emailKey}\n${nonce}\n${issuedAt}`).digest('base64url');
}

/** Signs the short-lived OpenID Connect state cookie; never the access-token key. */
export function oidcStateKey(sessionSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', sessionSecret, 'scoreline', 'oidc-state-hs256', 32));
}

/**
 * The keys of staff two-factor sign-in (issue #20), each derived from the
 * session secret for its one use: `secret` encrypts the stored TOTP secrets
 * (AES-256-GCM), `challenge` signs the short-lived proof that the password
 * step passed, `recovery` is the pepper of recovery-code hashes, so a copy of
 * the database alone cannot test guesses of them offline.
 */
export function twoFactorKeys(sessionSecret: string): {
  secret: Uint8Array;
  challenge: Uint8Array;
  recovery: Uint8Array;
} {
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', sessionSecret, 'scoreline', info, 32));
  return {
    secret: derive('totp-secret-aes256gcm'),
    challenge: derive('two-factor-challenge-hmac'),
    recovery: derive('recovery-code-hmac'),
  };
}

/**
 * Encrypts a small secret with AES-256-GCM: `v1.<iv>.<ciphertext>.<tag>`, base64url.
 * `context` (e.g. the account id) is authenticated data: a value copied to
 * another account's row does not open there.
 */
export function sealSecret(key: Uint8Array, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(
    '.',
  );
}

/** The plaintext of sealSecret's output, or null when it was tampered with, sealed for another context or under another key. */
export function openSecret(key: Uint8Array, sealed: string, context: string): string | null {
  const parts = sealed.split('.');
  const [version, iv, body, tag] = parts;
  if (parts.length !== 4 || version !== 'v1' || !iv || body === undefined || !tag) return null;
  try {
    // A 16-byte tag only: a shortened one would weaken the check.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function createAccessTokenSigner(options: {
  key: Uint8Array;
  issuer: string;
  audience: string;
}): AccessTokenSigner {
  const { key, issuer, audience } = options;
  return {
    async sign(claims, now, ttlSeconds) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ scope: claims.scopes.join(' '), sid: String(claims.familyId) })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ACCESS_TOKEN_ALGORITHM],
          issuer,
          audience,
          currentDate: now,
          requiredClaims: ['sub', 'exp', 'sid'],
        });
        const userId = Number(payload.sub);
        const familyId = Number(payload.sid);
        if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(familyId) || typeof payload.exp !== 'number')
          return null;
        const scope = typeof payload.scope === 'string' ? payload.scope : '';
        return { userId, familyId, scopes: scope.split(' ').filter(Boolean), exp: payload.exp };
      } catch {
        return null;
      }
    },
  };
}

/** 256 random bits, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores of an opaque token. High-entropy input needs no slow hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Compares two secrets without leaking where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}
