// Every transition of the spec's auth state machine (§3, §4, §7, §8), with a clock the test moves.
import { describe, expect, it } from 'vitest';
import {
  BOTH_TOKENS_EXPIRED_MESSAGE,
  ExpiredAuthSessionError,
  MISSING_USER_MESSAGE,
  createAuthSession,
  getTokenStatus,
  readJwtExpiry,
  type AuthTransport,
  type RefreshPayload,
} from './auth-session.ts';

interface TestUser {
  id: number;
  email: string;
}

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

function fakeJwt(expSeconds: number): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: '1', exp: expSeconds })}.signature`;
}

function parseUser(value: unknown): TestUser {
  if (typeof value !== 'object' || value === null || typeof (value as TestUser).id !== 'number')
    throw new Error('bad user');
  return value as TestUser;
}

function setup(overrides: Partial<AuthTransport> = {}, options: { clientId?: string; sendGrantType?: boolean } = {}) {
  let now = T0;
  const calls: string[] = [];
  const refreshPayloads: RefreshPayload[] = [];
  const refreshErrors: unknown[] = [];
  const logged: Array<[string, unknown]> = [];
  let issued = 0;
  const tokenAnswer = () => {
    issued += 1;
    return {
      data: {
        token: { access_token: `access-${issued}`, refresh_token: `refresh-${issued}`, expires_in: 1800 },
        user: { id: 1, email: 'a@example.com' },
      },
    };
  };
  const transport: AuthTransport = {
    login: async () => {
      calls.push('login');
      return tokenAnswer();
    },
    fetchUser: async () => {
      calls.push('user');
      return { user: { id: 1, email: 'a@example.com' } };
    },
    refresh: async (payload) => {
      calls.push('refresh');
      refreshPayloads.push(payload);
      return tokenAnswer();
    },
    logout: async () => {
      calls.push('logout');
      return {};
    },
    ...overrides,
  };
  const session = createAuthSession<TestUser>({
    strategy: 'refresh',
    transport,
    clock: { now: () => now },
    parseUser,
    onRefreshError: (error) => refreshErrors.push(error),
    logError: (message, error) => logged.push([message, error]),
    ...options,
  });
  return {
    session,
    calls,
    refreshPayloads,
    refreshErrors,
    logged,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('token status', () => {
  it('is unknown without an expiry', () => {
    expect(getTokenStatus(null, T0)).toBe('unknown');
  });
  it('is valid until 500 ms before the stated expiry, then expired', () => {
    const expiresAt = T0 + 10_000;
    expect(getTokenStatus(expiresAt, expiresAt - 501)).toBe('valid');
    expect(getTokenStatus(expiresAt, expiresAt - 500)).toBe('expired');
    expect(getTokenStatus(expiresAt, expiresAt - 1)).toBe('expired');
    expect(getTokenStatus(expiresAt, expiresAt + 1)).toBe('expired');
  });
  it('reads the expiry of a JWT without verifying it', () => {
    expect(readJwtExpiry(fakeJwt(1_800_000_000))).toBe(1_800_000_000_000);
    expect(readJwtExpiry('not-a-jwt')).toBeNull();
    expect(readJwtExpiry('a.%%%.c')).toBeNull();
  });
});

describe('strategy', () => {
  it('raises an error without a strategy', () => {
    expect(() =>
      createAuthSession({ strategy: undefined, transport: {} as AuthTransport, clock: { now: () => 0 }, parseUser }),
    ).toThrow('No auth strategy is configured');
  });
  it('raises an error for an unsupported strategy', () => {
    expect(() =>
      createAuthSession({ strategy: 'cookie', transport: {} as AuthTransport, clock: { now: () => 0 }, parseUser }),
    ).toThrow('Auth strategy "cookie" is not supported');
  });
});

describe('auth session', () => {
  it('starts signed out with unknown token status', () => {
    const { session } = setup();
    expect(session.state).toMatchObject({ user: null, loggedIn: false, token: null, refreshToken: null });
    expect(session.tokenStatus()).toBe('unknown');
    expect(session.refreshTokenStatus()).toBe('unknown');
  });

  it('login stores the tokens, then fetches the user', async () => {
    const { session, calls } = setup();
    await session.login({ email: 'a@example.com', password: 'x' });
    expect(calls).toEqual(['login', 'user']);
    expect(session.state).toMatchObject({
      loggedIn: true,
      user: { id: 1 },
      token: 'access-1',
      refreshToken: 'refresh-1',
      tokenExpiresAt: T0 + 1_800_000,
      refreshTokenExpiresAt: T0 + 2_592_000_000,
    });
    expect(session.tokenStatus()).toBe('valid');
  });

  it('fails when the user answer has no user field', async () => {
    const { session } = setup({ fetchUser: async () => ({ data: { id: 1 } }) });
    await expect(session.login({})).rejects.toThrow(MISSING_USER_MESSAGE);
    expect(session.state.loggedIn).toBe(false);
  });

  it('a valid token continues without a refresh', async () => {
    const { session, calls, advance } = setup();
    await session.login({});
    advance(1_800_000 - 501);
    await expect(session.ensureValidToken()).resolves.toBe('valid');
    expect(calls).toEqual(['login', 'user']);
  });

  it('an expired token (500 ms early) with a usable refresh token is refreshed and the request continues', async () => {
    const { session, calls, advance, refreshPayloads } = setup();
    await session.login({});
    advance(1_800_000 - 500);
    expect(session.tokenStatus()).toBe('expired');
    await expect(session.ensureValidToken()).resolves.toBe('refreshed');
    expect(calls).toEqual(['login', 'user', 'refresh']);
    expect(refreshPayloads).toEqual([{ refresh_token: 'refresh-1' }]);
    expect(session.state).toMatchObject({ loggedIn: true, token: 'access-2', refreshToken: 'refresh-2' });
    expect(session.tokenStatus()).toBe('valid');
  });

  it('sends client_id and grant_type when configured', async () => {
    const { session, advance, refreshPayloads } = setup({}, { clientId: 'web', sendGrantType: true });
    await session.login({});
    advance(1_800_000);
    await session.ensureValidToken();
    expect(refreshPayloads).toEqual([{ refresh_token: 'refresh-1', client_id: 'web', grant_type: 'refresh_token' }]);
  });

  it('a failed refresh calls the error handler and resets the session (signed out)', async () => {
    const failure = new Error('refresh refused');
    const { session, advance, refreshErrors } = setup({
      refresh: async () => {
        throw failure;
      },
    });
    await session.login({});
    advance(1_800_000);
    await expect(session.ensureValidToken()).resolves.toBe('signed-out');
    expect(refreshErrors).toEqual([failure]);
    expect(session.state).toMatchObject({ user: null, loggedIn: false, token: null, refreshToken: null });
  });

  it('an expired token with no refresh token cannot refresh: reset', async () => {
    const { session, advance, calls } = setup({
      login: async () => ({ data: { token: { access_token: 'only-access', expires_in: 60 } } }),
    });
    await session.login({});
    advance(60_000);
    await expect(session.ensureValidToken()).resolves.toBe('signed-out');
    expect(calls).toEqual(['user']);
    expect(session.state.loggedIn).toBe(false);
  });

  it('both tokens expired: reset and abort with the spec message', async () => {
    const { session, advance, calls } = setup();
    await session.login({});
    advance(2_592_000_000 - 500);
    const attempt = session.ensureValidToken();
    await expect(attempt).rejects.toBeInstanceOf(ExpiredAuthSessionError);
    await expect(attempt).rejects.toThrow(BOTH_TOKENS_EXPIRED_MESSAGE);
    expect(calls).not.toContain('refresh');
    expect(session.state).toMatchObject({ user: null, loggedIn: false, token: null, refreshToken: null });
  });

  it('a refresh token 501 ms before its expiry is still usable', async () => {
    const { session, advance } = setup();
    await session.login({});
    advance(2_592_000_000 - 501);
    await expect(session.ensureValidToken()).resolves.toBe('refreshed');
  });

  it('restores stored tokens: expiry read from the JWT, then init fetches the user', async () => {
    const { session, calls } = setup();
    session.restore({ token: fakeJwt(T0 / 1000 + 600), refreshToken: 'r', refreshTokenExpiresAt: T0 + 86_400_000 });
    expect(session.tokenStatus()).toBe('valid');
    await session.init();
    expect(calls).toEqual(['user']);
    expect(session.state.loggedIn).toBe(true);
  });

  it('init with an expired stored token and a missing access token refreshes first', async () => {
    const { session, calls } = setup();
    session.restore({ token: null, refreshToken: 'r', refreshTokenExpiresAt: T0 + 86_400_000 });
    await session.init();
    expect(calls).toEqual(['refresh', 'user']);
    expect(session.state).toMatchObject({ loggedIn: true, token: 'access-1' });
  });

  it('initialisation errors are logged only, and leave the session signed out', async () => {
    const { session, logged } = setup({
      fetchUser: async () => {
        throw new Error('server down');
      },
    });
    session.restore({ token: fakeJwt(T0 / 1000 + 600), refreshToken: 'r', refreshTokenExpiresAt: T0 + 86_400_000 });
    await expect(session.init()).resolves.toBeUndefined();
    expect(logged.map(([message, error]) => [message, (error as Error).message])).toEqual([
      ['Auth initialisation failed', 'server down'],
    ]);
    expect(session.state.loggedIn).toBe(false);
  });

  it('init with both tokens expired logs the spec message and resets', async () => {
    const { session, logged } = setup();
    session.restore({ token: fakeJwt(T0 / 1000 - 10), refreshToken: 'r', refreshTokenExpiresAt: T0 - 1 });
    await session.init();
    expect((logged[0]?.[1] as Error).message).toBe(BOTH_TOKENS_EXPIRED_MESSAGE);
    expect(session.state).toMatchObject({ token: null, refreshToken: null, user: null });
  });

  it('logout ignores an error from the server and resets', async () => {
    const { session } = setup({
      logout: async () => {
        throw new Error('offline');
      },
    });
    await session.login({});
    await expect(session.logout()).resolves.toBeUndefined();
    expect(session.state).toMatchObject({ user: null, loggedIn: false, token: null, refreshToken: null });
  });

  it('reset clears the user, the token and the refresh token', async () => {
    const { session } = setup();
    await session.login({});
    session.reset();
    expect(session.state).toEqual({
      user: null,
      loggedIn: false,
      token: null,
      tokenExpiresAt: null,
      refreshToken: null,
      refreshTokenExpiresAt: null,
    });
  });

  it('a signed-out session stays signed out before a request', async () => {
    const { session, calls } = setup();
    await expect(session.ensureValidToken()).resolves.toBe('signed-out');
    expect(calls).toEqual([]);
  });

  it('rejects a token answer without data.token.access_token', () => {
    const { session } = setup();
    expect(() => session.setTokensFrom({ token: { access_token: 'x' } })).toThrow('data.token.access_token');
  });
});
