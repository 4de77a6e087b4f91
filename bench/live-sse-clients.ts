// A client process of the live-delivery benchmark (issue #4): holds thousands
// of SSE connections to GET /api/live?topics=scores over raw node:net sockets
// (no http.Agent, no fetch/undici), decodes HTTP/1.1 chunked framing and the
// SSE fields it needs (id and event), and logs (client, event id, receipt
// time) for every score event. Behaves like EventSource: when the server ends
// a stream it reconnects after the `retry:` delay with Last-Event-ID.
// Driven over IPC by bench/live-sse.bench.ts; argv[2] is the source address
// (127.0.0.x) its sockets bind to, so several processes do not share one
// range of ephemeral ports.
import net from 'node:net';
import {
  clientCommandSchema,
  HISTOGRAM_STEP_MS,
  wallNow,
  type ClientCommand,
  type ClientReply,
  type Histogram,
  type PhaseEvent,
  type PhaseReport,
} from './live-sse-protocol.ts';

const HOST = '127.0.0.1';
const localAddress = process.argv[2] ?? '127.0.0.1';
const RETRY_MS = 2000;

/** Where a connection's parser is: response head, chunk-size line, chunk data, chunk's CRLF, ended. */
const State = { Head: 0, Size: 1, Data: 2, Crlf: 3, Done: 4 } as const;
type State = (typeof State)[keyof typeof State];

interface Client {
  index: number;
  socket: net.Socket | null;
  state: State;
  head: string;
  sizeLine: string;
  remaining: number;
  crlfLeft: number;
  /** SSE text after the last complete message. */
  sse: string;
  /** The last `id:` seen: what Last-Event-ID resumes from. */
  lastId: number;
  open: boolean;
  /** Has had a stream (got 200) at least once. */
  everOpen: boolean;
  /** Set while this process closes the socket on purpose (storm, shutdown). */
  leaving: boolean;
  /** Dropped on purpose in the current phase; when, and when the resumed stream answered 200. */
  droppedAt: number;
  resumedAt: number;
}

const send = (message: ClientReply) => process.send?.(message);

const clients: Client[] = [];
let port = 0;

// ---- Receipt log: three parallel growable arrays ---------------------------
let logClient = new Int32Array(1 << 20);
let logId = new Int32Array(1 << 20);
let logTime = new Float64Array(1 << 20);
let logLength = 0;

function logReceipt(client: number, id: number, at: number) {
  if (logLength === logClient.length) {
    const grow = <T extends Int32Array | Float64Array>(array: T, make: (n: number) => T): T => {
      const next = make(array.length * 2);
      next.set(array);
      return next;
    };
    logClient = grow(logClient, (n) => new Int32Array(n));
    logId = grow(logId, (n) => new Int32Array(n));
    logTime = grow(logTime, (n) => new Float64Array(n));
  }
  logClient[logLength] = client;
  logId[logLength] = id;
  logTime[logLength] = at;
  logLength += 1;
}

// Counters since the last report.
let resyncs = 0;
let serverClosed = 0;
let failedConnects = 0;
let cpuMark = process.cpuUsage();

// ---- Parsing ----------------------------------------------------------------

/** Handles one complete SSE message, `text.slice(start, end)`. */
function onMessage(client: Client, text: string, start: number, end: number, at: number) {
  if (!text.startsWith('id: ', start)) return; // heartbeat comment or retry:
  let position = start + 4;
  let id = 0;
  for (
    let code = text.charCodeAt(position);
    code >= 48 && code <= 57 && position < end;
    code = text.charCodeAt(++position)
  )
    id = id * 10 + (code - 48);
  client.lastId = id;
  // `\nevent: ` follows the id line: s(core), r(eady), r(esync).
  const kind = text.charCodeAt(position + 8);
  if (kind === 115 /* s */) logReceipt(client.index, id, at);
  else if (kind === 114 /* r */ && text.charCodeAt(position + 10) === 115 /* resync */) resyncs += 1;
}

function onBody(client: Client, chunk: string, at: number) {
  const text = client.sse === '' ? chunk : client.sse + chunk;
  let start = 0;
  for (let end = text.indexOf('\n\n', start); end >= 0; end = text.indexOf('\n\n', start)) {
    onMessage(client, text, start, end, at);
    start = end + 2;
  }
  client.sse = start === text.length ? '' : text.slice(start);
}

