// Resume-storm benchmark (issue #18, "Resume that keeps up"): N SSE clients
// on `scores` all leave at once, goals keep being written for a gap of G
// seconds, then every client reconnects at once with Last-Event-ID while goals
// keep coming. Reports the time from the storm's start to each client's first
// missed event (p50/p99/max; target p99 ≤ 1 s at 2,000 clients after 10 s),
// the time to the whole backlog, and checks every client got every score event
// published after its Last-Event-ID exactly once and in order (0 lost, 0
// duplicated, 0 out of order, nothing from other topics). Run:
//   npx tsx bench/live-resume.bench.ts [--clients=2000] [--gap=10] [--rate=20]
//     [--tail=5] [--workers=2] [--in-flight=128] [--restart] [--cpu-prof]
// One server process (bench/live-sse-server.ts: the real composition on a
// fresh SQLite file, goals applied through the ingest pipeline), client
// processes bench/live-resume-clients.ts; everything on 127.0.0.1, bounded
// (about 40 s at the defaults), and it stops by itself. With --restart the
// server process is stopped after the gap and a new one started on the same
// database before the clients resume (a node restart, the usual storm). Results go into
// docs/performance.md by hand, with the command and machine.
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ensureCompetition, ensureSeason } from '../db/seed/seed-kit.ts';
import { saveRef } from '../db/source-refs.ts';
import { insertTeam } from '../db/teams.ts';
import { findCompetitionDefinition } from '../domain/competitions.ts';
import {
  BENCH_COMPETITION,
  BENCH_PROVIDER,
  BENCH_SEASON,
  BENCH_TEAMS,
  serverReplySchema,
  wallNow,
  type ServerCommand,
  type ServerReply,
  type ServerStats,
} from './live-sse-protocol.ts';
import {
  resumeReplySchema,
  type MsHistogram,
  type ResumeCommand,
  type ResumeReply,
  type ResumeReport,
} from './live-resume-protocol.ts';

// ---- Arguments ----------------------------------------------------------------

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key ?? '', value ?? 'true'] as const;
  }),
);
const numberArg = (name: string, fallback: number, max: number) => {
  const value = Number(args.get(name) ?? fallback);
  if (!Number.isFinite(value) || value < 0 || value > max) throw new Error(`--${name} must be a number from 0 to ${max}`);
  return value;
};

const CLIENTS = Math.round(numberArg('clients', 2000, 12_000));
const GAP_SECONDS = numberArg('gap', 10, 120);
const RATE = numberArg('rate', 20, 200);
const TAIL_SECONDS = numberArg('tail', 5, 60);
const WORKERS = Math.max(1, Math.round(numberArg('workers', 2, 8)));
const IN_FLIGHT = Math.max(1, Math.round(numberArg('in-flight', 128, 4096)));
/** Restarts the server after the gap: the clients resume on a new process (the hub starts with the log). */
const RESTART = args.get('restart') === 'true';
/** Writes a CPU profile of the server into var/bench-profiles/ when it exits. */
const CPU_PROFILE = args.get('cpu-prof') === 'true';
const TARGET_P99_MS = 1000;
const SETTLE_TIMEOUT_MS = 60_000;

const out = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function command(file: string, argv: string[]): string {
  try {
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '(unavailable)';
  }
}

function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((row) => row.startsWith('Max open files'));
  const soft = Number(line?.split(/\s+/)[3]);
  return Number.isFinite(soft) ? soft : Infinity;
}

