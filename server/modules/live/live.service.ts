// The live module's service: the bus and this process's SSE hub, plus the
// current stream position that server-rendered pages hand to the browser so
// its first connection resumes exactly where the page's data was read.
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../../../db/client.ts';
import { createBus, type LiveBus } from '../../platform/bus.ts';
import type { Config } from '../../platform/config.ts';
import { createLiveHub, type LiveHub } from './live-hub.ts';
import { latestLiveEventId } from './live.queries.ts';

export interface LiveService {
  bus: LiveBus;
  hub: LiveHub;
  /** The newest event-log position. */
  position(): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createLiveService(options: { config: Config; database: DatabaseHandle; logger: Logger; bus?: LiveBus }): LiveService {
  const { config, database, logger } = options;
  const bus = options.bus ?? createBus(config.REDIS_URL, logger);
  const hub = createLiveHub({
    db: database.db,
    bus,
    logger,
    heartbeatMs: config.LIVE_HEARTBEAT_SECONDS * 1000,
    maxConnectionsPerIp: config.LIVE_MAX_CONNECTIONS_PER_IP,
  });
  let started = false;
  return {
    bus,
    hub,
    position: () => latestLiveEventId(database.db),
    async start() {
      if (started) return;
      started = true;
      await hub.start();
    },
    async stop() {
      await hub.stop();
      await bus.close();
    },
  };
}
