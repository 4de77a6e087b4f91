// One server node of the chat benchmark (issue #23): the API-only composition of
// tests/helpers/live-node.ts (services, Hono app, live hub) on the database and
// Redis the environment names, listening on 127.0.0.1. Chat messages reach it
// over plain HTTP (POST /api/matches/{id}/chat) and leave it on the SSE stream
// like in production; its only bench hook is `stats` (memory after a full GC,
// CPU, event-loop delay, the hub's counters), over its parent's IPC channel.
// Rate limits live in Redis under a prefix of this run, so a bench never
// shares counters with another process on the same Redis. Started only by
// bench/chat.bench.ts.
import { serve } from '@hono/node-server';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '../db/client.ts';
import { createHttpApp } from '../server/http.ts';
import { loadConfig } from '../server/platform/config.ts';
import { createLogger } from '../server/platform/logger.ts';
import { createMetrics } from '../server/platform/metrics.ts';
import { createRedisRateLimits } from '../server/platform/rate-limit.ts';
import { createServices } from '../server/services.ts';
import { nodeCommandSchema, type NodeReply } from './chat-bench-protocol.ts';
import { processStats, stopAndExit } from './support/node-process.ts';

const send = (message: NodeReply) => process.send?.(message);

if (!process.send) {
  process.stderr.write('bench/chat-bench-server.ts is started by bench/chat.bench.ts (it needs an IPC channel)\n');
  process.exit(2);
}

const config = loadConfig();
if (!config.REDIS_URL) throw new Error('chat-bench-server: REDIS_URL is required (two nodes share one bus)');
const logger = createLogger(config);
const database = openDatabase(config.DATABASE_URL);
const services = createServices({
  config,
  logger,
  database,
  // Both nodes sign and check the same access tokens, as nodes behind one load balancer do.
  sessionSecret: process.env.BENCH_SESSION_SECRET ?? 'chat-bench-secret-0000000000000000000000',
  rateLimits: createRedisRateLimits(config.REDIS_URL, logger, {
    prefix: process.env.BENCH_RATE_LIMIT_PREFIX ?? 'scoreline-bench',
  }),
});
const app = createHttpApp({ services, metrics: createMetrics({ collectDefaults: false }) });
await services.live.start();
// Each node shares its rooms' "people here" counts through Redis, as server/main.ts starts it.
services.chat.start();

const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();

process.on('message', (raw: unknown) => {
  const parsed = nodeCommandSchema.safeParse(raw);
  if (!parsed.success) {
    process.stderr.write(`chat-bench-server: ignored a malformed command: ${parsed.error.message}\n`);
    return;
  }
  const command = parsed.data;
  switch (command.type) {
    case 'stats':
      send({
        type: 'stats',
        rid: command.rid,
        stats: processStats({ ...command, loopDelay, hub: services.live.hub.stats() }),
      });
      return;
    case 'stop':
      stopAndExit({
        stopping: [services.chat.stop(), services.live.stop()],
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
// The orchestrator going away takes the node with it.
process.on('disconnect', () => process.exit(0));
