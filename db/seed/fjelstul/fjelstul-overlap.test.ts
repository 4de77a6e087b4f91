// The Fjelstul import after the real openfootball and Wyscout (World Cup 2018)
// imports, as `npm run db:seed` runs them, on SQLite (the PostgreSQL run of the
// step itself is in fjelstul-step.test.ts): the World Cups 2014, 2018 and 2022
// are met, not duplicated; the scorers stay right; re-running every step
// changes nothing.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFootballService } from '../../../server/modules/football/football.service.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database.ts';
import { toIsoString } from '../../client.ts';
import { openfootballStep } from '../openfootball/openfootball-step.ts';
import { runSeed, type SeedResult } from '../run-seed.ts';
import type { SeedDb } from '../seed-kit.ts';
import { createWyscoutStep } from '../wyscout/wyscout-step.ts';
import { fjelstulDir, readFjelstulData } from './fjelstul-files.ts';
import { kickoffUtc } from './fjelstul-kickoff.ts';
import { fjelstulStep } from './fjelstul-step.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const hasData =
  ['openfootball', 'wyscout'].every((folder) => existsSync(path.join(DATA_DIR, folder))) &&
  existsSync(fjelstulDir(DATA_DIR));
const suite = hasData ? describe : describe.skip;

const STEPS = [openfootballStep, createWyscoutStep({ competitions: ['world-cup-2018'] }), fjelstulStep];

async function worldCupMatches(db: SeedDb, season: string) {
  const rows = await db
    .selectFrom('match as m')
    .innerJoin('season as s', 's.id', 'm.season_id')
    .innerJoin('competition as c', 'c.id', 's.competition_id')
    .select(['m.id', 'm.source', 'm.home_team_id', 'm.away_team_id', 'm.kickoff_at'])
    .where('c.code', '=', 'world.cup')
    .where('s.code', '=', season)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), kickoff_at: toIsoString(row.kickoff_at) }));
}

async function eventFingerprint(db: SeedDb, season: string): Promise<string> {
  const { rows } = await sql<Record<string, unknown>>`
    select e.* from match_event e join match m on m.id = e.match_id join season s on s.id = m.season_id
    join competition c on c.id = s.competition_id
    where c.code = 'world.cup' and s.code = ${season} order by e.match_id, e.seq`.execute(db);
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

/** Two players of one name in one World Cup 2014–2022 squad. */
async function sameNameSquadPairs(db: SeedDb): Promise<unknown[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select s.code as season, t.name as team, lower(p.name) as name, count(*) as players
    from squad_member q join season s on s.id = q.season_id join team t on t.id = q.team_id
    join player p on p.id = q.player_id join competition c on c.id = s.competition_id
    where c.code = 'world.cup' and s.code in ('2014', '2018', '2022')
    group by s.code, t.name, lower(p.name) having count(*) > 1 order by 1, 2, 3`.execute(db);
  return rows;
}

async function tableHashes(db: SeedDb): Promise<Record<string, string>> {
  const tables: Record<string, string> = {
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
  const result: Record<string, string> = {};
  for (const [table, key] of Object.entries(tables)) {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} order by ${sql.raw(key)}`.execute(db);
    result[table] = `${rows.length} ${createHash('sha256').update(JSON.stringify(rows)).digest('hex')}`;
  }
  return result;
}

