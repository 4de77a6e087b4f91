// The auth session state machine of the spec (§3, §4, §7, §8): pure, with the
// transport and the clock injected, so it runs the same in the browser, on the
// server (the web app runs it per request over cookies) and in tests.
//
// State: signed out | signed in (user + loggedIn). Token status: unknown |
// valid | expired; a token counts as expired 500 ms before its stated expiry.

export const TOKEN_EXPIRY_SKEW_MS = 500;
export const DEFAULT_ACCESS_TOKEN_MAX_AGE_SECONDS = 1800;
export const DEFAULT_REFRESH_TOKEN_MAX_AGE_SECONDS = 2_592_000;

export const BOTH_TOKENS_EXPIRED_MESSAGE = 'Both token and refresh token have expired. Your request was aborted.';
export const MISSING_USER_MESSAGE = 'User Data response does not contain field user';

/** The only strategy this app speaks: access token + rotating refresh token. */
export const SUPPORTED_AUTH_STRATEGIES = ['refresh'] as const;

export type TokenStatus = 'unknown' | 'valid' | 'expired';

export class ExpiredAuthSessionError extends Error {
  constructor() {
    super(BOTH_TOKENS_EXPIRED_MESSAGE);
    this.name = 'ExpiredAuthSessionError';
  }
}

export interface AuthClock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** Status of a token whose expiry is `expiresAt` (ms), or unknown when there is no expiry. */
export function getTokenStatus(expiresAt: number | null, now: number): TokenStatus {
  if (expiresAt === null || !Number.isFinite(expiresAt)) return 'unknown';
  return now < expiresAt - TOKEN_EXPIRY_SKEW_MS ? 'valid' : 'expired';
}

/** The `exp` claim of a JWT (ms), read without verifying it: only to know when to refresh. */
export function readJwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp: unknown = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export interface RefreshPayload {
  refresh_token: string;
  client_id?: string;
  grant_type?: 'refresh_token';
}

/** The calls of spec §7, answered with the parsed JSON body (or throwing on failure). */
export interface AuthTransport {
  login(credentials: Record<string, unknown>): Promise<unknown>;
  fetchUser(accessToken: string): Promise<unknown>;
  refresh(payload: RefreshPayload): Promise<unknown>;
  logout(accessToken: string | null, refreshToken: string | null): Promise<unknown>;
}

export interface AuthState<U> {
  user: U | null;
  loggedIn: boolean;
  token: string | null;
  /** ms since the epoch; null when unknown. */
  tokenExpiresAt: number | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: number | null;
}

export interface StoredTokens {
  token: string | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: number | null;
}

export interface AuthSessionOptions<U> {
  /** 'refresh'; anything else, or nothing, is an error (spec §8). */
  strategy: string | undefined;
  transport: AuthTransport;
  clock: AuthClock;
  /** Validates the user object of a `{ user }` response. */
  parseUser(value: unknown): U;
  /** Sent with every refresh when configured (spec §7). */
  clientId?: string;
  /** Sends `grant_type: 'refresh_token'` with every refresh when true. */
  sendGrantType?: boolean;
  accessTokenMaxAgeSeconds?: number;
  refreshTokenMaxAgeSeconds?: number;
  /** Called when a refresh fails, before the session is reset (spec §8). */
  onRefreshError?(error: unknown): void;
  /** Where initialisation errors go: logged only, never thrown (spec §8). */
  logError?(message: string, error: unknown): void;
}

export interface AuthSession<U> {
  readonly state: Readonly<AuthState<U>>;
  tokenStatus(): TokenStatus;
  refreshTokenStatus(): TokenStatus;
  /** Puts stored tokens back (e.g. from cookies) without calling anything. */
  restore(tokens: StoredTokens): void;
  /** Sign in: stores the tokens of the answer, then fetches the user. */
  login(credentials: Record<string, unknown>): Promise<void>;
  /** Stores the tokens of a login or refresh answer `{ data: { token } }`. */
  setTokensFrom(response: unknown): void;
  fetchUser(): Promise<U | null>;
  /**
   * Before a request: an expired access token is refreshed when possible;
   * when it is not, or the refresh fails, the session is reset. An expired
   * refresh token resets the session and throws ExpiredAuthSessionError.
   */
  ensureValidToken(): Promise<'valid' | 'refreshed' | 'signed-out'>;
  refreshTokens(): Promise<void>;
  /** Restores the user on start-up; errors are logged only. */
  init(): Promise<void>;
  /** Calls the server (errors ignored), then resets. */
  logout(): Promise<void>;
  /** Clears the user, the token and the refresh token. */
  reset(): void;
}

