// /api/cms/odds/settings (issue #24) through the real app on SQLite and PostgreSQL: only cms:odds (admins)
// may read or change it, switching odds off makes the odds API answer 404 odds_disabled (and the service's
// enabled() false for loaders) until switched on again, the margin shortens every price, refused input
// changes nothing, two saves at once both apply, and each change is audited with its before and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../domain/account-contracts.ts';
import { matchOddsSchema } from '../../../domain/odds-contracts.ts';
import { insertMatch } from '../../../tests/helpers/insert-match.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { seedTestLeague } from '../odds/odds-test-league.ts';
import { oddsSettingsViewSchema } from '../odds/odds.schemas.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';

type Built = Awaited<ReturnType<typeof createTestApp>>;

function call(t: Built, method: string, path: string, token?: string, body?: unknown) {
  return t.app.request(`${ORIGIN}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe.each(TEST_ENGINES)('the CMS odds switch on %s', (engine) => {
  let t: Built;
  const tokens: Record<'admin' | 'editor', string> = { admin: '', editor: '' };
  let matchId = 0;
  const now = Date.parse('2026-11-22T12:00:00Z');

  const settingsNow = async () =>
    oddsSettingsViewSchema.parse(
      ((await (await call(t, 'GET', '/cms/odds/settings', tokens.admin)).json()) as { data: unknown }).data,
    );
  const auditRows = () =>
    t.database.handle.db
      .selectFrom('audit_entry')
      .select(['action', 'target_kind', 'target_id', 'changes'])
      .where('action', '=', 'odds.settings')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: ORIGIN, ODDS_MARGIN: '0' }, { clock: { now: () => new Date(now) } });
    for (const role of ['admin', 'editor'] as StaffRole[]) {
      const created = await t.services.accounts.createStaffUser({
        email: `${role}@example.com`,
        password: PASSWORD,
        displayName: role,
        role,
      });
      if (!created.ok) throw new Error(created.message);
    }
    for (const who of ['admin', 'editor'] as const) {
      const login = await call(t, 'POST', '/auth/login', undefined, {
        email: `${who}@example.com`,
        password: PASSWORD,
      });
      tokens[who] = ((await login.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
    }
    const league = await seedTestLeague(t.database.handle.db);
    matchId = await insertMatch(t.database.handle.db, {
      season_id: league.seasonId,
      home_team_id: league.teamIds[1] as number,
      away_team_id: league.teamIds[2] as number,
      kickoff_at: '2026-11-28T15:00:00Z',
      status: 'scheduled',
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('refuses a guest (401) and an editor (403), and changes nothing', async () => {
    expect((await call(t, 'PUT', '/cms/odds/settings', undefined, { enabled: false })).status).toBe(401);
    const editor = await call(t, 'PUT', '/cms/odds/settings', tokens.editor, { enabled: false });
    expect(editor.status).toBe(403);
    expect(await editor.json()).toMatchObject({ error: { code: expect.any(String) } });
    expect((await call(t, 'GET', '/cms/odds/settings', tokens.editor)).status).toBe(403);
    expect(await t.services.odds.enabled()).toBe(true);
    expect(await auditRows()).toHaveLength(0);
  });

  it('refuses bad input with a message per field, and changes nothing', async () => {
    for (const body of [{ margin: 2 }, { enabled: 'no' }, { margin: -0.1 }, { colour: 'red' }]) {
      const response = await call(t, 'PUT', '/cms/odds/settings', tokens.admin, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_input' } });
    }
    const margin = await call(t, 'PUT', '/cms/odds/settings', tokens.admin, { margin: 2 });
    expect(await margin.json()).toMatchObject({ error: { fields: { margin: expect.stringMatching(/at most/) } } });
    expect(await settingsNow()).toMatchObject({ enabled: true, margin: 0, marginOverridden: false, updatedAt: null });
    expect(await auditRows()).toHaveLength(0);
  });

  it('switched off, hides odds everywhere (404 odds_disabled) until switched on again, each change audited', async () => {
    expect((await call(t, 'GET', `/matches/${matchId}/odds`)).status).toBe(200);
    const off = await call(t, 'PUT', '/cms/odds/settings', tokens.admin, { enabled: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ data: { enabled: false, changed: ['enabled'] } });
    expect(await t.services.odds.enabled()).toBe(false);
    for (const path of [`/matches/${matchId}/odds`, `/matches/${matchId}/win-probability`]) {
      const hidden = await call(t, 'GET', path);
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toMatchObject({ error: { code: 'odds_disabled' } });
    }
    const again = await call(t, 'PUT', '/cms/odds/settings', tokens.admin, { enabled: false });
    expect(await again.json()).toMatchObject({ data: { changed: [] } });
    const on = await call(t, 'PUT', '/cms/odds/settings', tokens.admin, { enabled: true });
    expect(on.status).toBe(200);
    expect((await call(t, 'GET', `/matches/${matchId}/odds`)).status).toBe(200);
    const rows = await auditRows();
    expect(rows).toHaveLength(2);
    const changes = rows.map(
      (row) => (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) as unknown,
    );
    expect(changes).toEqual([
      { before: { enabled: true }, after: { enabled: false } },
      { before: { enabled: false }, after: { enabled: true } },
    ]);
    expect(rows[0]).toMatchObject({ target_kind: 'odds', target_id: 'site' });
  });

  it('puts the margin on every price, and back to fair odds with null', async () => {
    const fair = matchOddsSchema.parse(await (await call(t, 'GET', `/matches/${matchId}/odds`)).json());
    const saved = await call(t, 'PUT', '/cms/odds/settings', tokens.admin, { margin: 0.05 });
    expect(await saved.json()).toMatchObject({ data: { margin: 0.05, marginOverridden: true, changed: ['margin'] } });
    const withMargin = matchOddsSchema.parse(await (await call(t, 'GET', `/matches/${matchId}/odds`)).json());
    const { home } = withMargin.preMatch.markets['1x2'];
    expect(home.p).toBe(fair.preMatch.markets['1x2'].home.p);
    expect(home.price).toBeCloseTo(Math.max(1, 1 / (home.p * 1.05)), 2);
    expect(home.price).toBeLessThan(fair.preMatch.markets['1x2'].home.price ?? 0);
    await call(t, 'PUT', '/cms/odds/settings', tokens.admin, { margin: null });
    expect(await settingsNow()).toMatchObject({ margin: 0, marginOverridden: false });
  });

  it('applies two saves sent at once, one after the other, each audited', async () => {
    const before = (await auditRows()).length;
    const [first, second] = await Promise.all([
      call(t, 'PUT', '/cms/odds/settings', tokens.admin, { enabled: false }),
      call(t, 'PUT', '/cms/odds/settings', tokens.admin, { margin: 0.1 }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await settingsNow()).toMatchObject({ enabled: false, margin: 0.1 });
    expect(await auditRows()).toHaveLength(before + 2);
    await call(t, 'PUT', '/cms/odds/settings', tokens.admin, { enabled: true, margin: null });
    expect(await settingsNow()).toMatchObject({ enabled: true, margin: 0 });
  });
});
