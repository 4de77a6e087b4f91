// The live module's service (DESIGN.md §3, "The live path"): it owns the event
// log and its topics. Whoever has something live to say — ingest now; chat,
// odds and CMS corrections next — writes it with `append` inside its own
// transaction, and the live module announces it on the bus once that
// transaction commits; every node's hub then fans it out. Nobody else touches
// live.queries.ts. Also: the bus, this process's SSE hub, and the current
// stream position that server-rendered pages hand to the browser so its first
// connection resumes exactly where the page's data was read.
import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { afterCommit } from '../../../db/transaction.ts';
import type { LiveEvent, LiveEventData, LiveEventType } from '../../../domain/live-stream.ts';
import { createBus, type LiveBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import { createLiveHub, type LiveHub } from './live-hub.ts';
import { appendLiveEvents, latestLiveEventId, pruneLiveEvents } from './live.queries.ts';

/** An event to append: one of the stream's typed events (domain/live-stream.ts), before it has a position. */
export type NewLiveEvent = {
  [T in LiveEventType]: { topic: string; type: T; matchId: number | null; data: LiveEventData<T> };
}[LiveEventType];

/** The one way to put something on the live stream. */
export interface LiveWriter {
  /**
   * Appends events to the log inside the caller's transaction, which must be
   * opened with inTransaction (db/transaction.ts); the new position is
   * announced on the bus after that transaction commits, never before and
   * never if it rolls back. Returns the events with their positions.
   */
  append(trx: Transaction<Database>, events: readonly NewLiveEvent[]): Promise<LiveEvent[]>;
}

export interface LiveService extends LiveWriter {
  bus: LiveBus;
  hub: LiveHub;
  /** The newest event-log position. */
  position(): Promise<number>;
  /** Drops events older than `before`; a client further behind then gets a resync. Returns how many went. */
  prune(before: Date): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createLiveService(options: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock: Clock;
  bus?: LiveBus;
}): LiveService {
  const { config, database, logger, clock } = options;
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
    async append(trx, events) {
      const appended = await appendLiveEvents(trx, database.engine, events, clock.now());
      const last = appended.at(-1);
      if (last) afterCommit(trx, () => bus.publish(last.id));
      return appended;
    },
    position: () => latestLiveEventId(database.db),
    prune: (before) => pruneLiveEvents(database.db, before),
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
