// The display settings that follow an account (GET/PUT/PATCH /api/auth/preferences)
// through app.request() on SQLite and PostgreSQL: the defaults, partial updates
// merging, Bearer and cookie sessions with the same-site rule, bad input
// refused with the field named and nothing changed, two PATCHes of different
// settings at once both kept, and erasure taking the settings with the account.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../db/transaction.ts';
import { accountPreferencesResponseSchema } from '../../../domain/account-preferences-contracts.ts';
import { DEFAULT_ACCOUNT_PREFERENCES, type AccountPreferences } from '../../../domain/account-preferences.ts';
import { TEST_ENGINES, createTestDatabase } from '../../../tests/helpers/test-database.ts';
import { createHttpApp } from '../../http.ts';
import { loadConfig } from '../../platform/config.ts';
import { createMetrics } from '../../platform/metrics.ts';
import { createServices } from '../../services.ts';
import { authResponseSchema } from './auth.schemas.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';

describe.each(TEST_ENGINES)('account display settings on %s', (engine) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: ReturnType<typeof createHttpApp>;
  let services: ReturnType<typeof createServices>;
  let registered = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, BASE_URL: ORIGIN, TRUST_PROXY: '1' });
    services = createServices({
      config,
      logger: pino({ level: 'silent' }),
      database: database.handle,
      sessionSecret: 'test-secret-test-secret-test-secret-000',
    });
    app = createHttpApp({ services, metrics: createMetrics({ collectDefaults: false }) });
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** A new member: their id, Bearer header and session cookies. */
  async function member() {
    registered += 1;
    const response = await app.request(`${ORIGIN}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${registered}` },
      body: JSON.stringify({ email: `prefs-${registered}@example.com`, password: PASSWORD, displayName: 'Pat' }),
    });
    expect(response.status).toBe(201);
    const { data } = authResponseSchema.parse(await response.json());
    // The cookies a page's sign-in sets (the API answers tokens instead).
    const auth = services.sessions.forRequest(new Request(`${ORIGIN}/login`), '127.0.0.1');
    const login = await services.accounts.login({ email: data.user.email, password: PASSWORD }, auth.meta);
    if (!login.ok) throw new Error(login.message);
    auth.signIn(login.session);
    const cookies = auth
      .setCookieHeaders()
      .map((line) => line.split(';')[0])
      .join('; ');
    return { id: data.user.id, bearer: { Authorization: `Bearer ${data.token.access_token}` }, cookies };
  }

  function call(method: string, headers: Record<string, string>, body?: unknown) {
    return app.request(`${ORIGIN}/api/auth/preferences`, {
      method,
      headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async function stateOf(headers: Record<string, string>) {
    const response = await call('GET', headers);
    expect(response.status).toBe(200);
    return accountPreferencesResponseSchema.parse(await response.json()).data;
  }

  it('answers the defaults until the account chooses, then merges each partial update', async () => {
    const { bearer } = await member();
    expect(await stateOf(bearer)).toEqual({ preferences: DEFAULT_ACCOUNT_PREFERENCES, saved: [], updatedAt: null });

    const hidden = await call('PATCH', bearer, { oddsHidden: true });
    expect(hidden.status).toBe(200);
    expect(accountPreferencesResponseSchema.parse(await hidden.json()).data).toMatchObject({
      preferences: { ...DEFAULT_ACCOUNT_PREFERENCES, oddsHidden: true },
      saved: ['oddsHidden'],
    });
    await call('PATCH', bearer, { oddsFormat: 'american', chatMask: false });
    await call('PATCH', bearer, { spoilerTeams: [12, 45], liveDelaySeconds: 30 });
    const state = await stateOf(bearer);
    expect(state.preferences).toEqual({
      oddsHidden: true,
      oddsFormat: 'american',
      chatMask: false,
      spoilerSafe: false,
      spoilerTeams: [12, 45],
      liveDelaySeconds: 30,
    });
    expect(state.saved).toEqual(['oddsHidden', 'oddsFormat', 'chatMask', 'spoilerTeams', 'liveDelaySeconds']);
    expect(state.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Turning a setting back off is a choice too, and an empty team list is stored as such.
    await call('PATCH', bearer, { oddsHidden: false, spoilerTeams: [] });
    expect((await stateOf(bearer)).preferences).toMatchObject({ oddsHidden: false, spoilerTeams: [] });
  });

  it('PUT replaces every setting and requires each one', async () => {
    const { bearer } = await member();
    const all: AccountPreferences = {
      oddsHidden: true,
      oddsFormat: 'fractional',
      chatMask: false,
      spoilerSafe: true,
      spoilerTeams: [7],
      liveDelaySeconds: 300,
    };
    const put = await call('PUT', bearer, all);
    expect(put.status).toBe(200);
    expect(accountPreferencesResponseSchema.parse(await put.json()).data.preferences).toEqual(all);
    expect((await stateOf(bearer)).saved).toHaveLength(6);

    const partial = await call('PUT', bearer, { oddsHidden: false });
    expect(partial.status).toBe(400);
    const body = (await partial.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('invalid_input');
    expect(Object.keys(body.error.fields)).toEqual(
      expect.arrayContaining(['oddsFormat', 'chatMask', 'spoilerSafe', 'spoilerTeams', 'liveDelaySeconds']),
    );
    expect((await stateOf(bearer)).preferences).toEqual(all);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const { bearer } = await member();
    await call('PATCH', bearer, { oddsFormat: 'fractional' });
    const before = await stateOf(bearer);
    const cases: Array<[unknown, string, string]> = [
      [{ oddsFormat: 'roman' }, 'oddsFormat', 'Choose decimal, fractional or american'],
      [{ oddsHidden: 'yes' }, 'oddsHidden', 'oddsHidden is true or false'],
      [{ liveDelaySeconds: 301 }, 'liveDelaySeconds', 'Give the delay in whole seconds, 0 to 300'],
      [{ liveDelaySeconds: 2.5 }, 'liveDelaySeconds', 'Give the delay in whole seconds, 0 to 300'],
      [{ spoilerTeams: [3, 3] }, 'spoilerTeams', 'Name each team once'],
      [{ spoilerTeams: [0] }, 'spoilerTeams.0', 'Give team ids as whole numbers'],
      [
        { spoilerTeams: Array.from({ length: 51 }, (_, i) => i + 1) },
        'spoilerTeams',
        'Hide the scores of at most 50 teams',
      ],
      [{}, 'body', 'Send at least one setting to change'],
      // A mistyped name is refused, not silently dropped; the valid field beside it is not written either.
      [{ chatMask: false, oddsHiden: true }, 'body', ''],
    ];
    for (const [input, field, message] of cases) {
      const response = await call('PATCH', bearer, input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.fields[field], JSON.stringify(body)).toBeDefined();
      if (message) expect(body.error.fields[field]).toBe(message);
    }
    const notJson = await call('PATCH', bearer, '{"oddsHidden": tru');
    expect(notJson.status).toBe(400);
    expect(await stateOf(bearer)).toEqual(before);
  });

  it('needs a session: 401 without one; cookies work from this site and are refused from another', async () => {
    const { cookies } = await member();
    expect((await call('GET', {})).status).toBe(401);
    const anonymous = await call('PATCH', {}, { oddsHidden: true });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: 'unauthenticated', message: 'Sign in to continue' } });

    const sameSite = await call('PATCH', { Cookie: cookies, Origin: ORIGIN }, { chatMask: false });
    expect(sameSite.status).toBe(200);
    const crossSite = await call('PATCH', { Cookie: cookies, Origin: 'https://evil.example' }, { chatMask: true });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { error: { code: string } }).error.code).toBe('cross_site_request');
    const state = await stateOf({ Cookie: cookies });
    expect(state.preferences.chatMask).toBe(false);
  });

  it('keeps both of two PATCHes of different settings sent at once', async () => {
    for (let round = 0; round < 8; round += 1) {
      // A fresh account each round: both requests race to create its row.
      const { bearer } = await member();
      const hide = round % 2 === 0;
      const [first, second] = await Promise.all([
        call('PATCH', bearer, { oddsHidden: hide }),
        call('PATCH', bearer, { chatMask: false, liveDelaySeconds: round + 1 }),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      const state = await stateOf(bearer);
      expect(state.preferences).toMatchObject({ oddsHidden: hide, chatMask: false, liveDelaySeconds: round + 1 });
      expect(state.saved).toEqual(['oddsHidden', 'chatMask', 'liveDelaySeconds']);
      // And on an existing row: each changes only its own column.
      await Promise.all([
        call('PATCH', bearer, { oddsFormat: 'american' }),
        call('PATCH', bearer, { spoilerSafe: true }),
        call('PATCH', bearer, { oddsHidden: !hide }),
      ]);
      expect((await stateOf(bearer)).preferences).toMatchObject({
        oddsHidden: !hide,
        oddsFormat: 'american',
        spoilerSafe: true,
        chatMask: false,
        liveDelaySeconds: round + 1,
      });
    }
  });

  it('erasing the account erases its settings', async () => {
    const { id, bearer } = await member();
    await call('PATCH', bearer, { oddsHidden: true });
    const rows = () =>
      database.handle.db.selectFrom('account_preference').select('user_id').where('user_id', '=', id).execute();
    expect(await rows()).toHaveLength(1);
    // The way the CMS's erasure goes (server/modules/cms/cms-users.service.ts).
    const erased = await inTransaction(database.handle.db, (trx) => services.staffAccounts.erase(trx, id));
    expect(erased.ok).toBe(true);
    expect(await rows()).toHaveLength(0);
    expect((await call('GET', bearer)).status).toBe(401);
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await (await app.request(`${ORIGIN}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const path = document.paths['/auth/preferences'];
    expect(Object.keys(path ?? {}).sort()).toEqual(['get', 'patch', 'put']);
    for (const operation of Object.values(path ?? {})) expect(operation.description).toBeTruthy();
  });
});