function emptyState<U>(): AuthState<U> {
  return {
    user: null,
    loggedIn: false,
    token: null,
    tokenExpiresAt: null,
    refreshToken: null,
    refreshTokenExpiresAt: null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `data.token.*` of a login, registration or refresh answer (spec §7). */
function readTokens(response: unknown): { accessToken: string; refreshToken: string | null; expiresIn: number | null } {
  const data = isRecord(response) ? response.data : undefined;
  const token = isRecord(data) ? data.token : undefined;
  if (!isRecord(token) || typeof token.access_token !== 'string' || token.access_token === '') {
    throw new Error('Token response does not contain data.token.access_token');
  }
  return {
    accessToken: token.access_token,
    refreshToken: typeof token.refresh_token === 'string' && token.refresh_token !== '' ? token.refresh_token : null,
    expiresIn: typeof token.expires_in === 'number' ? token.expires_in : null,
  };
}

export function createAuthSession<U>(options: AuthSessionOptions<U>): AuthSession<U> {
  if (options.strategy === undefined || options.strategy === '') throw new Error('No auth strategy is configured');
  if (!(SUPPORTED_AUTH_STRATEGIES as readonly string[]).includes(options.strategy)) {
    throw new Error(`Auth strategy "${options.strategy}" is not supported`);
  }
  const { transport, clock } = options;
  const accessMaxAge = (options.accessTokenMaxAgeSeconds ?? DEFAULT_ACCESS_TOKEN_MAX_AGE_SECONDS) * 1000;
  const refreshMaxAge = (options.refreshTokenMaxAgeSeconds ?? DEFAULT_REFRESH_TOKEN_MAX_AGE_SECONDS) * 1000;
  let state: AuthState<U> = emptyState();

  const session: AuthSession<U> = {
    get state() {
      return state;
    },
    tokenStatus: () => (state.token ? getTokenStatus(state.tokenExpiresAt, clock.now()) : 'unknown'),
    refreshTokenStatus: () =>
      state.refreshToken ? getTokenStatus(state.refreshTokenExpiresAt, clock.now()) : 'unknown',

    restore(tokens) {
      state = {
        ...emptyState<U>(),
        token: tokens.token,
        tokenExpiresAt: tokens.token ? readJwtExpiry(tokens.token) : null,
        refreshToken: tokens.refreshToken,
        refreshTokenExpiresAt: tokens.refreshToken ? tokens.refreshTokenExpiresAt : null,
      };
    },

    async login(credentials) {
      session.reset();
      const response = await transport.login(credentials);
      session.setTokensFrom(response);
      await session.fetchUser();
    },

    setTokensFrom(response) {
      const { accessToken, refreshToken, expiresIn } = readTokens(response);
      const now = clock.now();
      const fromJwt = readJwtExpiry(accessToken);
      state = {
        ...state,
        token: accessToken,
        tokenExpiresAt: expiresIn !== null ? now + expiresIn * 1000 : (fromJwt ?? now + accessMaxAge),
        // A refresh answer without a new refresh token keeps the old one.
        refreshToken: refreshToken ?? state.refreshToken,
        refreshTokenExpiresAt: refreshToken ? now + refreshMaxAge : state.refreshTokenExpiresAt,
      };
    },

    async fetchUser() {
      if (!state.token) return null;
      const response = await transport.fetchUser(state.token);
      if (!isRecord(response) || !('user' in response)) throw new Error(MISSING_USER_MESSAGE);
      const user = options.parseUser(response.user);
      state = { ...state, user, loggedIn: true };
      return user;
    },

    async ensureValidToken() {
      if (!state.token && !state.refreshToken) return 'signed-out';
      if (session.refreshTokenStatus() === 'expired') {
        session.reset();
        throw new ExpiredAuthSessionError();
      }
      const tokenStatus = session.tokenStatus();
      if (state.token && tokenStatus !== 'expired') return 'valid';
      // The access token is expired (or gone): refresh and continue, or sign out.
      if (!state.refreshToken) {
        session.reset();
        return 'signed-out';
      }
      try {
        await session.refreshTokens();
        return 'refreshed';
      } catch {
        return 'signed-out';
      }
    },

    async refreshTokens() {
      if (!state.refreshToken) throw new Error('No refresh token to refresh with');
      const payload: RefreshPayload = {
        refresh_token: state.refreshToken,
        client_id: options.clientId,
        grant_type: options.sendGrantType ? 'refresh_token' : undefined,
      };
      // Spec §7: undefined fields are dropped.
      for (const key of Object.keys(payload) as Array<keyof RefreshPayload>)
        if (payload[key] === undefined) delete payload[key];
      try {
        session.setTokensFrom(await transport.refresh(payload));
      } catch (error) {
        options.onRefreshError?.(error);
        session.reset();
        throw error;
      }
    },

    async init() {
      try {
        const outcome = await session.ensureValidToken();
        if (outcome !== 'signed-out') await session.fetchUser();
      } catch (error) {
        options.logError?.('Auth initialisation failed', error);
        if (!state.loggedIn) session.reset();
      }
    },

    async logout() {
      try {
        await transport.logout(state.token, state.refreshToken);
      } catch {
        // Spec §4: errors on the logout call are ignored.
      }
      session.reset();
    },

    reset() {
      state = emptyState();
    },
  };
  return session;
}
