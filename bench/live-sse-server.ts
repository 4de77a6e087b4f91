// The server process of the live-delivery benchmark (issue #4): the same
// API-only composition as tests/helpers/live-node.ts (services, Hono app,
// live hub, ingest), listening on 127.0.0.1, plus two bench-only hooks that
// travel over the IPC channel of its parent, never over the network:
// - `publish`: builds the next goal snapshot and applies it through the real
//   ingest pipeline (one transaction, event-log rows, bus announcement), and
//   answers with the rows' positions and when the apply began and the commit
//   was announced, so clients can compute publish → receipt latency;
// - `stats`: RSS/heap (after a full GC when started with --expose-gc), CPU
//   time, event-loop delay and the hub's counters.
// Started only by bench/live-sse.bench.ts.
import { serve } from '@hono/node-server';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { ProviderMatchSnapshot, SnapshotEvent } from '../domain/live-contracts.ts';
import { createHttpApp } from '../server/http.ts';
import { loadConfig } from '../server/platform/config.ts';
import { createLogger } from '../server/platform/logger.ts';
import { createMetrics } from '../server/platform/metrics.ts';
import { createServices } from '../server/services.ts';
import {
  BENCH_COMPETITION,
  BENCH_PROVIDER,
  BENCH_SEASON,
  BENCH_TEAMS,
  serverCommandSchema,
  wallNow,
  type ServerReply,
} from './live-sse-protocol.ts';
import { processStats, stopAndExit } from './support/node-process.ts';

/** Goals per match before the publisher moves on to the next fixture (keeps each snapshot realistic). */
const GOALS_PER_MATCH = 8;
const SCORERS = [
  'Ada Keane',
  'Bo Lindqvist',
  'Cai Moreno',
  'Dev Okafor',
  'Eli Park',
  'Fen Quist',
  'Gus Ruiz',
  'Hal Sato',
  'Ivo Tan',
  'Jo Uribe',
  'Kit Vance',
];

const send = (message: ServerReply) => process.send?.(message);

if (!process.send) {
  process.stderr.write('bench/live-sse-server.ts is started by bench/live-sse.bench.ts (it needs an IPC channel)\n');
  process.exit(2);
}

const config = loadConfig();
const logger = createLogger(config);
const database = openDatabase(config.DATABASE_URL);
await migrateToLatest(database);
const services = createServices({
  config,
  logger,
  database,
  sessionSecret: 'live-sse-bench-secret-000000000000000000',
});
const app = createHttpApp({ services, metrics: createMetrics({ collectDefaults: false }) });
await services.live.start();
if (config.ROLE !== 'web') services.ingest.start();

// The bus is in-process here: its listeners run synchronously inside the pipeline's onAppended.
let commitAt = 0;
services.live.bus.subscribe(() => {
  commitAt = wallNow();
});

const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();

/** The next goal: fixture `seq / GOALS_PER_MATCH`, one more goal each time. */
function snapshotFor(seq: number): ProviderMatchSnapshot {
  const fixture = Math.floor(seq / GOALS_PER_MATCH);
  const goals: SnapshotEvent[] = [];
  const score = { home: 0, away: 0 };
  for (let n = fixture * GOALS_PER_MATCH; n <= seq; n += 1) {
    const side = n % 3 === 2 ? 'away' : 'home';
    score[side] += 1;
    const scorer = SCORERS[n % SCORERS.length] as string;
    goals.push({
      key: `g${n}`,
      type: 'goal',
      period: '2H',
      minute: 46 + (n % GOALS_PER_MATCH) * 5,
      addedMinute: null,
      side,
      player: { externalId: `bench-player-${n % SCORERS.length}`, name: scorer },
      relatedPlayer: null,
      detail: null,
    });
  }
  // A week between fixtures, so the pipeline never merges two of them.
  const kickoff = new Date(Date.UTC(2026, 8, 5, 15) + fixture * 7 * 86_400_000);
  return {
    provider: BENCH_PROVIDER,
    externalId: `bench-fixture-${fixture}`,
    observedAt: new Date().toISOString(),
    competitionCode: BENCH_COMPETITION,
    season: BENCH_SEASON,
    stage: 'Regular season',
    round: `Matchday ${fixture + 1}`,
    group: null,
    kickoffAt: kickoff.toISOString(),
    home: BENCH_TEAMS[0],
    away: BENCH_TEAMS[1],
    status: 'live',
    clock: { phase: '2H', phaseStartedAt: new Date(kickoff.getTime() + 60 * 60_000).toISOString(), rate: 1 },
    score: { home: score.home, away: score.away, halfTime: { home: 0, away: 0 }, extraTime: null, penalties: null },
    events: goals,
    teamStats: null,
  };
}

// Publishes run one after another, as the single ingest leader applies snapshots.
let queue: Promise<void> = Promise.resolve();

process.on('message', (raw: unknown) => {
  const parsed = serverCommandSchema.safeParse(raw);
  if (!parsed.success) {
    process.stderr.write(`live-sse-server: ignored a malformed command: ${parsed.error.message}\n`);
    return;
  }
  const command = parsed.data;
  switch (command.type) {
    case 'publish':
      queue = queue.then(async () => {
        try {
          const snapshot = snapshotFor(command.seq);
          const applyAt = wallNow();
          commitAt = 0;
          const result = await services.ingest.pipeline.apply(snapshot);
          const score = result.events.find((event) => event.type === 'score');
          send({
            type: 'published',
            rid: command.rid,
            seq: command.seq,
            matchId: result.matchId,
            scoreId: score?.id ?? null,
            ids: result.events.map((event) => event.id),
            sentAt: command.sentAt,
            applyAt,
            commitAt: commitAt || wallNow(),
          });
        } catch (error) {
          send({ type: 'error', rid: command.rid, message: error instanceof Error ? error.message : String(error) });
        }
      });
      return;
    case 'stats':
      send({
        type: 'stats',
        rid: command.rid,
        stats: processStats({ ...command, loopDelay, hub: services.live.hub.stats() }),
      });
      return;
    case 'heap-snapshot':
      send({ type: 'heap-snapshot', rid: command.rid, path: writeHeapSnapshot(command.path) });
      return;
    case 'stop':
      stopAndExit({
        stopping: [services.ingest.stop(), services.live.stop()],
        server,
        database,
        stopped: () => send({ type: 'stopped', rid: command.rid }),
      });
      return;
  }
});

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: '127.0.0.1' }, (info) =>
  send({ type: 'ready', port: info.port }),
);
// The orchestrator going away takes the server with it.
process.on('disconnect', () => process.exit(0));
