// The table "as it stands" (issue #5): real matches now live count with their
// current score, demo replays never do; plus the team page's reads (squad,
// matches within a window). A small hand-made league on real databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason, type SeedDb } from '../../../db/seed/seed-kit.ts';
import { resolveTeam } from '../../../db/teams.ts';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import type { Standings } from '../../../domain/football-contracts.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

interface MatchInput {
  kickoffAt: string;
  home: number;
  away: number;
  score: [number, number] | null;
  status: string;
  replayOf?: number;
}

async function insertMatch(db: SeedDb, seasonId: number, input: MatchInput): Promise<number> {
  const row = await db
    .insertInto('match')
    .values({
      season_id: seasonId,
      stage: 'Regular season',
      round: 'Matchday 1',
      group_name: null,
      kickoff_at: new Date(input.kickoffAt).toISOString(),
      kickoff_time_known: 1,
      home_team_id: input.home,
      away_team_id: input.away,
      venue_id: null,
      status: input.status,
      minute: input.status === 'live' ? 60 : null,
      home_score: input.score?.[0] ?? null,
      away_score: input.score?.[1] ?? null,
      home_score_ht: null,
      away_score_ht: null,
      home_score_et: null,
      away_score_et: null,
      home_score_pen: null,
      away_score_pen: null,
      has_events: 0,
      source: input.replayOf ? 'replay' : 'test',
      updated_at: new Date().toISOString(),
      replay_of_match_id: input.replayOf ?? null,
      clock_phase: null,
      phase_started_at: null,
      observed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const summary = (table: Standings) =>
  table.rows.map((row) => [row.team.name, row.played, row.points, row.goalsFor, row.goalsAgainst]);

describe.each(TEST_ENGINES)('live standings and team reads on %s', (engine) => {
  let t: TestApp;
  const team: Record<string, number> = {};
  const match: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.handle.db;
    const definition = findCompetitionDefinition('en.1');
    if (!definition) throw new Error('en.1 missing from the catalogue');
    const competitionId = await ensureCompetition(db, definition);
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: '2030-31',
      name: 'Premier League 2030/31',
      startDate: '2030-08-10',
      endDate: '2031-05-25',
      complete: false,
    });
    for (const name of ['Ashford FC', 'Bexley FC', 'Crawley FC', 'Dover FC', 'Epsom FC', 'Fleet FC'])
      team[name] = await resolveTeam(db, { name, kind: 'club' });
    const [a, b, c, d, e, f] = ['Ashford FC', 'Bexley FC', 'Crawley FC', 'Dover FC', 'Epsom FC', 'Fleet FC'].map(
      (name) => team[name] as number,
    ) as [number, number, number, number, number, number];
    match.ab = await insertMatch(db, seasonId, {
      kickoffAt: '2030-08-10T14:00:00Z',
      home: a,
      away: b,
      score: [2, 0],
      status: 'finished',
    });
    match.cd = await insertMatch(db, seasonId, {
      kickoffAt: '2030-08-17T14:00:00Z',
      home: c,
      away: d,
      score: [0, 1],
      status: 'live',
    });
    match.ef = await insertMatch(db, seasonId, {
      kickoffAt: '2030-08-17T14:00:00Z',
      home: e,
      away: f,
      score: [1, 1],
      status: 'half-time',
    });
    match.bc = await insertMatch(db, seasonId, {
      kickoffAt: '2030-08-24T14:00:00Z',
      home: b,
      away: c,
      score: null,
      status: 'scheduled',
    });
    // A demo replay of Ashford v Bexley, live with another score: never in a real table.
    match.replay = await insertMatch(db, seasonId, {
      kickoffAt: '2030-08-17T14:00:00Z',
      home: a,
      away: b,
      score: [0, 5],
      status: 'live',
      replayOf: match.ab,
    });

    const player = async (name: string) =>
      Number(
        (
          await db
            .insertInto('player')
            .values({ name, short_name: name, birth_date: null, country: null, position: null })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const keeper = await player('Zed Keeper');
    const striker = await player('Al Striker');
    const reserve = await player('Bo Reserve');
    await db
      .insertInto('squad_member')
      .values([
        { season_id: seasonId, team_id: a, player_id: striker, shirt_number: 9, position: 'FW' },
        { season_id: seasonId, team_id: a, player_id: keeper, shirt_number: 1, position: 'GK' },
        { season_id: seasonId, team_id: a, player_id: reserve, shirt_number: null, position: null },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const getJson = async <T>(path: string, status = 200): Promise<T> => {
    const response = await t.app.request(path);
    expect(response.status, `${path} → ${response.status}: ${await response.clone().text()}`).toBe(status);
    return (await response.json()) as T;
  };

  it('leaves live matches out of the ordinary table', async () => {
    const table = await getJson<Standings>('/api/competitions/en.1/seasons/2030-31/standings');
    expect(table.liveMatchIds).toBeUndefined();
    expect(summary(table).slice(0, 2)).toEqual([
      ['Ashford FC', 1, 3, 2, 0],
      ['Crawley FC', 0, 0, 0, 0],
    ]);
    expect(table.rows.find((row) => row.team.name === 'Bexley FC')?.played).toBe(1);
  });

  it('counts live and half-time matches with their current score as it stands, never the replay', async () => {
    const table = await getJson<Standings>('/api/competitions/en.1/seasons/2030-31/standings?live=1');
    expect([...(table.liveMatchIds ?? [])].sort((x, y) => x - y)).toEqual(
      [match.cd, match.ef].sort((x, y) => (x ?? 0) - (y ?? 0)),
    );
    expect(summary(table)).toEqual([
      ['Ashford FC', 1, 3, 2, 0],
      ['Dover FC', 1, 3, 1, 0],
      // Level on points, goals and head-to-head points: Fleet's away goal between them decides.
      ['Fleet FC', 1, 1, 1, 1],
      ['Epsom FC', 1, 1, 1, 1],
      ['Crawley FC', 1, 0, 0, 1],
      ['Bexley FC', 1, 0, 0, 2],
    ]);
    expect(table.rows.find((row) => row.team.name === 'Dover FC')?.form).toEqual(['W']);
  });

  it('ignores live matches in a table as it stood on a date', async () => {
    const table = await getJson<Standings>('/api/competitions/en.1/seasons/2030-31/standings?live=1&asOf=2030-08-31');
    expect(table.liveMatchIds).toBeUndefined();
    expect(table.rows.find((row) => row.team.name === 'Dover FC')?.played).toBe(0);
  });

  it('gives the table as it stood at a replayed match’s kick-off, the replay’s score counting as it stands', async () => {
    const table = await getJson<Standings>(`/api/competitions/en.1/seasons/2030-31/standings?replay=${match.replay}`);
    expect(table.replay).toEqual({
      matchId: match.replay,
      originalMatchId: match.ab,
      originalKickoffAt: '2030-08-10T14:00:00.000Z',
    });
    expect(table.liveMatchIds).toEqual([match.replay]);
    // Ashford v Bexley was the season's first match: only the replay's 0–5 counts, nothing played after it.
    expect(summary(table).slice(0, 2)).toEqual([
      ['Bexley FC', 1, 3, 5, 0],
      ['Crawley FC', 0, 0, 0, 0],
    ]);
    expect(table.rows.find((row) => row.team.name === 'Ashford FC')).toMatchObject({
      position: 6,
      played: 1,
      points: 0,
    });
    // The real table is untouched.
    const real = await getJson<Standings>('/api/competitions/en.1/seasons/2030-31/standings?live=1');
    expect(real.rows[0]?.team.name).toBe('Ashford FC');
  });

  it('answers 404 for a replay id that is no replay of the season, 400 for a malformed one', async () => {
    await getJson(`/api/competitions/en.1/seasons/2030-31/standings?replay=${match.cd}`, 404);
    await getJson('/api/competitions/en.1/seasons/2030-31/standings?replay=999999', 404);
    const body = await getJson<{ error: { fields: Record<string, string> } }>(
      '/api/competitions/en.1/seasons/2030-31/standings?replay=abc',
      400,
    );
    expect(Object.keys(body.error.fields)).toContain('replay');
  });

  it('rejects a malformed live flag', async () => {
    const body = await getJson<{ error: { fields: Record<string, string> } }>(
      '/api/competitions/en.1/seasons/2030-31/standings?live=yes',
      400,
    );
    expect(Object.keys(body.error.fields)).toContain('live');
  });

  it("gives a team's squad of its latest season, by shirt number", async () => {
    const squad = await t.services.football.getSquad(team['Ashford FC'] as number);
    expect(squad.season).toMatchObject({ code: '2030-31', competition: { code: 'en.1' } });
    expect(squad.players.map((player) => [player.shirtNumber, player.name, player.position])).toEqual([
      [1, 'Zed Keeper', 'GK'],
      [9, 'Al Striker', 'FW'],
      [null, 'Bo Reserve', null],
    ]);
    expect(await t.services.football.getSquad(team['Bexley FC'] as number)).toEqual({ season: null, players: [] });
    await expect(t.services.football.getSquad(999_999)).rejects.toThrow('Team 999999 not found');
  });

  it("lists a team's matches within a kick-off window, replays left out", async () => {
    const bexley = team['Bexley FC'] as number;
    const before = await t.services.football.listTeamMatches(bexley, {
      to: new Date('2030-08-20T00:00:00Z'),
      order: 'desc',
    });
    expect(before.map((row) => row.id)).toEqual([match.ab]);
    const after = await t.services.football.listTeamMatches(bexley, { from: new Date('2030-08-20T00:00:00Z') });
    expect(after.map((row) => row.id)).toEqual([match.bc]);
  });
});
