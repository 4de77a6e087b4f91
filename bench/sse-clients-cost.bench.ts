// What the benchmarks' SSE clients cost: one client process (of the chat or
// the live benchmark, talking its usual IPC protocol) holds N streams to a
// stand-in server in this process that writes exactly what the live hub
// writes (an HTTP/1.1 chunked text/event-stream; per event one chunk
// `id: …\nevent: chat.message\ndata: {…}\n\n` or `… score …`, to every stream),
// at a steady rate. Reports the client process's CPU per 100,000 events
// received — the share of the machine the clients take from the servers a
// real bench measures — and the client's own checks (lost, duplicated, out of
// order, one order), so a cheaper client is seen to check the same. Run:
//   npx tsx bench/sse-clients-cost.bench.ts [--kind=chat|live] [--clients=2000]
//     [--rate=20] [--seconds=20] [--client=bench/chat-bench-clients.ts] [--cpu-prof]
// `--client` runs another client file with the same protocol (e.g. an earlier
// version copied out of git) for a before/after comparison on one machine.
// Everything on 127.0.0.1; no database, no Redis. Results go into
// docs/performance.md by hand ("Bench clients").
import net from 'node:net';
import { availableParallelism, cpus } from 'node:os';
import {
  clientReplySchema as chatReplySchema,
  type ClientCommand as ChatCommand,
  type ClientReply as ChatReply,
} from './chat-bench-protocol.ts';
import {
  clientReplySchema as liveReplySchema,
  HISTOGRAM_STEP_MS,
  type ClientCommand as LiveCommand,
  type ClientReply as LiveReply,
} from './live-sse-protocol.ts';
import { askAll, forkClientProcesses } from './support/client-process.ts';
import { command, loadAverage, openFileLimit, parseArgs } from './support/node-process.ts';
import { mergeHistograms, percentile, sleep, wallNow } from './support/stats.ts';

const args = parseArgs();
const numberArg = (name: string, fallback: number, max: number) => {
  const value = Number(args.get(name) ?? fallback);
  if (!Number.isFinite(value) || value <= 0 || value > max)
    throw new Error(`--${name} must be a number from 1 to ${max}`);
  return value;
};
const KIND = args.get('kind') ?? 'chat';
if (KIND !== 'chat' && KIND !== 'live') throw new Error('--kind must be chat or live');
const CLIENTS = Math.round(numberArg('clients', 2000, 12_000));
const RATE = numberArg('rate', 20, 200);
const SECONDS = numberArg('seconds', 20, 120);
const CLIENT_FILE =
  args.get('client') ?? (KIND === 'chat' ? 'bench/chat-bench-clients.ts' : 'bench/live-sse-clients.ts');
const MATCH = 7;
/** Writes the client process's CPU profile into var/bench-profiles/. */
const CLIENT_PROFILE = args.get('cpu-prof') === 'true';
const clientExecArgv = CLIENT_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=var/bench-profiles'] : [];

