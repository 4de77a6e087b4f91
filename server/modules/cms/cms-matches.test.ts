// Staff corrections through the real app on SQLite and PostgreSQL (issue #20,
// docs/decisions/019): who may search and correct, a correction reaching the match,
// the live log (score + commentary), the table and the audit log in one commit, a
// provider snapshot that disagrees not undoing it, one that agrees letting it go,
// and a release.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason } from '../../../db/seed/seed-kit.ts';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import type { ProviderMatchSnapshot } from '../../../domain/live-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { auditPageSchema } from './cms.schemas.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const KICKOFF = '2026-11-22T15:00:00.000Z';

type Built = Awaited<ReturnType<typeof createTestApp>>;

function snapshot(
  observedAt: string,
  score: [number, number],
  status: ProviderMatchSnapshot['status'] = 'live',
): ProviderMatchSnapshot {
  return {
    provider: 'test-provider',
    externalId: 'm-1',
    observedAt,
    competitionCode: 'en.1',
    season: '2026-27',
    stage: 'Regular season',
    round: 'Matchday 12',
    group: null,
    kickoffAt: KICKOFF,
    home: { externalId: 't-1', name: 'Testford United' },
    away: { externalId: 't-2', name: 'Sampleton Rovers' },
    status,
    clock:
      status === 'finished'
        ? { phase: 'FT', phaseStartedAt: null, rate: 1 }
        : { phase: '2H', phaseStartedAt: '2026-11-22T16:00:00.000Z', rate: 1 },
    score: { home: score[0], away: score[1], halfTime: null, extraTime: null, penalties: null },
    events: [],
    teamStats: null,
  };
}

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

