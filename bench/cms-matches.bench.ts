// Benchmark for issue #20's Matches screen: "hundreds of thousands of matches …
// must stay fast: ≤ 100 ms p50 for a filtered page of 50 rows on SQLite". A
// temporary SQLite database, migrated, gets 2,000 teams in 40 competitions and
// ~300,000 matches over 25 seasons; then one page of 50 is read through the
// football service's searchMatches (what GET /api/cms/matches and /cms/matches
// call) for each kind of filter, newest first: no filter, a common name part
// ("united": dozens of teams), one club, a competition, a day, a competition and
// a day, a name that matches nobody, and a page reached by cursor deep into a
// team's history. Run:
//   npx tsx bench/cms-matches.bench.ts [--matches=300000] [--runs=50]
// Prints p50/p95 per case; exits 1 when a p50 is over 100 ms. Results go into
// docs/performance.md by hand, with the command and machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createFootballService } from '../server/modules/football/football.service.ts';

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const MATCHES = Number(args.get('matches') ?? 300_000);
const RUNS = Number(args.get('runs') ?? 50);
const TARGET_P50_MS = 100;
const COMPETITIONS = 40;
const TEAMS_PER_COMPETITION = 50;
const SEASONS = 25;

const PLACES = ['North', 'South', 'East', 'West', 'Port', 'Lake', 'River', 'Hill', 'Bay', 'Glen'];
const SUFFIXES = ['United', 'City', 'Rovers', 'Athletic', 'Town', 'Wanderers', 'FC', 'Albion', 'County', 'Rangers'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const dir = mkdtempSync(path.join(tmpdir(), 'scoreline-cms-matches-'));
const handle = openDatabase(`file:${path.join(dir, 'bench.db')}`);
const { db } = handle;
let failed = false;
try {
  await migrateToLatest(handle);
  const started = Date.now();
  await db.insertInto('sport').values({ id: 'football-1', name: 'Football' }).onConflict((oc) => oc.doNothing()).execute();
  const teamIds: number[][] = [];
  const seasonIds: number[][] = [];
  for (let c = 0; c < COMPETITIONS; c += 1) {
    const competition = await db
      .insertInto('competition')
      .values({ code: `bench.${c}`, name: `Bench League ${c}`, sport_id: 'football-1', area_code: null, area_name: 'Benchland', kind: 'league', tier: 1, rules: '{}', importance: c })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seasons: number[] = [];
    for (let s = 0; s < SEASONS; s += 1) {
      const year = 2001 + s;
      const season = await db
        .insertInto('season')
        .values({ competition_id: competition.id, code: `${year}-${String(year + 1).slice(2)}`, name: `${year}/${year + 1}`, start_date: `${year}-08-01`, end_date: `${year + 1}-05-31`, complete: 1, synthetic: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      seasons.push(Number(season.id));
    }
    seasonIds.push(seasons);
    const teams = await db
      .insertInto('team')
      .values(
        Array.from({ length: TEAMS_PER_COMPETITION }, (_, t) => {
          const name = `${PLACES[t % PLACES.length]} ${PLACES[(t + c) % PLACES.length]}ton ${SUFFIXES[(t + c) % SUFFIXES.length]} ${c}-${t}`;
          return {
            name,
            short_name: name.slice(0, 20),
            code: null,
            kind: 'club' as const,
            country_code: null,
            city: null,
            stadium: null,
            founded: null,
            colour_primary: '#123456',
            colour_secondary: '#ffffff',
            search_key: name.toLowerCase(),
          };
        }),
      )
      .returning('id')
      .execute();
    teamIds.push(teams.map((team) => Number(team.id)));
  }
  const perSeason = Math.ceil(MATCHES / (COMPETITIONS * SEASONS));
  let inserted = 0;
  await db.transaction().execute(async (trx) => {
    for (let c = 0; c < COMPETITIONS; c += 1) {
      for (let s = 0; s < SEASONS; s += 1) {
        const teams = teamIds[c] ?? [];
        const rows = Array.from({ length: perSeason }, (_, n) => {
          const home = teams[n % teams.length] ?? 0;
          const away = teams[(n * 7 + 3) % teams.length] ?? 0;
          const kickoff = new Date(Date.UTC(2001 + s, 7, 1) + (n % 300) * 86_400_000 + (n % 5) * 7_200_000);
          return {
            season_id: seasonIds[c]?.[s] ?? 0,
            stage: 'Regular season',
            round: `Matchday ${1 + (n % 38)}`,
            group_name: null,
            kickoff_at: kickoff.toISOString(),
            kickoff_time_known: 1,
            home_team_id: home,
            away_team_id: home === away ? (teams[(n + 1) % teams.length] ?? 0) : away,
            venue_id: null,
            status: 'finished',
            minute: null,
            home_score: n % 4,
            away_score: n % 3,
            home_score_ht: null,
            away_score_ht: null,
            home_score_et: null,
            away_score_et: null,
            home_score_pen: null,
            away_score_pen: null,
            has_events: 0,
            source: 'bench',
            updated_at: new Date().toISOString(),
          };
        });
        for (let i = 0; i < rows.length; i += 500) await trx.insertInto('match').values(rows.slice(i, i + 500)).execute();
        inserted += rows.length;
      }
    }
  });
  process.stdout.write(`${inserted} matches, ${COMPETITIONS * TEAMS_PER_COMPETITION} teams in ${Date.now() - started} ms\n`);

  const football = createFootballService(db);
  const firstTeam = teamIds[3]?.[7] ?? 0;
  const teamRow = await db.selectFrom('team').select('name').where('id', '=', firstTeam).executeTakeFirstOrThrow();
  const deepCursor = async () => {
    let cursor: { kickoffAt: string; id: number } | undefined;
    for (let page = 0; page < 5; page += 1) {
      const found = await football.searchMatches({ team: teamRow.name, limit: 50, ...(cursor ? { cursor } : {}) });
      cursor = found.nextCursor ?? cursor;
    }
    return cursor;
  };
  const deep = await deepCursor();
  const cases: Array<[string, Parameters<typeof football.searchMatches>[0]]> = [
    ['no filter, first page', { limit: 50 }],
    ['name part "united" (many teams)', { team: 'united', limit: 50 }],
    ['one club by full name', { team: teamRow.name, limit: 50 }],
    ['one club, page 6 by cursor', { team: teamRow.name, limit: 50, ...(deep ? { cursor: deep } : {}) }],
    ['competition', { competition: 'bench.12', limit: 50 }],
    ['day', { date: '2015-09-12', limit: 50 }],
    ['competition and day', { competition: 'bench.12', date: '2015-09-12', limit: 50 }],
    ['a name nobody has', { team: 'zzqx', limit: 50 }],
  ];
  for (const [label, filter] of cases) {
    const times: number[] = [];
    let rows = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const start = performance.now();
      rows = (await football.searchMatches(filter)).matches.length;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    if (p50 > TARGET_P50_MS) failed = true;
    process.stdout.write(`${label.padEnd(36)} rows ${String(rows).padStart(2)}  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms\n`);
  }
} finally {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
