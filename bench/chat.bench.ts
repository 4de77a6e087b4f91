// Chat benchmark (issue #23, "Figures"): two server nodes (two processes) on one
// Redis and one PostgreSQL database, N SSE clients in one match's chat room
// spread over both nodes, chat messages POSTed at a steady rate through both
// nodes' public API by many signed-in users. Reports post → receipt latency
// (p50/p99/max, split by whether the client sits on the node that took the
// POST or on the other one, which the message reaches through Redis and the
// event log), lost, duplicated and out-of-order messages per client, whether
// every client saw one order, and server memory per connection. Run:
//   npm run bench:chat -- [--clients=5000] [--rate=20] [--seconds=60] [--users=120]
//     [--workers=2] [--in-flight=128] [--topics=chat|match+chat]
//     [--postgres=postgres://…/postgres] [--redis=redis://127.0.0.1:6379]
// Everything stays on 127.0.0.1 and is bounded: ≤ 60 s of posting (--seconds is capped at 60), a few
// seconds of set-up per 1,000 clients. A fresh PostgreSQL database is created and dropped by the bench.
//
// Honest set-up, limits unchanged: every POST is a real signed-in user's (Bearer token from
// POST /api/auth/register) through the full HTTP stack, chat's validation and its rate limits (Redis).
// The nodes trust X-Forwarded-For (TRUST_PROXY=1, as behind a load balancer) and each user posts from
// an address of its own, so the per-address limit is the per-user one; with --users=120 at 20/s each user
// posts once every 6 s, inside "1 message per 2 s, burst 5". The accounts are dated a day back in the
// database (the "new accounts wait 10 minutes" rule is not what is measured). Every text is unique, so
// the duplicate rule never refuses one.
// Results go into docs/performance.md by hand, with the command and machine.
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, totalmem } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ensureCompetition, ensureSeason } from '../db/seed/seed-kit.ts';
import { insertTeam } from '../db/teams.ts';
import { findCompetitionDefinition } from '../domain/competitions.ts';
import { insertMatch } from '../tests/helpers/insert-match.ts';
import {
  clientReplySchema,
  nodeReplySchema,
  type ChatReport,
  type ClientCommand,
  type ClientReply,
  type NodeCommand,
  type NodeReply,
  type PostedMessage,
} from './chat-bench-protocol.ts';
import { HISTOGRAM_STEP_MS } from './live-sse-protocol.ts';
import {
  askAll,
  forkClientProcesses,
  share as shareOf,
  sumStatuses,
  type WithoutRid,
} from './support/client-process.ts';
import {
  command,
  loadAverage,
  machineTicks,
  openFileLimit,
  parseArgs,
  startServerProcess,
  stopServerProcesses,
  type ServerStats,
} from './support/node-process.ts';
import {
  mergeHistograms as merge,
  percentile as percentileOf,
  sleep,
  slope as slopeOf,
  wallNow,
} from './support/stats.ts';

// ---- Arguments ----------------------------------------------------------------

