// "People here" of a chat room (issue #23): how many live streams follow `chat:<matchId>`, across nodes,
// approximately. Each node knows its own streams (the live hub's subscriberCounts). With Redis, every node
// writes its counts every few seconds into one hash per room — field: the node, value: "count:written at" —
// and a reader adds up the fresh fields of the other nodes to its own count of now. A node that stops
// writing (it died) drops out once its fields are older than three intervals; the hash itself expires
// when no node writes to it. Without Redis there is one node, and its count is the answer.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface RoomPresence {
  /** About how many people follow the room now. */
  count(matchId: number): Promise<number>;
  /** Starts sharing this node's counts (a no-op without Redis). */
  start(): void;
  /** Stops sharing and withdraws this node's counts. */
  stop(): Promise<void>;
  /** Writes this node's counts now (the timer does it every interval; tests call it). */
  share(): Promise<void>;
}

const TOPIC_PREFIX = 'chat:';

export function createRoomPresence(options: {
  /** This node's streams per chat topic (`chat:<id>` → count). */
  localCounts: () => Map<string, number>;
  redisUrl: string | undefined;
  logger: Logger;
  /** Key prefix in Redis (tests use their own). */
  prefix?: string;
  intervalMs?: number;
}): RoomPresence {
  const { localCounts, logger } = options;
  const intervalMs = options.intervalMs ?? 5000;
  const localCount = (matchId: number) => localCounts().get(`${TOPIC_PREFIX}${matchId}`) ?? 0;
  if (!options.redisUrl) {
    return {
      count: async (matchId) => localCount(matchId),
      start() {},
      stop: async () => {},
      share: async () => {},
    };
  }
  const prefix = options.prefix ?? 'scoreline:chat:people';
  const node = randomUUID();
  const keyOf = (matchId: string | number) => `${prefix}:${matchId}`;
  const staleMs = intervalMs * 3;
  // Like the rate limits' client: a Redis that does not answer costs a room its other nodes' counts, never a request.
  const client = new Redis(options.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: 500,
    connectTimeout: 2000,
  });
  client.on('error', (error: Error) =>
    logger.warn({ err: error.message }, 'chat presence: Redis error (local counts meanwhile)'),
  );
  let connecting: Promise<void> | null = null;
  const ready = () => {
    if (client.status === 'ready') return Promise.resolve();
    connecting ??= client.connect().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  /** Rooms this node wrote last time: a room it no longer has streams for gets a 0. */
  let written = new Set<string>();
  let timer: NodeJS.Timeout | null = null;

  async function share() {
    const counts = localCounts();
    const now = Date.now();
    const rooms = new Set<string>();
    try {
      await ready();
      const pipeline = client.pipeline();
      for (const [topic, count] of counts) {
        const matchId = topic.slice(TOPIC_PREFIX.length);
        rooms.add(matchId);
        pipeline.hset(keyOf(matchId), node, `${count}:${now}`);
        pipeline.pexpire(keyOf(matchId), staleMs);
      }
      for (const matchId of written) if (!rooms.has(matchId)) pipeline.hdel(keyOf(matchId), node);
      await pipeline.exec();
      written = rooms;
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'chat presence: could not share the counts');
    }
  }

  return {
    async count(matchId) {
      const own = localCount(matchId);
      try {
        await ready();
        const fields = await client.hgetall(keyOf(matchId));
        const now = Date.now();
        let others = 0;
        for (const [field, value] of Object.entries(fields)) {
          if (field === node) continue;
          const [count, at] = value.split(':').map(Number);
          if (count !== undefined && at !== undefined && Number.isFinite(count) && now - at <= staleMs) others += count;
        }
        return own + others;
      } catch {
        return own;
      }
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void share(), intervalMs);
      timer.unref();
      void share();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      try {
        if (client.status === 'ready' && written.size > 0) {
          const pipeline = client.pipeline();
          for (const matchId of written) pipeline.hdel(keyOf(matchId), node);
          await pipeline.exec();
        }
      } catch {
        // The fields expire by themselves.
      }
      written = new Set();
      if (client.status !== 'wait' && client.status !== 'end') await client.quit().catch(() => client.disconnect());
    },
    share,
  };
}
