// The event log (DESIGN.md §1): every live update is first a `live_event` row.
// Its id is the stream position a browser resumes from with Last-Event-ID.
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
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

/*
 * Why the lock, and why it is taken inside the insert (DESIGN.md §3, decision 011): ids come from a
 * sequence, which hands them out at insert time, not at commit. Two writers at once could commit 12 before
 * 11: a reader that has read up to 12 would never look below it again and would skip 11. The append lock
 * is taken before an id is drawn and held until the transaction ends, so ids commit in the order they were
 * drawn. It is the one lock every live write of the site takes, so it is held as briefly as it can be: it
 * is taken by the statement that inserts (a CTE the insert reads from, so the lock comes before any id),
 * and the caller's commit follows — one round trip to the database under the lock, not one per event.
 * SQLite has one writer: its write lock, taken at the first write and held until commit, does the same.
 */
const withAppendLock = () => sql`with append_lock as (select pg_advisory_xact_lock(${APPEND_LOCK}) as locked)`;

/**
 * Appends events inside the caller's transaction and returns them with their positions, in the order
 * given. On PostgreSQL one statement takes the append lock and inserts them all.
 */
export async function appendLiveEvents(
  trx: Transaction<Database>,
  engine: DatabaseEngine,
  events: readonly NewLiveEvent[],
  now: Date,
): Promise<LiveEvent[]> {
  if (events.length === 0) return [];
  // Checked before anything is written (and before the lock): a malformed event throws here.
  const checked = events.map((event) =>
    liveEventSchema.parse({ id: 0, topic: event.topic, type: event.type, data: event.data }),
  );
  const at = now.toISOString();
  let ids: number[];
  if (engine === 'postgres') {
    const { rows } = await sql<{ id: string | number }>`${withAppendLock()}
      insert into live_event (topic, type, match_id, data, created_at)
      select v.topic, v.type, v.match_id, v.data, ${at}
      from append_lock,
        unnest(
          ${events.map((event) => event.topic)}::text[],
          ${events.map((event) => event.type)}::text[],
          ${events.map((event) => event.matchId)}::bigint[],
          ${events.map((event) => JSON.stringify(event.data))}::text[]
        ) with ordinality as v(topic, type, match_id, data, ord)
      order by v.ord
      returning id`.execute(trx);
    // The ids were drawn in the order of the rows (order by ord); sorted, they map onto the events.
    ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  } else {
    ids = [];
    for (const event of events) {
      const row = await trx
        .insertInto('live_event')
        .values({
          topic: event.topic,
          type: event.type,
          match_id: event.matchId,
          data: JSON.stringify(event.data),
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
  }
  if (ids.length !== events.length) throw new Error(`live_event: ${ids.length} rows written for ${events.length}`);
  return checked.map((event, n) => ({ ...event, id: ids[n] as number }));
}

/** A row of another module's table, written in the same statement as the event about it. */
export interface RowToAppendWith<T extends keyof Database & string> {
  table: T;
  values: Insertable<Database[T]>;
}

/**
 * The event's data as text around its row's id: `make(id)` serialised with two different ids differs in
 * one place, where the id goes. Throws when the id is not in the data exactly once.
 */
export function splitAroundId(make: (id: number) => string): { before: string; after: string } {
  const one = make(1);
  const two = make(2);
  let at = 0;
  while (at < one.length && one[at] === two[at]) at += 1;
  const before = one.slice(0, at);
  const after = one.slice(at + 1);
  if (one !== `${before}1${after}` || two !== `${before}2${after}`)
    throw new Error("the event must name its row's id exactly once");
  return { before, after };
}

/**
 * Inserts one row of the caller's table and one event about it (whose data holds the row's id), the row's
 * id and the event's position both drawn under the append lock: rows written this way are numbered in the
 * log's order (two at once never cross). On PostgreSQL it is one statement — the lock, the row, the event —
 * so the lock is held from there to the caller's commit only.
 */
export async function appendLiveEventWithRow<T extends keyof Database & string>(
  trx: Transaction<Database>,
  engine: DatabaseEngine,
  row: RowToAppendWith<T>,
  event: (rowId: number) => NewLiveEvent,
  now: Date,
): Promise<{ rowId: number; event: LiveEvent }> {
  const sample = event(0);
  const { before, after } = splitAroundId((id) => JSON.stringify(event(id).data));
  const at = now.toISOString();
  const entries = Object.entries(row.values).filter(([, value]) => value !== undefined);
  const columns = sql.join(entries.map(([column]) => sql.ref(column)));
  const values = sql.join(entries.map(([, value]) => sql`${value}`));
  let rowId: number;
  let eventId: number;
  if (engine === 'postgres') {
    // The row reads from the lock and the event from the row: the lock first, then the row's id, then the event's.
    const result = await sql<{ row_id: string | number; event_id: string | number }>`${withAppendLock()},
      written as (insert into ${sql.table(row.table)} (${columns}) select ${values} from append_lock returning id),
      event as (
        insert into live_event (topic, type, match_id, data, created_at)
        select ${sample.topic}, ${sample.type}, ${sample.matchId},
          cast(${before} as text) || cast(written.id as text) || cast(${after} as text), ${at}
        from written
        returning id
      )
      select written.id as row_id, event.id as event_id from written, event`.execute(trx);
    const first = result.rows[0];
    if (!first) throw new Error(`${row.table}: the row and its event were not written`);
    rowId = Number(first.row_id);
    eventId = Number(first.event_id);
  } else {
    const written = await sql<{ id: number }>`insert into ${sql.table(row.table)} (${columns}) values (${values})
      returning id`.execute(trx);
    rowId = Number(written.rows[0]?.id);
    const inserted = await trx
      .insertInto('live_event')
      .values({
        topic: sample.topic,
        type: sample.type,
        match_id: sample.matchId,
        data: `${before}${rowId}${after}`,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    eventId = Number(inserted.id);
  }
  const made = event(rowId);
  return {
    rowId,
    event: liveEventSchema.parse({ id: eventId, topic: made.topic, type: made.type, data: made.data }),
  };
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
  const rows = await db
    .selectFrom('live_event')
    .select(['id', 'topic', 'type', 'data'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), topic: row.topic, type: row.type, data: row.data }));
}

/** One event as stored, its data parsed, for a caller that may rewrite it (`rewriteLiveEvents`). */
export interface StoredEventToRewrite {
  id: number;
  topic: string;
  type: string;
  data: unknown;
}

/**
 * Rewrites events of `topic` (of the given types, written at or after `since`) in place, keeping their
 * positions: `rewrite` returns an event's new type and data, or null to leave it. Each new event is checked
 * against the stream's schemas before anything is written. No append lock: no position is drawn.
 * Returns how many were rewritten.
 */
export async function rewriteLiveEvents(
  trx: Transaction<Database>,
  where: { topic: string; types: readonly LiveEventType[]; since: Date },
  rewrite: (event: StoredEventToRewrite) => { type: LiveEventType; data: unknown } | null,
): Promise<number> {
  if (where.types.length === 0) return 0;
  const rows = await trx
    .selectFrom('live_event')
    .select(['id', 'topic', 'type', 'data'])
    .where('created_at', '>=', where.since.toISOString())
    .where('topic', '=', where.topic)
    .where('type', 'in', [...where.types])
    .orderBy('id')
    .execute();
  const changes: Array<{ id: number; type: string; data: string }> = [];
  for (const row of rows) {
    const id = Number(row.id);
    const next = rewrite({ id, topic: row.topic, type: row.type, data: JSON.parse(row.data) as unknown });
    if (!next) continue;
    liveEventSchema.parse({ id, topic: row.topic, type: next.type, data: next.data });
    changes.push({ id, type: next.type, data: JSON.stringify(next.data) });
  }
  for (const change of changes)
    await trx
      .updateTable('live_event')
      .set({ type: change.type, data: change.data })
      .where('id', '=', change.id)
      .execute();
  return changes.length;
}

/** The newest position, 0 when the log is empty. */
export async function latestLiveEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('live_event')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id == null ? 0 : Number(row.id);
}

/** The oldest position still kept, or null when the log is empty. */
export async function oldestLiveEventId(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('live_event')
    .select((eb) => eb.fn.min('id').as('id'))
    .executeTakeFirst();
  return row?.id == null ? null : Number(row.id);
}

/** Drops events older than `before`; a client further behind than that gets a resync. */
export async function pruneLiveEvents(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('live_event').where('created_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