const args = parseArgs();
const numberArg = (name: string, fallback: number) => {
  const value = Number(args.get(name) ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const CLIENTS = Math.round(numberArg('clients', 5000));
const RATE = numberArg('rate', 20);
const SECONDS = Math.min(60, numberArg('seconds', 60));
const USERS = Math.round(numberArg('users', 120));
const WORKERS = Math.max(1, Math.round(numberArg('workers', 2)));
const IN_FLIGHT = Math.max(1, Math.round(numberArg('in-flight', 128)));
const TOPIC_MODE = args.get('topics') ?? 'chat';
if (TOPIC_MODE !== 'chat' && TOPIC_MODE !== 'match+chat') throw new Error('--topics must be chat or match+chat');
const POSTGRES =
  args.get('postgres') ?? process.env.TEST_POSTGRES_URL ?? 'postgres://scoreline:scoreline@127.0.0.1:5432/postgres';
const REDIS = args.get('redis') ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
for (const url of [POSTGRES, REDIS]) {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`the bench only talks to 127.0.0.1 (${url})`);
}
const NODES = 2;
const TARGET_P99_MS = 500;
/** issue #23: memory per connection not more than today's live figure plus 2 kB (docs/performance.md, live SSE). */
const LIVE_FIGURE_KB = { rss: 5.6, heap: 7.8 };
const SETTLE_TIMEOUT_MS = 30_000;
/** Each user posts at most once per this many ms (chat allows 1 per 2 s with a burst of 5). */
const USER_MIN_GAP_MS = 2_000;
if ((USERS / RATE) * 1000 < USER_MIN_GAP_MS)
  throw new Error(
    `--users=${USERS} at --rate=${RATE} would post more than once per 2 s each: use at least ${Math.ceil((RATE * USER_MIN_GAP_MS) / 1000)} users`,
  );

const out = (line = '') => process.stdout.write(`${line}\n`);

out('# Chat benchmark (issue #23)');
out(`date: ${command('date', [])}`);
out(
  `machine: nproc ${availableParallelism()}, ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
);
out(`free -g: ${command('free', ['-g']).split('\n')[1]?.replace(/\s+/g, ' ') ?? ''}`);
out(`load average at start: ${loadAverage()}`);
out(
  `${NODES} nodes on PostgreSQL and Redis; ${CLIENTS} clients (topics ${TOPIC_MODE}) over ${WORKERS} client processes; ` +
    `${RATE} messages/s for ${SECONDS} s alternating between the nodes, from ${USERS} users`,
);
const fdLimit = openFileLimit();
if (fdLimit < CLIENTS + 512) {
  out(`Not enough file descriptors: ulimit -n is ${fdLimit}, the clients need about ${CLIENTS + 512}.`);
  process.exit(1);
}

// ---- Database: a fresh PostgreSQL database, migrated, one live match --------------

const databaseName = `scoreline_chat_bench_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(POSTGRES);
  url.pathname = `/${databaseName}`;
  return url.href;
})();
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
await admin(`CREATE DATABASE ${databaseName}`);
const handle = openDatabase(databaseUrl);
await migrateToLatest(handle);
const definition = findCompetitionDefinition('en.1');
if (!definition) throw new Error('en.1 is not in the competition catalogue');
const competitionId = await ensureCompetition(handle.db, definition);
const seasonId = await ensureSeason(handle.db, {
  competitionId,
  code: '2026-27',
  name: 'Bench season',
  startDate: '2026-08-01',
  endDate: '2027-05-31',
  complete: false,
});
const homeId = await insertTeam(handle.db, { name: 'Benchton Athletic', kind: 'club' });
const awayId = await insertTeam(handle.db, { name: 'Loadsby Town', kind: 'club' });
// Live for half an hour: the room is open (it opens 60 minutes before kick-off).
const matchId = await insertMatch(handle.db, {
  season_id: seasonId,
  home_team_id: homeId,
  away_team_id: awayId,
  kickoff_at: new Date(Date.now() - 30 * 60_000).toISOString(),
  status: 'live',
  minute: 30,
  home_score: 0,
  away_score: 0,
});
const TOPICS = TOPIC_MODE === 'chat' ? `chat:${matchId}` : `match:${matchId},chat:${matchId}`;

// ---- Processes ------------------------------------------------------------------

