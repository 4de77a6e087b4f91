// A client process of the chat benchmark (issue #23): holds thousands of SSE
// connections to GET /api/live?topics=… over raw node:net sockets (no
// http.Agent, no fetch), spread over the server nodes, decodes HTTP/1.1 chunked
// framing and the SSE fields, and logs (client, stream position, message id,
// receipt time) for every `chat.message`. Like EventSource, a stream the server
// ends is resumed after `retry:` with Last-Event-ID. The framing decoder is the
// live benchmark's (bench/live-sse-clients.ts); what differs is that a chat
// event's data is read for its message id, since a message is known to the
// poster by that id, not by its stream position.
// Driven over IPC by bench/chat.bench.ts; argv[2] is the source address
// (127.0.0.x) its sockets bind to, so processes do not share ephemeral ports.
import net from 'node:net';
import {
  clientCommandSchema,
  type ChatReport,
  type ClientCommand,
  type ClientReply,
  type PostedMessage,
} from './chat-bench-protocol.ts';
import { HISTOGRAM_STEP_MS, wallNow, type Histogram } from './live-sse-protocol.ts';

const HOST = '127.0.0.1';
const localAddress = process.argv[2] ?? '127.0.0.1';
const RETRY_MS = 2000;

const State = { Head: 0, Size: 1, Data: 2, Crlf: 3, Done: 4 } as const;
type State = (typeof State)[keyof typeof State];

interface Client {
  index: number;
  /** Which node (index into the ports) this client follows. */
  node: number;
  port: number;
  socket: net.Socket | null;
  state: State;
  head: string;
  sizeLine: string;
  remaining: number;
  crlfLeft: number;
  sse: string;
  lastId: number;
  open: boolean;
  everOpen: boolean;
  leaving: boolean;
  /** chat.message events since the last report. */
  received: number;
}

const send = (message: ClientReply) => process.send?.(message);

const clients: Client[] = [];
let topics = '';

// ---- Receipt log: parallel growable arrays ------------------------------------
let logClient = new Int32Array(1 << 20);
let logEvent = new Float64Array(1 << 20);
let logMessage = new Float64Array(1 << 20);
let logTime = new Float64Array(1 << 20);
let logLength = 0;

function grow<T extends Int32Array | Float64Array>(array: T, make: (n: number) => T): T {
  const next = make(array.length * 2);
  next.set(array);
  return next;
}

function logReceipt(client: number, eventId: number, messageId: number, at: number) {
  if (logLength === logClient.length) {
    logClient = grow(logClient, (n) => new Int32Array(n));
    logEvent = grow(logEvent, (n) => new Float64Array(n));
    logMessage = grow(logMessage, (n) => new Float64Array(n));
    logTime = grow(logTime, (n) => new Float64Array(n));
  }
  logClient[logLength] = client;
  logEvent[logLength] = eventId;
  logMessage[logLength] = messageId;
  logTime[logLength] = at;
  logLength += 1;
}

let resyncs = 0;
let serverClosed = 0;
let failedConnects = 0;
let badPayloads = 0;
let cpuMark = process.cpuUsage();

// ---- Parsing ------------------------------------------------------------------

const CHAT_MESSAGE = 'event: chat.message\ndata: ';

/** One complete SSE message, `text.slice(start, end)`. */
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
  // `\n` then the event line.
  if (text.startsWith(CHAT_MESSAGE, position + 1)) {
    // The data is JSON written by the server from chatLiveEventDataSchemas['chat.message'];
    // the socket is read as latin1, so the bytes of any non-ASCII text come as single characters (ids do not care).
    try {
      const data = JSON.parse(text.slice(position + 1 + CHAT_MESSAGE.length, end)) as { message?: { id?: unknown } };
      const messageId = data.message?.id;
      if (typeof messageId !== 'number') throw new Error('no message id');
      client.received += 1;
      logReceipt(client.index, id, messageId, at);
    } catch {
      badPayloads += 1;
    }
  } else if (text.startsWith('event: resync', position + 1)) resyncs += 1;
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
        client.everOpen = true;
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

// ---- Connecting ---------------------------------------------------------------

let statusCounts: Record<string, number> = {};
const settling = new Map<Client, (ok: boolean) => void>();

function settle(client: Client, ok: boolean) {
  const resolve = settling.get(client);
  if (!resolve) return;
  settling.delete(client);
  resolve(ok);
}

function open(client: Client, resume: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    settling.set(client, resolve);
    client.state = State.Head;
    client.head = '';
    client.sizeLine = '';
    client.sse = '';
    client.open = false;
    client.leaving = false;
    const socket = net.connect({ host: HOST, port: client.port, localAddress });
    client.socket = socket;
    socket.setNoDelay(true);
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      const resumeHeader = resume ? `Last-Event-ID: ${client.lastId}\r\n` : '';
      socket.write(
        `GET /api/live?topics=${encodeURIComponent(topics)} HTTP/1.1\r\nHost: ${HOST}:${client.port}\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\n${resumeHeader}\r\n`,
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
      serverClosed += 1;
      setTimeout(() => void open(client, true), RETRY_MS).unref();
    });
  });
}

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

