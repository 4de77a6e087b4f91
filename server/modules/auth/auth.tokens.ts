// Access tokens are short-lived JWTs signed with HS256, the algorithm pinned on
// both sides (RFC 8725 §3.1); refresh tokens and reset tokens are opaque random
// strings of which only a SHA-256 hash is stored. A stolen database therefore
// holds no usable token.
import { createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
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

/** Signs the short-lived OpenID Connect state cookie; never the access-token key. */
export function oidcStateKey(sessionSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', sessionSecret, 'scoreline', 'oidc-state-hs256', 32));
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
