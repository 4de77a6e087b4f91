// A client process of the live-delivery benchmark (issue #4): holds thousands
// of SSE connections to GET /api/live?topics=scores (the bench harness's raw
// socket clients, bench/support/sse-client.ts), and logs (client, event id,
// receipt time) for every score event. Behaves like EventSource: when the
// server ends a stream it reconnects with Last-Event-ID.
// Driven over IPC by bench/live-sse.bench.ts; argv[2] is the source address
// (127.0.0.x) its sockets bind to, so several processes do not share one
// range of ephemeral ports.
import { clientAddress, cpuMeter, pool, serveCommands } from './support/client-process.ts';
import { SseClient, SseClients } from './support/sse-client.ts';
import { HistogramBuilder, ReceiptLog, seededRandom, wallNow } from './support/stats.ts';
import {
  clientCommandSchema,
  HISTOGRAM_STEP_MS,
  type ClientCommand,
  type ClientReply,
  type PhaseEvent,
  type PhaseReport,
} from './live-sse-protocol.ts';

class Client extends SseClient {
  /** Dropped on purpose in the current phase; when, and when the resumed stream answered 200. */
  droppedAt = 0;
  resumedAt = 0;
}

const send = (message: ClientReply) => process.send?.(message);

const SCORE = 0;
const RESYNC = 1;

const log = new ReceiptLog();
// Counters since the last report.
let resyncs = 0;
const cpu = cpuMeter();

const streams = new SseClients<Client>({
  localAddress: clientAddress(),
  path: () => '/api/live?topics=scores',
  kinds: ['score', 'resync'],
  onEvent(client, id, kind, _data, _start, _end, at) {
    if (kind === SCORE) log.push(client.index, id, 0, at);
    else if (kind === RESYNC) resyncs += 1;
  },
  onOpen(client, at) {
    if (client.droppedAt > 0 && client.resumedAt === 0) client.resumedAt = at;
  },
});
const clients = streams.clients;

// ---- Measuring --------------------------------------------------------------

function report(events: PhaseEvent[]): PhaseReport {
  const index = new Map<number, number>();
  events.forEach((event, i) => index.set(event.id, i));
  const width = events.length;
  const seen = new Uint8Array(clients.length * width);
  const perClient = new Int32Array(clients.length);
  const histogram = () => new HistogramBuilder(HISTOGRAM_STEP_MS);
  const fromSent = histogram();
  const fromApply = histogram();
  const fromCommit = histogram();
  const fromApplyStayed = histogram();
  const fromApplyResumed = histogram();
  const resumeMs = histogram();
  let duplicated = 0;
  let received = 0;
  let maxFromApplyMs = 0;
  const duplicatedClients = new Set<number>();
  for (let n = 0; n < log.length; n += 1) {
    const i = index.get(log.id[n] as number);
    if (i === undefined) continue;
    const client = log.client[n] as number;
    const slot = client * width + i;
    if (seen[slot]) {
      duplicated += 1;
      duplicatedClients.add(client);
      continue;
    }
    seen[slot] = 1;
    perClient[client] = (perClient[client] as number) + 1;
    received += 1;
    const at = log.at[n] as number;
    const event = events[i] as PhaseEvent;
    fromSent.add(at - event.sentAt);
    fromApply.add(at - event.applyAt);
    fromCommit.add(at - event.commitAt);
    ((clients[client] as Client).droppedAt > 0 ? fromApplyResumed : fromApplyStayed).add(at - event.applyAt);
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
    if (client.droppedAt > 0 && client.resumedAt > 0) resumeMs.add(client.resumedAt - client.droppedAt);
    client.droppedAt = 0;
    client.resumedAt = 0;
  }
  log.clear();
  const used = cpu();
  const result: PhaseReport = {
    clients: clients.length,
    fromSent: fromSent.sparse(),
    fromApply: fromApply.sparse(),
    fromCommit: fromCommit.sparse(),
    maxFromApplyMs,
    fromApplyStayed: fromApplyStayed.sparse(),
    fromApplyResumed: fromApplyResumed.sparse(),
    resumeMs: resumeMs.sparse(),
    received,
    lost,
    clientsWithLoss,
    neverConnected,
    duplicated,
    clientsWithDuplicates: duplicatedClients.size,
    resyncs,
    serverClosed: streams.serverClosed,
    failedConnects: streams.failedConnects,
    cpuUser: used.user,
    cpuSystem: used.system,
  };
  resyncs = 0;
  streams.serverClosed = 0;
  streams.failedConnects = 0;
  return result;
}

async function handle(command: ClientCommand): Promise<void> {
  switch (command.type) {
    case 'connect': {
      const fresh: Client[] = [];
      while (clients.length < command.total) fresh.push(streams.add(new Client(clients.length, command.port)));
      send({ type: 'connected', rid: command.rid, ...(await streams.connect(fresh, command.maxInFlight)) });
      return;
    }
    case 'progress': {
      let reached = 0;
      for (const client of clients) if (client.lastId >= command.id) reached += 1;
      send({ type: 'progress', rid: command.rid, open: streams.openCount(), reached });
      return;
    }
    case 'storm': {
      // Exactly round(fraction × clients), chosen by a seeded partial Fisher–Yates shuffle.
      const next = seededRandom(command.seed);
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
        streams.leave(client);
      }
      const result = await pool(chosen, command.maxInFlight, (client) => streams.open(client, true));
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
      streams.shutdown();
      send({ type: 'closed', rid: command.rid });
      return;
  }
}

serveCommands('live-sse-clients', clientCommandSchema, handle, send);
