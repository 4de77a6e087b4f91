// Benchmark of the odds module (issue #24, server/modules/odds; docs/odds.md): every shipped competition's
// current fit as the server makes it at start (odds.warmUp(), target ≤ 10 s for all), then live updates while
// real matches are relived through the real ingest pipeline at high speed (the pipeline announces each
// change, the module reads the match, runs the in-play model and appends an `odds` event through
// live.append; target ≤ 5 ms per update). The model alone is benchmarked by bench/odds (npm run bench:odds).
// Run:
//   npm run bench:odds-server -- [--db=var/bench-odds.db] [--data=../shared/data] [--matches=6]
// The database file is seeded with all the shipped data when it does not exist yet, and kept for the next
// run. Results go into docs/performance.md by hand, with the command and machine.
import { existsSync, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { runSeed } from '../db/seed/run-seed.ts';
import { SEED_STEPS } from '../db/seed/steps.ts';
import { loadConfig } from '../server/platform/config.ts';
import { createMemoryBus } from '../server/platform/bus.ts';
import { createServices } from '../server/services.ts';

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const dbFile = path.resolve(args.get('db') ?? 'var/bench-odds.db');
const dataDir = path.resolve(args.get('data') ?? '../shared/data');
const matchCount = Number(args.get('matches') ?? 6);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (value: number) => Math.round(value * 1000) / 1000;

mkdirSync(path.dirname(dbFile), { recursive: true });
const fresh = !existsSync(dbFile);
const url = `file:${dbFile}`;
const handle = openDatabase(url);
await migrateToLatest(handle);
if (fresh) {
  const seeding = performance.now();
  await runSeed(handle, SEED_STEPS, { dataDir });
  process.stderr.write(`seeded ${dbFile} in ${Math.round((performance.now() - seeding) / 1000)} s\n`);
}

let now = Date.now();
const clock = { now: () => new Date(now) };
const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
const services = createServices({
  config,
  logger: pino({ level: 'silent' }),
  database: handle,
  sessionSecret: 'bench-secret-bench-secret-bench-secret',
  clock,
  bus: createMemoryBus(),
});

// 1. Start: every competition's current fit (results before today), in the background as server/main.ts does.
const warm = await services.odds.warmUp();

// 2. Live: relive finished Premier League 2017-18 matches (Wyscout events) at 600× through the pipeline.
const originals = await handle.db
  .selectFrom('match as m')
  .innerJoin('season as s', 's.id', 'm.season_id')
  .innerJoin('competition as c', 'c.id', 's.competition_id')
  .select(['m.id'])
  .where('c.code', '=', 'en.1')
  .where('s.code', '=', '2017-18')
  .where('m.has_events', '=', 1)
  .where('m.replay_of_match_id', 'is', null)
  .where('m.kickoff_at', '>', '2018-01-01')
  .orderBy('m.kickoff_at')
  .limit(matchCount)
  .execute();
const replay = services.ingest.replay;
let snapshots = 0;
for (const original of originals) {
  const externalId = await replay.relive(Number(original.id), 600);
  for (let step = 0; step < 400; step += 1) {
    const snapshot = await replay.matchDetail(externalId);
    await services.ingest.pipeline.apply(snapshot);
    snapshots += 1;
    await services.odds.settle();
    if (snapshot.status === 'finished') break;
    now += 100; // 100 ms of wall time = one match minute at 600×
  }
}
const timings = services.odds.liveTimings();
// A match's first update also reads the match and fits its day's model (when no other match needed it yet).
const seen = new Set<number>();
const firsts: number[] = [];
const later: typeof timings = [];
for (const timing of timings) {
  if (seen.has(timing.matchId)) later.push(timing);
  else firsts.push(timing.totalMs);
  seen.add(timing.matchId);
}
const compute = later.map((timing) => timing.computeMs).sort((a, b) => a - b);
const total = later.map((timing) => timing.totalMs).sort((a, b) => a - b);
const summary = (sorted: number[]) => ({
  p50: round(percentile(sorted, 50)),
  p95: round(percentile(sorted, 95)),
  max: round(sorted.at(-1) ?? NaN),
});

await Promise.allSettled([services.ingest.stop(), services.live.stop()]);
await services.rateLimits.close();
await handle.close();
process.stdout.write(
  JSON.stringify(
    {
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
      database: 'SQLite',
      warmUp: { ...warm, targetMs: 10_000 },
      live: {
        relived: originals.length,
        snapshots,
        updates: timings.length,
        loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
        modelMs: summary(compute),
        wholeUpdateMs: summary(total),
        firstUpdateOfEachMatchMs: firsts.map((ms) => Math.round(ms)),
        targetMs: 5,
      },
    },
    null,
    2,
  ) + '\n',
);
