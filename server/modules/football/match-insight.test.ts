// GET /api/matches/{id}/insight through app.request() on real databases with
// the real Wyscout Euro 2016 import (issue #5): momentum from the actions,
// head-to-head before the match, the group table, and a live replay that
// shows only what it has played so far.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../../../db/seed/run-seed.ts';
import { ensureCompetition, ensureSeason, type SeedDb } from '../../../db/seed/seed-kit.ts';
import { createWyscoutStep } from '../../../db/seed/wyscout/wyscout-step.ts';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import type { TeamStats } from '../../../domain/football-contracts.ts';
import type { MatchInsight } from '../../../domain/match-insight.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const hasData = existsSync(path.join(DATA_DIR, 'wyscout'));

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function insertMatch(
  db: SeedDb,
  values: { seasonId: number; kickoffAt: string; home: number; away: number; score: [number, number] | null; status?: string; stage?: string | null; group?: string | null; replayOf?: number; clock?: { phase: string; startedAt: string } },
): Promise<number> {
  const row = await db
    .insertInto('match')
    .values({
      season_id: values.seasonId,
      stage: values.stage ?? null,
      round: null,
      group_name: values.group ?? null,
      kickoff_at: new Date(values.kickoffAt).toISOString(),
      kickoff_time_known: 1,
      home_team_id: values.home,
      away_team_id: values.away,
      venue_id: null,
      status: values.status ?? (values.score ? 'finished' : 'scheduled'),
      minute: null,
      home_score: values.score?.[0] ?? null,
      away_score: values.score?.[1] ?? null,
      home_score_ht: null,
      away_score_ht: null,
      home_score_et: null,
      away_score_et: null,
      home_score_pen: null,
      away_score_pen: null,
      has_events: 0,
      source: 'test',
      updated_at: new Date().toISOString(),
      replay_of_match_id: values.replayOf ?? null,
      clock_phase: values.clock?.phase ?? null,
      phase_started_at: values.clock?.startedAt ?? null,
      observed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe.skipIf(!hasData).each(TEST_ENGINES)('match insight API on %s', (engine) => {
  let t: TestApp;
  const ids = { hungaryPortugal: 0, final: 0, hungary: 0, portugal: 0, france: 0, replay: 0, groupSeason: 0 };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.handle.db;
    await runSeed(t.database.handle, [createWyscoutStep({ competitions: ['euro-2016'] })], { dataDir: DATA_DIR });
    const find = async (home: string, away: string) => {
      const row = await db
        .selectFrom('match as m')
        .innerJoin('team as h', 'h.id', 'm.home_team_id')
        .innerJoin('team as a', 'a.id', 'm.away_team_id')
        .select(['m.id', 'm.season_id', 'h.id as home_id', 'a.id as away_id', 'm.kickoff_at'])
        .where('h.name', '=', home)
        .where('a.name', '=', away)
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), seasonId: Number(row.season_id), home: Number(row.home_id), away: Number(row.away_id) };
    };
    const hungaryPortugal = await find('Hungary', 'Portugal');
    const final = await find('Portugal', 'France');
    Object.assign(ids, { hungaryPortugal: hungaryPortugal.id, final: final.id, hungary: hungaryPortugal.home, portugal: final.home, france: final.away, groupSeason: hungaryPortugal.seasonId });

    // Earlier and later meetings of Portugal and France (World Cup 2006 semi-final, a 2018 friendly-like
    // fixture still to be played), so head-to-head has something to keep and something to leave out.
    const worldCup = findCompetitionDefinition('world.cup');
    if (!worldCup) throw new Error('world.cup missing from the catalogue');
    const worldCupId = await ensureCompetition(db, worldCup);
    const wc2006 = await ensureSeason(db, { competitionId: worldCupId, code: '2006', name: 'World Cup 2006', startDate: '2006-06-09', endDate: '2006-07-09', complete: true });
    await insertMatch(db, { seasonId: wc2006, kickoffAt: '2006-07-05T19:00:00Z', home: ids.portugal, away: ids.france, score: [0, 1], stage: 'Semi-finals' });
    const wc2030 = await ensureSeason(db, { competitionId: worldCupId, code: '2030', name: 'World Cup 2030', startDate: '2030-06-08', endDate: '2030-07-21', complete: false });
    await insertMatch(db, { seasonId: wc2030, kickoffAt: '2030-06-20T19:00:00Z', home: ids.france, away: ids.portugal, score: null, group: 'Group B' });

    // A replay of Hungary v Portugal, 11 minutes into the second half at 1–1.
    ids.replay = await insertMatch(db, {
      seasonId: ids.groupSeason,
      kickoffAt: new Date(Date.now() - 75 * 60_000).toISOString(),
      home: ids.hungary,
      away: ids.portugal,
      score: [1, 1],
      status: 'live',
      stage: 'Group stage',
      group: 'Group F',
      replayOf: ids.hungaryPortugal,
      clock: { phase: '2H', startedAt: new Date(Date.now() - (10 * 60 + 30) * 1000).toISOString() },
    });
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  const getJson = async <T>(url: string, status = 200): Promise<T> => {
    const response = await t.app.request(url);
    expect(response.status, `${url} → ${response.status}: ${await response.clone().text()}`).toBe(status);
    return (await response.json()) as T;
  };

  it('counts momentum from the actions of a finished match, minute by minute over both halves', async () => {
    const insight = await getJson<MatchInsight>(`/api/matches/${ids.hungaryPortugal}/insight?parts=momentum`);
    expect(insight.headToHead).toBeUndefined();
    expect(insight.table).toBeUndefined();
    const momentum = insight.momentum;
    expect(momentum?.source).toBe('actions');
    expect(momentum?.complete).toBe(true);
    expect(momentum?.periods.map((row) => row.period)).toEqual(['1H', '2H']);
    // Each half lasted at least its 45 minutes, with a few minutes of stoppage time at most.
    for (const row of momentum?.periods ?? []) {
      expect(row.home.length).toBeGreaterThanOrEqual(45);
      expect(row.home.length).toBeLessThanOrEqual(52);
      expect(row.away).toHaveLength(row.home.length);
    }
    // Every shot is worth 3 or 4 points: a team's pressure is at least three times its shots.
    const stats = await getJson<{ teams: TeamStats[] }>(`/api/matches/${ids.hungaryPortugal}/stats`);
    const total = (side: 'home' | 'away') => (momentum?.periods ?? []).reduce((sum, row) => sum + row[side].reduce((a, b) => a + b, 0), 0);
    const shots = (teamId: number) => stats.teams.find((row) => row.teamId === teamId)?.shots ?? 0;
    expect(shots(ids.hungary)).toBeGreaterThan(0);
    expect(total('home')).toBeGreaterThanOrEqual(3 * shots(ids.hungary));
    expect(total('away')).toBeGreaterThanOrEqual(3 * shots(ids.portugal));
  });

  it('lists the earlier meetings only: never this match, a later one or a replay', async () => {
    const { headToHead } = await getJson<MatchInsight>(`/api/matches/${ids.final}/insight?parts=h2h`);
    expect(headToHead?.matches.map((match) => [match.kickoffAt.slice(0, 10), match.competition.code, match.score.home, match.score.away])).toEqual([
      ['2006-07-05', 'world.cup', 0, 1],
    ]);
    expect(headToHead?.record).toEqual({ played: 1, homeWins: 0, draws: 0, awayWins: 1, homeGoals: 0, awayGoals: 1 });
    // Hungary and Portugal never met before in the data.
    const other = await getJson<MatchInsight>(`/api/matches/${ids.hungaryPortugal}/insight?parts=h2h`);
    expect(other.headToHead).toEqual({ record: { played: 0, homeWins: 0, draws: 0, awayWins: 0, homeGoals: 0, awayGoals: 0 }, matches: [] });
  });

  it('gives the whole group for a group match and no table for a final', async () => {
    const { table } = await getJson<MatchInsight>(`/api/matches/${ids.hungaryPortugal}/insight?parts=table`);
    expect(table).toMatchObject({ scope: 'group', title: 'Group F', asItStands: false, replayOf: null, totalTeams: 4, competition: { code: 'euro' }, season: '2016' });
    // The real final standings of Group F at Euro 2016.
    expect(table?.rows.map((row) => [row.position, row.team.name, row.played, row.points, row.goalsFor, row.goalsAgainst])).toEqual([
      [1, 'Hungary', 3, 5, 6, 4],
      [2, 'Iceland', 3, 5, 4, 3],
      [3, 'Portugal', 3, 3, 4, 4],
      [4, 'Austria', 3, 1, 1, 4],
    ]);
    const final = await getJson<MatchInsight>(`/api/matches/${ids.final}/insight?parts=table`);
    expect(final.table).toBeNull();
  });

  it('shows a live replay as far as it has got: momentum to its clock, the table before the original with its score', async () => {
    const insight = await getJson<MatchInsight>(`/api/matches/${ids.replay}/insight`);
    expect(insight.momentum?.complete).toBe(false);
    const [first, second] = insight.momentum?.periods ?? [];
    expect(first?.home.length).toBeGreaterThanOrEqual(45);
    // 10½ minutes into the second half: its 11th minute is the last.
    expect(second?.home).toHaveLength(11);
    const finished = await getJson<MatchInsight>(`/api/matches/${ids.hungaryPortugal}/insight?parts=momentum`);
    expect(second?.home).toEqual(finished.momentum?.periods[1]?.home.slice(0, 11));
    // Group F before the original's matchday (Iceland v Austria was played at the same time, so it is not in), and 1–1 here.
    expect(insight.table).toMatchObject({ scope: 'group', asItStands: true, replayOf: expect.stringMatching(/^2016-06-22/) });
    expect(insight.table?.rows.map((row) => [row.team.name, row.played, row.points])).toEqual([
      ['Hungary', 3, 5],
      ['Portugal', 3, 3],
      ['Iceland', 2, 2],
      ['Austria', 2, 1],
    ]);
    expect(insight.headToHead?.matches).toEqual([]);
  });

  it('answers bad input with 400 and unknown matches with 404', async () => {
    const bad = await getJson<{ error: { code: string; fields?: Record<string, unknown> } }>(`/api/matches/${ids.final}/insight?parts=momentum,odds`, 400);
    expect(bad.error.code).toBe('invalid_input');
    await getJson(`/api/matches/abc/insight`, 400);
    const missing = await getJson<{ error: { code: string } }>('/api/matches/999999/insight', 404);
    expect(missing.error.code).toBe('not_found');
  });

  it('is described in the OpenAPI document', async () => {
    const document = await getJson<{ paths: Record<string, { get?: { parameters?: Array<{ name: string }> } }> }>('/api/openapi.json');
    expect(document.paths['/matches/{id}/insight']?.get?.parameters?.map((parameter) => parameter.name).sort()).toEqual(['id', 'parts']);
  });
});
