// The Fjelstul import on the real shipped files, on SQLite and (TEST_POSTGRES_URL)
// PostgreSQL, imported once per engine. Before it runs, a few rows stand in for
// another source (openfootball's 2022 final with its scorers, a Wyscout-like
// 2018 final with a timeline and a line-up) that the import must meet, not
// duplicate. The real openfootball and Wyscout overlap: fjelstul-overlap.test.ts.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import { createFootballService } from '../../../server/modules/football/football.service.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../../tests/helpers/test-database.ts';
import { toIsoString } from '../../client.ts';
import { runSeed, SeedError, type SeedResult } from '../run-seed.ts';
import { ensureCompetition, ensureSeason, type SeedDb } from '../seed-kit.ts';
import { findRef } from '../../source-refs.ts';
import { resolveTeam } from '../../teams.ts';
import { parseCsvRows } from './fjelstul-csv.ts';
import { FJELSTUL_CSV_FOLDER, fjelstulDir } from './fjelstul-files.ts';
import { fjelstulStep } from './fjelstul-step.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const hasData = existsSync(fjelstulDir(DATA_DIR));
const suite = hasData ? describe.each(TEST_ENGINES) : describe.skip.each(TEST_ENGINES);

/** Matches per tournament in matches.csv (replays and play-offs included). */
const MATCHES_PER_SEASON: Record<string, number> = {
  '1930': 18,
  '1934': 17,
  '1938': 18,
  '1950': 22,
  '1954': 26,
  '1958': 35,
  '1962': 32,
  '1966': 32,
  '1970': 32,
  '1974': 38,
  '1978': 38,
  '1982': 52,
  '1986': 52,
  '1990': 52,
  '1994': 52,
  '1998': 64,
  '2002': 64,
  '2006': 64,
  '2010': 64,
  '2014': 64,
  '2018': 64,
  '2022': 64,
};

interface StandIns {
  final2022: number;
  final2018: number;
  messi: number;
  modric: number;
}

