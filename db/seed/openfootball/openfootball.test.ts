// The openfootball importer on the real shipped files (never written to), on
// SQLite and, when TEST_POSTGRES_URL is set, PostgreSQL.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database.ts';
import { toIsoString } from '../../client.ts';
import { SeedError, runSeed, type SeedResult } from '../run-seed.ts';
import { ensureCompetition, ensureSeason, type SeedDb, type SeedStep } from '../seed-kit.ts';
import { resolveTeam } from '../../teams.ts';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import { SEED_STEPS } from '../steps.ts';
import { openfootballStep } from './openfootball-step.ts';

const dataDir = process.env.DATA_DIR ?? path.resolve('../shared/data');
const hasData = existsSync(path.join(dataDir, 'openfootball'));
const suite = hasData ? describe : describe.skip;
const IMPORT_TIMEOUT = 300_000;

/** Matches per competition-season, and how many of them have a result (finished or awarded). */
const EXPECTED_SEASONS: Record<string, [matches: number, withResult: number]> = {
  'ar.1 2025': [240, 240],
  'at.1 2022-23': [195, 195],
  'at.1 2023-24': [195, 195],
  'at.1 2024-25': [195, 194],
  'at.1 2025-26': [132, 71],
  'at.2 2024-25': [240, 240],
  'at.2 2025-26': [240, 96],
  'au.1 2024-25': [171, 169], // 176 in the file, 5 between not-yet-known teams skipped
  'be.1 2024-25': [313, 313],
  'be.1 2025-26': [240, 104],
  'br.1 2025': [380, 380],
  'br.2 2025': [380, 57],
  'cn.1 2025': [240, 79],
  'co.1 2025': [200, 167],
  'copa.l 2025': [155, 154],
  'de.1 2022-23': [306, 306],
  'de.1 2023-24': [306, 306],
  'de.1 2024-25': [306, 306],
  'de.1 2025-26': [306, 225],
  'de.2 2022-23': [306, 306],
  'de.2 2023-24': [306, 306],
  'de.2 2024-25': [306, 306],
  'de.2 2025-26': [306, 99],
  'dz.1 2024-25': [240, 160],
  'eg.1 2024-25': [225, 183],
  'en.1 2022-23': [380, 380],
  'en.1 2023-24': [380, 380],
  'en.1 2024-25': [380, 380],
  'en.1 2025-26': [380, 339], // england/2025-26 Football.TXT over the JSON (291)
  'en.2 2022-23': [557, 557],
  'en.2 2023-24': [557, 557],
  'en.2 2024-25': [557, 557],
  'en.2 2025-26': [552, 376],
  'en.3 2024-25': [552, 552],
  'en.3 2025-26': [552, 356],
  'en.4 2024-25': [552, 552],
  'en.4 2025-26': [552, 276], // 564 in the file: 12 listed twice
  'en.5 2025-26': [552, 296], // National League, only in the Football.TXT: 564 listed, 12 twice
  'es.1 2022-23': [380, 380],
  'es.1 2023-24': [380, 380],
  'es.1 2024-25': [380, 370],
  'es.1 2025-26': [380, 270],
  'es.2 2024-25': [462, 453],
  'es.2 2025-26': [462, 131],
  'euro 2020': [51, 51],
  'euro 2024': [51, 51],
  'fr.1 2022-23': [380, 380],
  'fr.1 2023-24': [306, 306],
  'fr.1 2024-25': [306, 306],
  'fr.1 2025-26': [306, 225],
  'fr.2 2024-25': [306, 306],
  'fr.2 2025-26': [306, 116],
  'gr.1 2024-25': [236, 236],
  'gr.1 2025-26': [182, 62],
  'it.1 2022-23': [380, 380],
  'it.1 2023-24': [380, 380],
  'it.1 2024-25': [380, 370],
  'it.1 2025-26': [380, 280],
  'it.2 2024-25': [390, 387],
  'it.2 2025-26': [380, 109],
  'jp.1 2025': [380, 136],
  'ma.1 2024-25': [200, 200],
  'mls 2025': [510, 164],
  'mx.1 2024-25': [340, 340],
  'nl.1 2022-23': [306, 306],
  'nl.1 2023-24': [306, 306],
  'nl.1 2024-25': [306, 306],
  'nl.1 2025-26': [306, 234],
  'pt.1 2022-23': [306, 306],
  'pt.1 2023-24': [306, 306],
  'pt.1 2024-25': [306, 306],
  'pt.1 2025-26': [306, 225],
  'sco.1 2024-25': [228, 228],
  'sco.1 2025-26': [198, 63],
  'tr.1 2024-25': [342, 338],
  'tr.1 2025-26': [306, 99],
  'uefa.cl 2024-25': [189, 188],
  'world.clubcup 2025': [64, 64],
  'world.cup 2014': [64, 64],
  'world.cup 2018': [64, 64],
  'world.cup 2022': [64, 64],
  'world.cup 2026': [104, 104],
  'world.cup.quali 2026': [16, 16],
};

interface MatchRow {
  id: number;
  kickoffAt: string;
  kickoffTimeKnown: number;
  home: string;
  homeId: number;
  away: string;
  awayId: number;
  stage: string | null;
  round: string | null;
  group: string | null;
  status: string;
  score: (number | null)[];
  venue: string | null;
}

async function seasonMatches(db: SeedDb, competition: string, season: string): Promise<MatchRow[]> {
  const rows = await db
    .selectFrom('match as m')
    .innerJoin('season as s', 's.id', 'm.season_id')
    .innerJoin('competition as c', 'c.id', 's.competition_id')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .leftJoin('venue as v', 'v.id', 'm.venue_id')
    .select([
      'm.id',
      'm.kickoff_at',
      'm.kickoff_time_known',
      'h.name as home',
      'h.id as homeId',
      'a.name as away',
      'a.id as awayId',
      'm.stage',
      'm.round',
      'm.group_name',
      'm.status',
      'm.home_score',
      'm.away_score',
      'm.home_score_ht',
      'm.away_score_ht',
      'm.home_score_et',
      'm.away_score_et',
      'm.home_score_pen',
      'm.away_score_pen',
      'v.name as venue',
    ])
    .where('c.code', '=', competition)
    .where('s.code', '=', season)
    .orderBy('m.kickoff_at')
    .orderBy('m.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kickoffAt: toIsoString(row.kickoff_at),
    kickoffTimeKnown: row.kickoff_time_known,
    home: row.home,
    homeId: Number(row.homeId),
    away: row.away,
    awayId: Number(row.awayId),
    stage: row.stage,
    round: row.round,
    group: row.group_name,
    status: row.status,
    score: [
      row.home_score,
      row.away_score,
      row.home_score_ht,
      row.away_score_ht,
      row.home_score_et,
      row.away_score_et,
      row.home_score_pen,
      row.away_score_pen,
    ],
    venue: row.venue,
  }));
}