suite('Fjelstul after openfootball and Wyscout (SQLite)', () => {
  let database: TestDatabase;
  let db: SeedDb;
  let results: SeedResult[];
  let wyscout2018Before: string;
  let sameNamePairsBefore: unknown[];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    db = database.handle.db;
    await runSeed(database.handle, STEPS.slice(0, 2), { dataDir: DATA_DIR });
    wyscout2018Before = await eventFingerprint(db, '2018');
    sameNamePairsBefore = await sameNameSquadPairs(db);
    results = await runSeed(database.handle, [fjelstulStep], { dataDir: DATA_DIR });
    process.stdout.write(
      `Fjelstul after openfootball and Wyscout: ${results[0]?.ms} ms; ${JSON.stringify(results[0]?.counts)}\n`,
    );
  }, 600_000);

  afterAll(async () => {
    await database?.destroy();
  });

  it('meets every 2014, 2018 and 2022 match another source stored, and creates no second copy', async () => {
    expect(results[0]?.counts).toMatchObject({ matchesMerged: 192, matchesCreated: 772 });
    for (const season of ['2014', '2018', '2022']) {
      const matches = await worldCupMatches(db, season);
      expect([season, matches.length, matches.filter((match) => match.source === 'fjelstul').length]).toEqual([
        season,
        64,
        0,
      ]);
      const pairs = new Set(
        matches.map((match) => `${match.home_team_id}|${match.away_team_id}|${match.kickoff_at.slice(0, 10)}`),
      );
      expect(pairs.size).toBe(64);
    }
  });

  it('converts every local kick-off to the same UTC instant openfootball stored (explicit offsets there)', async () => {
    const data = readFjelstulData(DATA_DIR);
    const refs = await db
      .selectFrom('source_ref as r')
      .innerJoin('match as m', 'm.id', 'r.local_id')
      .select(['r.external_id', 'm.kickoff_at'])
      .where('r.source', '=', 'fjelstul')
      .where('r.kind', '=', 'match')
      .where('m.source', '!=', 'fjelstul')
      .execute();
    const stored = new Map(refs.map((row) => [row.external_id, toIsoString(row.kickoff_at)]));
    const differences: string[] = [];
    for (const entries of data.matches.values()) {
      for (const { match } of entries) {
        const kickoff = stored.get(match.match_id);
        if (kickoff === undefined) continue;
        const ours = kickoffUtc(match.match_date, match.match_time, match.country_name, match.city_name);
        if (ours !== kickoff) differences.push(`${match.match_id} ${match.city_name}: ${ours} vs ${kickoff}`);
      }
    }
    expect(stored.size).toBe(192);
    expect(differences).toEqual([]);
  });

  it('leaves the Wyscout timelines of 2018 untouched and gives 2014 and 2022 full timelines', async () => {
    expect(await eventFingerprint(db, '2018')).toBe(wyscout2018Before);
    const types = await db
      .selectFrom('match_event as e')
      .innerJoin('match as m', 'm.id', 'e.match_id')
      .innerJoin('season as s', 's.id', 'm.season_id')
      .select(['s.code', 'e.type'])
      .select((eb) => eb.fn.count<string | number>('e.match_id').distinct().as('matches'))
      .where('s.code', 'in', ['2014', '2022'])
      .where('e.type', 'in', ['substitution', 'yellow_card'])
      .groupBy(['s.code', 'e.type'])
      .execute();
    expect(types.map((row) => [row.code, row.type, Number(row.matches)]).sort()).toEqual([
      ['2014', 'substitution', 64],
      ['2014', 'yellow_card', 64],
      ['2022', 'substitution', 64],
      ['2022', 'yellow_card', 62],
    ]);
  });

  it('keeps the top scorers right: goals are counted once, under one player each', async () => {
    const football = createFootballService(database.handle.db);
    const top = async (season: string) =>
      (await football.getTopScorers('world.cup', season, 2)).scorers.map((row) => [row.player.name, row.goals]);
    expect(await top('2022')).toEqual([
      ['Kylian Mbappé', 8],
      ['Lionel Messi', 7],
    ]);
    expect(await top('2014')).toEqual([
      ['James Rodríguez', 6],
      ['Thomas Müller', 5],
    ]);
    expect((await top('2018'))[0]).toEqual(['Harry Kane', 6]);
  });

  it('adds no second row for a player another source already has in a 2014–2022 squad', async () => {
    // Same-name pairs in a squad were there before (openfootball's scorer rows beside Wyscout's players in 2018).
    expect(await sameNameSquadPairs(db)).toEqual(sameNamePairsBefore);
    // Each Fjelstul squad player is one local player of that squad, and no two share one.
    const data = readFjelstulData(DATA_DIR);
    const { rows } = await sql<{ tournament: string; players: number; inSquad: number }>`
      select substr(r.external_id, 1, 7) as tournament, count(distinct r.local_id) as players,
        count(distinct q.player_id) as "inSquad"
      from source_ref r
      left join season s on 'WC-' || s.code = substr(r.external_id, 1, 7)
        and s.competition_id = (select id from competition where code = 'world.cup')
      left join squad_member q on q.season_id = s.id and q.player_id = r.local_id
      where r.source = 'fjelstul' and r.kind = 'squad-player'
      group by substr(r.external_id, 1, 7) order by 1`.execute(db);
    const squadSize = (tournament: string) => data.squads.filter((row) => row.tournament_id === tournament).length;
    expect(rows.map((row) => [row.tournament, Number(row.players), Number(row.inSquad)])).toEqual(
      ['WC-2014', 'WC-2018', 'WC-2022'].map((tournament) => [tournament, squadSize(tournament), squadSize(tournament)]),
    );
    expect(squadSize('WC-2022')).toBe(831);
  });

  it('changes nothing when openfootball, Wyscout and Fjelstul run again', async () => {
    const before = await tableHashes(db);
    const again = await runSeed(database.handle, STEPS, { dataDir: DATA_DIR });
    expect(again.map((result) => result.step)).toEqual(['openfootball', 'wyscout', 'fjelstul']);
    expect(again[2]?.counts).toMatchObject({ matchesUnchanged: 964, matchesCreated: 0, squadMembers: 0 });
    expect(await tableHashes(db)).toEqual(before);
  }, 600_000);
});
