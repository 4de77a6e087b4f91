// A client process of the resume-storm benchmark (live-resume.bench.ts): holds
// its share of SSE connections to GET /api/live over raw node:net sockets,
// decodes HTTP/1.1 chunked framing and the SSE `id`/`event` fields, and on
// command drops every stream, then resumes them all at once with
// Last-Event-ID. It records, per client, every event received after the
// resume with its receipt time, so the report can say what was lost,
// duplicated or out of order, and how long the first missed event took.
// Like EventSource, a stream the server ends is resumed after a delay.
// argv[2] is the source address (127.0.0.x) its sockets bind to, so several
// processes do not share one range of ephemeral ports.
import net from 'node:net';
import { wallNow } from './live-sse-protocol.ts';
import {
  resumeCommandSchema,
  type MsHistogram,
  type ResumeCommand,
  type ResumeReply,
  type ResumeReport,
} from './live-resume-protocol.ts';

const HOST = '127.0.0.1';
const localAddress = process.argv[2] ?? '127.0.0.1';
const RETRY_MS = 2000;

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
  sse: string;
  lastId: number;
  open: boolean;
  leaving: boolean;
  /** The Last-Event-ID of the resume (its last id when it left); -1 before the gap. */
  resumeFrom: number;
  /** When its resume's socket was opened, when the 200 arrived, when the first event above `resumeFrom` arrived. */
  connectAt: number;
  headersAt: number;
  firstMissedAt: number;
  /** Score events received since the resume, and when. */
  received: number[];
  receivedAt: number[];
}

const send = (message: ResumeReply) => process.send?.(message);

const clients: Client[] = [];
let port = 0;
let topics = 'scores';
let stormAt = 0;
let statusCounts: Record<string, number> = {};
let foreign = 0;
let resyncs = 0;
let serverClosed = 0;
let failedConnects = 0;
let cpuMark = process.cpuUsage();

// ---- Parsing ----------------------------------------------------------------

function onMessage(client: Client, text: string, start: number, end: number, at: number) {
  if (!text.startsWith('id: ', start)) return; // heartbeat comment or retry:
  const idEnd = text.indexOf('\n', start);
  const id = Number(text.slice(start + 4, idEnd));
  const eventEnd = text.indexOf('\n', idEnd + 1);
  const event = text.slice(idEnd + 1 + 'event: '.length, eventEnd < 0 || eventEnd > end ? end : eventEnd);
  client.lastId = id;
  if (event === 'score') {
    if (client.resumeFrom < 0) return;
    client.received.push(id);
    client.receivedAt.push(at);
    if (client.firstMissedAt === 0 && id > client.resumeFrom) client.firstMissedAt = at;
  } else if (event === 'resync') resyncs += 1;
  else if (event !== 'ready') foreign += 1;
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
        statusCounts[status] = (statusCounts[status] ?? 0) + 1;
        if (status !== '200') {
          client.state = State.Done;
          client.socket?.destroy();
          return;
        }
        client.open = true;
        if (client.headersAt === 0) client.headersAt = at;
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

const settling = new Map<Client, (ok: boolean) => void>();

function settle(client: Client, ok: boolean) {
  const resolve = settling.get(client);
  if (!resolve) return;
  settling.delete(client);
  resolve(ok);
}

/** Opens the stream; resolves true once the 200 head arrived. `resume` sends Last-Event-ID. */
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
        `GET /api/live?topics=${topics} HTTP/1.1\r\nHost: ${HOST}:${port}\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\n${resumeHeader}\r\n`,
      );
    });
    socket.on('data', (data: string) => onData(client, data));
    socket.on('error', () => {
      // 'close' follows
    });
    socket.on('close', () => {
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
      // The server ended the stream (too slow, or shutting down): reconnect like EventSource.
      serverClosed += 1;
      setTimeout(() => void open(client, true), RETRY_MS).unref();
    });
  });
}