function findMatch(matches: MatchRow[], home: string, away: string, day?: string): MatchRow {
  const found = matches.filter(
    (match) => match.home === home && match.away === away && (day === undefined || match.kickoffAt.startsWith(day)),
  );
  if (found.length !== 1) throw new Error(`expected one ${home} v ${away} ${day ?? ''}, found ${found.length}`);
  return found[0] as MatchRow;
}

const TABLES = [
  'competition',
  'season',
  'team',
  'team_alias',
  'venue',
  'player',
  'squad_member',
  'match',
  'match_event',
  'source_ref',
] as const;

/** Row counts of every table the importer writes, and a checksum of every match and event row. */
async function snapshot(db: SeedDb) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  const hash = createHash('sha256');
  const matches = await db.selectFrom('match').selectAll().orderBy('id').execute();
  for (const match of matches) {
    hash.update(
      JSON.stringify({
        ...match,
        id: Number(match.id),
        kickoff_at: toIsoString(match.kickoff_at),
        updated_at: toIsoString(match.updated_at),
      }),
    );
  }
  const events = await db.selectFrom('match_event').selectAll().orderBy('match_id').orderBy('seq').execute();
  for (const event of events) hash.update(JSON.stringify({ ...event, id: Number(event.id) }));
  const teams = await db.selectFrom('team').selectAll().orderBy('id').execute();
  for (const team of teams) hash.update(JSON.stringify({ ...team, id: Number(team.id) }));
  const players = await db.selectFrom('player').selectAll().orderBy('id').execute();
  for (const player of players) hash.update(JSON.stringify({ ...player, id: Number(player.id) }));
  const squads = await db
    .selectFrom('squad_member')
    .selectAll()
    .orderBy('season_id')
    .orderBy('team_id')
    .orderBy('player_id')
    .execute();
  for (const member of squads) hash.update(JSON.stringify(member));
  return { counts, checksum: hash.digest('hex') };
}