out('# Resume-storm benchmark (issue #18)');
out(`date: ${command('date', ['-u'])}`);
out(`machine: nproc ${availableParallelism()}, ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
out(`free -h: ${command('free', ['-h']).split('\n')[1]?.replace(/\s+/g, ' ') ?? ''}`);
const head = command('git', ['rev-parse', '--short', 'HEAD']);
const liveChanges = head === '(unavailable)' ? '' : command('git', ['status', '--porcelain', 'server/modules/live']);
out(`git: ${head}${liveChanges ? ' (server/modules/live has uncommitted changes)' : ''}`);
out(`load average at start: ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
out(
  `${CLIENTS} clients on scores over ${WORKERS} client processes (at most ${IN_FLIGHT} connects in flight each); ` +
    `gap ${GAP_SECONDS} s at ${RATE} goals/s, ${RESTART ? 'a server restart, ' : ''}then resume with ${TAIL_SECONDS} s more goals`,
);
const needed = Math.ceil(CLIENTS * 1.2) + 256;
if (openFileLimit() < needed) {
  out(`Not enough file descriptors: about ${needed} needed, ulimit -n is ${openFileLimit()}.`);
  process.exit(1);
}

// ---- Database: a fresh SQLite file, migrated, one competition/season/two teams --

const dir = mkdtempSync(path.join(tmpdir(), 'scoreline-resume-bench-'));
const databaseUrl = `file:${path.join(dir, 'bench.db')}`;
{
  const handle = openDatabase(databaseUrl);
  await migrateToLatest(handle);
  const definition = findCompetitionDefinition(BENCH_COMPETITION);
  if (!definition) throw new Error(`${BENCH_COMPETITION} is not in the competition catalogue`);
  const competitionId = await ensureCompetition(handle.db, definition);
  await ensureSeason(handle.db, {
    competitionId,
    code: BENCH_SEASON,
    name: 'Bench season',
    startDate: '2026-08-01',
    endDate: '2027-05-31',
    complete: false,
  });
  for (const team of BENCH_TEAMS) {
    const id = await insertTeam(handle.db, { name: team.name, kind: 'club' });
    await saveRef(handle.db, BENCH_PROVIDER, 'team', team.externalId, id);
  }
  await handle.close();
}

// ---- Processes ------------------------------------------------------------------

type WithoutRid<T> = T extends unknown ? Omit<T, 'rid'> : never;

/** IPC request/response with one child: every reply carries the request's rid. */
class Channel<Command extends { rid: number }, Reply extends { type: string }> {
  private nextRid = 1;
  private waiting = new Map<number, (reply: Reply) => void>();
  listeners: Array<(reply: Reply) => void> = [];

  constructor(
    readonly child: ChildProcess,
    parse: (raw: unknown) => Reply,
  ) {
    child.on('message', (raw: unknown) => {
      const reply = parse(raw);
      const rid = 'rid' in reply && typeof reply.rid === 'number' ? reply.rid : -1;
      const resolve = this.waiting.get(rid);
      if (resolve) {
        this.waiting.delete(rid);
        resolve(reply);
      }
      for (const listener of this.listeners) listener(reply);
    });
  }

  request(message: WithoutRid<Command>): Promise<Reply> {
    const rid = this.nextRid++;
    return new Promise((resolve, reject) => {
      this.waiting.set(rid, resolve);
      if (!this.child.send({ ...message, rid })) reject(new Error('IPC channel closed'));
    });
  }
}

const cleanEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
const serverArgs = [
  '--import',
  'tsx',
  '--expose-gc',
  ...(CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve('var', 'bench-profiles')}`] : []),
  'bench/live-sse-server.ts',
];

interface Server {
  child: ChildProcess;
  channel: Channel<ServerCommand, ServerReply>;
  port: number;
}

/** Starts a server process on the bench database; resolves once it listens. */
async function startServer(): Promise<Server> {
  const child = spawn(process.execPath, serverArgs, {
    env: {
      ...cleanEnv,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: '0',
      ROLE: 'all',
      REPLAY_MODE: 'off',
      AUTO_SEED: '0',
      // No fetching from GitHub while measuring (the data refresh, issue #19).
      DATA_REFRESH_INTERVAL_HOURS: '0',
      LOG_LEVEL: 'warn',
      LIVE_MAX_CONNECTIONS_PER_IP: String(Math.ceil(CLIENTS * 1.2) + 100),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const channel = new Channel<ServerCommand, ServerReply>(child, (raw) => serverReplySchema.parse(raw));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited early (${code})`)));
    channel.listeners.push((reply) => {
      if (reply.type === 'ready') resolve(reply.port);
    });
  });
  out(`server: pid ${child.pid}, 127.0.0.1:${port}`);
  return { child, channel, port };
}

/** Stops a server the way the bench server stops (closing every stream); killed if it hangs. */
async function stopServer(stopping: Server): Promise<void> {
  const exited = new Promise((resolve) => stopping.child.once('exit', resolve));
  if (stopping.child.exitCode === null) void stopping.channel.request({ type: 'stop' }).catch(() => undefined);
  await Promise.race([exited, sleep(15_000)]);
  stopping.child.kill('SIGKILL');
}

let server = await startServer();

