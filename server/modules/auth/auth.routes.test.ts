// The accounts API through app.request() on real databases (issue #6): the
// spec's shapes, rotation and reuse detection, throttling, CSRF, the cookie
// session with its server-side state machine, sessions, password reset.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOTH_TOKENS_EXPIRED_MESSAGE } from '../../../domain/auth-session.ts';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import { ensureCompetition, ensureSeason } from '../../../db/seed/seed-kit.ts';
import { insertTeam } from '../../../db/teams.ts';
import { TEST_ENGINES, createTestDatabase } from '../../../tests/helpers/test-database.ts';
import { createHttpApp } from '../../http.ts';
import { loadConfig } from '../../platform/config.ts';
import { createMetrics } from '../../platform/metrics.ts';
import { createServices } from '../../services.ts';
import { authResponseSchema, userResponseSchema } from './auth.schemas.ts';
import { REFRESH_COOKIE } from './auth.session.ts';

const ORIGIN = 'http://localhost:3000';

async function buildApp(engine: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const database = await createTestDatabase(engine);
  let now = Date.parse('2026-03-01T12:00:00Z');
  const clock = { now: () => new Date(now) };
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    BASE_URL: ORIGIN,
    TRUST_PROXY: '1',
    ...env,
  });
  const services = createServices({
    config,
    logger: pino({ level: 'silent' }),
    database: database.handle,
    sessionSecret: 'test-secret-test-secret-test-secret-000',
    clock,
  });
  const app = createHttpApp({ services, metrics: createMetrics({ collectDefaults: false }) });
  return {
    app,
    services,
    database,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

type Built = Awaited<ReturnType<typeof buildApp>>;

function post(app: Built['app'], path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7', ...headers },
    body: JSON.stringify(body),
  });
}