suite.each(TEST_ENGINES)('openfootball import on %s', (engine) => {
  let database: TestDatabase;
  let db: SeedDb;
  const log: string[] = [];
  let results: SeedResult[];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.handle.db;
    results = await runSeed(database.handle, [openfootballStep], { dataDir, log: (message) => log.push(message) });
  }, IMPORT_TIMEOUT);

  afterAll(async () => {
    await database?.destroy();
  });

  it('starts the seed with openfootball', () => {
    expect(SEED_STEPS[0]?.name).toBe('openfootball');
    expect(results[0]?.step).toBe('openfootball');
  });

  it('imports every competition-season with the expected number of matches and results', async () => {
    const rows = await db
      .selectFrom('match as m')
      .innerJoin('season as s', 's.id', 'm.season_id')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .select(['c.code as competition', 's.code as season'])
      .select((eb) => [
        eb.fn.countAll<string | number>().as('matches'),
        eb.fn
          .sum<string | number>(sql`case when m.status in ('finished', 'awarded') then 1 else 0 end`)
          .as('withResult'),
      ])
      .groupBy(['c.code', 's.code'])
      .execute();
    const actual = Object.fromEntries(
      rows.map((row) => [`${row.competition} ${row.season}`, [Number(row.matches), Number(row.withResult)]]),
    );
    expect(actual).toEqual(EXPECTED_SEASONS);
  });

  it('imports the 2023-24 Premier League complete: 380 finished matches of 20 teams', async () => {
    const matches = await seasonMatches(db, 'en.1', '2023-24');
    expect(matches).toHaveLength(380);
    expect(matches.every((match) => match.status === 'finished' && match.stage === 'Regular season')).toBe(true);
    expect(new Set(matches.map((match) => match.homeId)).size).toBe(20);
    const season = await db
      .selectFrom('season as s')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .select(['s.complete', 's.name', 's.start_date', 's.end_date'])
      .where('c.code', '=', 'en.1')
      .where('s.code', '=', '2023-24')
      .executeTakeFirstOrThrow();
    expect(season).toEqual({ complete: 1, name: '2023/24', start_date: '2023-08-11', end_date: '2024-05-19' });
  });

  it('converts local kick-off times to UTC (a 15:00 Premier League match is 14:00Z in August, 15:00Z in December)', async () => {
    const matches = await seasonMatches(db, 'en.1', '2023-24');
    expect(findMatch(matches, 'Everton FC', 'Fulham FC').kickoffAt).toBe('2023-08-12T14:00:00.000Z');
    expect(findMatch(matches, 'Aston Villa FC', 'Burnley FC', '2023-12-30').kickoffAt).toBe('2023-12-30T15:00:00.000Z');
    const worldCup = await seasonMatches(db, 'world.cup', '2014');
    expect(findMatch(worldCup, 'Brazil', 'Croatia').kickoffAt).toBe('2014-06-12T20:00:00.000Z'); // "17:00 UTC-3"
    const cl = await seasonMatches(db, 'uefa.cl', '2024-25');
    expect(findMatch(cl, 'Liverpool FC', 'Paris Saint-Germain').kickoffAt).toBe('2025-03-11T20:00:00.000Z'); // 21:00 CET
  });

  it('marks unknown kick-off times and places them at local noon', async () => {
    const matches = await seasonMatches(db, 'es.1', '2025-26');
    const unknown = matches.filter((match) => match.kickoffTimeKnown === 0);
    expect(unknown).toHaveLength(90);
    expect(unknown.every((match) => /T1[01]:00:00\.000Z$/.test(match.kickoffAt))).toBe(true); // 12:00 Madrid
  });

  it('leaves the 10 unplayed La Liga 2024-25 matches without scores, scheduled, and the season incomplete', async () => {
    const matches = await seasonMatches(db, 'es.1', '2024-25');
    const unplayed = matches.filter((match) => match.score[0] === null);
    expect(unplayed).toHaveLength(10);
    expect(unplayed.every((match) => match.status === 'scheduled' && match.round === 'Matchday 38')).toBe(true);
    const season = await db
      .selectFrom('season as s')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .select('s.complete')
      .where('c.code', '=', 'es.1')
      .where('s.code', '=', '2024-25')
      .executeTakeFirstOrThrow();
    expect(season.complete).toBe(0);
  });

  it('places the 2022-23 Championship play-offs, which have no round in the source', async () => {
    const playOffs = (await seasonMatches(db, 'en.2', '2022-23')).filter((match) => match.stage !== 'Regular season');
    expect(playOffs.map((match) => [match.stage, match.round, match.home])).toEqual([
      ['Play-offs', null, 'Sunderland AFC'],
      ['Play-offs', null, 'Coventry City FC'],
      ['Play-offs', null, 'Luton Town FC'],
      ['Play-offs', null, 'Middlesbrough FC'],
      ['Play-offs', null, 'Coventry City FC'],
    ]);
    expect(playOffs[4]?.score).toEqual([1, 1, 0, 1, 1, 1, 5, 6]); // final: 1-1 after extra time, Luton on penalties
  });

  it('moves the 2025-26 League One dates whose year did not roll over into 2026', async () => {
    const matches = await seasonMatches(db, 'en.3', '2025-26');
    expect(matches).toHaveLength(552);
    expect(matches.filter((match) => match.kickoffAt < '2025-07-01')).toEqual([]);
    expect(matches.filter((match) => match.kickoffAt >= '2026-01-01' && match.kickoffAt < '2026-06-01')).toHaveLength(
      276,
    );
    expect(log.some((line) => line.includes('en.3.json: 276 dates 2025-01-01…2025-05-02 are a year early'))).toBe(true);
  });

  it('reads short names in 2025-26 League One as the clubs they stand for', async () => {
    const matches = await seasonMatches(db, 'en.3', '2025-26');
    const teams = new Set(matches.flatMap((match) => [match.home, match.away]));
    expect(teams.size).toBe(24);
    expect(teams).toContain('Cardiff City FC');
    expect(teams).not.toContain('Cardiff');
    expect(teams).not.toContain('AFC');
  });

  it('takes the 2025-26 Premier League from the newer Football.TXT: later results, moved matches once, on their new date', async () => {
    const matches = await seasonMatches(db, 'en.1', '2025-26');
    expect(matches).toHaveLength(380);
    expect(new Set(matches.map((match) => `${match.homeId}|${match.awayId}`)).size).toBe(380);
    expect(matches.filter((match) => match.status === 'finished')).toHaveLength(339);
    // Unplayed on 26 April in the JSON; played on 21 April (20:00 BST) in the TXT.
    expect(findMatch(matches, 'Brighton & Hove Albion FC', 'Chelsea FC')).toMatchObject({
      kickoffAt: '2026-04-21T19:00:00.000Z',
      status: 'finished',
      score: [3, 0, 1, 0, null, null, null, null],
    });
    // Postponed on 21 March in the JSON, still postponed and now listed on 22 May; no time given.
    expect(
      matches
        .filter((match) => match.status === 'postponed')
        .map((match) => [match.kickoffAt.slice(0, 10), match.home, match.away, match.kickoffTimeKnown, match.score[0]]),
    ).toEqual([
      ['2026-05-17', 'AFC Bournemouth', 'Manchester City FC', 0, null],
      ['2026-05-17', 'Chelsea FC', 'Tottenham Hotspur FC', 0, null],
      ['2026-05-22', 'Manchester City FC', 'Crystal Palace FC', 0, null],
    ]);
    // Not played yet: scheduled, no result invented.
    const unplayed = matches.filter((match) => match.status === 'scheduled');
    expect(unplayed).toHaveLength(38);
    expect(unplayed.every((match) => match.score.every((value) => value === null))).toBe(true);
    expect(
      log.some((line) =>
        line.includes('1-premierleague.txt: 19 matches on another date than in football.json/2025-26/en.1.json'),
      ),
    ).toBe(true);
  });

  it('creates the National League (en.5) from its Football.TXT, its clubs the same teams as in League Two before', async () => {
    const matches = await seasonMatches(db, 'en.5', '2025-26');
    expect(matches).toHaveLength(552);
    const teams = new Map(
      matches.flatMap((match) => [
        [match.homeId, match.home],
        [match.awayId, match.away],
      ]),
    );
    expect(teams.size).toBe(24);
    expect(new Set(teams.values()).size).toBe(24);
    // Relegated from League Two in 2024-25: one team row each across both competitions.
    const leagueTwo = await seasonMatches(db, 'en.4', '2024-25');
    for (const name of ['Carlisle United FC', 'Morecambe FC']) {
      const before = leagueTwo.find((match) => match.home === name);
      expect(before, name).toBeDefined();
      expect(teams.get(before?.homeId ?? 0), name).toBe(name);
    }
    const abandoned = findMatch(matches, 'Scunthorpe United FC', 'Wealdstone FC');
    expect(abandoned).toMatchObject({
      status: 'abandoned',
      round: 'Matchday 8',
      score: [null, null, null, null, null, null, null, null],
    });
    const competition = await db
      .selectFrom('competition')
      .select(['name', 'tier', 'area_code', 'rules'])
      .where('code', '=', 'en.5')
      .executeTakeFirstOrThrow();
    expect(competition).toMatchObject({ name: 'National League', tier: 5, area_code: 'ENG' });
    expect(JSON.parse(competition.rules)).toEqual({
      pointsForWin: 3,
      pointsForDraw: 1,
      tieBreakers: ['points', 'goalDifference', 'goalsFor'],
    });
  });

  it('reads the League One and Championship TXT names as the teams the JSON names differently', async () => {
    for (const code of ['en.2', 'en.3', 'en.4']) {
      const matches = await seasonMatches(db, code, '2025-26');
      expect(new Set(matches.flatMap((match) => [match.homeId, match.awayId])).size, code).toBe(24);
    }
    // No English club twice under two spellings.
    const clubs = await db.selectFrom('team').select('name').where('country_code', '=', 'ENG').execute();
    const keys = clubs.map((club) =>
      club.name
        .toLowerCase()
        .replace(/\b(fc|afc)\b/g, '')
        .trim(),
    );
    expect(keys.length - new Set(keys).size).toBe(0);
  });

  it('imports the 2023-24 Premier League squads: 20 clubs, 1041 players with shirt numbers and positions', async () => {
    const rows = await db
      .selectFrom('squad_member as m')
      .innerJoin('season as s', 's.id', 'm.season_id')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .innerJoin('team as t', 't.id', 'm.team_id')
      .innerJoin('player as p', 'p.id', 'm.player_id')
      .select([
        't.id as teamId',
        't.name as team',
        'p.name',
        'p.country',
        'p.position',
        'm.shirt_number',
        'm.position as squadPosition',
      ])
      .where('c.code', '=', 'en.1')
      .where('s.code', '=', '2023-24')
      .execute();
    expect(rows).toHaveLength(1041);
    const seasonTeams = new Set((await seasonMatches(db, 'en.1', '2023-24')).map((match) => match.homeId));
    expect(new Set(rows.map((row) => Number(row.teamId)))).toEqual(seasonTeams);
    const find = (name: string) => rows.find((row) => row.name === name);
    expect(find('David Raya')).toMatchObject({
      team: 'Arsenal FC',
      country: 'Spain',
      shirt_number: 22,
      squadPosition: 'GK',
    });
    expect(find('Brayden Clarke')).toMatchObject({ country: 'Wales', shirt_number: 60, squadPosition: 'DF' });
    // The World Cup's Declan Rice (England) is the squad's Declan Rice: one player.
    const rice = await db.selectFrom('player').select(['id', 'position']).where('name', '=', 'Declan Rice').execute();
    expect(rice).toHaveLength(1);
    expect(find('Declan Rice')).toMatchObject({
      team: 'Arsenal FC',
      country: 'England',
      shirt_number: 41,
      position: 'MF',
    });
    expect(results[0]?.counts).toMatchObject({ squadPlayers: 1041, squadPlayersLinked: 51 });
  });

  it('counts each 2022 World Cup scorer once however the file shortens the name (Mbappé 8, Messi 7)', async () => {
    const goals = await db
      .selectFrom('match_event as e')
      .innerJoin('match as m', 'm.id', 'e.match_id')
      .innerJoin('season as s', 's.id', 'm.season_id')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .innerJoin('player as p', 'p.id', 'e.player_id')
      .select(['p.name', 's.code as season'])
      .select((eb) => eb.fn.countAll<string | number>().as('goals'))
      .where('c.code', '=', 'world.cup')
      .where('e.type', 'in', ['goal', 'penalty_goal'])
      .groupBy(['p.id', 'p.name', 's.code'])
      .execute();
    const tally = (season: string, name: string) =>
      goals.filter((row) => row.season === season && row.name === name).map((row) => Number(row.goals));
    expect(tally('2022', 'Kylian Mbappé')).toEqual([8]);
    expect(tally('2022', 'Mbappé')).toEqual([]);
    expect(tally('2022', 'Lionel Messi')).toEqual([7]);
    expect(tally('2018', 'Harry Kane')).toEqual([6]); // "Kane" 5 + "Harry Kane" 1: the 2018 Golden Boot
    expect(tally('2018', 'R. Lukaku')).toEqual([4]);
    expect(results[0]?.counts).toMatchObject({ scorerNamesJoined: 20, scorerNamesAmbiguous: 0 });
    // One player in every World Cup. (Euro 2024 writes only "Mbappé": another competition, so its own player.)
    const mbappe = await db
      .selectFrom('match_event as e')
      .innerJoin('match as m', 'm.id', 'e.match_id')
      .innerJoin('season as s', 's.id', 'm.season_id')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .innerJoin('player as p', 'p.id', 'e.player_id')
      .select('p.id')
      .distinct()
      .where('c.code', '=', 'world.cup')
      .where('p.name', 'in', ['Mbappé', 'Kylian Mbappé'])
      .execute();
    expect(mbappe).toHaveLength(1);
  });

  it('stores the awarded Union Berlin v Bochum (de.1 2024-25) as awarded 0-2', async () => {
    const match = findMatch(await seasonMatches(db, 'de.1', '2024-25'), '1. FC Union Berlin', 'VfL Bochum');
    expect(match.status).toBe('awarded');
    expect(match.score).toEqual([0, 2, null, null, null, null, null, null]);
  });

  it('keeps postponed, cancelled and abandoned matches without inventing results', async () => {
    const statuses = await db
      .selectFrom('match')
      .select(['status', 'home_score'])
      .where('status', 'in', ['postponed', 'cancelled', 'abandoned'])
      .execute();
    // football.json: 23 postponed, 1 cancelled, 1 abandoned; the Football.TXT adds two postponed Premier League
    // matches of 17 May 2026 and the abandoned Scunthorpe United v Wealdstone (National League).
    expect(statuses.length).toBe(25 + 1 + 2);
    expect(statuses.every((row) => row.home_score === null)).toBe(true);
  });

  it('resolves Paris Saint-Germain in uefa.cl and the Club World Cup to the Ligue 1 team, and keeps Paris FC apart', async () => {
    const ligue1 = await seasonMatches(db, 'fr.1', '2024-25');
    const psg = ligue1.find((match) => match.home === 'Paris Saint-Germain');
    expect(psg).toBeDefined();
    const cl = await seasonMatches(db, 'uefa.cl', '2024-25');
    expect(findMatch(cl, 'Liverpool FC', 'Paris Saint-Germain').awayId).toBe(psg?.homeId);
    const clubWorldCup = await seasonMatches(db, 'world.clubcup', '2025');
    expect(
      clubWorldCup
        .filter((match) => match.home === 'Paris Saint-Germain')
        .every((match) => match.homeId === psg?.homeId),
    ).toBe(true);
    const ligue1Now = await seasonMatches(db, 'fr.1', '2025-26');
    const parisFc = ligue1Now.find((match) => match.home === 'Paris FC');
    expect(parisFc?.homeId).not.toBe(psg?.homeId);
    const team = await db
      .selectFrom('team')
      .selectAll()
      .where('id', '=', psg?.homeId ?? 0)
      .executeTakeFirstOrThrow();
    expect(team).toMatchObject({
      country_code: 'FRA',
      founded: 1970,
      stadium: 'Parc des Princes',
      city: 'Paris',
      kind: 'club',
      short_name: 'Paris Saint-Germain',
    });
  });

  it('records every spelling as an alias other sources can match', async () => {
    const aliases = await db
      .selectFrom('team_alias')
      .innerJoin('team', 'team.id', 'team_alias.team_id')
      .select(['team_alias.alias_key', 'team.name'])
      .where('team_alias.alias_key', 'in', [
        'paris saint germain',
        'bayern munich',
        'korea republic',
        'bosnia herzegovina',
      ])
      .execute();
    expect(Object.fromEntries(aliases.map((row) => [row.alias_key, row.name]))).toEqual({
      'paris saint germain': 'Paris Saint-Germain',
      'bayern munich': 'Bayern München',
      'korea republic': 'South Korea',
      'bosnia herzegovina': 'Bosnia and Herzegovina',
    });
  });

  it('imports the 2022 World Cup final with extra time, penalties, venue and its goals', async () => {
    const final = (await seasonMatches(db, 'world.cup', '2022')).find((match) => match.stage === 'Final');
    expect(final).toMatchObject({
      home: 'Argentina',
      away: 'France',
      status: 'finished',
      kickoffAt: '2022-12-18T15:00:00.000Z',
      venue: 'Lusail Stadium',
    });
    expect(final?.score).toEqual([3, 3, 2, 0, 3, 3, 4, 2]);
    const goals = await db
      .selectFrom('match_event as e')
      .innerJoin('player as p', 'p.id', 'e.player_id')
      .innerJoin('team as t', 't.id', 'e.team_id')
      .select(['e.seq', 'e.period', 'e.minute', 'e.added_minute', 'e.type', 't.name as team', 'p.name as player'])
      .where('e.match_id', '=', final?.id ?? 0)
      .orderBy('e.seq')
      .execute();
    expect(goals.map((goal) => [goal.seq, goal.period, goal.minute, goal.type, goal.team, goal.player])).toEqual([
      [1, '1H', 23, 'penalty_goal', 'Argentina', 'Lionel Messi'],
      [2, '1H', 36, 'goal', 'Argentina', 'Ángel di María'],
      [3, '2H', 80, 'penalty_goal', 'France', 'Kylian Mbappé'],
      [4, '2H', 81, 'goal', 'France', 'Kylian Mbappé'],
      [5, 'E2', 108, 'goal', 'Argentina', 'Lionel Messi'],
      [6, 'E2', 118, 'penalty_goal', 'France', 'Kylian Mbappé'],
    ]);
  });

  it('keeps added minutes, and credits own goals to the team they count for', async () => {
    const opener = findMatch(await seasonMatches(db, 'world.cup', '2014'), 'Brazil', 'Croatia');
    const goals = await db
      .selectFrom('match_event as e')
      .innerJoin('player as p', 'p.id', 'e.player_id')
      .innerJoin('team as t', 't.id', 'e.team_id')
      .select(['e.minute', 'e.added_minute', 'e.type', 't.name as team', 'p.name as player', 'p.country'])
      .where('e.match_id', '=', opener.id)
      .orderBy('e.seq')
      .execute();
    expect(goals).toEqual([
      { minute: 11, added_minute: null, type: 'own_goal', team: 'Croatia', player: 'Marcelo', country: 'Brazil' },
      { minute: 29, added_minute: null, type: 'goal', team: 'Brazil', player: 'Neymar', country: 'Brazil' },
      { minute: 71, added_minute: null, type: 'penalty_goal', team: 'Brazil', player: 'Neymar', country: 'Brazil' },
      { minute: 90, added_minute: 1, type: 'goal', team: 'Brazil', player: 'Oscar', country: 'Brazil' },
    ]);
  });

  it('has goal events that add up to the score in every World Cup and Euro match', async () => {
    const rows = await db
      .selectFrom('match as m')
      .innerJoin('season as s', 's.id', 'm.season_id')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .leftJoin('match_event as e', 'e.match_id', 'm.id')
      .select(['m.id', 'm.home_team_id', 'm.home_score', 'm.away_score'])
      .select((eb) => [
        eb.fn.sum<string | number>(sql`case when e.team_id = m.home_team_id then 1 else 0 end`).as('homeGoals'),
        eb.fn.sum<string | number>(sql`case when e.team_id = m.away_team_id then 1 else 0 end`).as('awayGoals'),
      ])
      .where('c.code', 'in', ['world.cup', 'euro', 'world.cup.quali'])
      .groupBy(['m.id', 'm.home_team_id', 'm.home_score', 'm.away_score'])
      .execute();
    expect(rows).toHaveLength(3 * 64 + 104 + 2 * 51 + 16);
    const wrong = rows.filter(
      (row) => Number(row.homeGoals ?? 0) !== row.home_score || Number(row.awayGoals ?? 0) !== row.away_score,
    );
    expect(wrong).toEqual([]);
  });

  it('takes half-time scores from the goal minutes where the file contradicts them', async () => {
    const japanPoland = findMatch(await seasonMatches(db, 'world.cup', '2018'), 'Japan', 'Poland');
    expect(japanPoland.score.slice(0, 4)).toEqual([0, 1, 0, 0]); // the file says 0-1 at half-time; Bednarek scored in the 59th minute
    const netherlandsArgentina = findMatch(await seasonMatches(db, 'world.cup', '2022'), 'Netherlands', 'Argentina');
    expect(netherlandsArgentina.score).toEqual([2, 2, 0, 1, 2, 2, 3, 4]);
  });

  it('fixes the Euro 2020 Ukraine v England scorers listed under the wrong team', async () => {
    const match = findMatch(await seasonMatches(db, 'euro', '2020'), 'Ukraine', 'England');
    const teams = await db
      .selectFrom('match_event as e')
      .innerJoin('team as t', 't.id', 'e.team_id')
      .select('t.name')
      .where('e.match_id', '=', match.id)
      .execute();
    expect(teams.map((row) => row.name)).toEqual(['England', 'England', 'England', 'England']);
    const season = await db
      .selectFrom('season as s')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .select(['s.name', 's.start_date'])
      .where('c.code', '=', 'euro')
      .where('s.code', '=', '2020')
      .executeTakeFirstOrThrow();
    expect(season).toEqual({ name: 'Euro 2020', start_date: '2021-06-11' });
  });

  it('creates World Cup venues from the stadium files', async () => {
    const venues = await db.selectFrom('venue').select(['name', 'city', 'country']).orderBy('name').execute();
    expect(venues).toHaveLength(12 + 12 + 8 + 16);
    expect(venues).toContainEqual({ name: 'Arena Corinthians', city: 'São Paulo', country: 'Brazil' });
    expect(venues).toContainEqual({ name: 'Estadio Azteca', city: 'Mexico City', country: 'Mexico' });
    const worldCups = await db
      .selectFrom('match as m')
      .innerJoin('season as s', 's.id', 'm.season_id')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .select('m.venue_id')
      .where('c.code', '=', 'world.cup')
      .execute();
    expect(worldCups.filter((row) => row.venue_id === null)).toEqual([]);
  });

  it('reports every data problem it met', () => {
    const lines = log.filter((line) => line.startsWith('[openfootball] ') && !line.includes(' done in '));
    // Notes on what the newer Football.TXT changed are not data problems.
    const notes = lines.filter((line) =>
      / newer than football\.json| on another date than in football\.json/.test(line),
    );
    expect(notes).toHaveLength(4 + 1);
    const problems = lines.filter((line) => !notes.includes(line));
    // 2025-26 en.4 twice (its JSON and its TXT), en.5 (TXT): 12 matches each listed twice.
    expect(problems.filter((line) => line.includes('listed twice'))).toHaveLength(36);
    expect(problems.filter((line) => line.includes('cannot be level'))).toHaveLength(2);
    expect(problems.filter((line) => line.includes('is short for'))).toHaveLength(3);
    expect(problems.filter((line) => line.includes('teams not yet known'))).toHaveLength(1);
    expect(problems.filter((line) => line.includes('wrong way round'))).toHaveLength(1);
    // World Cups 2018 (2), 2022 (3), 2026 (1): the file's half-time score contradicts its own goal minutes.
    expect(problems.filter((line) => line.includes("contradicts the scorers' minutes"))).toHaveLength(6);
    // World Cups 2014, 2018, 2022: scorers written short ("Mbappé") beside their full name ("Kylian Mbappé").
    expect(problems.filter((line) => line.includes("short scorer names read as a teammate's full name"))).toHaveLength(
      3,
    );
    expect(problems).toHaveLength(36 + 2 + 3 + 1 + 1 + 6 + 3 + 1); // + the en.3 date fix
    expect(results[0]?.counts.problems).toBe(problems.length);
  });

  it(
    'changes nothing when run again',
    async () => {
      const before = await snapshot(db);
      const [again] = await runSeed(database.handle, [openfootballStep], { dataDir });
      expect(again?.counts).toMatchObject({
        matchesInserted: 0,
        matchesUpdated: 0,
        matchesRemoved: 0,
        teamsCreated: 0,
        aliasesAdded: 0,
        playersCreated: 0,
        playersRemoved: 0,
        squadPlayersCreated: 0,
        squadPlayersUpdated: 0,
        squadPlayersAdopted: 0,
        squadPlayersLinked: 0,
        squadPlacesRemoved: 0,
        matchesMoved: 0,
        venuesCreated: 0,
        eventsWritten: 0,
      });
      expect(again?.counts.matchesUnchanged).toBe(25613);
      expect(await snapshot(db)).toEqual(before);
    },
    IMPORT_TIMEOUT,
  );

  it('leaves the database as it was when a step fails after writing', async () => {
    const before = await snapshot(db);
    const failing: SeedStep = {
      name: 'failing',
      licence: 'test',
      async run(context) {
        await context.db.deleteFrom('match_event').execute();
        await context.db.updateTable('match').set({ home_score: 99 }).execute();
        throw new Error('disk on fire');
      },
    };
    await expect(runSeed(database.handle, [failing], { dataDir })).rejects.toThrow(SeedError);
    expect(await snapshot(db)).toEqual(before);
    const run = await db
      .selectFrom('import_run')
      .select(['status', 'summary'])
      .where('step', '=', 'failing')
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ status: 'failed', summary: 'disk on fire' });
  });
});

