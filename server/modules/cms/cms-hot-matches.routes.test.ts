// /api/cms/hot-matches (issue #20) through the real app on SQLite and
// PostgreSQL: who may call what (every endpoint × admin, editor, moderator,
// member, guest), pins with labels that lead the hot list, moves and unpins,
// the audit entry of each write with its before and after, bad input refused
// field by field, and the endpoints described in /api/openapi.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../domain/account-contracts.ts';
import { seedBusyDay } from '../../../tests/helpers/busy-day.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { pinListSchema } from './cms-hot-matches.schemas.ts';
import { auditPageSchema } from './cms.schemas.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const TODAY = new Date().toISOString().slice(0, 10);

type Built = Awaited<ReturnType<typeof createTestApp>>;
type Who = 'admin' | 'editor' | 'moderator' | 'member';

function call(t: Built, method: string, path: string, token?: string, body?: unknown) {
  return t.app.request(`${ORIGIN}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'X-Forwarded-For': '198.51.100.40',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function dataOf(response: Response): Promise<unknown> {
  return ((await response.json()) as { data: unknown }).data;
}

async function tokenOf(t: Built, email: string): Promise<string> {
  const response = await call(t, 'POST', '/auth/login', undefined, { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
}

async function staffAccount(t: Built, email: string, role: StaffRole): Promise<void> {
  const result = await t.services.accounts.createStaffUser({
    email,
    password: PASSWORD,
    displayName: `The ${role}`,
    role,
  });
  if (!result.ok) throw new Error(result.message);
}

describe.each(TEST_ENGINES)('the hot-matches API on %s', (engine) => {
  let t: Built;
  const tokens: Record<Who, string> = { admin: '', editor: '', moderator: '', member: '' };
  let scheduled: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: ORIGIN, TRUST_PROXY: '1' });
    await seedBusyDay(t.database.handle.db, TODAY);
    const day = await t.services.football.listMatchesOnDay(TODAY, 'UTC');
    scheduled = day
      .filter((match) => match.status === 'scheduled' && match.competition.code === 'br.1')
      .map((match) => match.id);
    for (const role of ['admin', 'editor', 'moderator'] as const) await staffAccount(t, `${role}@example.com`, role);
    const registered = await call(t, 'POST', '/auth/register', undefined, {
      email: 'member@example.com',
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    for (const who of ['admin', 'editor', 'moderator', 'member'] as const)
      tokens[who] = await tokenOf(t, `${who}@example.com`);
  });
  afterAll(() => t?.close());

  // Allowed callers get the endpoint's own answer (never 401/403); others exactly 401 or 403.
  const endpoints: Array<{ name: string; method: string; path: string; body?: unknown; allowed: number }> = [
    { name: 'list the pins', method: 'GET', path: '/cms/hot-matches', allowed: 200 },
    { name: 'find matches to pin', method: 'GET', path: `/cms/hot-matches/search?date=${TODAY}`, allowed: 200 },
    {
      name: 'pin',
      method: 'POST',
      path: '/cms/hot-matches',
      body: { matchId: 999_999_999, label: 'Derby' },
      allowed: 404,
    },
    {
      name: 'move or relabel',
      method: 'PATCH',
      path: '/cms/hot-matches/999999999',
      body: { position: 1 },
      allowed: 404,
    },
    { name: 'unpin', method: 'DELETE', path: '/cms/hot-matches/999999999', allowed: 404 },
  ];
  const MAY: Record<Who, boolean> = { admin: true, editor: true, moderator: false, member: false };

  describe.each(endpoints)('$name ($method $path)', (endpoint) => {
    it('answers a guest 401 with the JSON error body, before reading the input', async () => {
      const response = await call(
        t,
        endpoint.method,
        endpoint.path,
        undefined,
        endpoint.body === undefined ? undefined : { nonsense: true },
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    });
    it.each(['admin', 'editor', 'moderator', 'member'] as const)('as %s', async (who) => {
      const response = await call(t, endpoint.method, endpoint.path, tokens[who], endpoint.body);
      if (MAY[who]) {
        expect(response.status).toBe(endpoint.allowed);
      } else {
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({
          error: { code: 'forbidden', message: expect.stringContaining('cms:matches') },
        });
      }
    });
  });

  async function auditEntries(kind: string) {
    return auditPageSchema.parse(await dataOf(await call(t, 'GET', `/cms/audit?kind=${kind}`, tokens.admin))).entries;
  }

  it('pins with a label, leads the hot list, moves, relabels and unpins — each audited with before and after', async () => {
    const [first, second] = scheduled as [number, number];
    const pinned = await call(t, 'POST', '/cms/hot-matches', tokens.editor, { matchId: first, label: ' Derby ' });
    expect(pinned.status).toBe(201);
    const afterPin = pinListSchema.parse(await dataOf(pinned));
    expect(afterPin.pins).toMatchObject([{ matchId: first, position: 1, label: 'Derby', state: 'showing' }]);
    expect((await call(t, 'POST', '/cms/hot-matches', tokens.editor, { matchId: second })).status).toBe(201);
    const again = await call(t, 'POST', '/cms/hot-matches', tokens.editor, { matchId: first });
    expect(again.status).toBe(409);

    // The hot list the pages show: the pins first, in order.
    const hot = await t.services.hotMatches.listHotMatches({ date: TODAY, timeZone: 'UTC', limit: 20 });
    expect(hot.matches.slice(0, 2).map((match) => match.id)).toEqual([first, second]);
    expect(hot.labels).toEqual({ [String(first)]: 'Derby' });

    const moved = await call(t, 'PATCH', `/cms/hot-matches/${second}`, tokens.editor, { position: 1 });
    expect(moved.status).toBe(200);
    expect(pinListSchema.parse(await dataOf(moved)).pins.map((pin) => pin.matchId)).toEqual([second, first]);
    expect((await call(t, 'PATCH', `/cms/hot-matches/${first}`, tokens.editor, { label: 'Final' })).status).toBe(200);
    expect((await call(t, 'PATCH', `/cms/hot-matches/${first}`, tokens.editor, { label: 'Final' })).status).toBe(200);
    const unpinned = await call(t, 'DELETE', `/cms/hot-matches/${second}`, tokens.admin);
    expect(pinListSchema.parse(await dataOf(unpinned)).pins).toMatchObject([
      { matchId: first, position: 1, label: 'Final' },
    ]);

    const entries = await auditEntries('hot-match');
    const byAction = (action: string) => entries.filter((entry) => entry.action === action);
    expect(byAction('hot-match.pin')).toHaveLength(2);
    expect(byAction('hot-match.pin').find((entry) => entry.target.id === String(first))).toMatchObject({
      actor: { role: 'editor' },
      target: { kind: 'match' },
      ip: '198.51.100.40',
      changes: { before: {}, after: { position: 1, label: 'Derby', fixture: expect.stringContaining(' v ') } },
    });
    expect(byAction('hot-match.move')).toMatchObject([
      { target: { id: String(second) }, changes: { before: { position: 2 }, after: { position: 1 } } },
    ]);
    // Setting the label it already has is no change, and leaves no entry.
    expect(byAction('hot-match.label')).toMatchObject([
      { changes: { before: { label: 'Derby' }, after: { label: 'Final' } } },
    ]);
    expect(byAction('hot-match.unpin')).toMatchObject([
      { actor: { role: 'admin' }, changes: { before: { position: 1, label: null }, after: {} } },
    ]);
  });

  it('refuses bad input field by field, and a search it cannot read', async () => {
    const long = await call(t, 'POST', '/cms/hot-matches', tokens.editor, {
      matchId: scheduled[2],
      label: 'A label far too long to show',
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      error: { code: 'invalid_input', fields: { label: expect.stringContaining('24') } },
    });
    const noMatch = await call(t, 'POST', '/cms/hot-matches', tokens.editor, { label: 'Derby' });
    expect(noMatch.status).toBe(400);
    expect(await noMatch.json()).toMatchObject({ error: { fields: { matchId: expect.any(String) } } });
    const nothing = await call(t, 'PATCH', `/cms/hot-matches/${scheduled[0]}`, tokens.editor, {});
    expect(nothing.status).toBe(400);
    const badDate = await call(t, 'GET', '/cms/hot-matches/search?date=tomorrow', tokens.editor);
    expect(badDate.status).toBe(400);
    const found = await call(
      t,
      'GET',
      `/cms/hot-matches/search?q=${encodeURIComponent('serie a brazil')}&date=${TODAY}`,
      tokens.editor,
    );
    const { matches } = (await dataOf(found)) as { matches: Array<{ id: number }> };
    expect(matches.map((match) => match.id)).toEqual(expect.arrayContaining(scheduled));
  });

  it('describes its endpoints in /api/openapi.json', async () => {
    const document = (await (await call(t, 'GET', '/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/cms/hot-matches'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/cms/hot-matches/{matchId}'] ?? {}).sort()).toEqual(['delete', 'patch']);
    expect(document.paths['/cms/hot-matches/search']).toHaveProperty('get');
  });
});
