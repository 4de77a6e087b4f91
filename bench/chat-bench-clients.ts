// A client process of the chat benchmark (issue #23): holds thousands of SSE
// connections to GET /api/live?topics=… (the bench harness's raw socket
// clients, bench/support/sse-client.ts), spread over the server nodes, and
// logs (client, stream position, message id, receipt time) for every
// `chat.message`. Like EventSource, a stream the server ends is resumed with
// Last-Event-ID. What differs from the live benchmark's clients is that a chat
// event's data is read for its message id, since a message is known to the
// poster by that id, not by its stream position; only that id is read out of
// the JSON (bench/support/json-scan.ts), not the whole message.
// Driven over IPC by bench/chat.bench.ts; argv[2] is the source address
// (127.0.0.x) its sockets bind to, so processes do not share ephemeral ports.
import {
  clientCommandSchema,
  type ChatReport,
  type ClientCommand,
  type ClientReply,
  type PostedMessage,
} from './chat-bench-protocol.ts';
import { HISTOGRAM_STEP_MS } from './live-sse-protocol.ts';
import { clientAddress, cpuMeter, serveCommands } from './support/client-process.ts';
import { jsonIntegerAt, jsonPath } from './support/json-scan.ts';
import { SseClient, SseClients } from './support/sse-client.ts';
import { HistogramBuilder, ReceiptLog } from './support/stats.ts';

class Client extends SseClient {
  /** chat.message events since the last report. */
  received = 0;

  constructor(
    index: number,
    port: number,
    /** Which node (index into the ports) this client follows. */
    readonly node: number,
  ) {
    super(index, port);
  }
}

const send = (message: ClientReply) => process.send?.(message);

const CHAT_MESSAGE = 0;
const RESYNC = 1;
/** Where a chat.message's data (chatLiveEventDataSchemas['chat.message']) holds the message's id. */
const MESSAGE_ID = jsonPath('message', 'id');

let topics = '';
let resyncs = 0;
let badPayloads = 0;
const cpu = cpuMeter();
/** (client, stream position, message id, receipt time) of every chat.message since the last report. */
const log = new ReceiptLog();

const streams = new SseClients<Client>({
  localAddress: clientAddress(),
  path: () => `/api/live?topics=${encodeURIComponent(topics)}`,
  kinds: ['chat.message', 'resync'],
  dataKinds: [CHAT_MESSAGE],
  onEvent(client, id, kind, data, start, end, at) {
    if (kind === CHAT_MESSAGE) {
      const messageId = jsonIntegerAt(data, start, end, MESSAGE_ID);
      if (Number.isNaN(messageId)) {
        badPayloads += 1;
        return;
      }
      client.received += 1;
      log.push(client.index, id, messageId, at);
    } else if (kind === RESYNC) resyncs += 1;
  },
});
const clients = streams.clients;

// ---- Measuring ----------------------------------------------------------------

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
  const fromSent = new HistogramBuilder(HISTOGRAM_STEP_MS);
  const fromSentSameNode = new HistogramBuilder(HISTOGRAM_STEP_MS);
  const fromSentOtherNode = new HistogramBuilder(HISTOGRAM_STEP_MS);
  let duplicated = 0;
  let outOfOrder = 0;
  let received = 0;
  let maxFromSentMs = 0;
  for (let n = 0; n < log.length; n += 1) {
    const client = log.client[n] as number;
    const eventId = log.id[n] as number;
    if (eventId <= (lastEvent[client] as number)) {
      outOfOrder += 1;
      outOfOrderClients.add(client);
    }
    lastEvent[client] = Math.max(lastEvent[client] as number, eventId);
    const messageId = log.value[n] as number;
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
    const ms = (log.at[n] as number) - message.sentAt;
    fromSent.add(ms);
    ((clients[client] as Client).node === message.node ? fromSentSameNode : fromSentOtherNode).add(ms);
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
  log.clear();
  const used = cpu();
  const result: ChatReport = {
    clients: clients.length,
    fromSent: fromSent.sparse(),
    fromSentSameNode: fromSentSameNode.sparse(),
    fromSentOtherNode: fromSentOtherNode.sparse(),
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
    serverClosed: streams.serverClosed,
    failedConnects: streams.failedConnects,
    cpuUser: used.user,
    cpuSystem: used.system,
  };
  if (badPayloads > 0)
    process.stderr.write(`chat-bench-clients: ${badPayloads} chat.message events without a readable message id\n`);
  resyncs = 0;
  streams.serverClosed = 0;
  streams.failedConnects = 0;
  badPayloads = 0;
  return result;
}

async function handle(command: ClientCommand): Promise<void> {
  switch (command.type) {
    case 'connect': {
      topics = command.topics;
      const fresh: Client[] = [];
      while (clients.length < command.total) {
        const node = clients.length % command.ports.length;
        fresh.push(streams.add(new Client(clients.length, command.ports[node] as number, node)));
      }
      send({ type: 'connected', rid: command.rid, ...(await streams.connect(fresh, command.maxInFlight)) });
      return;
    }
    case 'progress': {
      let reached = 0;
      for (const client of clients) if (client.received >= command.count) reached += 1;
      send({ type: 'progress', rid: command.rid, open: streams.openCount(), reached });
      return;
    }
    case 'report':
      send({ type: 'report', rid: command.rid, report: report(command.posted) });
      return;
    case 'close':
      streams.shutdown();
      send({ type: 'closed', rid: command.rid });
      return;
  }
}

serveCommands('chat-bench-clients', clientCommandSchema, handle, send);
