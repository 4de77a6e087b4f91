// Live-delivery benchmark (issue #4, "Benchmark"): one server process, N
// concurrent SSE clients on `scores`, goal snapshots applied through the real
// ingest pipeline at a steady rate. Reports publish → receipt latency
// p50/p99, server memory per connection, server CPU, a reconnect storm
// (a random 20% of clients drop and resume with Last-Event-ID while events
// keep flowing: lost and duplicated events), and the largest client count of
// the ramp that still meets p99 ≤ 1 s. Run:
//   npm run bench:live -- [--clients=10000] [--events=200] [--rate=20]
//     [--workers=2] [--steps=2000,4000,6000,8000] [--step-events=60]
//     [--storm=0.2] [--beyond=12000,14000] [--in-flight=128]
//     [--cpu-prof] [--heap-snapshots]   (server profiles into var/bench-profiles/)
// Everything stays on 127.0.0.1 and is bounded (a few minutes at 10,000 clients).
// Needs `ulimit -n` above about 1.2 × clients (checked at start; the clients'
// sockets bind to 127.0.0.11, .12, … so each process has its own port range).
// Results go into docs/performance.md by hand, with the command and machine.
import { readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import path from 'node:path';
import {
  clientReplySchema,
  HISTOGRAM_STEP_MS,
  wallNow,
  type ClientCommand,
  type ClientReply,
  type PhaseEvent,
  type PhaseReport,
  type ServerReply,
  type ServerStats,
} from './live-sse-protocol.ts';
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
  machineTicks,
  openFileLimit,
  parseArgs,
  stopServerProcesses,
} from './support/node-process.ts';
import { mergeHistograms as merge, percentile as percentileOf, sleep, slope as slopeOf } from './support/stats.ts';

// ---- Arguments ----------------------------------------------------------------