const workers = Array.from({ length: WORKERS }, (_, w) => {
  const child = fork('bench/live-resume-clients.ts', [`127.0.0.${21 + w}`], {
    execArgv: ['--import', 'tsx'],
    env: cleanEnv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Channel<ResumeCommand, ResumeReply>(child, (raw) => resumeReplySchema.parse(raw));
});

async function all<T extends ResumeReply['type']>(
  type: T,
  make: (worker: number) => WithoutRid<ResumeCommand>,
): Promise<Array<Extract<ResumeReply, { type: T }>>> {
  const replies = await Promise.all(workers.map((worker, w) => worker.request(make(w))));
  return replies.map((reply) => {
    if (reply.type === 'error') throw new Error(`client process: ${reply.message}`);
    if (reply.type !== type) throw new Error(`expected ${type}, got ${reply.type}`);
    return reply as Extract<ResumeReply, { type: T }>;
  });
}

async function stats(): Promise<ServerStats> {
  const reply = await server.channel.request({ type: 'stats', gc: false, resetLoopDelay: true });
  if (reply.type !== 'stats') throw new Error(`stats: unexpected ${reply.type}`);
  return reply.stats;
}

const share = (total: number, w: number) => Math.floor(total / WORKERS) + (w < total % WORKERS ? 1 : 0);

// ---- Publishing -----------------------------------------------------------------

let seq = 0;
const scoreIds: number[] = [];

/** Publishes `count` goals at `rate` a second through the ingest pipeline; returns their score events' ids. */
async function publish(count: number, rate: number): Promise<number[]> {
  const replies: Array<Promise<ServerReply>> = [];
  const start = performance.now();
  for (let k = 0; k < count; k += 1) {
    const wait = start + (k * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    replies.push(server.channel.request({ type: 'publish', seq: seq++, sentAt: wallNow() }));
  }
  const ids: number[] = [];
  for (const reply of await Promise.all(replies)) {
    if (reply.type === 'error') throw new Error(`publish failed: ${reply.message}`);
    if (reply.type !== 'published' || reply.scoreId === null) throw new Error('a goal snapshot produced no score event');
    ids.push(reply.scoreId);
  }
  scoreIds.push(...ids);
  return ids;
}

async function settle(lastId: number): Promise<{ reached: number; ms: number }> {
  const started = performance.now();
  for (;;) {
    const replies = await all('progress', () => ({ type: 'progress', id: lastId }));
    const reached = replies.reduce((sum, reply) => sum + reply.reached, 0);
    const ms = performance.now() - started;
    if (reached >= CLIENTS || ms > SETTLE_TIMEOUT_MS) return { reached, ms };
    await sleep(50);
  }
}

// ---- Measuring ------------------------------------------------------------------

function merge(histograms: MsHistogram[]): Map<number, number> {
  const merged = new Map<number, number>();
  for (const histogram of histograms)
    for (const [bucket, count] of histogram) merged.set(bucket, (merged.get(bucket) ?? 0) + count);
  return merged;
}

/** The upper edge (ms) of the 1 ms bucket holding the p-th percentile. */
function percentile(histogram: Map<number, number>, p: number): number {
  const buckets = [...histogram.entries()].sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= rank) return bucket + 1;
  }
  return NaN;
}

const ms = (n: number) => (Number.isNaN(n) ? '—' : `${Math.round(n)} ms`);
const spread = (histogram: Map<number, number>) =>
  `p50 ${ms(percentile(histogram, 50))}, p99 ${ms(percentile(histogram, 99))}, max ${ms(percentile(histogram, 100))}`;

// ---- The run --------------------------------------------------------------------

try {
  // Warm-up without clients: the pipeline, SQLite statements and JIT.
  await publish(10, RATE);
  const connected = await all('connected', (w) => ({
    type: 'connect',
    total: share(CLIENTS, w),
    port: server.port,
    topics: 'scores',
    maxInFlight: IN_FLIGHT,
  }));
  const open = connected.reduce((sum, reply) => sum + reply.open, 0);
  out(`connected ${open} of ${CLIENTS} in ${ms(Math.max(...connected.map((reply) => reply.ms)))}`);
  if (open < CLIENTS) throw new Error(`only ${open} of ${CLIENTS} clients are open`);
  const warm = await publish(10, RATE);
  const warmed = await settle(warm.at(-1) as number);
  if (warmed.reached < CLIENTS) throw new Error(`only ${warmed.reached} clients saw the warm-up goals`);

  const left = await all('left', () => ({ type: 'leave' }));
  const lastIds = [...new Set(left.flatMap((reply) => reply.lastIds))];
  out(`gap: every client left at position ${lastIds.join(', ')}; ${Math.round(GAP_SECONDS * RATE)} goals in ${GAP_SECONDS} s`);
  const gap = await publish(Math.round(GAP_SECONDS * RATE), RATE);
  const gapLastId = gap.at(-1) as number;
  if (RESTART) {
    // The usual storm: the node restarts, and its clients come back to the new process.
    const started = performance.now();
    await stopServer(server);
    server = await startServer();
    out(`restart: the server stopped and a new one listened after ${ms(performance.now() - started)}`);
  }

  const before = await stats();
  out(`resume: ${CLIENTS} clients reconnect at once with Last-Event-ID; ${Math.round(TAIL_SECONDS * RATE)} more goals meanwhile`);
  const [resumed, tail] = await Promise.all([
    all('resumed', () => ({ type: 'resume', port: server.port, maxInFlight: IN_FLIGHT })),
    publish(Math.round(TAIL_SECONDS * RATE), RATE),
  ]);
  const settled = await settle(tail.at(-1) ?? gapLastId);
  const after = await stats();
  const reports: ResumeReport[] = (await all('report', () => ({ type: 'report', scoreIds, gapLastId }))).map(
    (reply) => reply.report,
  );

  const sum = (key: keyof Omit<ResumeReport, `${string}Storm` | 'firstMissedFromConnect'>) =>
    reports.reduce((total, report) => total + report[key], 0);
  const firstMissed = merge(reports.map((report) => report.firstMissedFromStorm));
  const fromConnect = merge(reports.map((report) => report.firstMissedFromConnect));
  const headers = merge(reports.map((report) => report.headersFromStorm));
  const backlog = merge(reports.map((report) => report.backlogFromStorm));
  const statuses: Record<string, number> = {};
  for (const reply of resumed)
    for (const [status, count] of Object.entries(reply.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  const wallMs = after.at - before.at;
  const cpuMs = (after.cpuUser + after.cpuSystem - (before.cpuUser + before.cpuSystem)) / 1000;
  const clientCpuMs = reports.reduce((total, report) => total + report.cpuUser + report.cpuSystem, 0) / 1000;

  out();
  out('## Result');
  out(
    `resumed ${resumed.reduce((total, reply) => total + reply.ok, 0)} of ${CLIENTS} (${sum('neverResumed')} never resumed, statuses ${JSON.stringify(statuses)}); ` +
      `all 200 heads within ${ms(Math.max(...resumed.map((reply) => reply.ms)))}; every client reached the last goal ${ms(settled.ms)} after the last publish (${settled.reached}/${CLIENTS})`,
  );
  out(`storm → 200 head: ${spread(headers)}`);
  out(`storm → first missed event: ${spread(firstMissed)}   (target p99 ≤ ${TARGET_P99_MS} ms)`);
  out(`own connect → first missed event: ${spread(fromConnect)}`);
  out(`storm → last event of the gap (the whole backlog): ${spread(backlog)}`);
  out(
    `events: expected ${sum('expected')}, received ${sum('received')}; lost ${sum('lost')} (on ${sum('clientsWithLoss')} clients), ` +
      `duplicated ${sum('duplicated')} (on ${sum('clientsWithDuplicates')} clients), out of order ${sum('outOfOrder')}, from other topics ${sum('foreign')}, ` +
      `resyncs ${sum('resyncs')}, streams ended by the server ${sum('serverClosed')}, failed connects ${sum('failedConnects')}`,
  );
  out(
    `server during the resume phase (${(wallMs / 1000).toFixed(1)} s): CPU ${((cpuMs / wallMs) * 100).toFixed(0)}% of a core (${Math.round(cpuMs)} ms), ` +
      `event-loop delay p99 ${after.loopDelayP99.toFixed(0)} ms, max ${after.loopDelayMax.toFixed(0)} ms, dropped ${after.dropped - before.dropped}; clients' CPU ${Math.round(clientCpuMs)} ms`,
  );
  const p99 = percentile(firstMissed, 99);
  const clean = sum('lost') === 0 && sum('duplicated') === 0 && sum('outOfOrder') === 0 && sum('foreign') === 0;
  out(
    `target: p99 ${ms(p99)} ${p99 <= TARGET_P99_MS ? '≤' : '>'} ${TARGET_P99_MS} ms — ${p99 <= TARGET_P99_MS ? 'met' : 'MISSED'}; ` +
      `exactly once and in order: ${clean ? 'yes' : 'NO'}`,
  );
  out(`load average at end: ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  if (!clean) process.exitCode = 1;
} finally {
  await Promise.allSettled(workers.map((worker) => worker.request({ type: 'close' })));
  await stopServer(server);
  for (const worker of workers) worker.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
