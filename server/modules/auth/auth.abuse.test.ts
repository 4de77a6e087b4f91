// Issue #17's findings about sessions and abuse, each reproduced through the
// real app (app.request()) on SQLite and PostgreSQL, with limits in memory and,
// when TEST_REDIS_URL is set, in Redis: a refresh raced by the same client,
// CSRF by a non-Bearer Authorization header, parallel password guesses and
// owner lock-out, and floods of reset mails and contact messages.
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ENGINES, createTestDatabase } from '../../../tests/helpers/test-database.ts';
import { createHttpApp } from '../../http.ts';
import { loadConfig } from '../../platform/config.ts';
import { createMetrics } from '../../platform/metrics.ts';
import { createMemoryRateLimits, createRedisRateLimits, type RateLimits } from '../../platform/rate-limit.ts';
import { createServices } from '../../services.ts';
import { authResponseSchema } from './auth.schemas.ts';
import { ACCESS_COOKIE, DEVICE_COOKIE, REFRESH_COOKIE } from './auth.session.ts';
import { REFRESH_GRACE_MS } from './auth.service.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const REDIS_URL = process.env.TEST_REDIS_URL;
const LIMIT_STORES = REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

async function buildApp(engine: 'sqlite' | 'postgres', store: 'memory' | 'redis' = 'memory') {
  const database = await createTestDatabase(engine);
  let now = Date.parse('2026-03-01T12:00:00Z');
  const logger = pino({ level: 'silent' });
  const rateLimits: RateLimits =
    store === 'redis' && REDIS_URL
      ? createRedisRateLimits(REDIS_URL, logger, {
          prefix: `scoreline-test:${randomBytes(6).toString('hex')}`,
          commandTimeoutMs: 5000,
        })
      : createMemoryRateLimits();
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, BASE_URL: ORIGIN, TRUST_PROXY: '1' });
  const services = createServices({
    config,
    logger,
    database: database.handle,
    sessionSecret: 'test-secret-test-secret-test-secret-000',
    clock: { now: () => new Date(now) },
    rateLimits,
  });
  const app = createHttpApp({ services, metrics: createMetrics({ collectDefaults: false }) });
  if (!(await rateLimits.ready())) throw new Error('the rate limits store did not answer');
  return {
    app,
    services,
    db: database.handle.db,
    advance: (ms: number) => {
      now += ms;
    },
    async close() {
      await rateLimits.close();
      await database.destroy();
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

/** One sign-in through the JSON API from `ip`, with the browser's known-device cookie when given. */
function signInAttempt(t: Built, email: string, password: string, ip: string, deviceCookie?: string) {
  return post(
    t.app,
    '/api/auth/login',
    { email, password },
    {
      'X-Forwarded-For': ip,
      ...(deviceCookie ? { Cookie: `${DEVICE_COOKIE}=${deviceCookie}` } : {}),
    },
  );
}

/** name → value of a response's Set-Cookie lines (a deletion gives ''). */
function setCookies(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    const index = pair.indexOf('=');
    cookies.set(pair.slice(0, index), /Max-Age=0(;|$)/.test(line) ? '' : pair.slice(index + 1));
  }
  return cookies;
}

const cookieHeader = (jar: Map<string, string>) =>
  [...jar]
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

async function register(t: Built, email: string) {
  const response = await post(t.app, '/api/auth/register', { email, password: PASSWORD });
  expect(response.status).toBe(201);
  return authResponseSchema.parse(await response.json()).data;
}

/** Signs in the way the pages do (the request's session writes the cookies) and returns the cookie jar. */
async function browserSignIn(t: Built, email: string, jar = new Map<string, string>(), ip = '203.0.113.7') {
  const auth = t.services.sessions.forRequest(
    new Request(`${ORIGIN}/login`, { headers: { Cookie: cookieHeader(jar) } }),
    ip,
  );
  const result = await t.services.accounts.login({ email, password: PASSWORD }, auth.meta);
  if (!result.ok) throw new Error(`sign-in refused: ${result.message}`);
  auth.signIn(result.session);
  const next = new Map(jar);
  for (const line of auth.setCookieHeaders()) {
    const pair = line.split(';')[0] ?? '';
    const index = pair.indexOf('=');
    next.set(pair.slice(0, index), pair.slice(index + 1));
  }
  return next;
}

describe.each(TEST_ENGINES)('sessions on %s (issue #17)', (engine) => {
  let t: Built;
  beforeAll(async () => {
    t = await buildApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('10 requests racing one expired access token all stay signed in, with one new pair, in one session', async () => {
    await register(t, 'tabs@example.com');
    const jar = await browserSignIn(t, 'tabs@example.com');
    t.advance(t.services.config.ACCESS_TOKEN_TTL * 1000);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Cookie: cookieHeader(jar) } }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    const users = await Promise.all(
      responses.map(async (response) => ((await response.json()) as { user: { email: string } }).user.email),
    );
    expect(new Set(users)).toEqual(new Set(['tabs@example.com']));
    const pairs = new Set(
      responses.map((response) => {
        const cookies = setCookies(response);
        return `${cookies.get(ACCESS_COOKIE)}|${cookies.get(REFRESH_COOKIE)}`;
      }),
    );
    expect(pairs.size).toBe(1);
    const [pair = ''] = pairs;
    expect(pair).not.toContain('undefined');
    expect(pair.split('|')[1]).not.toBe(jar.get(REFRESH_COOKIE));

    // Registration started one session and the browser's sign-in another: still two, none revoked.
    const user = await t.db
      .selectFrom('user_account')
      .select('id')
      .where('email', '=', 'tabs@example.com')
      .executeTakeFirstOrThrow();
    const families = await t.db
      .selectFrom('refresh_token_family')
      .select(['id', 'revoked_at'])
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .execute();
    expect(families).toHaveLength(2);
    expect(families.map((family) => family.revoked_at)).toEqual([null, null]);
    const tokens = await t.db
      .selectFrom('refresh_token')
      .select('rotated_at')
      .where('family_id', '=', families[0]?.id ?? 0)
      .execute();
    expect(tokens).toHaveLength(2); // the one presented, rotated, and its one successor

    // The new pair works and needs no refresh.
    const [access = '', refresh = ''] = pair.split('|');
    const next = new Map(jar).set(ACCESS_COOKIE, access).set(REFRESH_COOKIE, refresh);
    const after = await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Cookie: cookieHeader(next) } });
    expect(after.status).toBe(200);
    expect(after.headers.getSetCookie()).toEqual([]);

    // The old token after the grace window is reuse: the whole session ends.
    t.advance(REFRESH_GRACE_MS + 1);
    const replay = await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Cookie: cookieHeader(jar) } });
    expect(replay.status).toBe(401);
    expect(setCookies(replay).get(REFRESH_COOKIE)).toBe('');
    const family = await t.db
      .selectFrom('refresh_token_family')
      .select('revoked_reason')
      .where('id', '=', families[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(family.revoked_reason).toBe('reuse');
    expect((await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Cookie: cookieHeader(next) } })).status).toBe(
      401,
    );
  });

  it('the refresh API answers racing uses of one token with the same pair; later reuse still revokes', async () => {
    const { token } = await register(t, 'racing-api@example.com');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(t.app, '/api/auth/refresh-token', { refresh_token: token.refresh_token })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const pairs = new Set(
      await Promise.all(
        answers.map(async (answer) => {
          const { data } = authResponseSchema.parse(await answer.json());
          return `${data.token.access_token}|${data.token.refresh_token}`;
        }),
      ),
    );
    expect(pairs.size).toBe(1);
    const [newest = ''] = [...pairs].map((pair) => pair.split('|')[1]);

    // Once the client has moved on (the new token rotated too), the old one is reuse even inside the window.
    expect((await post(t.app, '/api/auth/refresh-token', { refresh_token: newest })).status).toBe(200);
    expect((await post(t.app, '/api/auth/refresh-token', { refresh_token: token.refresh_token })).status).toBe(401);
    const latest = await t.db
      .selectFrom('refresh_token_family')
      .select('revoked_reason')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(latest.revoked_reason).toBe('reuse');
  });

  it('a reset link sent by several requests at once changes the password once', async () => {
    await register(t, 'once@example.com');
    await post(t.app, '/api/auth/forgot-password', { email: 'once@example.com' }, { 'X-Forwarded-For': '192.0.2.30' });
    const [mail] = await t.services.mailer.listOutbox({ to: 'once@example.com' });
    const token = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    const passwords = Array.from({ length: 5 }, (_, index) => `a new passphrase number ${index}`);
    const answers = await Promise.all(
      passwords.map((password) => post(t.app, '/api/auth/reset-password', { token, password })),
    );
    const winners = passwords.filter((_, index) => answers[index]?.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(4);
    const signIns = await Promise.all(
      passwords.map((password) => signInAttempt(t, 'once@example.com', password, '192.0.2.31')),
    );
    expect(passwords.filter((_, index) => signIns[index]?.status === 200)).toEqual(winners);
  });

  it('the staff door refuses a member’s right password before any session starts', async () => {
    await register(t, 'member@example.com');
    const families = async () =>
      Number(
        (
          await t.db
            .selectFrom('refresh_token_family')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await families();
    const meta = { ip: '192.0.2.90', userAgent: 'test' };
    const refused = await t.services.accounts.login(
      { email: 'member@example.com', password: PASSWORD },
      meta,
      undefined,
      { staffOnly: true },
    );
    expect(refused).toMatchObject({
      ok: false,
      code: 'invalid_credentials',
      message: 'This account has no access to the CMS.',
    });
    expect(await families()).toBe(before);
  });

  it('a cross-site write with the victim’s cookies and a non-Bearer Authorization header is refused', async () => {
    await register(t, 'victim@example.com');
    const jar = await browserSignIn(t, 'victim@example.com');
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Digest username="x"', 'bearer not a token!']) {
      const response = await t.app.request(`${ORIGIN}/api/auth/sessions/revoke-all`, {
        method: 'POST',
        headers: { Cookie: cookieHeader(jar), Origin: 'http://evil.example', Authorization: authorization },
      });
      expect(response.status, authorization).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: 'cross_site_request' } });
    }
    // A Bearer request is judged by its token alone: the cookies beside it are ignored, so nothing is revoked.
    const bearer = await t.app.request(`${ORIGIN}/api/auth/sessions/revoke-all`, {
      method: 'POST',
      headers: { Cookie: cookieHeader(jar), Origin: 'http://evil.example', Authorization: 'Bearer not.a.jwt' },
    });
    expect(bearer.status).toBe(401);
    // Signing out with a Bearer token ends that token's session only: the cookies beside it are not read or cleared.
    const logout = await t.app.request(`${ORIGIN}/api/auth/logout`, {
      method: 'POST',
      headers: { Cookie: cookieHeader(jar), Origin: 'http://evil.example', Authorization: 'Bearer junk' },
    });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie()).toEqual([]);
    const still = await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Cookie: cookieHeader(jar) } });
    expect(still.status).toBe(200);
  });
});