const runTag = randomBytes(4).toString('hex');
const nodes = await Promise.all(
  Array.from({ length: NODES }, () =>
    startServerProcess<NodeCommand, NodeReply>({
      file: 'bench/chat-bench-server.ts',
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        REDIS_URL: REDIS,
        PORT: '0',
        ROLE: 'web',
        REPLAY_MODE: 'off',
        AUTO_SEED: '0',
        DATA_REFRESH_INTERVAL_HOURS: '0',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
        BASE_URL: 'http://127.0.0.1',
        LIVE_MAX_CONNECTIONS_PER_IP: String(CLIENTS + 100),
        BENCH_SESSION_SECRET: `chat-bench-${runTag}-000000000000000000000000`,
        BENCH_RATE_LIMIT_PREFIX: `scoreline-bench:${runTag}`,
        BENCH_PRESENCE_PREFIX: `scoreline-bench:${runTag}:presence`,
      },
      parse: (raw) => nodeReplySchema.parse(raw),
    }),
  ),
);
const ports = nodes.map((node) => node.port);
out(
  `nodes: ${nodes.map((node, n) => `pid ${node.child.pid} on 127.0.0.1:${ports[n]}`).join(', ')}; match ${matchId}, topics ${TOPICS}`,
);

const workers = forkClientProcesses<ClientCommand, ClientReply>(
  'bench/chat-bench-clients.ts',
  WORKERS,
  21,
  clientReplySchema,
);

async function nodeStats(gc: boolean): Promise<ServerStats[]> {
  return Promise.all(
    nodes.map(async (node) => {
      const reply = await node.channel.request({ type: 'stats', gc, resetLoopDelay: true });
      if (reply.type !== 'stats') throw new Error(`stats: unexpected ${reply.type}`);
      return reply.stats;
    }),
  );
}

const all = <T extends ClientReply['type']>(type: T, make: (worker: number) => WithoutRid<ClientCommand>) =>
  askAll(workers, type, make);

const share = (total: number, w: number) => shareOf(total, w, WORKERS);

// ---- Users ----------------------------------------------------------------------

interface Poster {
  token: string;
  address: string;
  nextAt: number;
}

/** The address user k posts from (a private range; only a header: every socket goes to 127.0.0.1). */
const addressOf = (k: number) => `10.23.${Math.floor(k / 250)}.${(k % 250) + 1}`;

async function register(k: number): Promise<Poster> {
  const address = addressOf(k);
  const response = await fetch(`http://127.0.0.1:${ports[k % NODES]}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({
      email: `fan${k}.${runTag}@bench.example`,
      password: `bench password ${runTag} number ${k}`,
      displayName: `Fan ${k}`,
    }),
  });
  const body = (await response.json()) as { data?: { token?: { access_token?: string } } };
  const token = body.data?.token?.access_token;
  if (response.status !== 201 || !token)
    throw new Error(`register fan ${k}: ${response.status} ${JSON.stringify(body)}`);
  return { token, address, nextAt: 0 };
}

// ---- Posting --------------------------------------------------------------------

let posts = 0;
const refusals: Record<string, number> = {};

/** Posts `count` messages at `rate` per second, alternating nodes, each from the user whose turn it is. */
async function post(users: Poster[], count: number, rate: number): Promise<PostedMessage[]> {
  const start = performance.now();
  const pending: Array<Promise<PostedMessage | null>> = [];
  for (let k = 0; k < count; k += 1) {
    const due = start + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const user = users[posts % users.length] as Poster;
    const node = posts % NODES;
    const text = `Message ${posts} of run ${runTag}: what a game ⚽`;
    posts += 1;
    if (performance.now() < user.nextAt)
      refusals['skipped (user posted < 2 s ago)'] = (refusals['skipped (user posted < 2 s ago)'] ?? 0) + 1;
    user.nextAt = performance.now() + USER_MIN_GAP_MS;
    pending.push(
      (async () => {
        const sentAt = wallNow();
        const response = await fetch(`http://127.0.0.1:${ports[node]}/api/matches/${matchId}/chat`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${user.token}`,
            'X-Forwarded-For': user.address,
          },
          body: JSON.stringify({ text }),
        });
        const answeredAt = wallNow();
        const body = (await response.json()) as { message?: { id?: unknown }; error?: { code?: string } };
        const id = body.message?.id;
        if (response.status !== 201 || typeof id !== 'number') {
          const key = `${response.status} ${body.error?.code ?? ''}`.trim();
          refusals[key] = (refusals[key] ?? 0) + 1;
          return null;
        }
        return { id, node, sentAt, answeredAt };
      })(),
    );
  }
  const settled = await Promise.all(pending);
  return settled.filter((message): message is PostedMessage => message !== null);
}

