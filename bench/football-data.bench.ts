// Benchmark for issue #3: full import of the shipped data, a season's
// standings and a day's matches, served in-process through app.request() so
// the numbers are server-side (no network). Run:
//   npm run bench -- [--postgres=postgres://user:pass@127.0.0.1:5432/postgres] [--runs=200]
// Results go into docs/performance.md by hand, with the command and machine.
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import pg from 'pg';
import pino from 'pino';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { runSeed } from '../db/seed/run-seed.ts';
import { SEED_STEPS } from '../db/seed/steps.ts';
import { createHttpApp } from '../server/http.ts';
import { loadConfig } from '../server/platform/config.ts';
import { createServices } from '../server/services.ts';

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const runs = Number(args.get('runs') ?? 200);
const dataDir = path.resolve(args.get('data') ?? '../shared/data');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 10; i += 1) await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { label, p50: percentile(samples, 50), p95: percentile(samples, 95), runs };
}

async function benchEngine(engine: 'sqlite' | 'postgres', handle: DatabaseHandle, url: string) {
  await migrateToLatest(handle);
  const started = performance.now();
  const results = await runSeed(handle, SEED_STEPS, { dataDir });
  const importSeconds = (performance.now() - started) / 1000;

  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const services = createServices({ config, logger: pino({ level: 'silent' }), database: handle, sessionSecret: 'bench-secret-bench-secret-bench-secret' });
  const app = createHttpApp({ services });
  const expectOk = async (request: string) => {
    const response = await app.request(request);
    if (response.status !== 200) throw new Error(`${request} → ${response.status}`);
    await response.arrayBuffer();
  };
  const measurements = [
    await time('standings en.1 2023-24', () => expectOk('/api/competitions/en.1/seasons/2023-24/standings')),
    await time('standings en.1 2023-24 asOf 2024-01-01', () => expectOk('/api/competitions/en.1/seasons/2023-24/standings?asOf=2024-01-01')),
    await time('matches on 2024-04-13 (Europe/London)', () => expectOk('/api/matches?date=2024-04-13&tz=Europe/London')),
    await time('service only: standings en.1 2023-24', () => services.football.getStandings({ code: 'en.1', season: '2023-24' })),
    await time('service only: matches on 2024-04-13', () => services.football.listMatchesOnDay('2024-04-13', 'Europe/London')),
  ];
  return { engine, importSeconds, steps: results.map((result) => `${result.step} ${(result.ms / 1000).toFixed(1)} s`), measurements };
}

const report: string[] = [];
report.push(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);

const dir = mkdtempSync(path.join(tmpdir(), 'scoreline-bench-'));
const sqliteUrl = `file:${path.join(dir, 'bench.db')}`;
const sqlite = openDatabase(sqliteUrl);
const outcomes = [await benchEngine('sqlite', sqlite, sqliteUrl)];
await sqlite.close();
rmSync(dir, { recursive: true, force: true });

const postgresAdmin = args.get('postgres');
if (postgresAdmin) {
  const name = `scoreline_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresAdmin });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresAdmin);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.href);
  try {
    outcomes.push(await benchEngine('postgres', handle, url.href));
  } finally {
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

for (const outcome of outcomes) {
  report.push('', `## ${outcome.engine}`, `full import: ${outcome.importSeconds.toFixed(1)} s (${outcome.steps.join(', ')})`, '', '| request | p50 ms | p95 ms | runs |', '|---|---|---|---|');
  for (const m of outcome.measurements) report.push(`| ${m.label} | ${m.p50.toFixed(2)} | ${m.p95.toFixed(2)} | ${m.runs} |`);
}
process.stdout.write(`${report.join('\n')}\n`);