/** Cookie header from a response's Set-Cookie values (name=value pairs, deletions dropped). */
function cookiesFrom(response: Response, previous: Map<string, string> = new Map()): Map<string, string> {
  const jar = new Map(previous);
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const index = (pair ?? '').indexOf('=');
    const name = (pair ?? '').slice(0, index);
    const value = (pair ?? '').slice(index + 1);
    if (/Max-Age=0/.test(line) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

describe.each(TEST_ENGINES)('accounts API on %s', (engine) => {
  let t: Built;
  const password = 'correct horse battery staple';

  beforeAll(async () => {
    t = await buildApp(engine);
  });
  afterAll(async () => {
    await t.database.destroy();
  });

  async function register(email: string) {
    const response = await post(t.app, '/api/auth/register', {
      email,
      password,
      displayName: 'Ada',
      phone: '+44 7700 900123',
    });
    expect(response.status).toBe(201);
    return authResponseSchema.parse(await response.json());
  }

  it('registers: { data: { token: { access_token, refresh_token, expires_in }, user } }', async () => {
    const body = await register('Ada@Example.com');
    expect(body.data.token.expires_in).toBe(1800);
    expect(body.data.token.access_token.split('.')).toHaveLength(3);
    expect(body.data.user).toMatchObject({
      email: 'ada@example.com',
      displayName: 'Ada',
      phone: '+447700900123',
      role: 'user',
      scopes: [],
      plan: 'free',
    });
    const row = await t.database.handle.db
      .selectFrom('user_account')
      .select(['password_hash'])
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const stored = await t.database.handle.db.selectFrom('refresh_token').select('token_hash').execute();
    expect(stored.map((token) => token.token_hash)).not.toContain(body.data.token.refresh_token);
  });

  it('refuses short, common and badly formatted input with field errors', async () => {
    const cases: Array<[object, string, string]> = [
      [{ email: 'short@example.com', password: 'abc1234' }, 'password', 'Use at least 8 characters'],
      [
        { email: 'common@example.com', password: 'password123' },
        'password',
        'This password is one of the most common ones. Choose one that is harder to guess',
      ],
      [
        { email: 'common2@example.com', password: 'Liverpool1' },
        'password',
        'This password is one of the most common ones. Choose one that is harder to guess',
      ],
      [{ email: 'not-an-email', password }, 'email', 'Enter a valid email address, like name@example.com'],
      [
        { email: 'phone@example.com', password, phone: '07700 900123' },
        'phone',
        'Enter the phone number in international format, like +447700900123',
      ],
    ];
    for (const [input, field, message] of cases) {
      const response = await post(t.app, '/api/auth/register', input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      const body = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields[field]).toBe(message);
    }
    const taken = await post(t.app, '/api/auth/register', { email: 'ADA@example.com', password });
    expect(taken.status).toBe(409);
  });

  it('signs in, then GET /api/auth/user answers { user } for the Bearer token', async () => {
    const response = await post(t.app, '/api/auth/login', { email: 'ada@example.com', password });
    expect(response.status).toBe(200);
    const { data } = authResponseSchema.parse(await response.json());
    const user = await t.app.request(`${ORIGIN}/api/auth/user`, {
      headers: { Authorization: `Bearer ${data.token.access_token}` },
    });
    expect(user.status).toBe(200);
    expect(userResponseSchema.parse(await user.json()).user.email).toBe('ada@example.com');
    const anonymous = await t.app.request(`${ORIGIN}/api/auth/user`);
    expect(anonymous.status).toBe(401);
    const forged = await t.app.request(`${ORIGIN}/api/auth/user`, {
      headers: { Authorization: `Bearer ${data.token.access_token.slice(0, -2)}xx` },
    });
    expect(forged.status).toBe(401);
  });

  it('refuses a token signed with another algorithm (alg none)', async () => {
    const { data } = authResponseSchema.parse(
      await (await post(t.app, '/api/auth/login', { email: 'ada@example.com', password })).json(),
    );
    const [, payload] = data.token.access_token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const response = await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Authorization: `Bearer ${none}` } });
    expect(response.status).toBe(401);
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const unknown = await post(
      t.app,
      '/api/auth/login',
      { email: 'nobody@example.com', password },
      { 'X-Forwarded-For': '198.51.100.1' },
    );
    const wrong = await post(
      t.app,
      '/api/auth/login',
      { email: 'ada@example.com', password: 'wrong password!' },
      { 'X-Forwarded-For': '198.51.100.1' },
    );
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  it('rotates refresh tokens; reusing a rotated one revokes the whole family', async () => {
    const { data } = await register('rotate@example.com');
    const first = await post(t.app, '/api/auth/refresh-token', {
      refresh_token: data.token.refresh_token,
      grant_type: 'refresh_token',
    });
    expect(first.status).toBe(200);
    const rotated = authResponseSchema.parse(await first.json()).data.token;
    expect(rotated.refresh_token).not.toBe(data.token.refresh_token);
    const second = await post(t.app, '/api/auth/refresh-token', { refresh_token: rotated.refresh_token });
    expect(second.status).toBe(200);
    const newest = authResponseSchema.parse(await second.json()).data.token;

    // The first token again: reuse. Every token of the family stops working.
    const reuse = await post(t.app, '/api/auth/refresh-token', { refresh_token: data.token.refresh_token });
    expect(reuse.status).toBe(401);
    const afterReuse = await post(t.app, '/api/auth/refresh-token', { refresh_token: newest.refresh_token });
    expect(afterReuse.status).toBe(401);
    const access = await t.app.request(`${ORIGIN}/api/auth/user`, {
      headers: { Authorization: `Bearer ${newest.access_token}` },
    });
    expect(access.status).toBe(401);
    const family = await t.database.handle.db
      .selectFrom('refresh_token_family')
      .select(['revoked_reason'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(family.revoked_reason).toBe('reuse');
  });

  it('checks client_id when AUTH_CLIENT_ID is configured', async () => {
    const other = await buildApp(engine, { AUTH_CLIENT_ID: 'scoreline-web' });
    try {
      const registered = await post(other.app, '/api/auth/register', { email: 'client@example.com', password });
      const { data } = authResponseSchema.parse(await registered.json());
      const without = await post(other.app, '/api/auth/refresh-token', { refresh_token: data.token.refresh_token });
      expect(without.status).toBe(401);
      const right = await post(other.app, '/api/auth/refresh-token', {
        refresh_token: data.token.refresh_token,
        client_id: 'scoreline-web',
        grant_type: 'refresh_token',
      });
      expect(right.status).toBe(200);
      const wrongGrant = await post(other.app, '/api/auth/refresh-token', {
        refresh_token: 'x',
        grant_type: 'password',
      });
      expect(wrongGrant.status).toBe(400);
    } finally {
      await other.database.destroy();
    }
  });

  it('throttles per address across accounts', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await post(
        t.app,
        '/api/auth/login',
        { email: `guess${attempt}@example.com`, password: 'wrong password' },
        { 'X-Forwarded-For': '198.51.100.200' },
      );
      expect(response.status).toBe(401);
    }
    const blocked = await post(
      t.app,
      '/api/auth/login',
      { email: 'ada@example.com', password },
      { 'X-Forwarded-For': '198.51.100.200' },
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    const elsewhere = await post(
      t.app,
      '/api/auth/login',
      { email: 'ada@example.com', password },
      { 'X-Forwarded-For': '198.51.100.201' },
    );
    expect(elsewhere.status).toBe(200);
    t.advance(15 * 60 * 1000);
  });

  describe('cookie session (the web app)', () => {
    async function cookieSession(email: string): Promise<Map<string, string>> {
      const { data } = await register(email);
      const refreshExpiresAt = Date.parse('2026-03-01T12:00:00Z');
      expect(refreshExpiresAt).toBeGreaterThan(0);
      // What the pages' sign-in sets; read back through a login page-less path: the service.
      const auth = t.services.sessions.forRequest(new Request(`${ORIGIN}/login`), '127.0.0.1');
      const login = await t.services.accounts.login({ email, password }, auth.meta);
      if (!login.ok) throw new Error(login.message);
      auth.signIn(login.session);
      expect(data.user.email).toBe(email);
      const jar = new Map<string, string>();
      for (const line of auth.setCookieHeaders()) {
        expect(line).toMatch(/; HttpOnly; SameSite=Lax$/);
        const [pair] = line.split(';');
        const index = (pair ?? '').indexOf('=');
        jar.set((pair ?? '').slice(0, index), (pair ?? '').slice(index + 1));
      }
      return jar;
    }

    it('knows the user from the cookies, refreshes an expired access token and sets new cookies', async () => {
      let jar = await cookieSession('cookie@example.com');
      const before = jar.get(REFRESH_COOKIE);
      const fresh = await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Cookie: cookieHeader(jar) } });
      expect(fresh.status).toBe(200);
      expect(fresh.headers.getSetCookie()).toEqual([]);

      // 500 ms before the stated expiry counts as expired: refreshed and continued.
      t.advance(1800 * 1000 - 500);
      const refreshed = await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Cookie: cookieHeader(jar) } });
      expect(refreshed.status).toBe(200);
      jar = cookiesFrom(refreshed, jar);
      expect(jar.get(REFRESH_COOKIE)).not.toBe(before);
      expect(refreshed.headers.get('Cache-Control')).toBe('private, no-store');
      const again = await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Cookie: cookieHeader(jar) } });
      expect(again.status).toBe(200);
    });

    it('signs out when the refresh fails (a revoked session) and clears the cookies', async () => {
      const jar = await cookieSession('revoked@example.com');
      const user = await t.services.accounts.getUser(
        (await t.services.sessions.currentUser(new Request(ORIGIN, { headers: { Cookie: cookieHeader(jar) } })))?.id ??
          0,
      );
      expect(user?.email).toBe('revoked@example.com');
      await t.services.accounts.revokeAllSessions(user?.id ?? 0);
      t.advance(1800 * 1000);
      const response = await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Cookie: cookieHeader(jar) } });
      expect(response.status).toBe(401);
      expect(response.headers.getSetCookie().filter((line) => line.includes('Max-Age=0'))).toHaveLength(2);
    });

    it('with both tokens expired: reset with the spec message (logged), cookies cleared', async () => {
      const jar = await cookieSession('expired@example.com');
      const messages: string[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => void messages.push(line) });
      const services = createServices({
        config: t.services.config,
        logger,
        database: t.database.handle,
        sessionSecret: 'test-secret-test-secret-test-secret-000',
        clock: { now: () => new Date(t.services.clock.now().getTime() + 2_592_000_000) },
      });
      const auth = services.sessions.forRequest(
        new Request(`${ORIGIN}/account`, { headers: { Cookie: cookieHeader(jar) } }),
        '127.0.0.1',
      );
      expect(await auth.currentUser()).toBeNull();
      expect(auth.setCookieHeaders().filter((line) => line.includes('Max-Age=0'))).toHaveLength(2);
      expect(messages.join('\n')).toContain(BOTH_TOKENS_EXPIRED_MESSAGE);
    });

    it('refuses a cross-site cookie-authenticated write, accepts a same-origin one', async () => {
      const jar = await cookieSession('csrf@example.com');
      const crossSite = await t.app.request(`${ORIGIN}/api/auth/sessions/revoke-all`, {
        method: 'POST',
        headers: { Cookie: cookieHeader(jar), Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
      expect(await crossSite.json()).toMatchObject({ error: { code: 'cross_site_request' } });
      const noOrigin = await t.app.request(`${ORIGIN}/api/auth/sessions/revoke-all`, {
        method: 'POST',
        headers: { Cookie: cookieHeader(jar) },
      });
      expect(noOrigin.status).toBe(403);
      const originOnly = await t.app.request(`${ORIGIN}/api/auth/logout`, {
        method: 'POST',
        headers: { Cookie: cookieHeader(jar), Origin: 'https://evil.example' },
      });
      expect(originOnly.status).toBe(403);
      // A cross-site form post to a page is refused too, with or without cookies.
      const pageForm = await t.app.request(`${ORIGIN}/login`, {
        method: 'POST',
        headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'email=a%40b.c&password=x',
      });
      expect(pageForm.status).toBe(403);
      // Still signed in: nothing was revoked.
      expect((await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Cookie: cookieHeader(jar) } })).status).toBe(
        200,
      );
      const sameOrigin = await t.app.request(`${ORIGIN}/api/auth/logout`, {
        method: 'POST',
        headers: { Cookie: cookieHeader(jar), Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' },
      });
      expect(sameOrigin.status).toBe(200);
      expect((await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Cookie: cookieHeader(jar) } })).status).toBe(
        401,
      );
    });
  });

  it('lists sessions, revokes one, and signs out everywhere', async () => {
    const first = await register('sessions@example.com');
    const second = authResponseSchema.parse(
      await (
        await post(t.app, '/api/auth/login', { email: 'sessions@example.com', password }, { 'User-Agent': 'Phone' })
      ).json(),
    );
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
    const list = await t.app.request(`${ORIGIN}/api/auth/sessions`, { headers: bearer(first.data.token.access_token) });
    const sessions = ((await list.json()) as { data: Array<{ id: number; current: boolean; userAgent: string }> }).data;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const phone = sessions.find((session) => session.userAgent === 'Phone');
    const revoke = await t.app.request(`${ORIGIN}/api/auth/sessions/${phone?.id}`, {
      method: 'DELETE',
      headers: bearer(first.data.token.access_token),
    });
    expect(revoke.status).toBe(200);
    expect(
      (await t.app.request(`${ORIGIN}/api/auth/user`, { headers: bearer(second.data.token.access_token) })).status,
    ).toBe(401);
    expect(
      (await post(t.app, '/api/auth/refresh-token', { refresh_token: second.data.token.refresh_token })).status,
    ).toBe(401);

    const everywhere = await t.app.request(`${ORIGIN}/api/auth/sessions/revoke-all`, {
      method: 'POST',
      headers: bearer(first.data.token.access_token),
    });
    expect(everywhere.status).toBe(200);
    expect(
      (await t.app.request(`${ORIGIN}/api/auth/user`, { headers: bearer(first.data.token.access_token) })).status,
    ).toBe(401);
  });

  it('logout with a Bearer token ends that session; errors never block it', async () => {
    const { data } = await register('logout@example.com');
    const response = await post(t.app, '/api/auth/logout', {}, { Authorization: `Bearer ${data.token.access_token}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { signedOut: true } });
    expect((await post(t.app, '/api/auth/refresh-token', { refresh_token: data.token.refresh_token })).status).toBe(
      401,
    );
    const nobody = await post(t.app, '/api/auth/logout', {});
    expect(nobody.status).toBe(200);
  });

  it('password reset: one generic answer, a single-use 30-minute link, all sessions revoked', async () => {
    const { data } = await register('reset@example.com');
    const unknown = await post(t.app, '/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    const known = await post(t.app, '/api/auth/forgot-password', { email: 'reset@example.com' });
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual(await known.json());
    const [mail] = await t.services.mailer.listOutbox({ to: 'reset@example.com' });
    expect(mail?.subject).toBe('Reset your Scoreline password');
    const link = /http:\/\/localhost:3000\/auth\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '');
    const token = link?.[1] ?? '';
    expect(token).not.toBe('');
    expect(
      await t.database.handle.db
        .selectFrom('password_reset_token')
        .select('token_hash')
        .where('token_hash', '=', token)
        .executeTakeFirst(),
    ).toBeUndefined();

    const weak = await post(t.app, '/api/auth/reset-password', { token, password: 'qwerty123' });
    expect(weak.status).toBe(400);
    const reset = await post(t.app, '/api/auth/reset-password', { token, password: 'a brand new passphrase' });
    expect(reset.status).toBe(200);
    const twice = await post(t.app, '/api/auth/reset-password', { token, password: 'another new passphrase' });
    expect(twice.status).toBe(400);
    expect((await post(t.app, '/api/auth/refresh-token', { refresh_token: data.token.refresh_token })).status).toBe(
      401,
    );
    expect(
      (await post(t.app, '/api/auth/login', { email: 'reset@example.com', password: 'a brand new passphrase' })).status,
    ).toBe(200);

    // A link older than 30 minutes does not work. (A minute later: one reset mail a minute per account.)
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      await post(t.app, '/api/auth/forgot-password', { email: 'reset@example.com' });
    } finally {
      vi.useRealTimers();
    }
    const [late] = await t.services.mailer.listOutbox({ to: 'reset@example.com' });
    const lateToken = /token=([\w-]+)/.exec(late?.text ?? '')?.[1] ?? '';
    t.advance(30 * 60 * 1000 + 1);
    expect(
      (await post(t.app, '/api/auth/reset-password', { token: lateToken, password: 'yet another passphrase' })).status,
    ).toBe(400);
  });

  /** A competition, a season, two teams and their match: what favourites can name. */
  async function seedFootball() {
    const db = t.database.handle.db;
    const definition = findCompetitionDefinition('en.1');
    if (!definition) throw new Error('en.1 is not in the catalogue');
    const competitionId = await ensureCompetition(db, definition);
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: '2017-18',
      name: '2017/18',
      startDate: '2017-08-11',
      endDate: '2018-05-13',
      complete: true,
    });
    const arsenal = await insertTeam(db, { name: 'Arsenal FC', shortName: 'Arsenal', kind: 'club' });
    const chelsea = await insertTeam(db, { name: 'Chelsea FC', shortName: 'Chelsea', kind: 'club' });
    const match = await db
      .insertInto('match')
      .values({
        season_id: seasonId,
        stage: null,
        round: 'Matchday 21',
        group_name: null,
        kickoff_at: '2018-01-03T19:45:00.000Z',
        kickoff_time_known: 1,
        home_team_id: arsenal,
        away_team_id: chelsea,
        venue_id: null,
        status: 'finished',
        minute: null,
        home_score: 2,
        away_score: 2,
        home_score_ht: 0,
        away_score_ht: 0,
        home_score_et: null,
        away_score_et: null,
        home_score_pen: null,
        away_score_pen: null,
        has_events: 0,
        source: 'test',
        updated_at: '2018-01-03T21:40:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { arsenal, chelsea, match: Number(match.id) };
  }

  describe('favourites', () => {
    let ids: Awaited<ReturnType<typeof seedFootball>>;
    beforeAll(async () => {
      ids = await seedFootball();
    });

    it('merges the device’s favourites into the account at sign-in, named from the data, once each', async () => {
      await register('favourites@example.com');
      const meta = { ip: '192.0.2.50', userAgent: 'test' };
      // As app/lib/preferences/favourites.ts keeps them; 999999 and xx.9 name nothing and are dropped.
      const device = JSON.stringify({
        teams: [ids.arsenal, 999999],
        competitions: ['en.1', 'xx.9'],
        matches: [ids.match],
      });
      const login = (favourites?: string) =>
        t.services.accounts.login({ email: 'favourites@example.com', password }, meta, favourites);
      expect((await login(device)).ok).toBe(true);
      expect((await login(device)).ok).toBe(true);
      // Unreadable device data never blocks a sign-in.
      expect((await login('not json')).ok).toBe(true);
      expect((await login(JSON.stringify({ teams: ['x'] }))).ok).toBe(true);
      const user = await login();
      if (!user.ok) throw new Error(user.message);
      const favourites = await t.services.accounts.listFavourites(user.session.user.id);
      expect(favourites.map(({ kind, ref, label }) => `${kind}:${ref}:${label}`).sort()).toEqual([
        'competition:en.1:Premier League',
        `match:${ids.match}:Arsenal v Chelsea`,
        `team:${ids.arsenal}:Arsenal FC`,
      ]);
    });

    it('stars and unstars through the API for the signed-in user only', async () => {
      const { data } = await register('stars@example.com');
      const bearer = { Authorization: `Bearer ${data.token.access_token}` };
      const call = (method: string, path: string, headers: Record<string, string> = bearer) =>
        t.app.request(`${ORIGIN}/api/auth/favourites${path}`, { method, headers });

      expect((await call('PUT', `/team/${ids.chelsea}`)).status).toBe(200);
      expect((await call('PUT', `/team/${ids.chelsea}`)).status).toBe(200);
      expect((await call('PUT', '/competition/en.1')).status).toBe(200);
      expect((await call('PUT', `/match/${ids.match}`)).status).toBe(200);
      const unknown = await call('PUT', '/team/424242');
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe('No team 424242 to star');
      expect((await call('PUT', '/player/1')).status).toBe(400);

      const listed = await call('GET', '');
      expect(listed.status).toBe(200);
      const body = (await listed.json()) as {
        data: { teams: number[]; competitions: string[]; matches: number[]; items: unknown[] };
      };
      expect(body.data).toMatchObject({ teams: [ids.chelsea], competitions: ['en.1'], matches: [ids.match] });
      expect(body.data.items).toHaveLength(3);

      expect((await call('DELETE', `/team/${ids.chelsea}`)).status).toBe(200);
      expect((await call('DELETE', `/team/${ids.chelsea}`)).status).toBe(200);
      const after = (await (await call('GET', '')).json()) as { data: { teams: number[] } };
      expect(after.data.teams).toEqual([]);

      expect((await call('GET', '', {})).status).toBe(401);
      expect((await call('PUT', `/team/${ids.chelsea}`, {})).status).toBe(401);
      const rows = await t.database.handle.db
        .selectFrom('user_favourite')
        .select('ref')
        .where('kind', '=', 'team')
        .execute();
      expect(rows.map((row) => row.ref)).not.toContain(String(ids.chelsea));
    });
  });

  it('marks cookies Secure whenever the site is reached over https (issue #17)', async () => {
    const issue = async (env: Record<string, string>, url: string) => {
      const config = loadConfig({ DATABASE_URL: t.database.url, ...env });
      const services = createServices({
        config,
        logger: pino({ level: 'silent' }),
        database: t.database.handle,
        sessionSecret: 'test-secret-test-secret-test-secret-000',
      });
      const auth = services.sessions.forRequest(new Request(url), '127.0.0.1');
      auth.clearCookies();
      return auth.setCookieHeaders();
    };
    expect(await issue({ NODE_ENV: 'production', BASE_URL: 'https://scores.example' }, 'http://scores.example/login')).toEqual([
      'scoreline_access=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
      'scoreline_refresh=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    ]);
    // A LAN install over plain http could not keep Secure cookies.
    for (const line of await issue({ NODE_ENV: 'production', BASE_URL: 'http://192.168.1.5:3000' }, 'http://192.168.1.5:3000/login'))
      expect(line).not.toContain('Secure');
    // The same install reached over https.
    for (const line of await issue({ NODE_ENV: 'production', BASE_URL: 'http://192.168.1.5:3000' }, 'https://192.168.1.5:3000/login'))
      expect(line).toContain('Secure');
    for (const line of await issue({ NODE_ENV: 'development', BASE_URL: 'https://scores.example' }, 'http://scores.example/login'))
      expect(line).toContain('Secure');
  });

  it('documents the accounts API in the OpenAPI document', async () => {
    const response = await t.app.request(`${ORIGIN}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/auth/register',
        '/auth/login',
        '/auth/refresh-token',
        '/auth/logout',
        '/auth/user',
        '/auth/forgot-password',
        '/auth/reset-password',
        '/auth/sessions',
      ]),
    );
  });
});
