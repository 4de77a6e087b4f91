// Social sign-in with OpenID Connect (issue #6): authorization code flow with
// PKCE (S256), state and nonce, all three kept in a short-lived signed cookie
// between the redirect and the callback. Accounts link by verified email only
// (see AccountService.signInWithOidc).
import { SignJWT, jwtVerify } from 'jose';
import * as client from 'openid-client';
import type { Config } from '../../platform/config.ts';
import type { OidcClaims } from './auth.service.ts';

export const OIDC_STATE_COOKIE = 'scoreline_oidc';
const STATE_TTL_SECONDS = 600;

export interface OidcStart {
  /** The provider's authorization URL to redirect the browser to. */
  url: string;
  /** Value of the state cookie (a signed JWT holding state, nonce, PKCE verifier and the return path). */
  stateCookie: string;
}

export interface OidcService {
  readonly enabled: boolean;
  readonly providerName: string;
  start(returnTo: string): Promise<OidcStart>;
  /** Exchanges the code after checking state, nonce and PKCE; throws when anything does not match. */
  finish(callbackSearch: string, stateCookie: string | undefined): Promise<{ claims: OidcClaims; returnTo: string }>;
  stateCookieHeader(value: string, secure: boolean): string;
}

function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}

export function createOidcService(options: {
  config: Pick<
    Config,
    | 'OIDC_ISSUER'
    | 'OIDC_CLIENT_ID'
    | 'OIDC_CLIENT_SECRET'
    | 'OIDC_REDIRECT_URI'
    | 'OIDC_NAME'
    | 'BASE_URL'
    | 'isProduction'
  >;
  stateKey: Uint8Array;
}): OidcService {
  const { config, stateKey } = options;
  const enabled = Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET);
  const redirectUri = config.OIDC_REDIRECT_URI ?? new URL('/api/auth/oidc/callback', config.BASE_URL).href;
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    if (!enabled || !config.OIDC_ISSUER || !config.OIDC_CLIENT_ID)
      return Promise.reject(new Error('Social sign-in is not configured'));
    const issuer = new URL(config.OIDC_ISSUER);
    // Plain http only for a provider on this machine (development, the test suite).
    const execute = issuer.protocol === 'http:' && isLoopback(issuer) ? [client.allowInsecureRequests] : [];
    discovered ??= client
      .discovery(issuer, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET, undefined, { execute })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    enabled,
    providerName: config.OIDC_NAME ?? 'OpenID Connect',

    async start(returnTo) {
      const oidc = await configuration();
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(oidc, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const stateCookie = await new SignJWT({ state, nonce, verifier, returnTo })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(`${STATE_TTL_SECONDS}s`)
        .sign(stateKey);
      return { url: url.href, stateCookie };
    },

    async finish(callbackSearch, stateCookie) {
      if (!stateCookie) throw new Error('The sign-in took too long or was started in another browser');
      const { payload } = await jwtVerify(stateCookie, stateKey, { algorithms: ['HS256'] });
      const { state, nonce, verifier, returnTo } = payload as {
        state?: unknown;
        nonce?: unknown;
        verifier?: unknown;
        returnTo?: unknown;
      };
      if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string')
        throw new Error('The sign-in state is damaged');
      const oidc = await configuration();
      const current = new URL(redirectUri);
      current.search = callbackSearch;
      const tokens = await client.authorizationCodeGrant(
        oidc,
        current,
        { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true },
        { redirect_uri: redirectUri },
      );
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('The provider sent no ID token');
      let email = typeof idClaims.email === 'string' ? idClaims.email : undefined;
      let emailVerified = idClaims.email_verified === true;
      let name = typeof idClaims.name === 'string' ? idClaims.name : undefined;
      if (!email) {
        const info = await client.fetchUserInfo(oidc, tokens.access_token, idClaims.sub);
        email = typeof info.email === 'string' ? info.email : undefined;
        emailVerified = info.email_verified === true;
        name ??= typeof info.name === 'string' ? info.name : undefined;
      }
      return {
        claims: { issuer: idClaims.iss, subject: idClaims.sub, email, emailVerified, name },
        returnTo: typeof returnTo === 'string' ? returnTo : '/',
      };
    },

    stateCookieHeader(value, secure) {
      const parts = [
        `${OIDC_STATE_COOKIE}=${value}`,
        'Path=/api/auth/oidc',
        `Max-Age=${value ? STATE_TTL_SECONDS : 0}`,
        'HttpOnly',
        'SameSite=Lax',
      ];
      if (secure) parts.push('Secure');
      return parts.join('; ');
    },
  };
}
