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
import { rmSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { resumeReplySchema, type ResumeCommand, type ResumeReply, type ResumeReport } from './live-resume-protocol.ts';
import { wallNow, type ServerCommand, type ServerReply, type ServerStats } from './live-sse-protocol.ts';
import {
  askAll,
  forkClientProcesses,
  share as shareOf,
  sumStatuses,
  type WithoutRid,
} from './support/client-process.ts';
import { createLiveBenchDatabase, startLiveBenchServer } from './support/live-bench.ts';
import {
  command,
  loadAverage,
  openFileLimit,
  parseArgs,
  stopServerProcesses,
  type ServerProcess,
} from './support/node-process.ts';
import { mergeHistograms as merge, percentile as percentileOf, sleep } from './support/stats.ts';

// ---- Arguments ----------------------------------------------------------------

const args = parseArgs();
const numberArg = (name: string, fallback: number, max: number) => {
  const value = Number(args.get(name) ?? fallback);
  if (!Number.isFinite(value) || value < 0 || value > max)
    throw new Error(`--${name} must be a number from 0 to ${max}`);
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
out('# Resume-storm benchmark (issue #18)');
out(`date: ${command('date', ['-u'])}`);
out(`machine: nproc ${availableParallelism()}, ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
out(`free -h: ${command('free', ['-h']).split('\n')[1]?.replace(/\s+/g, ' ') ?? ''}`);
const head = command('git', ['rev-parse', '--short', 'HEAD']);
const liveChanges = head === '(unavailable)' ? '' : command('git', ['status', '--porcelain', 'server/modules/live']);
out(`git: ${head}${liveChanges ? ' (server/modules/live has uncommitted changes)' : ''}`);
out(`load average at start: ${loadAverage()}`);
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

const { dir, databaseUrl } = await createLiveBenchDatabase('scoreline-resume-bench-');

// ---- Processes ------------------------------------------------------------------

type Server = ServerProcess<ServerCommand, ServerReply>;

/** Starts a server process on the bench database; resolves once it listens. */
async function startServer(): Promise<Server> {
  const started = await startLiveBenchServer({
    databaseUrl,
    maxConnections: Math.ceil(CLIENTS * 1.2) + 100,
    cpuProfile: CPU_PROFILE,
  });
  out(`server: pid ${started.child.pid}, 127.0.0.1:${started.port}`);
  return started;
}

/** Stops a server the way the bench server stops (closing every stream); killed if it hangs. */
const stopServer = (stopping: Server) => stopServerProcesses([stopping]);

let server = await startServer();

const workers = forkClientProcesses<ResumeCommand, ResumeReply>(
  'bench/live-resume-clients.ts',
  WORKERS,
  21,
  resumeReplySchema,
);

const all = <T extends ResumeReply['type']>(type: T, make: (worker: number) => WithoutRid<ResumeCommand>) =>
  askAll(workers, type, make);

async function stats(): Promise<ServerStats> {
  const reply = await server.channel.request({ type: 'stats', gc: false, resetLoopDelay: true });
  if (reply.type !== 'stats') throw new Error(`stats: unexpected ${reply.type}`);
  return reply.stats;
}

const share = (total: number, w: number) => shareOf(total, w, WORKERS);

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
    if (reply.type !== 'published' || reply.scoreId === null)
      throw new Error('a goal snapshot produced no score event');
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

/** The upper edge (ms) of the 1 ms bucket holding the p-th percentile. */
const percentile = (histogram: Map<number, number>, p: number) => percentileOf(histogram, p, 1);

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
  out(
    `gap: every client left at position ${lastIds.join(', ')}; ${Math.round(GAP_SECONDS * RATE)} goals in ${GAP_SECONDS} s`,
  );
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
  out(
    `resume: ${CLIENTS} clients reconnect at once with Last-Event-ID; ${Math.round(TAIL_SECONDS * RATE)} more goals meanwhile`,
  );
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
  const statuses = sumStatuses(resumed);
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
  out(`load average at end: ${loadAverage()}`);
  if (!clean) process.exitCode = 1;
} finally {
  await Promise.allSettled(workers.map((worker) => worker.request({ type: 'close' })));
  await stopServer(server);
  for (const worker of workers) worker.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