/** Decodes HTTP/1.1 chunked framing; `data` is latin1, so one character is one byte. */
function onData(client: Client, data: string) {
  const at = wallNow();
  let text = data;
  let i = 0;
  while (i < text.length) {
    switch (client.state) {
      case State.Head: {
        client.head += text.slice(i);
        const end = client.head.indexOf('\r\n\r\n');
        if (end < 0) return;
        const status = client.head.slice(9, 12);
        if (status !== '200') {
          statusCounts[status] = (statusCounts[status] ?? 0) + 1;
          client.state = State.Done;
          client.socket?.destroy();
          return;
        }
        statusCounts['200'] = (statusCounts['200'] ?? 0) + 1;
        client.open = true;
        client.everOpen = true;
        if (client.droppedAt > 0 && client.resumedAt === 0) client.resumedAt = at;
        settle(client, true);
        text = client.head.slice(end + 4);
        client.head = '';
        i = 0;
        client.state = State.Size;
        break;
      }
      case State.Size: {
        if (client.sizeLine !== '') {
          text = client.sizeLine + text.slice(i);
          client.sizeLine = '';
          i = 0;
        }
        const end = text.indexOf('\r\n', i);
        if (end < 0) {
          client.sizeLine = text.slice(i);
          return;
        }
        client.remaining = parseInt(text.slice(i, end), 16);
        i = end + 2;
        client.state = client.remaining === 0 ? State.Done : State.Data;
        break;
      }
      case State.Data: {
        const take = Math.min(client.remaining, text.length - i);
        onBody(client, take === text.length ? text : text.slice(i, i + take), at);
        i += take;
        client.remaining -= take;
        if (client.remaining === 0) {
          client.state = State.Crlf;
          client.crlfLeft = 2;
        }
        break;
      }
      case State.Crlf: {
        const skip = Math.min(client.crlfLeft, text.length - i);
        i += skip;
        client.crlfLeft -= skip;
        if (client.crlfLeft === 0) client.state = State.Size;
        break;
      }
      case State.Done:
        return;
    }
  }
}

// ---- Connecting -------------------------------------------------------------

let statusCounts: Record<string, number> = {};
const settling = new Map<Client, (ok: boolean) => void>();

function settle(client: Client, ok: boolean) {
  const resolve = settling.get(client);
  if (!resolve) return;
  settling.delete(client);
  resolve(ok);
}

/** Opens the stream; resolves true once the 200 headers arrived. `resume` sends Last-Event-ID. */
function open(client: Client, resume: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    settling.set(client, resolve);
    client.state = State.Head;
    client.head = '';
    client.sizeLine = '';
    client.sse = '';
    client.open = false;
    client.leaving = false;
    const socket = net.connect({ host: HOST, port, localAddress });
    client.socket = socket;
    socket.setNoDelay(true);
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      const resumeHeader = resume ? `Last-Event-ID: ${client.lastId}\r\n` : '';
      socket.write(
        `GET /api/live?topics=scores HTTP/1.1\r\nHost: ${HOST}:${port}\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\n${resumeHeader}\r\n`,
      );
    });
    socket.on('data', (data: string) => onData(client, data));
    socket.on('error', () => {
      // 'close' follows
    });
    socket.on('close', () => {
      // A socket this process replaced (storm) closes late: it no longer speaks for the client.
      if (client.socket !== socket) return;
      const wasOpen = client.open;
      client.open = false;
      client.socket = null;
      if (settling.has(client)) {
        failedConnects += 1;
        settle(client, false);
        return;
      }
      if (client.leaving || !wasOpen) return;
      // The server ended the stream (dropped as too slow, or shutting down): reconnect like EventSource.
      serverClosed += 1;
      setTimeout(() => void open(client, true), RETRY_MS).unref();
    });
  });
}

/** Runs `jobs` with at most `limit` in flight. */
async function pool<T>(
  items: T[],
  limit: number,
  job: (item: T) => Promise<boolean>,
): Promise<{ ok: number; failed: number }> {
  let next = 0;
  let ok = 0;
  let failed = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      if (await job(item)) ok += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return { ok, failed };
}

// ---- Measuring --------------------------------------------------------------

function sparse(buckets: Map<number, number>): Histogram {
  return [...buckets.entries()].sort((a, b) => a[0] - b[0]);
}

