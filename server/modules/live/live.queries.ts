// The event log (DESIGN.md §1): every live update is first a `live_event` row.
// Its id is the stream position a browser resumes from with Last-Event-ID.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { liveEventSchema, type LiveEvent, type LiveEventType } from '../../../domain/live-contracts.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewLiveEvent {
  topic: string;
  type: LiveEventType;
  matchId: number | null;
  data: unknown;
}

/** Arbitrary constant naming the append lock (PostgreSQL advisory locks take a bigint). */
const APPEND_LOCK = 7_240_001;

/**
 * Appends events inside the caller's transaction and returns them with their
 * positions. On PostgreSQL the transaction first takes an advisory lock, so
 * positions become visible in order (a reader after position N never later
 * finds a smaller committed id); SQLite has one writer anyway.
 */
export async function appendLiveEvents(trx: Transaction<Database>, engine: DatabaseEngine, events: readonly NewLiveEvent[], now: Date): Promise<LiveEvent[]> {
  if (events.length === 0) return [];
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${APPEND_LOCK})`.execute(trx);
  const appended: LiveEvent[] = [];
  for (const event of events) {
    const row = await trx
      .insertInto('live_event')
      .values({ topic: event.topic, type: event.type, match_id: event.matchId, data: JSON.stringify(event.data), created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    appended.push(liveEventSchema.parse({ id: Number(row.id), topic: event.topic, type: event.type, data: event.data }));
  }
  return appended;
}

export interface StoredLiveEvent {
  id: number;
  topic: string;
  type: string;
  /** The JSON text as stored: sent to clients as it is, without re-serialising. */
  data: string;
}

/** Events after `afterId`, oldest first, at most `limit`. */
export async function readLiveEventsAfter(db: Db, afterId: number, limit: number): Promise<StoredLiveEvent[]> {
  const rows = await db.selectFrom('live_event').select(['id', 'topic', 'type', 'data']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ id: Number(row.id), topic: row.topic, type: row.type, data: row.data }));
}

/** The newest position, 0 when the log is empty. */
export async function latestLiveEventId(db: Db): Promise<number> {
  const row = await db.selectFrom('live_event').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return row?.id == null ? 0 : Number(row.id);
}

/** The oldest position still kept, or null when the log is empty. */
export async function oldestLiveEventId(db: Db): Promise<number | null> {
  const row = await db.selectFrom('live_event').select((eb) => eb.fn.min('id').as('id')).executeTakeFirst();
  return row?.id == null ? null : Number(row.id);
}

/** Drops events older than `before`; a client further behind than that gets a resync. */
export async function pruneLiveEvents(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('live_event').where('created_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