suite.each(TEST_ENGINES)('a failing openfootball import on %s', (engine) => {
  let database: TestDatabase;
  const folders: string[] = [];
  const realPremierLeague = () =>
    JSON.parse(
      readFileSync(path.join(dataDir, 'openfootball', 'football.json', '2023-24', 'en.1.json'), 'utf8'),
    ) as LeagueFile;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  }, IMPORT_TIMEOUT);

  afterAll(async () => {
    await database?.destroy();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  async function expectEmpty() {
    const db = database.handle.db;
    for (const table of ['competition', 'season', 'team', 'team_alias', 'match', 'source_ref'] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      expect([table, Number(row.count)]).toEqual([table, 0]);
    }
  }

  it('rolls back everything when a file fails half-way through the import', async () => {
    // 2023-24/en.1 imports (380 matches, 20 teams), then a 2024-25 file has a kick-off time it cannot read.
    const broken = realPremierLeague();
    const first = broken.matches[0];
    if (first) first.time = '20:00 XYZ';
    const dir = makeDataDir({
      'football.json/2023-24/en.1.json': realPremierLeague(),
      'football.json/2024-25/en.1.json': broken,
    });
    folders.push(dir);
    const log: string[] = [];
    await expect(
      runSeed(database.handle, [openfootballStep], { dataDir: dir, log: (message) => log.push(message) }),
    ).rejects.toThrow(
      /Import step "openfootball" failed: openfootball: unknown time zone "XYZ" in kick-off time "20:00 XYZ"/,
    );
    await expectEmpty();
    const runs = await database.handle.db.selectFrom('import_run').select(['step', 'status']).execute();
    expect(runs).toEqual([{ step: 'openfootball', status: 'failed' }]);
  });

  it('names an unknown competition before writing anything', async () => {
    const dir = makeDataDir({
      'football.json/2023-24/en.1.json': realPremierLeague(),
      'football.json/2023-24/zz.1.json': { name: 'Nowhere League', matches: [] },
    });
    folders.push(dir);
    await expect(runSeed(database.handle, [openfootballStep], { dataDir: dir })).rejects.toThrow(
      'openfootball: unknown competition code "zz.1" (football.json/2023-24/zz.1.json); add it to COMPETITIONS in domain/competitions.ts',
    );
    await expectEmpty();
  });

  it('fails clearly when there is no openfootball folder', async () => {
    await expect(
      runSeed(database.handle, [openfootballStep], { dataDir: path.join(tmpdir(), 'scoreline-no-such-folder') }),
    ).rejects.toThrow(/openfootball data not found/);
  });
});