function report(events: PhaseEvent[]): PhaseReport {
  const index = new Map<number, number>();
  events.forEach((event, i) => index.set(event.id, i));
  const width = events.length;
  const seen = new Uint8Array(clients.length * width);
  const perClient = new Int32Array(clients.length);
  const fromSent = new Map<number, number>();
  const fromApply = new Map<number, number>();
  const fromCommit = new Map<number, number>();
  const fromApplyStayed = new Map<number, number>();
  const fromApplyResumed = new Map<number, number>();
  const resumeMs = new Map<number, number>();
  const add = (histogram: Map<number, number>, ms: number) => {
    const bucket = Math.max(0, Math.floor(ms / HISTOGRAM_STEP_MS));
    histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);
  };
  let duplicated = 0;
  let received = 0;
  let maxFromApplyMs = 0;
  const duplicatedClients = new Set<number>();
  for (let n = 0; n < logLength; n += 1) {
    const i = index.get(logId[n] as number);
    if (i === undefined) continue;
    const client = logClient[n] as number;
    const slot = client * width + i;
    if (seen[slot]) {
      duplicated += 1;
      duplicatedClients.add(client);
      continue;
    }
    seen[slot] = 1;
    perClient[client] = (perClient[client] as number) + 1;
    received += 1;
    const at = logTime[n] as number;
    const event = events[i] as PhaseEvent;
    add(fromSent, at - event.sentAt);
    add(fromApply, at - event.applyAt);
    add(fromCommit, at - event.commitAt);
    add((clients[client] as Client).droppedAt > 0 ? fromApplyResumed : fromApplyStayed, at - event.applyAt);
    maxFromApplyMs = Math.max(maxFromApplyMs, at - event.applyAt);
  }
  let lost = 0;
  let clientsWithLoss = 0;
  let neverConnected = 0;
  for (const [i, count] of perClient.entries()) {
    // A client that never got its first stream is a failed connect, not a lost event.
    if (!(clients[i] as Client).everOpen) {
      neverConnected += 1;
      continue;
    }
    if (count < width) {
      lost += width - count;
      clientsWithLoss += 1;
    }
  }
  for (const client of clients) {
    if (client.droppedAt > 0 && client.resumedAt > 0) add(resumeMs, client.resumedAt - client.droppedAt);
    client.droppedAt = 0;
    client.resumedAt = 0;
  }
  logLength = 0;
  const cpu = process.cpuUsage(cpuMark);
  cpuMark = process.cpuUsage();
  const result: PhaseReport = {
    clients: clients.length,
    fromSent: sparse(fromSent),
    fromApply: sparse(fromApply),
    fromCommit: sparse(fromCommit),
    maxFromApplyMs,
    fromApplyStayed: sparse(fromApplyStayed),
    fromApplyResumed: sparse(fromApplyResumed),
    resumeMs: sparse(resumeMs),
    received,
    lost,
    clientsWithLoss,
    neverConnected,
    duplicated,
    clientsWithDuplicates: duplicatedClients.size,
    resyncs,
    serverClosed,
    failedConnects,
    cpuUser: cpu.user,
    cpuSystem: cpu.system,
  };
  resyncs = 0;
  serverClosed = 0;
  failedConnects = 0;
  return result;
}

/** A small deterministic PRNG (mulberry32) for choosing the storm's clients. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function handle(command: ClientCommand): Promise<void> {
  switch (command.type) {
    case 'connect': {
      port = command.port;
      statusCounts = {};
      const started = performance.now();
      const fresh: Client[] = [];
      while (clients.length < command.total) {
        const client: Client = {
          index: clients.length,
          socket: null,
          state: State.Head,
          head: '',
          sizeLine: '',
          remaining: 0,
          crlfLeft: 0,
          sse: '',
          lastId: 0,
          open: false,
          everOpen: false,
          leaving: false,
          droppedAt: 0,
          resumedAt: 0,
        };
        clients.push(client);
        fresh.push(client);
      }
      const result = await pool(fresh, command.maxInFlight, (client) => open(client, false));
      send({
        type: 'connected',
        rid: command.rid,
        open: clients.filter((client) => client.open).length,
        failed: result.failed,
        ms: performance.now() - started,
        statuses: statusCounts,
      });
      return;
    }
    case 'progress': {
      let reached = 0;
      let openCount = 0;
      for (const client of clients) {
        if (client.open) openCount += 1;
        if (client.lastId >= command.id) reached += 1;
      }
      send({ type: 'progress', rid: command.rid, open: openCount, reached });
      return;
    }
    case 'storm': {
      // Exactly round(fraction × clients), chosen by a seeded partial Fisher–Yates shuffle.
      const next = random(command.seed);
      const order = clients.slice();
      const count = Math.round(command.fraction * order.length);
      for (let i = 0; i < count; i += 1) {
        const j = i + Math.floor(next() * (order.length - i));
        [order[i], order[j]] = [order[j] as Client, order[i] as Client];
      }
      const chosen = order.slice(0, count);
      const started = performance.now();
      const droppedAt = wallNow();
      for (const client of chosen) {
        client.droppedAt = droppedAt;
        client.resumedAt = 0;
        client.leaving = true;
        client.socket?.destroy();
        client.socket = null;
        client.open = false;
      }
      const result = await pool(chosen, command.maxInFlight, (client) => open(client, true));
      send({
        type: 'stormed',
        rid: command.rid,
        dropped: chosen.length,
        reconnected: result.ok,
        failed: result.failed,
        ms: performance.now() - started,
      });
      return;
    }
    case 'report':
      send({ type: 'report', rid: command.rid, report: report(command.events) });
      return;
    case 'close':
      for (const client of clients) {
        client.leaving = true;
        client.socket?.destroy();
      }
      send({ type: 'closed', rid: command.rid });
      setTimeout(() => process.exit(0), 50);
      return;
  }
}

process.on('message', (raw: unknown) => {
  const parsed = clientCommandSchema.safeParse(raw);
  if (!parsed.success) {
    process.stderr.write(`live-sse-clients: ignored a malformed command: ${parsed.error.message}\n`);
    return;
  }
  const command = parsed.data;
  handle(command).catch((error: unknown) =>
    send({ type: 'error', rid: command.rid, message: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