async function tokenFor(t: Built, email: string, role: 'admin' | 'editor' | 'moderator'): Promise<string> {
  const created = await t.services.accounts.createStaffUser({ email, password: PASSWORD, displayName: role, role });
  if (!created.ok) throw new Error(created.message);
  const response = await call(t, 'POST', '/auth/login', undefined, { email, password: PASSWORD });
  return ((await response.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
}

describe.each(TEST_ENGINES)('staff corrections on %s', (engine) => {
  let t: Built;
  let matchId = 0;
  const tokens = { admin: '', editor: '', moderator: '' };

  const matchNow = async () =>
    (await (await call(t, 'GET', `/matches/${matchId}`)).json()) as {
      status: string;
      score: { home: number; away: number };
    };
  const liveRows = async () =>
    t.database.handle.db
      .selectFrom('live_event')
      .select(['type', 'data'])
      .where('topic', '=', `match:${matchId}`)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: ORIGIN });
    const db = t.database.handle.db;
    const definition = findCompetitionDefinition('en.1');
    if (!definition) throw new Error('en.1 missing');
    const competitionId = await ensureCompetition(db, definition);
    await ensureSeason(db, {
      competitionId,
      code: '2026-27',
      name: 'Premier League 2026/27',
      startDate: '2026-08-15',
      endDate: '2027-05-23',
      complete: false,
    });
    const applied = await t.services.ingest.pipeline.apply(snapshot('2026-11-22T16:50:00.000Z', [1, 0], 'finished'));
    matchId = applied.matchId;
    tokens.admin = await tokenFor(t, 'admin@example.com', 'admin');
    tokens.editor = await tokenFor(t, 'editor@example.com', 'editor');
    tokens.moderator = await tokenFor(t, 'moderator@example.com', 'moderator');
  });
  afterAll(() => t.close());

  const scoped: Array<[string, () => string, unknown, number]> = [
    ['GET', () => '/cms/matches?team=testford', undefined, 200],
    ['GET', (): string => `/cms/matches/${matchId}`, undefined, 200],
    ['POST', (): string => `/cms/matches/${matchId}/corrections`, { status: 'finished', reason: 'scope check' }, 200],
    ['DELETE', (): string => `/cms/matches/${matchId}/corrections`, undefined, 200],
  ];
  it.each(scoped)('%s %s: admin and editor yes, moderator 403, guest 401', async (method, path, body, allowed) => {
    expect((await call(t, method, path(), undefined, body)).status).toBe(401);
    expect((await call(t, method, path(), tokens.moderator, body)).status).toBe(403);
    expect((await call(t, method, path(), tokens.editor, body)).status).toBe(allowed);
    expect((await call(t, method, path(), tokens.admin, body)).status).toBe(allowed);
  });

  it('finds matches by team, competition and day, a page at a time', async () => {
    const found = (await (
      await call(t, 'GET', '/cms/matches?team=SAMPLETON&competition=en.1&date=2026-11-22', tokens.editor)
    ).json()) as {
      data: { matches: Array<{ id: number }>; nextCursor: string | null };
    };
    expect(found.data.matches.map((match) => match.id)).toEqual([matchId]);
    const none = (await (await call(t, 'GET', '/cms/matches?team=testford&date=2026-11-23', tokens.editor)).json()) as {
      data: { matches: unknown[] };
    };
    expect(none.data.matches).toEqual([]);
    const bad = await call(t, 'GET', '/cms/matches?date=yesterday', tokens.editor);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { fields: { date: expect.any(String) } } });
  });

  it('refuses a correction without a reason or with one score, with field messages, and changes nothing', async () => {
    const before = await matchNow();
    const noReason = await call(t, 'POST', `/cms/matches/${matchId}/corrections`, tokens.editor, { home: 2, away: 0 });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ error: { fields: { reason: expect.any(String) } } });
    const oneScore = await call(t, 'POST', `/cms/matches/${matchId}/corrections`, tokens.editor, {
      home: 2,
      reason: 'typo',
    });
    expect(oneScore.status).toBe(400);
    expect(
      (
        await call(t, 'POST', '/cms/matches/999999/corrections', tokens.editor, {
          home: 2,
          away: 0,
          reason: 'nothing there',
        })
      ).status,
    ).toBe(404);
    expect(await matchNow()).toMatchObject({ score: before.score, status: before.status });
  });

  it('a correction reaches the match, the live log, the table and the audit log together', async () => {
    const tableBefore = (await (await call(t, 'GET', '/competitions/en.1/seasons/2026-27/standings')).json()) as {
      rows: Array<{ team: { name: string }; points: number }>;
    };
    const pointsOf = (table: typeof tableBefore, name: string) =>
      table.rows.find((row) => row.team.name === name)?.points;
    expect(pointsOf(tableBefore, 'Testford United')).toBe(3);
    const eventsBefore = (await liveRows()).length;

    const response = await call(t, 'POST', `/cms/matches/${matchId}/corrections`, tokens.editor, {
      home: 1,
      away: 1,
      reason: 'Late equaliser missed by the feed',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { changed: true } });

    expect((await matchNow()).score).toMatchObject({ home: 1, away: 1 });
    const events = (await liveRows()).slice(eventsBefore);
    expect(events.map((event) => event.type)).toEqual(['score', 'commentary']);
    expect(JSON.parse(events[1]?.data ?? '{}')).toMatchObject({
      line: {
        text: expect.stringContaining(
          'Staff correction: the score is Testford United 1–1 Sampleton Rovers. Reason: Late equaliser missed by the feed.',
        ),
      },
    });

    const tableAfter = (await (
      await call(t, 'GET', '/competitions/en.1/seasons/2026-27/standings')
    ).json()) as typeof tableBefore;
    expect(pointsOf(tableAfter, 'Testford United')).toBe(1);
    expect(pointsOf(tableAfter, 'Sampleton Rovers')).toBe(1);

    const audit = auditPageSchema.parse(
      ((await (await call(t, 'GET', '/cms/audit?kind=match.correct', tokens.admin)).json()) as { data: unknown }).data,
    );
    expect(audit.entries[0]).toMatchObject({
      actor: { role: 'editor' },
      target: { kind: 'match', id: String(matchId) },
      // The log keeps the fields that changed: the home score stayed 1.
      changes: { before: { away: 0 }, after: { away: 1, reason: 'Late equaliser missed by the feed' } },
    });
    const held = (await (await call(t, 'GET', `/cms/matches/${matchId}`, tokens.editor)).json()) as {
      data: { held: { fields: unknown } | null };
    };
    expect(held.data.held?.fields).toEqual({ home: 1, away: 1 });
  });

  it('a provider snapshot that disagrees does not undo it; one that agrees lets it go', async () => {
    await t.services.ingest.pipeline.apply(snapshot('2026-11-22T16:55:00.000Z', [1, 0], 'finished'));
    expect((await matchNow()).score).toMatchObject({ home: 1, away: 1 });
    await t.services.ingest.pipeline.apply(snapshot('2026-11-22T16:56:00.000Z', [1, 1], 'finished'));
    expect((await matchNow()).score).toMatchObject({ home: 1, away: 1 });
    const held = (await (await call(t, 'GET', `/cms/matches/${matchId}`, tokens.editor)).json()) as {
      data: { held: unknown };
    };
    expect(held.data.held).toBeNull();
    // Let go: the provider's word counts again.
    await t.services.ingest.pipeline.apply(snapshot('2026-11-22T16:57:00.000Z', [2, 1], 'finished'));
    expect((await matchNow()).score).toMatchObject({ home: 2, away: 1 });
  });

  it('staff release a correction and the next snapshot counts', async () => {
    await call(t, 'POST', `/cms/matches/${matchId}/corrections`, tokens.admin, {
      status: 'abandoned',
      reason: 'Floodlight failure',
    });
    await t.services.ingest.pipeline.apply(snapshot('2026-11-22T17:00:00.000Z', [2, 1], 'finished'));
    expect((await matchNow()).status).toBe('abandoned');
    const released = await call(t, 'DELETE', `/cms/matches/${matchId}/corrections`, tokens.admin);
    expect(await released.json()).toEqual({ data: { released: true } });
    await t.services.ingest.pipeline.apply(snapshot('2026-11-22T17:01:00.000Z', [2, 1], 'finished'));
    expect((await matchNow()).status).toBe('finished');
    const audit = auditPageSchema.parse(
      ((await (await call(t, 'GET', '/cms/audit?kind=match', tokens.admin)).json()) as { data: unknown }).data,
    );
    expect(audit.entries.map((entry) => entry.action)).toContain('match.release');
  });
});