async function settle(expected: number, clients: number): Promise<{ reached: number; open: number; ms: number }> {
  const started = performance.now();
  for (;;) {
    const replies = await all('progress', () => ({ type: 'progress', count: expected }));
    const reached = replies.reduce((sum, reply) => sum + reply.reached, 0);
    const open = replies.reduce((sum, reply) => sum + reply.open, 0);
    const ms = performance.now() - started;
    if (reached >= clients || ms > SETTLE_TIMEOUT_MS) return { reached, open, ms };
    await sleep(100);
  }
}

// ---- Measuring ------------------------------------------------------------------

const percentile = (histogram: Map<number, number>, p: number) => percentileOf(histogram, p, HISTOGRAM_STEP_MS);

const ms = (n: number) => (Number.isNaN(n) ? '—' : n < 10 ? n.toFixed(1) : Math.round(n).toString());
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

try {
  const started = performance.now();
  const users: Poster[] = [];
  for (let k = 0; k < USERS; k += 8)
    users.push(...(await Promise.all(Array.from({ length: Math.min(8, USERS - k) }, (_, j) => register(k + j)))));
  // Established fans: the rule for accounts younger than 10 minutes is not what this measures.
  await handle.db
    .updateTable('user_account')
    .set({ created_at: new Date(Date.now() - 86_400_000).toISOString() })
    .execute();
  out(`${USERS} users registered in ${ms(performance.now() - started)} ms (dated a day back)`);

  // Warm-up without clients: the routes, the statements, the JIT of both nodes.
  const warm = await post(users, Math.min(20, USERS), RATE);
  if (warm.length === 0) throw new Error(`no warm-up message was accepted: ${JSON.stringify(refusals)}`);
  await sleep(USER_MIN_GAP_MS);
  const baseline = await nodeStats(true);
  out(
    `baseline (0 clients, after GC): ${baseline.map((s, n) => `node ${n}: RSS ${(s.rss / 2 ** 20).toFixed(1)} MiB, heap ${(s.heapUsed / 2 ** 20).toFixed(1)} MiB`).join('; ')}`,
  );

  // Clients connect in four steps; memory is read after a full GC at each (the least-squares slope over the
  // steps is steadier than one point: RSS moves in steps as V8 and malloc take and return pages in bulk).
  const connectStarted = performance.now();
  const before = await nodeStats(false);
  const samples: ServerStats[][] = [baseline];
  const statuses: Record<string, number> = {};
  let open = 0;
  for (const fraction of [0.25, 0.5, 0.75, 1]) {
    const total = Math.round(CLIENTS * fraction);
    const connected = await all('connected', (w) => ({
      type: 'connect',
      total: share(total, w),
      ports,
      topics: TOPICS,
      maxInFlight: IN_FLIGHT,
    }));
    open = connected.reduce((sum, reply) => sum + reply.open, 0);
    for (const [status, count] of Object.entries(sumStatuses(connected)))
      statuses[status] = (statuses[status] ?? 0) + count;
    await sleep(1000);
    samples.push(await nodeStats(true));
  }
  const connectMs = performance.now() - connectStarted;
  const withClients = samples.at(-1) as ServerStats[];
  const perNode = withClients.map((s) => s.clients);
  /** Bytes per connection on node n: the slope of `field` over the steps. */
  const slope = (n: number, field: 'rss' | 'heapUsed') =>
    slopeOf(samples.map((step) => ({ x: (step[n] as ServerStats).clients, y: (step[n] as ServerStats)[field] })));
  const rssPerConnection = withClients.map((_, n) => slope(n, 'rss'));
  const heapPerConnection = withClients.map((_, n) => slope(n, 'heapUsed'));
  const rssOverBaseline = withClients.map(
    (s, n) => (s.rss - (baseline[n] as ServerStats).rss) / Math.max(1, s.clients),
  );
  const connectCpu = withClients.map(
    (s, n) =>
      (s.cpuUser + s.cpuSystem - ((before[n] as ServerStats).cpuUser + (before[n] as ServerStats).cpuSystem)) /
      Math.max(1, s.clients),
  );
  out(
    `${open} of ${CLIENTS} clients open in ${ms(connectMs)} ms, four steps (statuses ${JSON.stringify(statuses)}); per node ${perNode.join(' + ')}; ` +
      `memory per connection (slope over the steps): ${withClients.map((_, n) => `node ${n} RSS ${kb(rssPerConnection[n] as number)} kB, heap ${kb(heapPerConnection[n] as number)} kB`).join('; ')} ` +
      `(RSS over baseline at full load ${rssOverBaseline.map((b) => kb(b)).join(' / ')} kB); ` +
      `connecting cost ≤ ${connectCpu.map((us) => us.toFixed(0)).join(' / ')} µs server CPU per stream (incl. the GCs)`,
  );
  if (open < CLIENTS) out(`  warning: only ${open} of ${CLIENTS} clients are open`);

  // A few unmeasured messages so the first delivery to every stream runs warm code.
  const warmup = await post(users, 10, RATE);
  await settle(warmup.length, open);
  await all('report', () => ({ type: 'report', posted: [] }));
  await sleep(USER_MIN_GAP_MS);

  // ---- The measured phase ----
  const statsBefore = await nodeStats(false);
  const ticksBefore = machineTicks();
  const count = Math.round(RATE * SECONDS);
  for (const key of Object.keys(refusals)) delete refusals[key];
  const posted = await post(users, count, RATE);
  const settled = await settle(posted.length, open);
  const statsAfter = await nodeStats(false);
  const ticksAfter = machineTicks();
  const reports: ChatReport[] = (await all('report', () => ({ type: 'report', posted }))).map((reply) => reply.report);

  const fromSent = merge(reports.map((report) => report.fromSent));
  const same = merge(reports.map((report) => report.fromSentSameNode));
  const other = merge(reports.map((report) => report.fromSentOtherNode));
  const sum = (
    key:
      | 'lost'
      | 'clientsWithLoss'
      | 'neverConnected'
      | 'duplicated'
      | 'clientsWithDuplicates'
      | 'outOfOrder'
      | 'clientsOutOfOrder'
      | 'resyncs'
      | 'serverClosed'
      | 'failedConnects'
      | 'received',
  ) => reports.reduce((total, report) => total + report[key], 0);
  const orders: Record<string, number> = {};
  for (const report of reports)
    for (const [key, n] of Object.entries(report.orders)) orders[key] = (orders[key] ?? 0) + n;
  const answer = merge([
    posted.map(
      (message) => [Math.floor((message.answeredAt - message.sentAt) / HISTOGRAM_STEP_MS), 1] as [number, number],
    ),
  ]);
  const wallMs = (statsAfter[0] as ServerStats).at - (statsBefore[0] as ServerStats).at;
  const serverCpu = statsAfter.map(
    (s, n) =>
      ((s.cpuUser +
        s.cpuSystem -
        ((statsBefore[n] as ServerStats).cpuUser + (statsBefore[n] as ServerStats).cpuSystem)) /
        1000 /
        wallMs) *
      100,
  );
  const clientCpu =
    (reports.reduce((total, report) => total + report.cpuUser + report.cpuSystem, 0) / 1000 / wallMs) * 100;
  const machineBusy = ((ticksAfter.busy - ticksBefore.busy) / Math.max(1, ticksAfter.total - ticksBefore.total)) * 100;
  const p99 = percentile(fromSent, 99);
  const expected = (open - sum('neverConnected')) * posted.length;
  out();
  out('## Result');
  out(
    `posted ${posted.length} of ${count} messages in ${(wallMs / 1000).toFixed(1)} s (${(posted.length / (wallMs / 1000)).toFixed(1)}/s)` +
      `${Object.keys(refusals).length ? `; refused or skipped: ${JSON.stringify(refusals)}` : ''}; POST answered p50 ${ms(percentile(answer, 50))} ms, p99 ${ms(percentile(answer, 99))} ms`,
  );
  out(
    `post → receipt over ${sum('received')} deliveries (expected ${expected}): p50 ${ms(percentile(fromSent, 50))} ms, p99 ${ms(p99)} ms, max ${ms(Math.max(...reports.map((report) => report.maxFromSentMs)))} ms; ` +
      `same node p50 ${ms(percentile(same, 50))} / p99 ${ms(percentile(same, 99))} ms, other node p50 ${ms(percentile(other, 50))} / p99 ${ms(percentile(other, 99))} ms`,
  );
  out(
    `lost ${sum('lost')} (on ${sum('clientsWithLoss')} clients), duplicated ${sum('duplicated')} (on ${sum('clientsWithDuplicates')}), out of order ${sum('outOfOrder')} (on ${sum('clientsOutOfOrder')}); ` +
      `orders seen by clients that got everything: ${Object.keys(orders).length} (${Object.values(orders).join(', ')} clients); ` +
      `resyncs ${sum('resyncs')}, streams ended by a server ${sum('serverClosed')}, never connected ${sum('neverConnected')}; settled ${ms(settled.ms)} ms after the last answer`,
  );
  out(
    `server CPU ${serverCpu.map((p) => `${p.toFixed(0)}%`).join(' + ')} of a core, clients ${clientCpu.toFixed(0)}%, machine ${machineBusy.toFixed(0)}% busy; ` +
      `event-loop delay p99 ${statsAfter.map((s) => ms(s.loopDelayP99)).join(' / ')} ms, max ${statsAfter.map((s) => ms(s.loopDelayMax)).join(' / ')} ms; ` +
      `slow streams dropped by the hubs ${statsAfter.reduce((total, s, n) => total + s.dropped - (statsBefore[n] as ServerStats).dropped, 0)}`,
  );
  out();
  out('## Targets');
  out(`p99 post → receipt ≤ ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'met' : 'MISSED'} (${ms(p99)} ms)`);
  const clean =
    sum('lost') === 0 &&
    sum('duplicated') === 0 &&
    sum('outOfOrder') === 0 &&
    sum('neverConnected') === 0 &&
    posted.length === count;
  out(`0 lost, 0 duplicated, 0 out of order, every message accepted: ${clean ? 'met' : 'MISSED'}`);
  const worstRss = Math.max(...rssPerConnection) / 1024;
  const worstHeap = Math.max(...heapPerConnection) / 1024;
  out(
    `memory per connection ≤ live figure + 2 kB (RSS ${LIVE_FIGURE_KB.rss} + 2, heap ${LIVE_FIGURE_KB.heap} + 2 kB): ` +
      `${worstRss <= LIVE_FIGURE_KB.rss + 2 && worstHeap <= LIVE_FIGURE_KB.heap + 2 ? 'met' : 'MISSED'} (worst node RSS ${worstRss.toFixed(1)} kB, heap ${worstHeap.toFixed(1)} kB)`,
  );
  out(`load average at end: ${loadAverage()}`);
} finally {
  await Promise.allSettled(workers.map((worker) => worker.request({ type: 'close' })));
  await stopServerProcesses(nodes);
  for (const worker of workers) worker.child.kill('SIGKILL');
  await handle.close();
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch((error: unknown) =>
    out(`could not drop ${databaseName}: ${error instanceof Error ? error.message : String(error)}`),
  );
}
