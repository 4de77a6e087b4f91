// The web app's side of accounts: tokens live in HttpOnly, SameSite=Lax cookies
// (Secure in production) and the spec's token state machine (domain/auth-session.ts)
// runs here, on the server, once per request — so server-rendered pages know
// the user, and an expired access token is refreshed (rotated) before the page
// renders. JSON API clients send `Authorization: Bearer` instead.
import type { Logger } from 'pino';
import { ExpiredAuthSessionError, createAuthSession } from '../../../domain/auth-session.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import { arrivedOverHttps } from '../../platform/transport.ts';
import { userSchema, type User } from './auth.schemas.ts';
import type { AccountService, IssuedSession, RequestMeta } from './auth.service.ts';
import { isForbiddenCrossSiteWrite } from './auth.csrf.ts';
import { KNOWN_DEVICE_TTL_SECONDS } from './auth.tokens.ts';

export const ACCESS_COOKIE = 'scoreline_access';
export const REFRESH_COOKIE = 'scoreline_refresh';
/**
 * Proof that this browser once signed in to an account (issue #17): sign-in
 * limits count such a browser apart from everyone else trying that account.
 * It outlives sessions (signing out keeps it) and holds no session.
 */
export const DEVICE_COOKIE = 'scoreline_device';
/**
 * Between the password and the code of a two-factor sign-in (issue #20): the
 * signed challenge, for five minutes. It proves the password step, not a session.
 */
export const TWO_FACTOR_COOKIE = 'scoreline_2fa';

/** Who is making a request, as guards and pages see it. */
export interface SessionUser {
  id: number;
  email: string;
  displayName: string;
  role: User['role'];
  scopes: string[];
  plan: string;
  /** The session (refresh-token family) of this request. */
  familyId: number;
}

/** One request's view of the session, with the cookies to send back. */
export interface RequestAuth {
  readonly meta: RequestMeta;
  /** Whether cookies set for this request get the Secure flag (secureCookiesFor), for pages that set cookies of their own. */
  readonly secureCookies: boolean;
  /** A cookie this request sent: the first of that name, as sent. */
  readCookie(name: string): string | undefined;
  /** The signed-in user, after refreshing an expired access token when possible. Memoised. */
  currentUser(): Promise<SessionUser | null>;
  /** After currentUser(): 'idle' when the staff session this request came with ended for want of activity (issue #20). */
  endReason(): 'idle' | null;
  /** Keeps a two-factor sign-in challenge between the password and the code (TWO_FACTOR_COOKIE). */
  holdTwoFactorChallenge(challenge: string, maxAgeSeconds: number): void;
  /** The challenge this request's browser holds, if any (checked by whoever reads it). */
  heldTwoFactorChallenge(): string | null;
  clearTwoFactorChallenge(): void;
  /** After sign-in or registration: keep the session in cookies. */
  signIn(session: IssuedSession): void;
  /** Ends this session on the server (errors ignored) and clears the cookies. */
  signOut(): Promise<void>;
  /** Clears the cookies without calling anything (a session revoked elsewhere). */
  clearCookies(): void;
  /** The Set-Cookie values collected so far. */
  setCookieHeaders(): string[];
  /** Adds the collected Set-Cookie headers to a response. */
  applyTo(response: Response): Response;
}

export interface SessionService {
  forRequest(request: Request, clientAddress: string): RequestAuth;
  /** Read-only: the user of a Bearer token or of a valid access cookie, without refreshing. */
  currentUser(request: Request): Promise<SessionUser | null>;
  /** Whether a write must be refused as cross-site (see auth.csrf.ts). */
  isForbiddenWrite(request: Request): boolean;
}

/**
 * Cookies are `Secure` whenever the site is reached over https (issues #6, #17):
 * this request arrived over HTTPS (directly, or by X-Forwarded-Proto from a
 * trusted proxy), or BASE_URL is https. An install reached over plain http (a LAN
 * box) could not keep Secure cookies at all, so sign-in would silently fail there.
 */
export function secureCookiesFor(request: Request, config: Pick<Config, 'BASE_URL' | 'TRUST_PROXY'>): boolean {
  return new URL(config.BASE_URL).protocol === 'https:' || arrivedOverHttps(request, config.TRUST_PROXY);
}

export function readCookies(request: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(index + 1).trim());
  }
  return cookies;
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header ? /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim()) : null;
  return match?.[1] ?? null;
}