const out = (line = '') => process.stdout.write(`${line}\n`);
out('# Bench client cost');
out(`date: ${command('date', ['-u'])}; uptime: ${command('uptime', [])}`);
out(`machine: nproc ${availableParallelism()}, ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
out(`client ${CLIENT_FILE} (${KIND}), ${CLIENTS} streams, ${RATE} events/s for ${SECONDS} s`);
if (openFileLimit() < CLIENTS * 2 + 256) throw new Error(`ulimit -n is below ${CLIENTS * 2 + 256}`);

// ---- The stand-in server ---------------------------------------------------------

const HEAD =
  'HTTP/1.1 200 OK\r\ncache-control: no-cache, no-transform\r\ncontent-type: text/event-stream; charset=utf-8\r\n' +
  'x-accel-buffering: no\r\nDate: Fri, 27 Nov 2026 14:00:00 GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\n' +
  'Transfer-Encoding: chunked\r\n\r\n';
const chunk = (text: string) => {
  const body = Buffer.from(text);
  return Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n')]);
};

let position = 1000;
const streams = new Set<net.Socket>();
const server = net.createServer((socket) => {
  let request = '';
  socket.setNoDelay(true);
  socket.on('error', () => streams.delete(socket));
  socket.on('close', () => streams.delete(socket));
  socket.on('data', (data) => {
    if (streams.has(socket)) return;
    request += data.toString('latin1');
    if (!request.includes('\r\n\r\n')) return;
    // What the hub writes first: the retry field and `ready` at the current position.
    socket.write(
      Buffer.concat([
        Buffer.from(HEAD),
        chunk(`retry: ${1000 + Math.floor(Math.random() * 3000)}\n\n`),
        chunk(`id: ${position}\nevent: ready\ndata: ${JSON.stringify({ position })}\n\n`),
      ]),
    );
    streams.add(socket);
  });
});
const port = await new Promise<number>((resolve) =>
  server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
);

interface Published {
  id: number;
  messageId: number;
  sentAt: number;
}

/** Writes `count` events at RATE a second to every stream. */
async function publish(count: number): Promise<Published[]> {
  const published: Published[] = [];
  const start = performance.now();
  for (let k = 0; k < count; k += 1) {
    const wait = start + (k * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    position += 1;
    const messageId = 50_000 + position;
    const sentAt = wallNow();
    const data =
      KIND === 'chat'
        ? {
            matchId: MATCH,
            message: {
              id: messageId,
              matchId: MATCH,
              text: `Message ${position} of run cost: what a game ⚽`,
              user: { id: 1 + (position % 120), displayName: `Fan ${position % 120}` },
              createdAt: new Date().toISOString(),
            },
          }
        : { matchId: 1, home: position % 5, away: position % 3, minute: 60 };
    const frame = chunk(
      `id: ${position}\nevent: ${KIND === 'chat' ? 'chat.message' : 'score'}\ndata: ${JSON.stringify(data)}\n\n`,
    );
    for (const socket of streams) socket.write(frame);
    published.push({ id: position, messageId, sentAt });
  }
  return published;
}

// ---- The client process ------------------------------------------------------------

type Report = {
  received: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  orders: number;
  cpuMs: number;
  userMs: number;
  latency: Array<[number, number]>;
};

const chat =
  KIND === 'chat'
    ? forkClientProcesses<ChatCommand, ChatReply>(CLIENT_FILE, 1, 31, chatReplySchema, clientExecArgv)
    : [];
const live =
  KIND === 'live'
    ? forkClientProcesses<LiveCommand, LiveReply>(CLIENT_FILE, 1, 31, liveReplySchema, clientExecArgv)
    : [];

async function connect(): Promise<number> {
  if (KIND === 'chat') {
    const [reply] = await askAll(chat, 'connected', () => ({
      type: 'connect' as const,
      total: CLIENTS,
      ports: [port],
      topics: `chat:${MATCH}`,
      maxInFlight: 128,
    }));
    return reply?.open ?? 0;
  }
  const [reply] = await askAll(live, 'connected', () => ({
    type: 'connect' as const,
    total: CLIENTS,
    port,
    maxInFlight: 128,
  }));
  return reply?.open ?? 0;
}

async function settle(events: Published[]): Promise<void> {
  const last = events.at(-1);
  if (!last) return;
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const [reply] =
      KIND === 'chat'
        ? await askAll(chat, 'progress', () => ({ type: 'progress' as const, count: events.length }))
        : await askAll(live, 'progress', () => ({ type: 'progress' as const, id: last.id }));
    if ((reply?.reached ?? 0) >= CLIENTS) return;
    await sleep(100);
  }
}

async function report(events: Published[]): Promise<Report> {
  if (KIND === 'chat') {
    const [reply] = await askAll(chat, 'report', () => ({
      type: 'report' as const,
      posted: events.map((event) => ({ id: event.messageId, node: 0, sentAt: event.sentAt, answeredAt: event.sentAt })),
    }));
    const r = reply?.report;
    if (!r) throw new Error('no report');
    return {
      received: r.received,
      lost: r.lost,
      duplicated: r.duplicated,
      outOfOrder: r.outOfOrder,
      orders: Object.keys(r.orders).length,
      cpuMs: (r.cpuUser + r.cpuSystem) / 1000,
      userMs: r.cpuUser / 1000,
      latency: r.fromSent,
    };
  }
  const [reply] = await askAll(live, 'report', () => ({
    type: 'report' as const,
    events: events.map((event) => ({
      id: event.id,
      sentAt: event.sentAt,
      applyAt: event.sentAt,
      commitAt: event.sentAt,
    })),
  }));
  const r = reply?.report;
  if (!r) throw new Error('no report');
  return {
    received: r.received,
    lost: r.lost,
    duplicated: r.duplicated,
    outOfOrder: 0,
    orders: 1,
    cpuMs: (r.cpuUser + r.cpuSystem) / 1000,
    userMs: r.cpuUser / 1000,
    latency: r.fromSent,
  };
}

try {
  const open = await connect();
  out(`${open} of ${CLIENTS} streams open`);
  // Warm-up (JIT), then the measured phase from a fresh CPU mark.
  const warm = await publish(RATE * 2);
  await settle(warm);
  await report(warm);
  const loadBefore = loadAverage();
  const events = await publish(Math.round(RATE * SECONDS));
  await settle(events);
  const result = await report(events);
  const latency = mergeHistograms([result.latency]);
  out(
    `received ${result.received} of ${open * events.length}; lost ${result.lost}, duplicated ${result.duplicated}, out of order ${result.outOfOrder}, orders ${result.orders}; ` +
      `write → read p50 ${percentile(latency, 50, HISTOGRAM_STEP_MS).toFixed(1)} ms, p99 ${percentile(latency, 99, HISTOGRAM_STEP_MS).toFixed(1)} ms`,
  );
  out(
    `client process CPU ${Math.round(result.cpuMs)} ms over ${(events.length / RATE).toFixed(0)} s (${((result.cpuMs / ((events.length / RATE) * 1000)) * 100).toFixed(1)}% of a core): ` +
      `**${((result.cpuMs / result.received) * 100_000).toFixed(0)} ms per 100,000 events** (${((result.cpuMs * 1000) / result.received).toFixed(2)} µs each; user ${((result.userMs / result.received) * 100_000).toFixed(0)} ms, system ${(((result.cpuMs - result.userMs) / result.received) * 100_000).toFixed(0)} ms)`,
  );
  out(`load average before the measured phase: ${loadBefore}; after: ${loadAverage()}`);
} finally {
  await Promise.allSettled([
    ...chat.map((worker) => worker.request({ type: 'close' })),
    ...live.map((worker) => worker.request({ type: 'close' })),
  ]);
  for (const socket of streams) socket.destroy();
  server.close();
  // The client process exits by itself after `closed` (writing its profile with --cpu-prof).
  await sleep(CLIENT_PROFILE ? 3000 : 200);
  for (const worker of [...chat, ...live]) worker.child.kill('SIGKILL');
}