/** A data folder in the temp directory: the real clubs directory and the given league files (real ones are never written). */
function makeDataDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'scoreline-openfootball-'));
  const root = path.join(dir, 'openfootball');
  mkdirSync(root, { recursive: true });
  symlinkSync(path.join(dataDir, 'openfootball', 'clubs'), path.join(root, 'clubs'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), JSON.stringify(content));
  }
  return dir;
}

interface LeagueFile {
  name: string;
  matches: { date: string; team1: string; team2: string; [key: string]: unknown }[];
}

suite.each(TEST_ENGINES)('matches that move or that another source stored first, on %s', (engine) => {
  const premierLeague = (): LeagueFile =>
    JSON.parse(
      readFileSync(path.join(dataDir, 'openfootball', 'football.json', '2023-24', 'en.1.json'), 'utf8'),
    ) as LeagueFile;
  const folders: string[] = [];
  const databases: TestDatabase[] = [];
  const dataDirWith = (file: LeagueFile) => {
    const dir = makeDataDir({ 'football.json/2023-24/en.1.json': file });
    folders.push(dir);
    return dir;
  };
  const freshDatabase = async () => {
    const database = await createTestDatabase(engine);
    databases.push(database);
    return database;
  };
  const importFrom = async (database: TestDatabase, dir: string) =>
    (await runSeed(database.handle, [openfootballStep], { dataDir: dir }))[0]?.counts ?? {};

  afterAll(async () => {
    for (const database of databases) await database.destroy();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('adopts a match another source stored first instead of duplicating it', async () => {
    const database = await freshDatabase();
    const db = database.handle.db;
    const definition = findCompetitionDefinition('en.1');
    if (!definition) throw new Error('en.1 is not in the catalogue');
    const competitionId = await ensureCompetition(db, definition);
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: '2023-24',
      name: '2023/24',
      startDate: null,
      endDate: null,
      complete: false,
    });
    const arsenal = await resolveTeam(db, { name: 'Arsenal', kind: 'club' });
    const forest = await resolveTeam(db, { name: 'Nottingham Forest', kind: 'club' });
    const inserted = await db
      .insertInto('match')
      .values({
        season_id: seasonId,
        kickoff_at: '2023-08-12T12:05:00.000Z',
        kickoff_time_known: 1,
        home_team_id: arsenal,
        away_team_id: forest,
        status: 'finished',
        home_score: 2,
        away_score: 1,
        has_events: 1,
        source: 'wyscout',
        updated_at: '2024-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const counts = await importFrom(database, dataDirWith(premierLeague()));
    expect(counts).toMatchObject({ matches: 380, matchesInserted: 379, matchesAdopted: 1 });
    const matches = await seasonMatches(db, 'en.1', '2023-24');
    expect(matches).toHaveLength(380);
    const adopted = findMatch(matches, 'Arsenal', 'Nottingham Forest');
    expect(adopted).toMatchObject({
      id: Number(inserted.id),
      kickoffAt: '2023-08-12T12:00:00.000Z',
      stage: 'Regular season',
      round: 'Matchday 1',
    });
    const row = await db
      .selectFrom('match')
      .select(['source', 'has_events'])
      .where('id', '=', adopted.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'wyscout', has_events: 1 });
  });

  it('keeps a match moved by a day, replaces one moved by weeks, and then changes nothing', async () => {
    const database = await freshDatabase();
    const db = database.handle.db;
    await importFrom(database, dataDirWith(premierLeague()));
    const before = await seasonMatches(db, 'en.1', '2023-24');
    const opener = findMatch(before, 'Burnley FC', 'Manchester City FC');
    const moved = findMatch(before, 'Arsenal FC', 'Nottingham Forest FC');

    const file = premierLeague();
    for (const match of file.matches) {
      if (match.team1 === 'Burnley FC' && match.team2 === 'Manchester City FC') match.date = '2023-08-12';
      if (match.team1 === 'Arsenal FC' && match.team2 === 'Nottingham Forest FC') match.date = '2023-09-30';
    }
    const dir = dataDirWith(file);
    expect(await importFrom(database, dir)).toMatchObject({
      matchesInserted: 1,
      matchesAdopted: 1,
      matchesUpdated: 1,
      matchesRemoved: 1,
      matchesUnchanged: 378,
    });
    const after = await seasonMatches(db, 'en.1', '2023-24');
    expect(after).toHaveLength(380);
    expect(findMatch(after, 'Burnley FC', 'Manchester City FC')).toMatchObject({
      id: opener.id,
      kickoffAt: '2023-08-12T19:00:00.000Z',
    });
    const replaced = findMatch(after, 'Arsenal FC', 'Nottingham Forest FC');
    expect(replaced.id).not.toBe(moved.id);
    expect(replaced.kickoffAt.startsWith('2023-09-30')).toBe(true);

    const snapshotBefore = await snapshot(db);
    expect(await importFrom(database, dir)).toMatchObject({
      matchesInserted: 0,
      matchesAdopted: 0,
      matchesUpdated: 0,
      matchesRemoved: 0,
      matchesUnchanged: 380,
    });
    expect(await snapshot(db)).toEqual(snapshotBefore);
  });
});

/** A data folder in the temp directory with links to real files below openfootball/ (the clubs directory always). */
function linkDataDir(files: readonly string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'scoreline-openfootball-'));
  const root = path.join(dir, 'openfootball');
  mkdirSync(root, { recursive: true });
  for (const file of ['clubs', ...files]) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    symlinkSync(path.join(dataDir, 'openfootball', file), path.join(root, file));
  }
  return dir;
}

