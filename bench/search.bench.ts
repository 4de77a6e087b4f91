// Benchmark for issue #19's search: all the shipped data imported into a fresh
// database, then queries over every team, competition and player, timed in the
// search service (the index) and through GET /api/search in-process
// (app.request: validation, JSON, no network). Target: p50 ≤ 10 ms. Run:
//   npm run bench:search -- [--postgres=postgres://user:pass@127.0.0.1:5432/postgres] [--runs=200] [--data=../shared/data]
// Results go into docs/performance.md by hand, with the command and machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { runSeed } from '../db/seed/run-seed.ts';
import { SEED_STEPS } from '../db/seed/steps.ts';
import { buildSearchIndex } from '../server/modules/football/search.service.ts';
import { createHttpApp } from '../server/http.ts';
import { loadConfig } from '../server/platform/config.ts';
import { createServices } from '../server/services.ts';

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const runs = Number(args.get('runs') ?? 200);
const dataDir = path.resolve(args.get('data') ?? '../shared/data');

/** What fans type: names, nicknames, typos, unfinished words, players, competitions and two teams. */
const QUERIES = [
  'arsenal',
  'barca',
  'barcelona',
  'psg',
  'inter',
  'atletico',
  'man utd',
  'spurs',
  'salah',
  'messi',
  'mbape',
  'barcelna',
  'premier',
  'bundes',
  'champions league',
  'ar',
  'arsenal chelsea',
  'arsenal v chelsea 2018',
  'real madrid',
  'qqzzxx',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function time(fn: (query: string) => Promise<unknown>) {
  for (const query of QUERIES) await fn(query); // warm-up
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    for (const query of QUERIES) {
      const started = performance.now();
      await fn(query);
      samples.push(performance.now() - started);
    }
  }
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples.at(-1) ?? NaN,
    samples: samples.length,
  };
}

async function benchEngine(engine: 'sqlite' | 'postgres', handle: DatabaseHandle, url: string) {
  await migrateToLatest(handle);
  await runSeed(handle, SEED_STEPS, { dataDir });
  const counts = await handle.db
    .selectNoFrom((eb) => [
      eb.selectFrom('team').select(eb.fn.countAll<number>().as('n')).as('teams'),
      eb.selectFrom('player').select(eb.fn.countAll<number>().as('n')).as('players'),
      eb.selectFrom('competition').select(eb.fn.countAll<number>().as('n')).as('competitions'),
    ])
    .executeTakeFirstOrThrow();

  const heapBefore = process.memoryUsage().heapUsed;
  const buildStarted = performance.now();
  const index = await buildSearchIndex(handle.db);
  const buildMs = performance.now() - buildStarted;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;

  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const services = createServices({
    config,
    logger: pino({ level: 'silent' }),
    database: handle,
    sessionSecret: 'bench-secret-bench-secret-bench-secret',
  });
  const app = createHttpApp({ services });
  const indexOnly = await time(async (query) => index.search(query, 10));
  const service = await time((query) => services.football.search(query, 10));
  const http = await time(async (query) => {
    const response = await app.request(`/api/search?q=${encodeURIComponent(query)}`);
    if (response.status !== 200) throw new Error(`${query} → ${response.status}`);
    return response.json();
  });
  await Promise.allSettled([services.ingest.stop(), services.live.stop()]);
  await services.rateLimits.close();
  const round = (value: number) => Math.round(value * 100) / 100;
  process.stdout.write(
    JSON.stringify(
      {
        engine,
        documents: {
          teams: Number(counts.teams),
          players: Number(counts.players),
          competitions: Number(counts.competitions),
          indexed: index.size,
        },
        indexBuildMs: Math.round(buildMs),
        indexHeapMbApprox: round(heapMb),
        queries: QUERIES.length,
        runs,
        indexSearchMs: Object.fromEntries(Object.entries(indexOnly).map(([key, value]) => [key, round(value)])),
        serviceSearchMs: Object.fromEntries(Object.entries(service).map(([key, value]) => [key, round(value)])),
        apiSearchMs: Object.fromEntries(Object.entries(http).map(([key, value]) => [key, round(value)])),
      },
      null,
      2,
    ) + '\n',
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'scoreline-search-bench-'));
try {
  const url = `file:${path.join(dir, 'bench.db')}`;
  const sqlite = openDatabase(url);
  await benchEngine('sqlite', sqlite, url);
  await sqlite.close();
  const postgres = args.get('postgres');
  if (postgres) {
    const name = `scoreline_search_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const benchUrl = new URL(postgres);
    benchUrl.pathname = `/${name}`;
    const handle = openDatabase(benchUrl.toString());
    try {
      await benchEngine('postgres', handle, benchUrl.toString());
    } finally {
      await handle.close();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