/** The refresh cookie holds `<expiry ms>.<token>`: the machine needs to know when it expires. */
function parseRefreshCookie(value: string | undefined): { token: string; expiresAt: number } | null {
  if (!value) return null;
  const match = /^(\d{10,16})\.([A-Za-z0-9_-]{20,200})$/.exec(value);
  return match ? { expiresAt: Number(match[1]), token: match[2] as string } : null;
}

function toSessionUser(user: User, familyId: number): SessionUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    scopes: user.scopes,
    plan: user.plan,
    familyId,
  };
}

export function createSessionService(deps: {
  accounts: AccountService;
  config: Pick<Config, 'ACCESS_TOKEN_TTL' | 'REFRESH_TOKEN_TTL' | 'AUTH_CLIENT_ID' | 'BASE_URL' | 'TRUST_PROXY'>;
  clock: Clock;
  logger: Logger;
}): SessionService {
  const { accounts, config, clock, logger } = deps;
  const allowedOrigins = new Set([new URL(config.BASE_URL).origin]);
  /** Writes cookies for one request: Secure or not depends on how it arrived. */
  function cookieWriter(secure: boolean) {
    return (name: string, value: string, maxAgeSeconds: number): string => {
      const parts = [`${name}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
      if (secure) parts.push('Secure');
      return parts.join('; ');
    };
  }

  async function userFromBearer(token: string): Promise<SessionUser | null> {
    const found = await accounts.authenticate(token);
    return found && found !== 'idle' ? toSessionUser(found.user, found.familyId) : null;
  }

  return {
    isForbiddenWrite(request) {
      const cookies = readCookies(request);
      return isForbiddenCrossSiteWrite(request, {
        allowedOrigins,
        hasSessionCookie: cookies.has(ACCESS_COOKIE) || cookies.has(REFRESH_COOKIE),
        bearer: bearerToken(request) !== null,
      });
    },

    async currentUser(request) {
      const token = bearerToken(request) ?? readCookies(request).get(ACCESS_COOKIE);
      return token ? userFromBearer(token) : null;
    },

    forRequest(request, clientAddress) {
      const secureCookies = secureCookiesFor(request, config);
      const cookie = cookieWriter(secureCookies);
      const cookies = readCookies(request);
      // Bearer-authenticated or cookie-authenticated, never a mix (issue #17; auth.csrf.ts).
      const bearer = bearerToken(request) !== null;
      const meta: RequestMeta = {
        ip: clientAddress,
        userAgent: request.headers.get('user-agent') ?? '',
        deviceToken: cookies.get(DEVICE_COOKIE) ?? null,
      };
      const pending = new Map<string, string>();
      let resolved: Promise<SessionUser | null> | undefined;
      let familyId: number | null = null;
      let endedIdle = false;

      function writeTokens(accessToken: string | null, refreshToken: string | null, refreshExpiresAt: number | null) {
        if (accessToken && refreshToken && refreshExpiresAt) {
          const maxAge = Math.max(0, Math.floor((refreshExpiresAt - clock.now().getTime()) / 1000));
          // The access cookie lives as long as the refresh token: the JWT's own
          // expiry decides when it is stale, and then the machine refreshes it.
          pending.set(ACCESS_COOKIE, cookie(ACCESS_COOKIE, accessToken, maxAge));
          pending.set(REFRESH_COOKIE, cookie(REFRESH_COOKIE, `${refreshExpiresAt}.${refreshToken}`, maxAge));
        } else {
          pending.set(ACCESS_COOKIE, cookie(ACCESS_COOKIE, '', 0));
          pending.set(REFRESH_COOKIE, cookie(REFRESH_COOKIE, '', 0));
        }
      }

      async function resolve(): Promise<SessionUser | null> {
        const token = bearerToken(request);
        if (token) {
          const found = await accounts.authenticate(token);
          if (found === 'idle') endedIdle = true;
          return found && found !== 'idle' ? toSessionUser(found.user, found.familyId) : null;
        }
        const access = cookies.get(ACCESS_COOKIE) || null;
        const refresh = parseRefreshCookie(cookies.get(REFRESH_COOKIE));
        if (!access && !refresh) {
          if (cookies.has(ACCESS_COOKIE) || cookies.has(REFRESH_COOKIE)) writeTokens(null, null, null);
          return null;
        }
        const machine = createAuthSession<User>({
          strategy: 'refresh',
          clock: { now: () => clock.now().getTime() },
          parseUser: (value) => userSchema.parse(value),
          clientId: config.AUTH_CLIENT_ID,
          accessTokenMaxAgeSeconds: config.ACCESS_TOKEN_TTL,
          refreshTokenMaxAgeSeconds: config.REFRESH_TOKEN_TTL,
          transport: {
            login: () => Promise.reject(new Error('Sign-in goes through the account service')),
            logout: () => Promise.resolve(null),
            async fetchUser(token) {
              const found = await accounts.authenticate(token);
              if (found === 'idle') endedIdle = true;
              if (!found || found === 'idle') throw new Error('The access token was not accepted');
              familyId = found.familyId;
              return { user: found.user };
            },
            async refresh(payload) {
              const result = await accounts.refresh(payload, meta);
              if (!result.ok && result.code === 'session_idle') endedIdle = true;
              if (!result.ok) throw new Error(result.message);
              return { data: { token: result.session.token, user: result.session.user } };
            },
          },
          onRefreshError: (error) =>
            logger.info(
              { reason: error instanceof Error ? error.message : String(error) },
              'session refresh failed: signed out',
            ),
          logError: (message, error) => {
            const expired = error instanceof ExpiredAuthSessionError;
            logger.info({ reason: error instanceof Error ? error.message : String(error), expired }, message);
          },
        });
        machine.restore({
          token: access,
          refreshToken: refresh?.token ?? null,
          refreshTokenExpiresAt: refresh?.expiresAt ?? null,
        });
        await machine.init();
        const state = machine.state;
        if (state.token !== access || state.refreshToken !== (refresh?.token ?? null)) {
          writeTokens(state.token, state.refreshToken, state.refreshTokenExpiresAt);
        }
        return state.loggedIn && state.user && familyId !== null ? toSessionUser(state.user, familyId) : null;
      }

      const auth: RequestAuth = {
        meta,
        secureCookies,
        readCookie: (name) => cookies.get(name),
        currentUser() {
          resolved ??= resolve();
          return resolved;
        },
        endReason: () => (endedIdle ? 'idle' : null),
        holdTwoFactorChallenge(challenge, maxAgeSeconds) {
          pending.set(TWO_FACTOR_COOKIE, cookie(TWO_FACTOR_COOKIE, challenge, maxAgeSeconds));
        },
        heldTwoFactorChallenge: () => cookies.get(TWO_FACTOR_COOKIE) ?? null,
        clearTwoFactorChallenge() {
          if (cookies.has(TWO_FACTOR_COOKIE) || pending.has(TWO_FACTOR_COOKIE)) {
            pending.set(TWO_FACTOR_COOKIE, cookie(TWO_FACTOR_COOKIE, '', 0));
          }
        },
        signIn(session) {
          auth.clearTwoFactorChallenge();
          writeTokens(session.token.access_token, session.token.refresh_token, session.refreshExpiresAt);
          if (session.deviceToken) {
            pending.set(DEVICE_COOKIE, cookie(DEVICE_COOKIE, session.deviceToken, KNOWN_DEVICE_TTL_SECONDS));
          }
          familyId = session.familyId;
          resolved = Promise.resolve(toSessionUser(session.user, session.familyId));
        },
        async signOut() {
          try {
            const user = await auth.currentUser();
            if (user) await accounts.logout(user.familyId);
            else if (!bearer) {
              const refresh = parseRefreshCookie(cookies.get(REFRESH_COOKIE));
              if (refresh) await accounts.logoutByRefreshToken(refresh.token);
            }
          } catch (error) {
            // Spec §4: errors of the logout call are ignored; the local session is reset regardless.
            logger.warn({ err: error }, 'logout: the server side could not be ended');
          }
          auth.clearCookies();
        },
        clearCookies() {
          // A Bearer request never reads the cookies beside it, so it never changes them either.
          if (!bearer) writeTokens(null, null, null);
          resolved = Promise.resolve(null);
        },
        setCookieHeaders: () => [...pending.values()],
        applyTo(response) {
          const personal =
            pending.size > 0 ||
            cookies.has(ACCESS_COOKIE) ||
            cookies.has(REFRESH_COOKIE) ||
            bearerToken(request) !== null;
          if (!personal) return response;
          const mark = (target: Response) => {
            for (const value of pending.values()) target.headers.append('Set-Cookie', value);
            // A page rendered for one signed-in visitor must not be cached for anyone else.
            target.headers.set('Cache-Control', 'private, no-store');
            return target;
          };
          try {
            return mark(response);
          } catch {
            // Immutable headers (e.g. a fetched response): mark a copy.
            return mark(new Response(response.body, response));
          }
        },
      };
      return auth;
    },
  };
}