const args = parseArgs();
const numberArg = (name: string, fallback: number) => {
  const value = Number(args.get(name) ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
};
const listArg = (name: string, fallback: number[]) =>
  args.has(name)
    ? (args.get(name) ?? '')
        .split(',')
        .filter((part) => part !== '')
        .map(Number)
    : fallback;

const CLIENTS = Math.round(numberArg('clients', 10_000));
const EVENTS = Math.round(numberArg('events', 200));
const RATE = numberArg('rate', 20);
const WORKERS = Math.max(1, Math.round(numberArg('workers', 2)));
const STEP_EVENTS = Math.round(numberArg('step-events', 60));
const STORM_FRACTION = numberArg('storm', 0.2);
const IN_FLIGHT = Math.max(1, Math.round(numberArg('in-flight', 128)));
const STEPS = [...listArg('steps', [2000, 4000, 6000, 8000]).filter((n) => n > 0 && n < CLIENTS), CLIENTS].sort(
  (a, b) => a - b,
);
const BEYOND = listArg('beyond', [])
  .filter((n) => n > CLIENTS)
  .sort((a, b) => a - b);
const CPU_PROFILE = args.get('cpu-prof') === 'true';
/** Writes server heap snapshots (no clients, and full load) into var/bench-profiles. */
const HEAP_SNAPSHOTS = args.get('heap-snapshots') === 'true';
const TARGET_P99_MS = 1000;
const TARGET_KB_PER_CONNECTION = 20;
const SETTLE_TIMEOUT_MS = 30_000;

const out = (line = '') => process.stdout.write(`${line}\n`);

// ---- Machine ------------------------------------------------------------------

const maxClients = Math.max(CLIENTS, ...BEYOND);
const fdLimit = openFileLimit();
const [portLow, portHigh] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
  .trim()
  .split(/\s+/)
  .map(Number);
out('# Live delivery benchmark (issue #4)');
out(`date: ${command('date', [])}`);
out(
  `machine: nproc ${availableParallelism()}, ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
);
out(`free -g: ${command('free', ['-g']).split('\n')[1]?.replace(/\s+/g, ' ') ?? ''}`);
out(
  `ulimit -n (soft, inherited by every process): ${fdLimit}; ephemeral ports ${portLow}–${portHigh} per source address`,
);
out(`load average at start: ${loadAverage()}`);
out(
  `clients ${CLIENTS} over ${WORKERS} client processes, ramp ${STEPS.join(' → ')}${BEYOND.length ? ` then ${BEYOND.join(' → ')}` : ''}; ${EVENTS} events at ${RATE}/s at full load (${STEP_EVENTS} per ramp step); storm ${STORM_FRACTION * 100}%`,
);
// The server holds one descriptor per client (two briefly during the storm); each client process its share.
const needed = Math.ceil(maxClients * (1 + STORM_FRACTION)) + 256;
if (fdLimit < needed) {
  out(
    `Not enough file descriptors: the server needs about ${needed}, ulimit -n is ${fdLimit}. Raise it (ulimit -n ${needed}) or lower --clients.`,
  );
  process.exit(1);
}

// ---- Database: fresh SQLite file, migrated, one competition/season/two teams ---

const { dir, databaseUrl } = await createLiveBenchDatabase('scoreline-live-bench-');

// ---- Processes ----------------------------------------------------------------

const server = await startLiveBenchServer({
  databaseUrl,
  maxConnections: Math.ceil(maxClients * (1 + STORM_FRACTION)) + 100,
  cpuProfile: CPU_PROFILE,
});
const port = server.port;
out(`server: pid ${server.child.pid}, 127.0.0.1:${port}, node ${server.args.join(' ')}`);

const workers = forkClientProcesses<ClientCommand, ClientReply>(
  'bench/live-sse-clients.ts',
  WORKERS,
  11,
  clientReplySchema,
);

async function stats(gc: boolean): Promise<ServerStats> {
  const reply = await server.channel.request({ type: 'stats', gc, resetLoopDelay: true });
  if (reply.type !== 'stats') throw new Error(`stats: unexpected ${reply.type}`);
  return reply.stats;
}

const all = <T extends ClientReply['type']>(type: T, make: (worker: number) => WithoutRid<ClientCommand>) =>
  askAll(workers, type, make);

const share = (total: number, w: number) => shareOf(total, w, WORKERS);

async function connectTo(total: number) {
  const replies = await all('connected', (w) => ({
    type: 'connect',
    total: share(total, w),
    port,
    maxInFlight: IN_FLIGHT,
  }));
  const open = replies.reduce((sum, reply) => sum + reply.open, 0);
  const failed = replies.reduce((sum, reply) => sum + reply.failed, 0);
  return { open, failed, ms: Math.max(...replies.map((reply) => reply.ms)), statuses: sumStatuses(replies) };
}

// ---- Publishing ---------------------------------------------------------------

let seq = 0;
let lastScoreId = 0;

/** Publishes `count` goals at `rate` per second; `during` runs once `at` of them were sent. */
async function publish(
  count: number,
  rate: number,
  during?: { at: number; run: () => Promise<void> },
): Promise<PhaseEvent[]> {
  const replies: Array<Promise<ServerReply>> = [];
  const start = performance.now();
  let sideJob: Promise<void> | null = null;
  for (let k = 0; k < count; k += 1) {
    const due = start + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    replies.push(server.channel.request({ type: 'publish', seq: seq++, sentAt: wallNow() }));
    if (during && k + 1 === during.at) sideJob = during.run();
  }
  const events: PhaseEvent[] = [];
  for (const reply of await Promise.all(replies)) {
    if (reply.type === 'error') throw new Error(`publish failed: ${reply.message}`);
    if (reply.type !== 'published' || reply.scoreId === null)
      throw new Error('a goal snapshot produced no score event');
    events.push({ id: reply.scoreId, sentAt: reply.sentAt, applyAt: reply.applyAt, commitAt: reply.commitAt });
    lastScoreId = Math.max(lastScoreId, reply.scoreId);
  }
  await sideJob;
  return events;
}

/** Waits until every client has seen the last published score event. */
async function settle(expected: number): Promise<{ reached: number; open: number; ms: number }> {
  const started = performance.now();
  for (;;) {
    const replies = await all('progress', () => ({ type: 'progress', id: lastScoreId }));
    const reached = replies.reduce((sum, reply) => sum + reply.reached, 0);
    const open = replies.reduce((sum, reply) => sum + reply.open, 0);
    const ms = performance.now() - started;
    if (reached >= expected || ms > SETTLE_TIMEOUT_MS) return { reached, open, ms };
    await sleep(100);
  }
}

// ---- Measuring ----------------------------------------------------------------

/** The upper edge of the bucket holding the p-th percentile, in ms. */
const percentile = (histogram: Map<number, number>, p: number) => percentileOf(histogram, p, HISTOGRAM_STEP_MS);

interface PhaseResult {
  label: string;
  clients: number;
  events: number;
  deliveries: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
  commitP50: number;
  commitP99: number;
  sentP50: number;
  sentP99: number;
  lost: number;
  clientsWithLoss: number;
  neverConnected: number;
  duplicated: number;
  clientsWithDuplicates: number;
  resyncs: number;
  serverClosed: number;
  failedConnects: number;
  serverCpuPercent: number;
  serverCpuUsPerDelivery: number;
  clientCpuPercent: number;
  loopDelayP99: number;
  loopDelayMax: number;
  /** Busy share of the whole machine (100% = both cores), and the part of it not used by the server or the clients. */
  machineBusyPercent: number;
  othersCorePercent: number;
  stayedP50: number;
  stayedP99: number;
  resumedP50: number;
  resumedP99: number;
  resumed: number;
  resumeP50: number;
  resumeP99: number;
  resumeMax: number;
  seconds: number;
  settleMs: number;
  droppedByServer: number;
}

const ms = (n: number) => (Number.isNaN(n) ? '—' : n < 10 ? n.toFixed(1) : Math.round(n).toString());

async function measure(
  label: string,
  clients: number,
  count: number,
  during?: { at: number; run: () => Promise<void> },
): Promise<PhaseResult> {
  const before = await stats(false);
  const ticksBefore = machineTicks();
  const events = await publish(count, RATE, during);
  const settled = await settle(clients);
  const after = await stats(false);
  const ticksAfter = machineTicks();
  const reports: PhaseReport[] = (await all('report', () => ({ type: 'report', events }))).map((reply) => reply.report);
  const fromApply = merge(reports.map((report) => report.fromApply));
  const fromCommit = merge(reports.map((report) => report.fromCommit));
  const fromSent = merge(reports.map((report) => report.fromSent));
  const wallMs = after.at - before.at;
  const cpuUs = after.cpuUser + after.cpuSystem - (before.cpuUser + before.cpuSystem);
  const deliveries = reports.reduce((sum, report) => sum + report.received, 0);
  const sum = (
    key:
      | 'lost'
      | 'clientsWithLoss'
      | 'neverConnected'
      | 'duplicated'
      | 'clientsWithDuplicates'
      | 'resyncs'
      | 'serverClosed'
      | 'failedConnects',
  ) => reports.reduce((total, report) => total + report[key], 0);
  const clientCpuUs = reports.reduce((total, report) => total + report.cpuUser + report.cpuSystem, 0);
  const machineBusy = (ticksAfter.busy - ticksBefore.busy) / Math.max(1, ticksAfter.total - ticksBefore.total);
  const cores = availableParallelism();
  const stayed = merge(reports.map((report) => report.fromApplyStayed));
  const resumed = merge(reports.map((report) => report.fromApplyResumed));
  const resume = merge(reports.map((report) => report.resumeMs));
  const result: PhaseResult = {
    label,
    clients,
    events: events.length,
    deliveries,
    expected: (clients - sum('neverConnected')) * events.length,
    p50: percentile(fromApply, 50),
    p99: percentile(fromApply, 99),
    max: Math.max(...reports.map((report) => report.maxFromApplyMs)),
    commitP50: percentile(fromCommit, 50),
    commitP99: percentile(fromCommit, 99),
    sentP50: percentile(fromSent, 50),
    sentP99: percentile(fromSent, 99),
    lost: sum('lost'),
    clientsWithLoss: sum('clientsWithLoss'),
    neverConnected: sum('neverConnected'),
    duplicated: sum('duplicated'),
    clientsWithDuplicates: sum('clientsWithDuplicates'),
    resyncs: sum('resyncs'),
    serverClosed: sum('serverClosed'),
    failedConnects: sum('failedConnects'),
    serverCpuPercent: (cpuUs / 1000 / wallMs) * 100,
    serverCpuUsPerDelivery: deliveries > 0 ? cpuUs / deliveries : NaN,
    clientCpuPercent: (clientCpuUs / 1000 / wallMs) * 100,
    loopDelayP99: after.loopDelayP99,
    loopDelayMax: after.loopDelayMax,
    machineBusyPercent: machineBusy * 100,
    othersCorePercent: machineBusy * cores * 100 - ((cpuUs + clientCpuUs) / 1000 / wallMs) * 100,
    stayedP50: percentile(stayed, 50),
    stayedP99: percentile(stayed, 99),
    resumedP50: percentile(resumed, 50),
    resumedP99: percentile(resumed, 99),
    resumed: [...resume.values()].reduce((total, value) => total + value, 0),
    resumeP50: percentile(resume, 50),
    resumeP99: percentile(resume, 99),
    resumeMax: percentile(resume, 100),
    seconds: wallMs / 1000,
    settleMs: settled.ms,
    droppedByServer: after.dropped - before.dropped,
  };
  out(
    `  ${label}: ${clients} clients × ${events.length} events: snapshot→receipt p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms, max ${ms(result.max)} ms` +
      ` (commit→receipt p50 ${ms(result.commitP50)}/p99 ${ms(result.commitP99)}; sent→receipt p50 ${ms(result.sentP50)}/p99 ${ms(result.sentP99)});` +
      ` delivered ${deliveries}/${result.expected}${result.neverConnected ? ` (${result.neverConnected} clients never connected)` : ''}, lost ${result.lost}, duplicated ${result.duplicated}, resyncs ${result.resyncs}, server-closed ${result.serverClosed};` +
      ` server CPU ${result.serverCpuPercent.toFixed(0)}% of a core (${result.serverCpuUsPerDelivery.toFixed(1)} µs/delivery), clients ${result.clientCpuPercent.toFixed(0)}%;` +
      ` loop delay p99 ${ms(result.loopDelayP99)} ms, max ${ms(result.loopDelayMax)} ms; settled ${ms(settled.ms)} ms after the last publish;` +
      ` machine ${result.machineBusyPercent.toFixed(0)}% busy (other processes ≈ ${Math.max(0, result.othersCorePercent).toFixed(0)}% of a core)`,
  );
  if (result.resumed > 0) {
    out(
      `    clients that stayed: p50 ${ms(result.stayedP50)} ms, p99 ${ms(result.stayedP99)} ms; resumed clients (incl. events published while they were away): p50 ${ms(result.resumedP50)} ms, p99 ${ms(result.resumedP99)} ms;` +
        ` drop → resumed 200: p50 ${ms(result.resumeP50)} ms, p99 ${ms(result.resumeP99)} ms, max ${ms(result.resumeMax)} ms (${result.resumed} clients)`,
    );
  }
  return result;
}

// ---- The run ------------------------------------------------------------------

const results: PhaseResult[] = [];
const memory: Array<{
  clients: number;
  rss: number;
  heapUsed: number;
  external: number;
  connectMs: number;
  connectCpuUs: number;
}> = [];
try {
  // Warm-up without clients: the pipeline, SQLite statements and JIT.
  await publish(10, RATE);
  const baseline = await stats(true);
  out(
    `baseline (0 clients, after GC): RSS ${(baseline.rss / 2 ** 20).toFixed(1)} MiB, heap ${(baseline.heapUsed / 2 ** 20).toFixed(1)} MiB${baseline.gcAvailable ? '' : ' (no --expose-gc)'}`,
  );
  const snapshot = async (name: string) => {
    if (!HEAP_SNAPSHOTS) return;
    const reply = await server.channel.request({
      type: 'heap-snapshot',
      path: path.resolve('var', 'bench-profiles', `live-sse-${name}.heapsnapshot`),
    });
    if (reply.type === 'heap-snapshot') out(`heap snapshot: ${reply.path}`);
  };
  await snapshot('0-clients');
  memory.push({
    clients: 0,
    rss: baseline.rss,
    heapUsed: baseline.heapUsed,
    external: baseline.external,
    connectMs: 0,
    connectCpuUs: 0,
  });

  const ramp = async (clients: number, count: number, label: string, warmUp = false) => {
    const before = await stats(false);
    const connected = await connectTo(clients);
    const afterConnect = await stats(false);
    await sleep(1000);
    const mem = await stats(true);
    const previous = memory.at(-1) ?? memory[0];
    const connectCpuUs = afterConnect.cpuUser + afterConnect.cpuSystem - (before.cpuUser + before.cpuSystem);
    const added = clients - (previous?.clients ?? 0);
    memory.push({
      clients,
      rss: mem.rss,
      heapUsed: mem.heapUsed,
      external: mem.external,
      connectMs: connected.ms,
      connectCpuUs,
    });
    out(
      `${clients} clients open (${connected.open} open, ${connected.failed} failed, statuses ${JSON.stringify(connected.statuses)}), hub ${mem.clients}; ` +
        `connecting ${added} took ${ms(connected.ms)} ms, ${(connectCpuUs / Math.max(1, added)).toFixed(0)} µs server CPU each; ` +
        `RSS ${(mem.rss / 2 ** 20).toFixed(1)} MiB = ${((mem.rss - baseline.rss) / 1024 / clients).toFixed(1)} kB/connection over baseline ` +
        `(marginal ${((mem.rss - (previous?.rss ?? baseline.rss)) / 1024 / Math.max(1, added)).toFixed(1)} kB; heap ${((mem.heapUsed - baseline.heapUsed) / 1024 / clients).toFixed(1)} kB/connection)`,
    );
    if (connected.open < clients) out(`  warning: only ${connected.open} of ${clients} clients are open`);
    if (clients === CLIENTS) await snapshot(`${clients}-clients`);
    if (warmUp) {
      // The first delivery to every stream runs cold code: a few unmeasured events first.
      await publish(10, RATE);
      await settle(clients);
      await all('report', () => ({ type: 'report', events: [] }));
    }
    results.push(await measure(label, clients, count));
  };

  for (const [i, clients] of STEPS.entries())
    await ramp(
      clients,
      clients === CLIENTS ? EVENTS : STEP_EVENTS,
      clients === CLIENTS ? 'full load' : 'ramp',
      i === 0,
    );

  // Reconnect storm at full load: a random share drops and resumes with Last-Event-ID while goals keep coming.
  out(
    `storm: ${STORM_FRACTION * 100}% of ${CLIENTS} clients drop after ${Math.ceil(EVENTS / 4)} of ${EVENTS} events and reconnect at once with Last-Event-ID`,
  );
  const stormResult = await measure('storm', CLIENTS, EVENTS, {
    at: Math.ceil(EVENTS / 4),
    run: async () => {
      const replies = await all('stormed', (w) => ({
        type: 'storm',
        fraction: STORM_FRACTION,
        seed: 4_000 + w,
        maxInFlight: IN_FLIGHT,
      }));
      const storm = {
        dropped: replies.reduce((sum, reply) => sum + reply.dropped, 0),
        reconnected: replies.reduce((sum, reply) => sum + reply.reconnected, 0),
        failed: replies.reduce((sum, reply) => sum + reply.failed, 0),
        ms: Math.max(...replies.map((reply) => reply.ms)),
      };
      out(
        `  storm: ${storm.dropped} dropped, ${storm.reconnected} reconnected (${storm.failed} failed) within ${ms(storm.ms)} ms`,
      );
    },
  });
  results.push(stormResult);

  for (const clients of BEYOND) await ramp(clients, STEP_EVENTS, 'beyond');

  // ---- Summary ------------------------------------------------------------------
  const full = results.find((result) => result.label === 'full load');
  const fullMemory = memory.find((entry) => entry.clients === CLIENTS);
  const kbPerConnection = fullMemory ? (fullMemory.rss - baseline.rss) / 1024 / CLIENTS : NaN;
  const passing = results
    .filter(
      (result) =>
        result.label !== 'storm' && result.p99 <= TARGET_P99_MS && result.lost === 0 && result.neverConnected === 0,
    )
    .map((result) => result.clients);
  const largest = passing.length > 0 ? Math.max(...passing) : 0;
  const tried = Math.max(...results.map((result) => result.clients));
  out();
  out('## Summary');
  out(
    '| clients | events | snapshot→receipt p50 | p99 | max | commit→receipt p99 | server CPU (% core) | µs CPU/delivery | other processes (% core) | lost | dup | RSS over baseline |',
  );
  out('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const result of results) {
    const mem = memory.find((entry) => entry.clients === result.clients);
    const kb = mem ? `${((mem.rss - baseline.rss) / 1024 / result.clients).toFixed(1)} kB/conn` : '';
    out(
      `| ${result.clients}${result.label === 'storm' ? ' (storm)' : ''} | ${result.events} | ${ms(result.p50)} ms | ${ms(result.p99)} ms | ${ms(result.max)} ms | ${ms(result.commitP99)} ms | ${result.serverCpuPercent.toFixed(0)}% | ${result.serverCpuUsPerDelivery.toFixed(1)} | ${Math.max(0, result.othersCorePercent).toFixed(0)}% | ${result.lost} | ${result.duplicated} | ${kb} |`,
    );
  }
  out();
  out(
    `target p99 ≤ ${TARGET_P99_MS} ms at ${CLIENTS}: ${full && full.p99 <= TARGET_P99_MS ? 'met' : 'MISSED'} (${ms(full?.p99 ?? NaN)} ms)`,
  );
  // RSS moves in steps (V8 and malloc keep and return pages in bulk): the least-squares slope over the ramp is steadier than one point.
  const slope = slopeOf(memory.map((entry) => ({ x: entry.clients, y: entry.rss })));
  const heapPerConnection = fullMemory ? (fullMemory.heapUsed - baseline.heapUsed) / 1024 / CLIENTS : NaN;
  out(
    `target ≤ ${TARGET_KB_PER_CONNECTION} kB/connection: ${kbPerConnection <= TARGET_KB_PER_CONNECTION ? 'met' : 'MISSED'} (${kbPerConnection.toFixed(1)} kB RSS over baseline at ${CLIENTS}; ` +
      `slope over the ramp ${(slope / 1024).toFixed(1)} kB/connection; V8 heap ${heapPerConnection.toFixed(1)} kB/connection)`,
  );
  out(
    `target zero lost in the storm: ${stormResult.lost === 0 ? 'met' : 'MISSED'} (lost ${stormResult.lost} on ${stormResult.clientsWithLoss} clients, duplicated ${stormResult.duplicated} on ${stormResult.clientsWithDuplicates} clients, resyncs ${stormResult.resyncs}; ` +
      `${stormResult.resumed} resumed, drop → 200 p99 ${ms(stormResult.resumeP99)} ms; clients that stayed p99 ${ms(stormResult.stayedP99)} ms)`,
  );
  out(
    `largest client count meeting p99 ≤ ${TARGET_P99_MS} ms: ${largest || 'none'}${largest === tried ? ` (the largest tried)` : ''}`,
  );
  out(`load average at end: ${loadAverage()}`);
} finally {
  await Promise.allSettled(workers.map((worker) => worker.request({ type: 'close' })));
  // The server exits by itself after 'stopped' (writing its CPU profile, with --cpu-prof); killed only if it hangs.
  await stopServerProcesses([server]);
  for (const worker of workers) worker.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