/** Runs `job` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, job: (item: T) => Promise<boolean>) {
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

// ---- Reporting --------------------------------------------------------------

function histogram(values: number[]): MsHistogram {
  const buckets = new Map<number, number>();
  for (const value of values) {
    const bucket = Math.max(0, Math.floor(value));
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
  }
  return [...buckets.entries()].sort((a, b) => a[0] - b[0]);
}

function report(scoreIds: readonly number[], gapLastId: number): ResumeReport {
  const fromStorm: number[] = [];
  const fromConnect: number[] = [];
  const headers: number[] = [];
  const backlog: number[] = [];
  let expectedTotal = 0;
  let received = 0;
  let lost = 0;
  let clientsWithLoss = 0;
  let duplicated = 0;
  let clientsWithDuplicates = 0;
  let outOfOrder = 0;
  let neverResumed = 0;
  for (const client of clients) {
    if (client.headersAt === 0) {
      neverResumed += 1;
      continue;
    }
    headers.push(client.headersAt - stormAt);
    if (client.firstMissedAt > 0) {
      fromStorm.push(client.firstMissedAt - stormAt);
      fromConnect.push(client.firstMissedAt - client.connectAt);
    }
    const expected = scoreIds.filter((id) => id > client.resumeFrom);
    expectedTotal += expected.length;
    const seen = new Set<number>();
    let clientDuplicates = 0;
    let previous = client.resumeFrom;
    client.received.forEach((id, n) => {
      if (seen.has(id)) clientDuplicates += 1;
      seen.add(id);
      if (id <= previous) outOfOrder += 1;
      previous = Math.max(previous, id);
      if (id === gapLastId) backlog.push((client.receivedAt[n] as number) - stormAt);
    });
    const missing = expected.filter((id) => !seen.has(id)).length;
    received += seen.size;
    lost += missing;
    if (missing > 0) clientsWithLoss += 1;
    duplicated += clientDuplicates;
    if (clientDuplicates > 0) clientsWithDuplicates += 1;
  }
  const cpu = process.cpuUsage(cpuMark);
  cpuMark = process.cpuUsage();
  return {
    clients: clients.length,
    firstMissedFromStorm: histogram(fromStorm),
    firstMissedFromConnect: histogram(fromConnect),
    headersFromStorm: histogram(headers),
    backlogFromStorm: histogram(backlog),
    expected: expectedTotal,
    received,
    lost,
    clientsWithLoss,
    duplicated,
    clientsWithDuplicates,
    outOfOrder,
    foreign,
    resyncs,
    serverClosed,
    failedConnects,
    neverResumed,
    cpuUser: cpu.user,
    cpuSystem: cpu.system,
  };
}

// ---- Commands ---------------------------------------------------------------

async function handle(command: ResumeCommand): Promise<void> {
  switch (command.type) {
    case 'connect': {
      port = command.port;
      topics = command.topics;
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
          leaving: false,
          resumeFrom: -1,
          connectAt: 0,
          headersAt: 0,
          firstMissedAt: 0,
          received: [],
          receivedAt: [],
        };
        clients.push(client);
        fresh.push(client);
      }
      const result = await pool(fresh, command.maxInFlight, (client) => open(client, false));
      // Every stream has said `ready` (its first id) before the gap starts.
      const deadline = performance.now() + 30_000;
      while (fresh.some((client) => client.open && client.lastId === 0) && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
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
    case 'leave': {
      for (const client of clients) {
        client.leaving = true;
        client.socket?.destroy();
        client.socket = null;
        client.open = false;
        client.resumeFrom = client.lastId;
        client.connectAt = 0;
        client.headersAt = 0;
        client.firstMissedAt = 0;
        client.received = [];
        client.receivedAt = [];
      }
      send({ type: 'left', rid: command.rid, lastIds: [...new Set(clients.map((client) => client.resumeFrom))] });
      return;
    }
    case 'resume': {
      port = command.port;
      statusCounts = {};
      foreign = 0;
      resyncs = 0;
      serverClosed = 0;
      failedConnects = 0;
      cpuMark = process.cpuUsage();
      const started = performance.now();
      stormAt = wallNow();
      const result = await pool(clients, command.maxInFlight, (client) => {
        client.connectAt = wallNow();
        return open(client, true);
      });
      send({
        type: 'resumed',
        rid: command.rid,
        ok: result.ok,
        failed: result.failed,
        ms: performance.now() - started,
        statuses: statusCounts,
      });
      return;
    }
    case 'report':
      send({ type: 'report', rid: command.rid, report: report(command.scoreIds, command.gapLastId) });
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
  const parsed = resumeCommandSchema.safeParse(raw);
  if (!parsed.success) {
    process.stderr.write(`live-resume-clients: ignored a malformed command: ${parsed.error.message}\n`);
    return;
  }
  const command = parsed.data;
  handle(command).catch((error: unknown) =>
    send({ type: 'error', rid: command.rid, message: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
