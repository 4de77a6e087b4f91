// The live bus (DESIGN.md §1, §5): tells every process that the event log has
// grown. In one process it is a plain callback list; with REDIS_URL it is Redis
// pub/sub, so an event written on the ingest node reaches SSE clients on every
// web node. The message is only the newest log position: each node reads the
// rows themselves from the database, in order, so a lost or reordered message
// can delay an event but never lose or reorder one.
//
// The same bus carries notices (issue #20): "something every node keeps in
// memory changed — read it again" (the site settings). A notice is only a
// name; the data stays in the database. After a Redis reconnect every notice
// listener is called, since a notice may have been missed meanwhile. `odds`:
// the CMS's odds switch and margin (issue #24). `live-rewrite`: events already in
// the log were rewritten in place (a deleted chat message's text): each node
// re-reads the recent frames it keeps for resumes.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** Names of what nodes keep in memory and re-read when told (one word each). */
export type NoticeName = 'settings' | 'odds' | 'live-rewrite';

export interface NoticeBus {
  /** Tells every node (this one too) that `name` changed in the database. */
  notify(name: NoticeName): void;
  /** Calls `listener` when `name` may have changed; returns the unsubscribe function. */
  onNotice(name: NoticeName, listener: () => void): () => void;
}

export interface LiveBus extends NoticeBus {
  /** Announces that the event log now reaches `lastId`. */
  publish(lastId: number): void;
  /** Calls `listener` with announced positions; returns the unsubscribe function. */
  subscribe(listener: (lastId: number) => void): () => void;
  close(): Promise<void>;
}

/** Notice listeners by name, shared by both buses. */
function createNoticeListeners() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    add(name: string, listener: () => void) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    call(name?: string) {
      for (const [key, set] of listeners)
        if (name === undefined || key === name) for (const listener of set) listener();
    },
    clear: () => listeners.clear(),
  };
}

export function createMemoryBus(): LiveBus {
  const listeners = new Set<(lastId: number) => void>();
  const notices = createNoticeListeners();
  return {
    publish(lastId) {
      for (const listener of listeners) listener(lastId);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify(name) {
      notices.call(name);
    },
    onNotice: notices.add,
    async close() {
      listeners.clear();
      notices.clear();
    },
  };
}

const CHANNEL = 'scoreline:live';
const NOTICE_CHANNEL = 'scoreline:notice';

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
  const notices = createNoticeListeners();
  void subscriber
    .subscribe(CHANNEL, NOTICE_CHANNEL)
    .catch((error: unknown) => logger.error({ err: error }, 'live bus: subscribe failed'));
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === NOTICE_CHANNEL) return notices.call(message);
    const lastId = Number(message);
    if (!Number.isSafeInteger(lastId) || lastId < 0) return;
    for (const listener of listeners) listener(lastId);
  });
  // After a reconnect the node may have missed announcements: a synthetic one makes the hub read the log.
  subscriber.on('ready', () => {
    for (const listener of listeners) listener(Number.MAX_SAFE_INTEGER);
    notices.call();
  });
  return {
    publish(lastId) {
      void publisher
        .publish(CHANNEL, String(lastId))
        .catch((error: unknown) => logger.warn({ err: error }, 'live bus: publish failed'));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify(name) {
      void publisher
        .publish(NOTICE_CHANNEL, name)
        .catch((error: unknown) => logger.warn({ err: error, name }, 'live bus: notice failed'));
    },
    onNotice: notices.add,
    async close() {
      listeners.clear();
      notices.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

export function createBus(redisUrl: string | undefined, logger: Logger): LiveBus {
  return redisUrl ? createRedisBus(redisUrl, logger) : createMemoryBus();
}