suite.each(TEST_ENGINES)('importing over what an earlier import left, on %s', (engine) => {
  const folders: string[] = [];
  const databases: TestDatabase[] = [];

  afterAll(async () => {
    for (const database of databases) await database.destroy();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  const freshDatabase = async () => {
    const database = await createTestDatabase(engine);
    databases.push(database);
    return database;
  };
  const importFrom = async (database: TestDatabase, files: readonly string[]) => {
    const dir = linkDataDir(files);
    folders.push(dir);
    return (await runSeed(database.handle, [openfootballStep], { dataDir: dir }))[0]?.counts ?? {};
  };

  it(
    'updates results, moves rescheduled matches keeping their ids, and duplicates nothing',
    async () => {
      const database = await freshDatabase();
      const db = database.handle.db;
      const json = ['football.json/2025-26/en.1.json', 'football.json/2025-26/en.3.json'];
      await importFrom(database, json);
      const premierLeague = await seasonMatches(db, 'en.1', '2025-26');
      const leagueOne = await seasonMatches(db, 'en.3', '2025-26');
      expect(premierLeague.filter((match) => match.status === 'finished')).toHaveLength(291);
      const brighton = findMatch(premierLeague, 'Brighton & Hove Albion FC', 'Chelsea FC');
      expect(brighton.kickoffAt.startsWith('2026-04-26')).toBe(true);
      expect(brighton.status).toBe('scheduled');
      const city = findMatch(premierLeague, 'Manchester City FC', 'Crystal Palace FC');
      expect(city.kickoffAt.startsWith('2026-03-21')).toBe(true);

      const txt = [...json, 'england/2025-26/1-premierleague.txt', 'england/2025-26/3-league1.txt'];
      const counts = await importFrom(database, txt);
      // 19 Premier League matches moved; 56 League One matches the JSON names "Bolton" where the TXT says
      // "Bolton Wanderers" (another key, the same match): all found under their former keys.
      expect(counts).toMatchObject({ matchesInserted: 0, matchesRemoved: 0, matchesAdopted: 0, matchesMoved: 19 + 56 });
      const premierLeagueAfter = await seasonMatches(db, 'en.1', '2025-26');
      expect(premierLeagueAfter).toHaveLength(380);
      expect(new Set(premierLeagueAfter.map((match) => match.id))).toEqual(
        new Set(premierLeague.map((match) => match.id)),
      );
      expect(premierLeagueAfter.filter((match) => match.status === 'finished')).toHaveLength(339);
      expect(findMatch(premierLeagueAfter, 'Brighton & Hove Albion FC', 'Chelsea FC')).toMatchObject({
        id: brighton.id,
        kickoffAt: '2026-04-21T19:00:00.000Z',
        status: 'finished',
      });
      expect(findMatch(premierLeagueAfter, 'Manchester City FC', 'Crystal Palace FC')).toMatchObject({
        id: city.id,
        status: 'postponed',
      });
      const leagueOneAfter = await seasonMatches(db, 'en.3', '2025-26');
      expect(new Set(leagueOneAfter.map((match) => match.id))).toEqual(new Set(leagueOne.map((match) => match.id)));
      // The former keys are gone: the next run finds everything under its own key and changes nothing.
      const snapshotBefore = await snapshot(db);
      expect(await importFrom(database, txt)).toMatchObject({
        matchesInserted: 0,
        matchesUpdated: 0,
        matchesMoved: 0,
        matchesRemoved: 0,
        matchesUnchanged: 380 + 552,
      });
      expect(await snapshot(db)).toEqual(snapshotBefore);
    },
    IMPORT_TIMEOUT,
  );

  it('folds a scorer row an import before the name rule made ("Mbappé") into the full name, then changes nothing', async () => {
    const database = await freshDatabase();
    const db = database.handle.db;
    const files = ['worldcup.json/2022/worldcup.json', 'worldcup.json/2022/worldcup.stadiums.json'];
    await importFrom(database, files);
    const kylian = await db
      .selectFrom('player')
      .select('id')
      .where('name', '=', 'Kylian Mbappé')
      .executeTakeFirstOrThrow();
    const france = await db.selectFrom('team').select('id').where('name', '=', 'France').executeTakeFirstOrThrow();
    // What the earlier importer left: a player "Mbappé" with two of the goals, in France's squad, and its reference.
    const short = Number(
      (
        await db
          .insertInto('player')
          .values({ name: 'Mbappé', short_name: 'Mbappé', birth_date: null, country: 'France', position: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const season = await db.selectFrom('season').select('id').executeTakeFirstOrThrow();
    await db
      .insertInto('squad_member')
      .values({ season_id: season.id, team_id: france.id, player_id: short, shirt_number: null, position: null })
      .execute();
    // The key the importer gives France's players here ("national|FRA|…" when a teams file names the code).
    const kylianRef = await db
      .selectFrom('source_ref')
      .select('external_id')
      .where('kind', '=', 'player')
      .where('local_id', '=', kylian.id)
      .executeTakeFirstOrThrow();
    const shortKey = kylianRef.external_id.replace(/kylian mbappe$/, 'mbappe');
    await db
      .insertInto('source_ref')
      .values({ source: 'openfootball', kind: 'player', external_id: shortKey, local_id: short })
      .execute();
    const twoGoals = await db
      .selectFrom('match_event')
      .select(['match_id', 'seq'])
      .where('player_id', '=', kylian.id)
      .orderBy('match_id')
      .orderBy('seq')
      .limit(2)
      .execute();
    for (const goal of twoGoals)
      await db
        .updateTable('match_event')
        .set({ player_id: short })
        .where('match_id', '=', goal.match_id)
        .where('seq', '=', goal.seq)
        .execute();

    expect(await importFrom(database, files)).toMatchObject({ playersRemoved: 1, playersCreated: 0 });
    expect(await db.selectFrom('player').select('id').where('id', '=', short).execute()).toEqual([]);
    expect(await db.selectFrom('squad_member').select('team_id').where('player_id', '=', short).execute()).toEqual([]);
    expect(await db.selectFrom('source_ref').select('local_id').where('external_id', '=', shortKey).execute()).toEqual(
      [],
    );
    const goals = await db
      .selectFrom('match_event')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('player_id', '=', kylian.id)
      .where('type', 'in', ['goal', 'penalty_goal'])
      .executeTakeFirstOrThrow();
    expect(Number(goals.count)).toBe(8);
    const snapshotBefore = await snapshot(db);
    expect(await importFrom(database, files)).toMatchObject({ playersRemoved: 0, eventsWritten: 0, matchesUpdated: 0 });
    expect(await snapshot(db)).toEqual(snapshotBefore);
  });

  it('makes a short-named player of a club season the squad player of the full name', async () => {
    const database = await freshDatabase();
    const db = database.handle.db;
    const definition = findCompetitionDefinition('en.1');
    if (!definition) throw new Error('en.1 is not in the catalogue');
    const competitionId = await ensureCompetition(db, definition);
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: '2023-24',
      name: '2023/24',
      startDate: null,
      endDate: null,
      complete: false,
    });
    const arsenal = await resolveTeam(db, { name: 'Arsenal FC', kind: 'club' });
    // As a scorer list of this importer would leave him: "Saka", in Arsenal's 2023-24 squad.
    const saka = Number(
      (
        await db
          .insertInto('player')
          .values({ name: 'Saka', short_name: 'Saka', birth_date: null, country: 'England', position: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await db
      .insertInto('squad_member')
      .values({ season_id: seasonId, team_id: arsenal, player_id: saka, shirt_number: null, position: null })
      .execute();
    await db
      .insertInto('source_ref')
      .values({ source: 'openfootball', kind: 'player', external_id: 'club-goal|arsenal|saka', local_id: saka })
      .execute();

    const counts = await importFrom(database, ['football.json/2023-24/en.1.json', 'england/2023-24/squads']);
    expect(counts).toMatchObject({ squadPlayers: 1041, squadPlayersAdopted: 1 });
    const sakas = await db
      .selectFrom('player')
      .select(['id', 'name', 'position'])
      .where('name', 'in', ['Saka', 'Bukayo Saka'])
      .execute();
    expect(sakas).toEqual([{ id: expect.anything(), name: 'Bukayo Saka', position: 'MF' }]);
    expect(Number(sakas[0]?.id)).toBe(saka);
    const place = await db
      .selectFrom('squad_member')
      .select(['shirt_number', 'position'])
      .where('player_id', '=', saka)
      .executeTakeFirstOrThrow();
    expect(place).toEqual({ shirt_number: 7, position: 'MF' });
  });
});
