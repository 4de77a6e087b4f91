// The site the page benchmarks measure (bench/ssr.bench.ts, bench/lighthouse.bench.ts):
// a fresh SQLite file with the Wyscout Euro 2016 matches (real match pages with
// full event streams, when the shipped data is there) and a busy day of 120
// matches today (tests/helpers/busy-day.ts), served by the real production
// process (`tsx server/main.ts`, NODE_ENV=production) from the current build.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { runSeed } from '../db/seed/run-seed.ts';
import { createWyscoutStep } from '../db/seed/wyscout/wyscout-step.ts';
import { loadConfig } from '../server/platform/config.ts';
import { seedBusyDay } from '../tests/helpers/busy-day.ts';

export interface BenchSite {
  baseUrl: string;
  /** A finished match with its full event stream (Euro 2016 final), else a busy-day match. */
  matchId: number;
  /** A competition code with a table (busy day: Premier League). */
  leagueCode: string;
  buildDir: string;
  /** The server's process id (tsx runs the server in a child of it: see processTreeCpuMs). */
  pid: number;
  stop(): Promise<void>;
}

export async function startBenchSite(options: {
  port: number;
  log?: (message: string) => void;
  extraEnv?: Record<string, string>;
}): Promise<BenchSite> {
  const log = options.log ?? ((message: string) => process.stdout.write(`${message}\n`));
  const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
  if (!existsSync(path.join(buildDir, 'server', 'index.js'))) {
    throw new Error(
      `No production build in ${buildDir}: run \`npx react-router build\` first (BUILD_DIR picks another folder).`,
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'scoreline-bench-'));
  const databaseUrl = `file:${path.join(dir, 'bench.db')}`;
  const database = openDatabase(databaseUrl);
  await migrateToLatest(database);
  const config = loadConfig({ DATABASE_URL: databaseUrl });
  let matchId: number | undefined;
  if (config.DATA_DIR && existsSync(path.join(config.DATA_DIR, 'wyscout'))) {
    const started = Date.now();
    await runSeed(database, [createWyscoutStep({ competitions: ['euro-2016'] })], { dataDir: config.DATA_DIR });
    const final = await database.db
      .selectFrom('match')
      .select('id')
      .where('stage', '=', 'Final')
      .where('has_events', '=', 1)
      .executeTakeFirst();
    matchId = final ? Number(final.id) : undefined;
    log(`site: Wyscout Euro 2016 imported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    log('site: no Wyscout data under DATA_DIR; the match page is a busy-day match without events');
  }
  const day = await seedBusyDay(database.db, new Date().toISOString().slice(0, 10));
  await database.close();
  log(`site: busy day of ${day.matchIds.length} matches on ${day.date}`);

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const child: ChildProcess = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      BASE_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      BUILD_DIR: buildDir,
      AUTO_SEED: '0',
      // No fetching from GitHub while measuring (the data refresh, issue #19).
      DATA_REFRESH_INTERVAL_HOURS: '0',
      REPLAY_MODE: 'off',
      LOG_LEVEL: 'warn',
      ...(config.DATA_DIR ? { DATA_DIR: config.DATA_DIR } : {}),
      ...options.extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The server must not outlive this script: one left behind after an interrupted run (Ctrl-C, `timeout`,
  // a killed parent) kept serving and loaded the machine under the next benchmark.
  const stopServer = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  const onSignal = (signal: NodeJS.Signals) => {
    stopServer();
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15));
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  process.once('exit', stopServer);
  for (const signal of signals) process.once(signal, onSignal);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    matchId: matchId ?? (day.matchIds[0] as number),
    leagueCode: day.competitionCodes[0] as string,
    buildDir,
    pid: child.pid ?? 0,
    async stop() {
      process.off('exit', stopServer);
      for (const signal of signals) process.off(signal, onSignal);
      stopServer();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** CPU time (user + system, ms) used so far by a process and all its descendants, from /proc (Linux). */
export function processTreeCpuMs(rootPid: number): number {
  const ticksPerSecond = 100; // USER_HZ on Linux
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces), from field 3 on.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.parent === pid) pending.push(child);
  }
  return (ticks / ticksPerSecond) * 1000;
}