describe.each(TEST_ENGINES.flatMap((engine) => LIMIT_STORES.map((store) => [engine, store] as const)))(
  'sign-in limits on %s with limits in %s (issue #17)',
  (engine, store) => {
    let t: Built;
    beforeAll(async () => {
      t = await buildApp(engine, store);
    });
    afterAll(async () => {
      await t.close();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('20 parallel wrong passwords for one account from one address: exactly 5 are checked', async () => {
      await register(t, 'parallel@example.com');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => signInAttempt(t, 'parallel@example.com', 'wrong password', '198.51.100.1')),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      const checked = await t.db
        .selectFrom('login_attempt')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email_key', '=', 'parallel@example.com')
        .executeTakeFirstOrThrow();
      expect(Number(checked.n)).toBe(5);
      const refused = answers.find((answer) => answer.status === 429);
      expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThan(14 * 60);
      expect(await refused?.json()).toMatchObject({ error: { code: 'throttled' } });
    });

    it('failures elsewhere do not lock the owner out; the limit lifts after its window', async () => {
      await register(t, 'owner@example.com');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const wrong = await signInAttempt(t, 'owner@example.com', 'wrong password', '192.0.2.66');
        expect(wrong.status).toBe(401);
      }
      // The attacker's address is held back, even with the right password…
      const held = await signInAttempt(t, 'owner@example.com', PASSWORD, '192.0.2.66');
      expect(held.status).toBe(429);
      // …the owner at home is not.
      const owner = await signInAttempt(t, 'owner@example.com', PASSWORD, '203.0.113.50');
      expect(owner.status).toBe(200);
      if (store === 'memory') {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 15 * 60 * 1000 + 1000);
        const later = await signInAttempt(t, 'owner@example.com', PASSWORD, '192.0.2.66');
        expect(later.status).toBe(200);
      }
    });

    it('guesses from many addresses slow the account for unknown browsers, never for the owner’s own', async () => {
      await register(t, 'target@example.com');
      const ownBrowser = await browserSignIn(t, 'target@example.com', new Map(), '203.0.113.80');
      expect(ownBrowser.get(DEVICE_COOKIE)).toMatch(/^[\w-]{22}\.\d+\.[\w-]{43}$/);
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const wrong = await post(
          t.app,
          '/api/auth/login',
          { email: 'target@example.com', password: 'wrong password' },
          { 'X-Forwarded-For': `198.18.${attempt}.9` },
        );
        expect(wrong.status).toBe(401);
      }
      const newBrowser = await signInAttempt(t, 'target@example.com', PASSWORD, '203.0.113.81');
      expect(newBrowser.status).toBe(429);
      // The owner's browser that has signed in before goes straight through, from any address.
      const known = await signInAttempt(
        t,
        'target@example.com',
        PASSWORD,
        '203.0.113.82',
        ownBrowser.get(DEVICE_COOKIE),
      );
      expect(known.status).toBe(200);
      // Nor is it held up by guesses from its own network (an office behind one address).
      for (let attempt = 0; attempt < 20; attempt += 1) {
        await signInAttempt(t, `colleague${attempt}@example.com`, 'wrong password', '203.0.113.83');
      }
      expect((await signInAttempt(t, 'stranger@example.com', 'wrong password', '203.0.113.83')).status).toBe(429);
      const fromOffice = await signInAttempt(
        t,
        'target@example.com',
        PASSWORD,
        '203.0.113.83',
        ownBrowser.get(DEVICE_COOKIE),
      );
      expect(fromOffice.status).toBe(200);
      // A device cookie of another account proves nothing for this one.
      await register(t, 'attacker@example.com');
      const attackerBrowser = await browserSignIn(t, 'attacker@example.com', new Map(), '198.18.99.9');
      const borrowed = await signInAttempt(
        t,
        'target@example.com',
        PASSWORD,
        '198.18.99.9',
        attackerBrowser.get(DEVICE_COOKIE),
      );
      expect(borrowed.status).toBe(429);
    });

    it('a throttled sign-in answers the same for an unknown email and a wrong password', async () => {
      await register(t, 'same@example.com');
      const answers: Response[] = [];
      for (const email of ['same@example.com', 'nobody@example.com']) {
        for (let attempt = 0; attempt < 5; attempt += 1) await signInAttempt(t, email, 'nope nope nope', '192.0.2.200');
        answers.push(await signInAttempt(t, email, 'nope nope nope', '192.0.2.200'));
      }
      const [known, unknown] = answers;
      expect([known?.status, unknown?.status]).toEqual([429, 429]);
      expect(await known?.json()).toEqual(await unknown?.json());
    });
  },
);

