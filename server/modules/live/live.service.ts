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
import {
  appendLiveEventWithRow,
  appendLiveEvents,
  latestLiveEventId,
  pruneLiveEvents,
  rewriteLiveEvents,
  type RowToAppendWith,
} from './live.queries.ts';

export type { RowToAppendWith } from './live.queries.ts';

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

/** The writer for a caller whose own rows must be numbered in the stream's order (chat messages). */
export interface LiveRowWriter extends LiveWriter {
  /**
   * Inserts one row of the caller's (`row`: its table and values; the table's id is drawn here) and the
   * event about it, `event(rowId)`, whose data names the row's id once, in the caller's transaction (opened
   * with inTransaction). The row's id and the event's position are drawn together under the log's append
   * lock, so rows written this way are numbered in the stream's order — two at once never cross — and on
   * PostgreSQL it is one statement: the lock is held from there to the caller's commit only. For a caller
   * whose own rows must keep the stream's order (chat messages: history and stream agree). Announced on
   * the bus after the commit, like `append`.
   */
  appendWithRow<T extends keyof Database & string>(
    trx: Transaction<Database>,
    row: RowToAppendWith<T>,
    event: (rowId: number) => NewLiveEvent,
  ): Promise<{ rowId: number; event: LiveEvent }>;
}

/** An event's new content when it is rewritten in place: one of the stream's typed events, without position or topic. */
export type RewrittenLiveEvent = {
  [T in LiveEventType]: { type: T; data: LiveEventData<T> };
}[LiveEventType];

/** Rewriting what the log already holds, for content that must not outlive its removal. */
export interface LiveRewriter {
  /**
   * Rewrites events of `topic` already in the log, keeping their positions, inside the caller's
   * transaction (opened with inTransaction): `rewrite` sees each event of the given types written at or
   * after `since` (its data as stored, unchecked) and returns its new type and data, or null to leave it.
   * A client resuming from before them then gets the new content, never the old; clients that were live
   * have had the old one and must be told separately (append an event). After the commit every node
   * re-reads the recent frames it keeps for resumes. Returns how many were rewritten.
   */
  rewrite(
    trx: Transaction<Database>,
    where: { topic: string; types: readonly LiveEventType[]; since: Date },
    rewrite: (event: { id: number; type: string; data: unknown }) => RewrittenLiveEvent | null,
  ): Promise<number>;
}

export interface LiveService extends LiveRowWriter, LiveRewriter {
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
    async appendWithRow(trx, row, event) {
      const written = await appendLiveEventWithRow(trx, database.engine, row, event, clock.now());
      afterCommit(trx, () => bus.publish(written.event.id));
      return written;
    },
    async rewrite(trx, where, rewrite) {
      const count = await rewriteLiveEvents(trx, where, rewrite);
      if (count > 0) afterCommit(trx, () => bus.notify('live-rewrite'));
      return count;
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