/** What openfootball and Wyscout would have stored before this step: their names, matches, scorers, a line-up. */
async function seedOtherSources(db: SeedDb): Promise<StandIns> {
  const definition = findCompetitionDefinition('world.cup');
  if (!definition) throw new Error('world.cup is not in the catalogue');
  const competitionId = await ensureCompetition(db, definition);
  const season = (code: string) =>
    ensureSeason(db, {
      competitionId,
      code,
      name: `World Cup ${code}`,
      startDate: null,
      endDate: null,
      complete: true,
    });
  const season2022 = await season('2022');
  const season2018 = await season('2018');
  const argentina = await resolveTeam(db, { name: 'Argentina', kind: 'national', code: 'ARG', countryCode: 'ARG' });
  const france = await resolveTeam(db, { name: 'France', kind: 'national', code: 'FRA', countryCode: 'FRA' });
  const croatia = await resolveTeam(db, { name: 'Croatia', kind: 'national', code: 'CRO', countryCode: 'CRO' });
  const player = async (name: string, seasonId: number, teamId: number) => {
    const id = Number(
      (
        await db
          .insertInto('player')
          .values({ name, short_name: name, birth_date: null, country: null, position: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await db
      .insertInto('squad_member')
      .values({ season_id: seasonId, team_id: teamId, player_id: id, shirt_number: null, position: null })
      .execute();
    return id;
  };
  const insertMatch = async (values: {
    seasonId: number;
    home: number;
    away: number;
    kickoffAt: string;
    score: [number, number];
    et?: [number, number];
    pen?: [number, number];
  }) =>
    Number(
      (
        await db
          .insertInto('match')
          .values({
            season_id: values.seasonId,
            stage: 'Final',
            round: 'Final',
            group_name: null,
            kickoff_at: values.kickoffAt,
            kickoff_time_known: 1,
            home_team_id: values.home,
            away_team_id: values.away,
            venue_id: null,
            status: 'finished',
            minute: null,
            home_score: values.score[0],
            away_score: values.score[1],
            home_score_ht: null,
            away_score_ht: null,
            home_score_et: values.et?.[0] ?? null,
            away_score_et: values.et?.[1] ?? null,
            home_score_pen: values.pen?.[0] ?? null,
            away_score_pen: values.pen?.[1] ?? null,
            has_events: 1,
            source: 'openfootball',
            updated_at: '2026-01-01T00:00:00.000Z',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );

  // openfootball's 2022 final: the result and its scorers (goal events only).
  const final2022 = await insertMatch({
    seasonId: season2022,
    home: argentina,
    away: france,
    kickoffAt: '2022-12-18T15:00:00.000Z',
    score: [3, 3],
    et: [3, 3],
    pen: [4, 2],
  });
  const messi = await player('Lionel Messi', season2022, argentina);
  const diMaria = await player('Ángel Di María', season2022, argentina);
  const mbappe = await player('Kylian Mbappé', season2022, france);
  const goals: Array<[string, number, string, number, number]> = [
    ['1H', 23, 'penalty_goal', argentina, messi],
    ['1H', 36, 'goal', argentina, diMaria],
    ['2H', 80, 'penalty_goal', france, mbappe],
    ['2H', 81, 'goal', france, mbappe],
    ['E2', 108, 'goal', argentina, messi],
    ['E2', 118, 'penalty_goal', france, mbappe],
  ];
  await db
    .insertInto('match_event')
    .values(
      goals.map(([period, minute, type, teamId, playerId], index) => ({
        match_id: final2022,
        seq: index + 1,
        period,
        minute,
        added_minute: null,
        second: null,
        type,
        team_id: teamId,
        player_id: playerId,
        related_player_id: null,
        detail: null,
      })),
    )
    .execute();

  // A Wyscout-like 2018 final, stored the other way round: a richer timeline and a line-up.
  const final2018 = await insertMatch({
    seasonId: season2018,
    home: croatia,
    away: france,
    kickoffAt: '2018-07-15T15:00:00.000Z',
    score: [2, 4],
  });
  const modric = await player('Luka Modrić', season2018, croatia);
  await db
    .insertInto('match_event')
    .values({
      match_id: final2018,
      seq: 1,
      period: '1H',
      minute: 27,
      added_minute: null,
      second: 1618.3,
      type: 'yellow_card',
      team_id: croatia,
      player_id: modric,
      related_player_id: null,
      detail: 'foul',
    })
    .execute();
  await db
    .insertInto('match_lineup')
    .values({
      match_id: final2018,
      team_id: croatia,
      player_id: modric,
      shirt_number: null,
      position: 'MF',
      starter: 1,
      captain: 0,
    })
    .execute();
  return { final2022, final2018, messi, modric };
}

const TABLE_KEYS: Record<string, string> = {
  competition: 'id',
  season: 'id',
  team: 'id',
  team_alias: 'alias_key, kind',
  venue: 'id',
  player: 'id',
  squad_member: 'season_id, team_id, player_id',
  match: 'id',
  match_event: 'match_id, seq',
  match_lineup: 'match_id, player_id',
  source_ref: 'source, kind, external_id',
};

/** Row counts and a hash of every row of the tables the import writes. */
async function snapshot(db: SeedDb): Promise<Record<string, { rows: number; hash: string }>> {
  const result: Record<string, { rows: number; hash: string }> = {};
  for (const [table, key] of Object.entries(TABLE_KEYS)) {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} order by ${sql.raw(key)}`.execute(db);
    const hash = createHash('sha256');
    for (const row of rows) hash.update(JSON.stringify(row));
    result[table] = { rows: rows.length, hash: hash.digest('hex') };
  }
  return result;
}

/** A copy of the data folder (links to the shipped files) with some files replaced. */
function dataDirWith(replacements: Record<string, (text: string) => string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'scoreline-fjelstul-'));
  const source = path.join(fjelstulDir(DATA_DIR), FJELSTUL_CSV_FOLDER);
  const target = path.join(fjelstulDir(root), FJELSTUL_CSV_FOLDER);
  mkdirSync(target, { recursive: true });
  for (const file of readdirSync(source)) {
    const edit = replacements[file];
    if (edit) writeFileSync(path.join(target, file), edit(readFileSync(path.join(source, file), 'utf8')));
    else symlinkSync(path.join(source, file), path.join(target, file));
  }
  return root;
}

suite('Fjelstul import on %s', (engine) => {
  let database: TestDatabase;
  let db: SeedDb;
  let standIns: StandIns;
  let first: SeedResult;
  const logs: string[] = [];
  const folders: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.handle.db;
    standIns = await seedOtherSources(db);
    const cpuBefore = process.cpuUsage();
    [first] = (await runSeed(database.handle, [fjelstulStep], {
      dataDir: DATA_DIR,
      log: (message) => logs.push(message),
    })) as [SeedResult];
    const cpu = process.cpuUsage(cpuBefore);
    process.stdout.write(
      `Fjelstul import on ${engine}: ${first.ms} ms wall, ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU; ${JSON.stringify(first.counts)}\n`,
    );
  }, 300_000);

  afterAll(async () => {
    await database?.destroy();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  async function seasonMatches(season: string) {
    const rows = await db
      .selectFrom('match as m')
      .innerJoin('season as s', 's.id', 'm.season_id')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .innerJoin('team as h', 'h.id', 'm.home_team_id')
      .innerJoin('team as a', 'a.id', 'm.away_team_id')
      .selectAll('m')
      .select(['h.name as home', 'a.name as away'])
      .where('c.code', '=', 'world.cup')
      .where('s.code', '=', season)
      .orderBy('m.kickoff_at')
      .orderBy('m.id')
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id), kickoff_at: toIsoString(row.kickoff_at) }));
  }

  it('imports every men’s World Cup 1930–2022 with its number of matches, all finished', async () => {
    const rows = await db
      .selectFrom('match as m')
      .innerJoin('season as s', 's.id', 'm.season_id')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .select(['s.code as season', 's.complete'])
      .select((eb) => [
        eb.fn.countAll<string | number>().as('matches'),
        eb.fn.sum<string | number>(sql`case when m.status = 'finished' then 1 else 0 end`).as('finished'),
      ])
      .where('c.code', '=', 'world.cup')
      .groupBy(['s.code', 's.complete'])
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.season, Number(row.matches)]))).toEqual(MATCHES_PER_SEASON);
    expect(rows.every((row) => Number(row.finished) === Number(row.matches) && row.complete === 1)).toBe(true);
    expect(first.counts).toMatchObject({ tournaments: 22, matchesCreated: 962, matchesMerged: 2, matchesUnchanged: 0 });
  });

  it('records 1950 as a final group round with no final match', async () => {
    const matches = await seasonMatches('1950');
    expect(matches.filter((match) => match.stage === 'Final')).toEqual([]);
    const finalRound = matches.filter((match) => match.stage === 'Final round');
    expect(finalRound.map((match) => match.round)).toEqual([
      'Matchday 1',
      'Matchday 1',
      'Matchday 2',
      'Matchday 2',
      'Matchday 3',
      'Matchday 3',
    ]);
    const decider = finalRound.at(-1);
    expect(decider).toMatchObject({ home: 'Uruguay', away: 'Brazil', home_score: 2, away_score: 1, home_score_ht: 0 });
  });

  it('stores the 1966 final: England 4–2 West Germany after extra time, in BST', async () => {
    const [final] = (await seasonMatches('1966')).filter((match) => match.stage === 'Final');
    expect(final).toMatchObject({
      home: 'England',
      away: 'West Germany',
      home_score: 4,
      away_score: 2,
      home_score_ht: 1,
      away_score_ht: 1,
      home_score_et: 4,
      away_score_et: 2,
      home_score_pen: null,
      kickoff_at: '1966-07-30T14:00:00.000Z',
      source: 'fjelstul',
    });
    const goals = await db
      .selectFrom('match_event as e')
      .innerJoin('player as p', 'p.id', 'e.player_id')
      .select(['p.name', 'e.period'])
      .where('e.match_id', '=', (final as { id: number }).id)
      .where('e.type', '=', 'goal')
      .orderBy('e.seq')
      .execute();
    expect(goals.filter((goal) => goal.name === 'Geoff Hurst').map((goal) => goal.period)).toEqual(['1H', 'E1', 'E2']);
    const venue = await db
      .selectFrom('venue')
      .selectAll()
      .where('id', '=', Number((final as { venue_id: number | string }).venue_id))
      .executeTakeFirstOrThrow();
    expect(venue).toMatchObject({ name: 'Wembley Stadium', city: 'London', country: 'England' });
  });

  it('merges the 2022 final into the stored match: its score kept, its scorers linked, the full timeline and line-ups added', async () => {
    const finals = (await seasonMatches('2022')).filter(
      (match) => match.home === 'Argentina' && match.away === 'France',
    );
    expect(finals.map((match) => match.id)).toEqual([standIns.final2022]);
    expect(finals[0]).toMatchObject({
      home_score: 3,
      away_score: 3,
      home_score_pen: 4,
      away_score_pen: 2,
      source: 'openfootball',
    });
    expect(await findRef(db, 'fjelstul', 'match', 'M-2022-64')).toBe(standIns.final2022);
    const events = await db
      .selectFrom('match_event')
      .selectAll()
      .where('match_id', '=', standIns.final2022)
      .orderBy('seq')
      .execute();
    const count = (...types: string[]) => events.filter((event) => types.includes(event.type)).length;
    expect(count('goal', 'penalty_goal', 'own_goal')).toBe(6);
    expect(count('shootout_goal')).toBe(6);
    expect(count('shootout_miss')).toBe(2);
    expect(count('substitution')).toBeGreaterThanOrEqual(10);
    expect(count('yellow_card')).toBeGreaterThan(0);
    expect(
      events.filter((event) => event.type === 'penalty_goal' && Number(event.player_id) === standIns.messi),
    ).toHaveLength(1);
    const lineups = await db
      .selectFrom('match_lineup')
      .selectAll()
      .where('match_id', '=', standIns.final2022)
      .execute();
    expect(lineups.filter((row) => row.starter === 1)).toHaveLength(22);
    expect(lineups.find((row) => Number(row.player_id) === standIns.messi)).toMatchObject({
      shirt_number: 10,
      starter: 1,
      captain: 1,
    });
  });

  it('leaves a richer timeline and line-up alone, and links the squad player to it', async () => {
    const finals = (await seasonMatches('2018')).filter((match) => match.stage === 'Final');
    expect(finals.map((match) => [match.id, match.home, match.away, match.home_score])).toEqual([
      [standIns.final2018, 'Croatia', 'France', 2],
    ]);
    const events = await db
      .selectFrom('match_event')
      .select('type')
      .where('match_id', '=', standIns.final2018)
      .execute();
    expect(events).toEqual([{ type: 'yellow_card' }]);
    const lineups = await db
      .selectFrom('match_lineup')
      .select('player_id')
      .where('match_id', '=', standIns.final2018)
      .execute();
    expect(lineups.map((row) => Number(row.player_id))).toEqual([standIns.modric]);
    const croatianModrics = await db
      .selectFrom('squad_member as q')
      .innerJoin('season as s', 's.id', 'q.season_id')
      .innerJoin('team as t', 't.id', 'q.team_id')
      .innerJoin('player as p', 'p.id', 'q.player_id')
      .select(['p.id', 's.code', 'q.shirt_number'])
      .where('t.name', '=', 'Croatia')
      .where('p.name', 'like', '%Modri%')
      .orderBy('s.code')
      .execute();
    expect(croatianModrics.map((row) => [row.code, row.shirt_number])).toEqual([
      ['2006', 14],
      ['2014', 10],
      ['2018', 10],
      ['2022', 10],
    ]);
    expect(croatianModrics.find((row) => row.code === '2018')?.id).toEqual(
      croatianModrics.find((row) => row.code === '2022')?.id,
    );
  });

  it('derives goals per match equal to the stored score, and half-time from the goals', async () => {
    const rows = await db
      .selectFrom('match as m')
      .innerJoin('season as s', 's.id', 'm.season_id')
      .leftJoin('match_event as e', (join) =>
        join.onRef('e.match_id', '=', 'm.id').on('e.type', 'in', ['goal', 'penalty_goal', 'own_goal']),
      )
      .select(['m.id', 'm.home_score', 'm.away_score', 'm.home_score_ht', 'm.away_score_ht', 'm.source'])
      .select((eb) => [
        eb.fn.sum<string | number>(sql`case when e.team_id = m.home_team_id then 1 else 0 end`).as('home'),
        eb.fn.sum<string | number>(sql`case when e.team_id = m.away_team_id then 1 else 0 end`).as('away'),
        eb.fn
          .sum<string | number>(sql`case when e.team_id = m.home_team_id and e.period = '1H' then 1 else 0 end`)
          .as('homeHt'),
        eb.fn
          .sum<string | number>(sql`case when e.team_id = m.away_team_id and e.period = '1H' then 1 else 0 end`)
          .as('awayHt'),
      ])
      .where('m.id', '!=', standIns.final2018) // its stand-in timeline has a card and no goals
      .groupBy(['m.id', 'm.home_score', 'm.away_score', 'm.home_score_ht', 'm.away_score_ht', 'm.source'])
      .execute();
    expect(rows).toHaveLength(963);
    const wrong = rows.filter(
      (row) =>
        Number(row.home ?? 0) !== row.home_score ||
        Number(row.away ?? 0) !== row.away_score ||
        (row.source === 'fjelstul' &&
          (Number(row.homeHt ?? 0) !== row.home_score_ht || Number(row.awayHt ?? 0) !== row.away_score_ht)),
    );
    expect(wrong).toEqual([]);
  });

  it('imports cards and substitutions from 1970 and line-ups with positions and shirt numbers', async () => {
    const counts = await db
      .selectFrom('match_event as e')
      .innerJoin('match as m', 'm.id', 'e.match_id')
      .innerJoin('season as s', 's.id', 'm.season_id')
      .select(['e.type'])
      .select((eb) => [eb.fn.countAll<string | number>().as('events'), eb.fn.min('s.code').as('first')])
      .groupBy('e.type')
      .execute();
    const byType = Object.fromEntries(counts.map((row) => [row.type, [Number(row.events), row.first]]));
    expect(byType.substitution?.[1]).toBe('1970');
    expect(byType.yellow_card?.[1]).toBe('1970');
    expect(byType.own_goal?.[1]).toBe('1930');
    expect(byType.shootout_goal?.[1]).toBe('1982');
    // Every booking and shoot-out kick of the files is a row; 2 of each stand-in's events came before.
    expect(Number(byType.shootout_goal?.[0]) + Number(byType.shootout_miss?.[0])).toBe(320);
    const appearances = await db
      .selectFrom('match_lineup as l')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('rows'),
        eb.fn.sum<string | number>('l.starter').as('starters'),
        eb.fn.sum<string | number>('l.captain').as('captains'),
      ])
      .executeTakeFirstOrThrow();
    // 20,618 appearances; the stand-in 2018 final keeps its own single line-up row instead of Fjelstul's 27.
    expect(Number(appearances.rows)).toBe(20_618 - 27 + 1);
    expect(Number(appearances.starters)).toBe(16_808 - 22 + 1);
    expect(Number(appearances.captains)).toBeGreaterThan(1_500);
  });

  it('places every group match so that the group tables add up to group_standings.csv', async () => {
    const standings = parseCsvRows(
      readFileSync(path.join(fjelstulDir(DATA_DIR), FJELSTUL_CSV_FOLDER, 'group_standings.csv'), 'utf8'),
      'group_standings.csv',
      z.object({
        tournament_id: z.string(),
        stage_number: z.string(),
        group_name: z.string(),
        team_id: z.string(),
        played: z.string(),
        wins: z.string(),
        draws: z.string(),
        losses: z.string(),
        goals_for: z.string(),
        goals_against: z.string(),
      }),
    );
    const teamRefs = await db
      .selectFrom('source_ref')
      .select(['external_id', 'local_id'])
      .where('source', '=', 'fjelstul')
      .where('kind', '=', 'team')
      .execute();
    const fjelstulTeam = new Map(teamRefs.map((row) => [Number(row.local_id), row.external_id]));
    const matches = await db
      .selectFrom('match as m')
      .innerJoin('season as s', 's.id', 'm.season_id')
      .select(['s.code', 'm.stage', 'm.group_name', 'm.home_team_id', 'm.away_team_id', 'm.home_score', 'm.away_score'])
      .where('m.stage', 'in', ['Group stage', 'Second group stage', 'Final round'])
      .where('m.round', '!=', 'Play-off') // 1954 and 1958: deciders after the group, not in its table
      .execute();
    const tables = new Map<string, number[]>();
    for (const match of matches) {
      const stage = match.stage === 'Group stage' ? '1' : '2';
      const group = match.group_name ?? 'Group 1'; // the 1950 final round
      const sides: Array<[number | string, number, number]> = [
        [match.home_team_id, match.home_score ?? 0, match.away_score ?? 0],
        [match.away_team_id, match.away_score ?? 0, match.home_score ?? 0],
      ];
      for (const [team, scored, conceded] of sides) {
        const key = `WC-${match.code}|${stage}|${group}|${fjelstulTeam.get(Number(team))}`;
        const row = tables.get(key) ?? [0, 0, 0, 0, 0, 0];
        row[0] = (row[0] ?? 0) + 1;
        const column = scored > conceded ? 1 : scored === conceded ? 2 : 3;
        row[column] = (row[column] ?? 0) + 1;
        row[4] = (row[4] ?? 0) + scored;
        row[5] = (row[5] ?? 0) + conceded;
        tables.set(key, row);
      }
    }
    const expected = new Map(
      standings.map((row) => [
        `${row.tournament_id}|${row.stage_number}|${row.group_name}|${row.team_id}`,
        [row.played, row.wins, row.draws, row.losses, row.goals_for, row.goals_against].map(Number),
      ]),
    );
    expect(expected.size).toBe(490);
    expect(Object.fromEntries(tables)).toEqual(Object.fromEntries(expected));
  });

  it('gives the top scorers without counting a goal twice (2022: Mbappé 8, Messi 7; 1970: Gerd Müller 10)', async () => {
    const football = createFootballService(database.handle.db);
    const scorers2022 = await football.getTopScorers('world.cup', '2022', 3);
    expect(scorers2022.scorers.map((row) => [row.player.name, row.team.name, row.goals, row.penalties])).toEqual([
      ['Kylian Mbappé', 'France', 8, 2],
      ['Lionel Messi', 'Argentina', 7, 4],
      ['Julián Álvarez', 'Argentina', 4, 0],
    ]);
    const scorers1970 = await football.getTopScorers('world.cup', '1970', 1);
    expect(scorers1970.scorers.map((row) => [row.player.name, row.team.name, row.goals])).toEqual([
      ['Gerd Müller', 'West Germany', 10],
    ]);
  });

  it('gives a whole-tournament table for a cup season (1998: France first, 32 teams)', async () => {
    const football = createFootballService(database.handle.db);
    const table = await football.getStandings({ code: 'world.cup', season: '1998' });
    expect(table.rows).toHaveLength(32);
    expect(table.rows[0]).toMatchObject({
      team: { name: 'France' },
      played: 7,
      won: 6,
      drawn: 1,
      lost: 0,
      goalsFor: 15,
    });
  });

  it('keeps historical teams apart and meets the others through their aliases', async () => {
    const teams = await db
      .selectFrom('team')
      .select(['name', 'code'])
      .where('kind', '=', 'national')
      .orderBy('name')
      .execute();
    const names = teams.map((team) => team.name);
    for (const name of ['West Germany', 'Germany', 'Soviet Union', 'Russia', 'Zaire', 'Yugoslavia', 'Serbia'])
      expect(names).toContain(name);
    expect(names.filter((name) => name === 'France')).toHaveLength(1);
    expect(teams.find((team) => team.name === 'West Germany')?.code).toBe('FRG');
    expect(teams).toHaveLength(85);
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot(db);
    const [second] = (await runSeed(database.handle, [fjelstulStep], { dataDir: DATA_DIR })) as [SeedResult];
    expect(second.counts).toMatchObject({
      matchesCreated: 0,
      matchesMerged: 0,
      matchesUnchanged: 964,
      playersCreated: 0,
    });
    expect(await snapshot(db)).toEqual(before);
  }, 300_000);

  it('fails with a clear error on a malformed file and leaves the database as it was', async () => {
    const before = await snapshot(db);
    const truncated = dataDirWith({
      'goals.csv': (text) =>
        text.replace(/\n(\d+,G-0100,[^\n]*)/, (_, row: string) => `\n${row.split(',').slice(0, 5).join(',')}`),
    });
    folders.push(truncated);
    await expect(runSeed(database.handle, [fjelstulStep], { dataDir: truncated })).rejects.toThrow(
      /Import step "fjelstul" failed: goals\.csv line 101: 5 fields where the header has 27/,
    );
    expect(await snapshot(db)).toEqual(before);
  }, 300_000);

  it('rolls back everything written when the import fails half-way', async () => {
    // A fresh database: the 2022 final is the last match, played in a country with no known time zone.
    const fresh = await createTestDatabase(engine);
    try {
      const nowhere = dataDirWith({
        'matches.csv': (text) => text.replace(/Lusail,Qatar(,T-03,Argentina,ARG,T-28,France)/, 'Poseidonia,Atlantis$1'),
      });
      folders.push(nowhere);
      const error = await runSeed(fresh.handle, [fjelstulStep], { dataDir: nowhere }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(SeedError);
      expect(String((error as Error).message)).toContain('no time zone for matches played in Poseidonia, Atlantis');
      for (const table of [
        'competition',
        'season',
        'team',
        'player',
        'match',
        'match_event',
        'squad_member',
        'source_ref',
      ] as const) {
        const row = await fresh.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .executeTakeFirstOrThrow();
        expect([table, Number(row.count)]).toEqual([table, 0]);
      }
      const runs = await fresh.handle.db.selectFrom('import_run').select(['step', 'status']).execute();
      expect(runs).toEqual([{ step: 'fjelstul', status: 'failed' }]);
    } finally {
      await fresh.destroy();
    }
  }, 300_000);
});