describe.each(TEST_ENGINES)('mail and message floods on %s (issue #17)', (engine) => {
  let t: Built;
  beforeAll(async () => {
    t = await buildApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const mailsTo = async (email: string) => (await t.services.mailer.listOutbox({ to: email })).length;

  it('50 reset requests for one account from many addresses queue one mail, and every answer is the same', async () => {
    await register(t, 'flood@example.com');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        post(
          t.app,
          '/api/auth/forgot-password',
          { email: 'flood@example.com' },
          { 'X-Forwarded-For': `198.19.${index}.1` },
        ),
      ),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([202]));
    const bodies = new Set(await Promise.all(answers.map((answer) => answer.text())));
    const unknown = await post(
      t.app,
      '/api/auth/forgot-password',
      { email: 'nobody@example.com' },
      { 'X-Forwarded-For': '198.19.200.1' },
    );
    bodies.add(await unknown.text());
    expect(bodies.size).toBe(1);
    expect(await mailsTo('flood@example.com')).toBe(1);

    // One a minute, and at most five an hour.
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let minute = 1; minute <= 6; minute += 1) {
      vi.setSystemTime(Date.now() + 61_000);
      const answer = await post(
        t.app,
        '/api/auth/forgot-password',
        { email: 'flood@example.com' },
        { 'X-Forwarded-For': `198.19.201.${minute}` },
      );
      expect(answer.status).toBe(202);
    }
    expect(await mailsTo('flood@example.com')).toBe(5);
  });

  it('one address asking again and again gets 429 with Retry-After, the same for any account', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let attempt = 0; attempt < 12; attempt += 1) {
      last = await post(
        t.app,
        '/api/auth/forgot-password',
        { email: `someone${attempt}@example.com` },
        { 'X-Forwarded-For': '192.0.2.150' },
      );
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(Number(last?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await last?.json()).toMatchObject({ error: { code: 'throttled' } });
  });

  it('100 contact messages in a burst from one address: 5 stored, the rest 429 with Retry-After', async () => {
    const message = (index: number) => ({
      name: 'Flood',
      email: `flood${index}@example.com`,
      topic: 'general',
      message: 'A message long enough to be accepted.',
    });
    const before = await t.db
      .selectFrom('contact_message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        post(t.app, '/api/contact', message(index), { 'X-Forwarded-For': '192.0.2.151' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(95);
    const refused = answers.find((answer) => answer.status === 429);
    expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused?.json()).toMatchObject({ error: { code: 'throttled' } });
    const after = await t.db
      .selectFrom('contact_message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(5);

    // Many senders naming one reply address: ten a day.
    const named = await Promise.all(
      Array.from({ length: 15 }, (_, index) =>
        post(t.app, '/api/contact', message(999), { 'X-Forwarded-For': `198.20.${index}.1` }),
      ),
    );
    expect(named.filter((answer) => answer.status === 201)).toHaveLength(10);
  });
});