// ---- Measuring ----------------------------------------------------------------

function sparse(buckets: Map<number, number>): Histogram {
  return [...buckets.entries()].sort((a, b) => a[0] - b[0]);
}

function report(posted: PostedMessage[]): ChatReport {
  const index = new Map<number, number>();
  posted.forEach((message, i) => index.set(message.id, i));
  const width = posted.length;
  const seen = new Uint8Array(clients.length * width);
  const perClient = new Int32Array(clients.length);
  const lastEvent = new Float64Array(clients.length);
  const orderHash = new Uint32Array(clients.length).fill(2166136261);
  const outOfOrderClients = new Set<number>();
  const duplicatedClients = new Set<number>();
  const fromSent = new Map<number, number>();
  const fromSentSameNode = new Map<number, number>();
  const fromSentOtherNode = new Map<number, number>();
  const add = (histogram: Map<number, number>, ms: number) => {
    const bucket = Math.max(0, Math.floor(ms / HISTOGRAM_STEP_MS));
    histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);
  };
  let duplicated = 0;
  let outOfOrder = 0;
  let received = 0;
  let maxFromSentMs = 0;
  for (let n = 0; n < logLength; n += 1) {
    const client = logClient[n] as number;
    const eventId = logEvent[n] as number;
    if (eventId <= (lastEvent[client] as number)) {
      outOfOrder += 1;
      outOfOrderClients.add(client);
    }
    lastEvent[client] = Math.max(lastEvent[client] as number, eventId);
    const messageId = logMessage[n] as number;
    const i = index.get(messageId);
    if (i === undefined) continue; // a message of another phase
    const slot = client * width + i;
    if (seen[slot]) {
      duplicated += 1;
      duplicatedClients.add(client);
      continue;
    }
    seen[slot] = 1;
    perClient[client] = (perClient[client] as number) + 1;
    orderHash[client] = Math.imul((orderHash[client] as number) ^ messageId, 16777619) >>> 0;
    received += 1;
    const message = posted[i] as PostedMessage;
    const ms = (logTime[n] as number) - message.sentAt;
    add(fromSent, ms);
    add((clients[client] as Client).node === message.node ? fromSentSameNode : fromSentOtherNode, ms);
    maxFromSentMs = Math.max(maxFromSentMs, ms);
  }
  let lost = 0;
  let clientsWithLoss = 0;
  let neverConnected = 0;
  const orders: Record<string, number> = {};
  for (const [i, count] of perClient.entries()) {
    if (!(clients[i] as Client).everOpen) {
      neverConnected += 1;
      continue;
    }
    if (count < width) {
      lost += width - count;
      clientsWithLoss += 1;
    } else {
      const key = (orderHash[i] as number).toString(16);
      orders[key] = (orders[key] ?? 0) + 1;
    }
  }
  for (const client of clients) client.received = 0;
  logLength = 0;
  const cpu = process.cpuUsage(cpuMark);
  cpuMark = process.cpuUsage();
  const result: ChatReport = {
    clients: clients.length,
    fromSent: sparse(fromSent),
    fromSentSameNode: sparse(fromSentSameNode),
    fromSentOtherNode: sparse(fromSentOtherNode),
    maxFromSentMs,
    received,
    lost,
    clientsWithLoss,
    neverConnected,
    duplicated,
    clientsWithDuplicates: duplicatedClients.size,
    outOfOrder,
    clientsOutOfOrder: outOfOrderClients.size,
    orders,
    resyncs,
    serverClosed,
    failedConnects,
    cpuUser: cpu.user,
    cpuSystem: cpu.system,
  };
  if (badPayloads > 0)
    process.stderr.write(`chat-bench-clients: ${badPayloads} chat.message events without a readable message id\n`);
  resyncs = 0;
  serverClosed = 0;
  failedConnects = 0;
  badPayloads = 0;
  return result;
}

async function handle(command: ClientCommand): Promise<void> {
  switch (command.type) {
    case 'connect': {
      topics = command.topics;
      statusCounts = {};
      const started = performance.now();
      const fresh: Client[] = [];
      while (clients.length < command.total) {
        const node = clients.length % command.ports.length;
        const client: Client = {
          index: clients.length,
          node,
          port: command.ports[node] as number,
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
          received: 0,
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
        if (client.received >= command.count) reached += 1;
      }
      send({ type: 'progress', rid: command.rid, open: openCount, reached });
      return;
    }
    case 'report':
      send({ type: 'report', rid: command.rid, report: report(command.posted) });
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
    process.stderr.write(`chat-bench-clients: ignored a malformed command: ${parsed.error.message}\n`);
    return;
  }
  const command = parsed.data;
  handle(command).catch((error: unknown) =>
    send({ type: 'error', rid: command.rid, message: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
