// The live bus (DESIGN.md §1, §5): tells every process that the event log has
// grown. In one process it is a plain callback list; with REDIS_URL it is Redis
// pub/sub, so an event written on the ingest node reaches SSE clients on every
// web node. The message is only the newest log position: each node reads the
// rows themselves from the database, in order, so a lost or reordered message
// can delay an event but never lose or reorder one.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface LiveBus {
  /** Announces that the event log now reaches `lastId`. */
  publish(lastId: number): void;
  /** Calls `listener` with announced positions; returns the unsubscribe function. */
  subscribe(listener: (lastId: number) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): LiveBus {
  const listeners = new Set<(lastId: number) => void>();
  return {
    publish(lastId) {
      for (const listener of listeners) listener(lastId);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

const CHANNEL = 'scoreline:live';

export function createRedisBus(url: string, logger: Logger): LiveBus {
  const listeners = new Set<(lastId: number) => void>();
  const options = { maxRetriesPerRequest: null, lazyConnect: false, enableOfflineQueue: true } as const;
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const [role, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (error: Error) => logger.warn({ err: error.message, role }, 'live bus: Redis error (retrying)'));
  }
  void subscriber.subscribe(CHANNEL).catch((error: unknown) => logger.error({ err: error }, 'live bus: subscribe failed'));
  subscriber.on('message', (_channel: string, message: string) => {
    const lastId = Number(message);
    if (!Number.isSafeInteger(lastId) || lastId < 0) return;
    for (const listener of listeners) listener(lastId);
  });
  // After a reconnect the node may have missed announcements: a synthetic one makes the hub read the log.
  subscriber.on('ready', () => {
    for (const listener of listeners) listener(Number.MAX_SAFE_INTEGER);
  });
  return {
    publish(lastId) {
      void publisher.publish(CHANNEL, String(lastId)).catch((error: unknown) => logger.warn({ err: error }, 'live bus: publish failed'));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

export function createBus(redisUrl: string | undefined, logger: Logger): LiveBus {
  return redisUrl ? createRedisBus(redisUrl, logger) : createMemoryBus();
}
