// A client process of the resume-storm benchmark (live-resume.bench.ts): holds
// its share of SSE connections to GET /api/live (the bench harness's raw
// socket clients, bench/support/sse-client.ts), and on command drops every
// stream, then resumes them all at once with Last-Event-ID. It records every
// event received after the resume with its client and receipt time, so the
// report can say what was lost, duplicated or out of order, and how long the
// first missed event took. Like EventSource, a stream the server ends is
// resumed after a delay.
// argv[2] is the source address (127.0.0.x) its sockets bind to, so several
// processes do not share one range of ephemeral ports.
import {
  resumeCommandSchema,
  type ResumeCommand,
  type ResumeReply,
  type ResumeReport,
} from './live-resume-protocol.ts';
import { clientAddress, cpuMeter, pool, serveCommands } from './support/client-process.ts';
import { SseClient, SseClients } from './support/sse-client.ts';
import { HistogramBuilder, ReceiptLog, sleep, wallNow } from './support/stats.ts';

class Client extends SseClient {
  /** The Last-Event-ID of the resume (its last id when it left); -1 before the gap. */
  resumeFrom = -1;
  /** When its resume's socket was opened, when the 200 arrived, when the first event above `resumeFrom` arrived. */
  connectAt = 0;
  headersAt = 0;
  firstMissedAt = 0;
}

const send = (message: ResumeReply) => process.send?.(message);

const SCORE = 0;
const READY = 1;
const RESYNC = 2;

let topics = 'scores';
let stormAt = 0;
let foreign = 0;
let resyncs = 0;
let cpu = cpuMeter();
/** Score events received since the resume: (client, id, receipt time). */
const log = new ReceiptLog();

const streams = new SseClients<Client>({
  localAddress: clientAddress(),
  path: () => `/api/live?topics=${topics}`,
  kinds: ['score', 'ready', 'resync'],
  onEvent(client, id, kind, _data, _start, _end, at) {
    if (kind === SCORE) {
      if (client.resumeFrom < 0) return;
      log.push(client.index, id, 0, at);
      if (client.firstMissedAt === 0 && id > client.resumeFrom) client.firstMissedAt = at;
    } else if (kind === RESYNC) resyncs += 1;
    else if (kind !== READY) foreign += 1;
  },
  onOpen(client, at) {
    if (client.headersAt === 0) client.headersAt = at;
  },
});
const clients = streams.clients;

// ---- Reporting --------------------------------------------------------------

const histogram = (values: number[]) => {
  const builder = new HistogramBuilder(1);
  for (const value of values) builder.add(value);
  return builder.sparse();
};

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
  const { order, start } = log.byClient(clients.length);
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
    for (let k = start[client.index] as number; k < (start[client.index + 1] as number); k += 1) {
      const n = order[k] as number;
      const id = log.id[n] as number;
      if (seen.has(id)) clientDuplicates += 1;
      seen.add(id);
      if (id <= previous) outOfOrder += 1;
      previous = Math.max(previous, id);
      if (id === gapLastId) backlog.push((log.at[n] as number) - stormAt);
    }
    const missing = expected.filter((id) => !seen.has(id)).length;
    received += seen.size;
    lost += missing;
    if (missing > 0) clientsWithLoss += 1;
    duplicated += clientDuplicates;
    if (clientDuplicates > 0) clientsWithDuplicates += 1;
  }
  const used = cpu();
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
    serverClosed: streams.serverClosed,
    failedConnects: streams.failedConnects,
    neverResumed,
    cpuUser: used.user,
    cpuSystem: used.system,
  };
}

// ---- Commands ---------------------------------------------------------------

async function handle(command: ResumeCommand): Promise<void> {
  switch (command.type) {
    case 'connect': {
      topics = command.topics;
      const fresh: Client[] = [];
      while (clients.length < command.total) fresh.push(streams.add(new Client(clients.length, command.port)));
      // Every stream has said `ready` (its first id) before the gap starts.
      const everyReady = async () => {
        const deadline = performance.now() + 30_000;
        while (fresh.some((client) => client.open && client.lastId === 0) && performance.now() < deadline)
          await sleep(20);
      };
      send({ type: 'connected', rid: command.rid, ...(await streams.connect(fresh, command.maxInFlight, everyReady)) });
      return;
    }
    case 'progress': {
      let reached = 0;
      for (const client of clients) if (client.lastId >= command.id) reached += 1;
      send({ type: 'progress', rid: command.rid, open: streams.openCount(), reached });
      return;
    }
    case 'leave': {
      for (const client of clients) {
        streams.leave(client);
        client.resumeFrom = client.lastId;
        client.connectAt = 0;
        client.headersAt = 0;
        client.firstMissedAt = 0;
      }
      log.clear();
      send({ type: 'left', rid: command.rid, lastIds: [...new Set(clients.map((client) => client.resumeFrom))] });
      return;
    }
    case 'resume': {
      streams.statusCounts = {};
      foreign = 0;
      resyncs = 0;
      streams.serverClosed = 0;
      streams.failedConnects = 0;
      cpu = cpuMeter();
      const started = performance.now();
      stormAt = wallNow();
      const result = await pool(clients, command.maxInFlight, (client) => {
        client.port = command.port;
        client.connectAt = wallNow();
        return streams.open(client, true);
      });
      send({
        type: 'resumed',
        rid: command.rid,
        ok: result.ok,
        failed: result.failed,
        ms: performance.now() - started,
        statuses: streams.statusCounts,
      });
      return;
    }
    case 'report':
      send({ type: 'report', rid: command.rid, report: report(command.scoreIds, command.gapLastId) });
      return;
    case 'close':
      streams.shutdown();
      send({ type: 'closed', rid: command.rid });
      return;
  }
}

serveCommands('live-resume-clients', resumeCommandSchema, handle, send);
