// The chat module's tables (migration 0022; docs/chat.md): rooms, messages, reports, sanctions. Private to
// the module: everything else goes through chat.service.ts.
import { sql, type Kysely, type Transaction } from 'kysely';
import { toIsoString, type DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What a quoted message shows of itself. */
const EXCERPT_LENGTH = 80;

export interface RoomRow {
  matchId: number;
  slowModeSeconds: number;
  pinnedMessageId: number | null;
  closedAt: string | null;
  closedBy: number | null;
  closedReason: string | null;
}

export interface MessageRow {
  id: number;
  matchId: number;
  userId: number;
  displayName: string;
  text: string;
  createdAt: string;
  deletedAt: string | null;
  replyTo: { id: number; excerpt: string | null; displayName: string } | null;
}

const iso = (value: string | Date | null): string | null => (value === null ? null : toIsoString(value));

/** How a reply quotes the message it answers. */
export function excerptOf(text: string): string {
  const points = [...text];
  return points.length <= EXCERPT_LENGTH ? text : `${points.slice(0, EXCERPT_LENGTH - 1).join('')}…`;
}

function toRoom(row: {
  match_id: number | string;
  slow_mode_seconds: number;
  pinned_message_id: number | string | null;
  closed_at: string | Date | null;
  closed_by: number | string | null;
  closed_reason: string | null;
}): RoomRow {
  return {
    matchId: Number(row.match_id),
    slowModeSeconds: Number(row.slow_mode_seconds),
    pinnedMessageId: row.pinned_message_id === null ? null : Number(row.pinned_message_id),
    closedAt: iso(row.closed_at),
    closedBy: row.closed_by === null ? null : Number(row.closed_by),
    closedReason: row.closed_reason,
  };
}

/** A room as stored; null when nobody needed it yet (then it is open or read-only by its match, no slow mode). */
export async function findRoom(db: Db, matchId: number): Promise<RoomRow | null> {
  const row = await db.selectFrom('chat_room').selectAll().where('match_id', '=', matchId).executeTakeFirst();
  return row ? toRoom(row) : null;
}

/** Makes the room of a match the first time it is needed (two at once: one makes it). */
async function insertRoomIfMissing(trx: Transaction<Database>, matchId: number, now: Date): Promise<void> {
  const at = now.toISOString();
  await trx
    .insertInto('chat_room')
    .values({
      match_id: matchId,
      pinned_message_id: null,
      closed_at: null,
      closed_by: null,
      closed_reason: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('match_id').doNothing())
    .execute();
}

/**
 * The room of a match inside a staff change or a deletion, made if missing and locked for update until the
 * transaction ends: such writes to one room take turns with each other and with the posts under way (which
 * hold it in share mode, roomForPost), so a change takes effect for the next post.
 */
export async function lockRoom(
  trx: Transaction<Database>,
  engine: DatabaseEngine,
  matchId: number,
  now: Date,
): Promise<RoomRow> {
  const locked = async () => {
    let query = trx.selectFrom('chat_room').selectAll().where('match_id', '=', matchId);
    if (engine === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? toRoom(row) : null;
  };
  // The room nearly always exists: lock it in one round trip, and make it only the first time. Every
  // round trip here is time the room is held (docs/performance.md, the chat benchmark).
  const existing = await locked();
  if (existing) return existing;
  await insertRoomIfMissing(trx, matchId, now);
  const made = await locked();
  if (!made) throw new Error(`chat room ${matchId} could not be made`);
  return made;
}

/**
 * A post's turn for its author in one room (PostgreSQL; SQLite has one writer): a transaction lock per
 * (room, user), so one user's posts at once take turns — slow mode and repeats are the user's own — while
 * other users' posts in the room go on. A statement of its own: what follows must read what the previous
 * holder committed, and a statement reads what was committed when it began, before any wait inside it.
 */
export async function lockPoster(
  trx: Transaction<Database>,
  engine: DatabaseEngine,
  matchId: number,
  userId: number,
): Promise<void> {
  if (engine !== 'postgres') return;
  // The user's sanction lock in share mode first (a sanction being given waits for the posts under way, and
  // the posts after it wait for it, then see it), then this room's turn for the user: one round trip.
  await sql`select pg_advisory_xact_lock_shared(hashtextextended(${`chat-user:${userId}`}, 0)),
    pg_advisory_xact_lock(hashtextextended(${`chat-post:${matchId}:${userId}`}, 0))`.execute(trx);
}

/**
 * Taken by a sanction's transaction before it writes (PostgreSQL; SQLite has one writer): it waits for the
 * user's posts under way to commit, and posts that start meanwhile wait for it and then read the sanction,
 * so no post that began before a ban lands after it.
 */
export async function lockChatter(trx: Transaction<Database>, engine: DatabaseEngine, userId: number): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`chat-user:${userId}`}, 0))`.execute(trx);
}

/** What slow mode and the repeat rule read of a user's previous message in a room. */
export interface LastMessage {
  text: string;
  createdAt: string;
  deleted: boolean;
}

/**
 * The room as a post sees it, and the user's last message in it, in one statement. The room is made if
 * missing and held in share mode until the transaction ends (PostgreSQL): posts do not wait for each
 * other, while a staff change — which locks the room for update — waits for the posts under way, and the
 * posts after it read what it set. Take lockPoster first.
 */
export async function roomForPost(
  trx: Transaction<Database>,
  engine: DatabaseEngine,
  matchId: number,
  userId: number,
  now: Date,
): Promise<{ room: RoomRow; last: LastMessage | null }> {
  const read = async () => {
    let query = trx
      .selectFrom('chat_room as r')
      .leftJoin('chat_message as m', (join) =>
        join.on((eb) =>
          eb(
            'm.id',
            '=',
            eb
              .selectFrom('chat_message as l')
              .select((inner) => inner.fn.max('l.id').as('id'))
              .where('l.match_id', '=', matchId)
              .where('l.user_id', '=', userId),
          ),
        ),
      )
      .selectAll('r')
      .select(['m.text as last_text', 'm.created_at as last_created_at', 'm.deleted_at as last_deleted_at'])
      .where('r.match_id', '=', matchId);
    if (engine === 'postgres') query = query.forShare('r');
    return query.executeTakeFirst();
  };
  let row = await read();
  if (!row) {
    await insertRoomIfMissing(trx, matchId, now);
    row = await read();
  }
  if (!row) throw new Error(`chat room ${matchId} could not be made`);
  return {
    room: toRoom(row),
    last:
      row.last_text === null || row.last_created_at === null
        ? null
        : { text: row.last_text, createdAt: toIsoString(row.last_created_at), deleted: row.last_deleted_at !== null },
  };
}

export async function updateRoom(
  trx: Transaction<Database>,
  matchId: number,
  values: Partial<{
    slowModeSeconds: number;
    pinnedMessageId: number | null;
    closed: { at: Date; by: number; reason: string | null } | null;
  }>,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('chat_room')
    .set({
      updated_at: now.toISOString(),
      ...(values.slowModeSeconds === undefined ? {} : { slow_mode_seconds: values.slowModeSeconds }),
      ...(values.pinnedMessageId === undefined ? {} : { pinned_message_id: values.pinnedMessageId }),
      ...(values.closed === undefined
        ? {}
        : values.closed === null
          ? { closed_at: null, closed_by: null, closed_reason: null }
          : {
              closed_at: values.closed.at.toISOString(),
              closed_by: values.closed.by,
              closed_reason: values.closed.reason,
            }),
    })
    .where('match_id', '=', matchId)
    .execute();
}

function messageQuery(db: Db) {
  return db
    .selectFrom('chat_message as m')
    .leftJoin('chat_message as r', 'r.id', 'm.reply_to_id')
    .select([
      'm.id',
      'm.match_id',
      'm.user_id',
      'm.display_name',
      'm.text',
      'm.created_at',
      'm.deleted_at',
      'r.id as reply_id',
      'r.text as reply_text',
      'r.display_name as reply_display_name',
      'r.deleted_at as reply_deleted_at',
    ]);
}

type MessageSelect = Awaited<ReturnType<ReturnType<typeof messageQuery>['execute']>>[number];

function toMessage(row: MessageSelect): MessageRow {
  return {
    id: Number(row.id),
    matchId: Number(row.match_id),
    userId: Number(row.user_id),
    displayName: row.display_name,
    text: row.text,
    createdAt: toIsoString(row.created_at),
    deletedAt: iso(row.deleted_at),
    replyTo:
      row.reply_id === null || row.reply_id === undefined
        ? null
        : {
            id: Number(row.reply_id),
            excerpt: row.reply_deleted_at === null && row.reply_text !== null ? excerptOf(row.reply_text) : null,
            displayName: row.reply_display_name ?? '',
          },
  };
}

export async function findMessage(db: Db, id: number): Promise<MessageRow | null> {
  const row = await messageQuery(db).where('m.id', '=', id).executeTakeFirst();
  return row ? toMessage(row) : null;
}

export async function findMessagesByIds(db: Db, ids: readonly number[]): Promise<Map<number, MessageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await messageQuery(db)
    .where('m.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [Number(row.id), toMessage(row)]));
}

/** A room's messages not deleted, newest first, older than `before` when given: at most `limit`. */
export async function listRoomMessages(
  db: Db,
  matchId: number,
  options: { before?: number; limit: number },
): Promise<MessageRow[]> {
  let query = messageQuery(db).where('m.match_id', '=', matchId).where('m.deleted_at', 'is', null);
  if (options.before !== undefined) query = query.where('m.id', '<', options.before);
  const rows = await query.orderBy('m.id', 'desc').limit(options.limit).execute();
  return rows.map(toMessage);
}

/** Messages for moderation (deleted ones too), newest first, by room and/or author. */
export async function listMessagesForModeration(
  db: Db,
  filter: { matchId?: number; userId?: number; cursor?: number; limit: number },
): Promise<MessageRow[]> {
  let query = messageQuery(db);
  if (filter.matchId !== undefined) query = query.where('m.match_id', '=', filter.matchId);
  if (filter.userId !== undefined) query = query.where('m.user_id', '=', filter.userId);
  if (filter.cursor !== undefined) query = query.where('m.id', '<', filter.cursor);
  const rows = await query.orderBy('m.id', 'desc').limit(filter.limit).execute();
  return rows.map(toMessage);
}

/** The user's newest message in the room (deleted or not): slow mode and duplicates compare with it. */
/**
 * A new message as a row of chat_message, for the live writer to insert with its event in one statement
 * (live.appendWithRow: the message's id and its stream position are drawn together, in one order).
 */
export function newMessageRow(values: {
  matchId: number;
  userId: number;
  displayName: string;
  text: string;
  replyTo: number | null;
  at: Date;
}) {
  return {
    table: 'chat_message' as const,
    values: {
      match_id: values.matchId,
      user_id: values.userId,
      display_name: values.displayName,
      text: values.text,
      reply_to_id: values.replyTo,
      created_at: values.at.toISOString(),
      deleted_at: null,
      deleted_by: null,
      deleted_reason: null,
    },
  };
}

/** Soft-deletes a message not deleted yet; false when it already was (someone else was first). */
export async function markMessageDeleted(
  trx: Transaction<Database>,
  id: number,
  by: number,
  reason: string | null,
  at: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('chat_message')
    .set({ deleted_at: at.toISOString(), deleted_by: by, deleted_reason: reason })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Whether a message is still shown (not deleted), its row locked until the transaction ends on PostgreSQL
 * (a deletion's update waits for it, and it for a deletion): a report and a deletion at once take turns.
 * Null: no such message.
 */
export async function lockMessageShown(
  trx: Transaction<Database>,
  engine: DatabaseEngine,
  id: number,
): Promise<boolean | null> {
  let query = trx.selectFrom('chat_message').select('deleted_at').where('id', '=', id);
  if (engine === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? row.deleted_at === null : null;
}

// ---- Reports ----------------------------------------------------------------------------------------------

/** Records a report; false when this user already reported this message. */
export async function insertReport(
  db: Db,
  values: { messageId: number; matchId: number; reporterId: number; reason: string; at: Date },
): Promise<boolean> {
  const result = await db
    .insertInto('chat_report')
    .values({
      message_id: values.messageId,
      match_id: values.matchId,
      reporter_id: values.reporterId,
      reason: values.reason,
      created_at: values.at.toISOString(),
      resolved_at: null,
      resolved_by: null,
      resolution_note: null,
    })
    .onConflict((oc) => oc.columns(['message_id', 'reporter_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

export interface ReportRow {
  id: number;
  status: string;
  reason: string;
  createdAt: string;
  reporterId: number;
  messageId: number;
  resolvedAt: string | null;
  resolvedBy: number | null;
  note: string | null;
}

function toReport(row: {
  id: number | string;
  status: string;
  reason: string;
  created_at: string | Date;
  reporter_id: number | string;
  message_id: number | string;
  resolved_at: string | Date | null;
  resolved_by: number | string | null;
  resolution_note: string | null;
}): ReportRow {
  return {
    id: Number(row.id),
    status: row.status,
    reason: row.reason,
    createdAt: toIsoString(row.created_at),
    reporterId: Number(row.reporter_id),
    messageId: Number(row.message_id),
    resolvedAt: iso(row.resolved_at),
    resolvedBy: row.resolved_by === null ? null : Number(row.resolved_by),
    note: row.resolution_note,
  };
}

/** The moderation queue: reports by status, oldest first for open ones (first come, first seen), newest first otherwise. */
export async function listReports(
  db: Db,
  filter: { status: string; matchId?: number; cursor?: number; limit: number },
): Promise<ReportRow[]> {
  const open = filter.status === 'open';
  let query = db.selectFrom('chat_report').selectAll().where('status', '=', filter.status);
  if (filter.matchId !== undefined) query = query.where('match_id', '=', filter.matchId);
  if (filter.cursor !== undefined) query = query.where('id', open ? '>' : '<', filter.cursor);
  const rows = await query
    .orderBy('id', open ? 'asc' : 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map(toReport);
}

export async function findReport(db: Db, id: number): Promise<ReportRow | null> {
  const row = await db.selectFrom('chat_report').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toReport(row) : null;
}

/** Open reports per message. */
export async function countOpenReports(db: Db, messageIds: readonly number[]): Promise<Map<number, number>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_report')
    .select(['message_id', (eb) => eb.fn.countAll().as('count')])
    .where('message_id', 'in', [...messageIds])
    .where('status', '=', 'open')
    .groupBy('message_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.message_id), Number(row.count)]));
}

/** Closes an open report; false when it was no longer open. */
export async function closeReport(
  trx: Transaction<Database>,
  id: number,
  values: { status: 'resolved' | 'dismissed'; by: number; note: string | null; at: Date },
): Promise<boolean> {
  const result = await trx
    .updateTable('chat_report')
    .set({
      status: values.status,
      resolved_at: values.at.toISOString(),
      resolved_by: values.by,
      resolution_note: values.note,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Resolves every open report of a message (it was deleted); returns their ids. */
export async function resolveReportsOfMessage(
  trx: Transaction<Database>,
  messageId: number,
  by: number,
  note: string,
  at: Date,
): Promise<number[]> {
  const rows = await trx
    .updateTable('chat_report')
    .set({ status: 'resolved', resolved_at: at.toISOString(), resolved_by: by, resolution_note: note })
    .where('message_id', '=', messageId)
    .where('status', '=', 'open')
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

// ---- Sanctions --------------------------------------------------------------------------------------------

export interface SanctionRow {
  id: number;
  userId: number;
  matchId: number | null;
  kind: string;
  reason: string;
  until: string | null;
  createdAt: string;
  createdBy: number;
  liftedAt: string | null;
}

function toSanction(row: {
  id: number | string;
  user_id: number | string;
  match_id: number | string | null;
  kind: string;
  reason: string;
  until: string | Date | null;
  created_at: string | Date;
  created_by: number | string;
  lifted_at: string | Date | null;
}): SanctionRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    matchId: row.match_id === null ? null : Number(row.match_id),
    kind: row.kind,
    reason: row.reason,
    until: iso(row.until),
    createdAt: toIsoString(row.created_at),
    createdBy: Number(row.created_by),
    liftedAt: iso(row.lifted_at),
  };
}

/** Sanctions in force now on the user in this room (the room's own and all-chat ones). */
export async function listActiveSanctionsFor(
  db: Db,
  userId: number,
  matchId: number,
  now: Date,
): Promise<SanctionRow[]> {
  const rows = await db
    .selectFrom('chat_sanction')
    .selectAll()
    .where('user_id', '=', userId)
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('match_id', 'is', null), eb('match_id', '=', matchId)]))
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now.toISOString())]))
    .execute();
  return rows.map(toSanction);
}

export async function listSanctions(
  db: Db,
  filter: { userId?: number; matchId?: number; activeAt?: Date; limit: number },
): Promise<SanctionRow[]> {
  let query = db.selectFrom('chat_sanction').selectAll();
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.matchId !== undefined) query = query.where('match_id', '=', filter.matchId);
  if (filter.activeAt !== undefined) {
    const at = filter.activeAt.toISOString();
    query = query.where('lifted_at', 'is', null).where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', at)]));
  }
  const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map(toSanction);
}

export async function findSanction(db: Db, id: number): Promise<SanctionRow | null> {
  const row = await db.selectFrom('chat_sanction').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toSanction(row) : null;
}

export async function insertSanction(
  trx: Transaction<Database>,
  values: {
    userId: number;
    matchId: number | null;
    kind: string;
    reason: string;
    until: Date | null;
    by: number;
    at: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('chat_sanction')
    .values({
      user_id: values.userId,
      match_id: values.matchId,
      kind: values.kind,
      reason: values.reason,
      until: values.until === null ? null : values.until.toISOString(),
      created_at: values.at.toISOString(),
      created_by: values.by,
      lifted_at: null,
      lifted_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Lifts a sanction not lifted yet; false when it already was. */
export async function markSanctionLifted(
  trx: Transaction<Database>,
  id: number,
  by: number,
  at: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('chat_sanction')
    .set({ lifted_at: at.toISOString(), lifted_by: by })
    .where('id', '=', id)
    .where('lifted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- Rooms for the CMS ------------------------------------------------------------------------------------

export interface RoomActivityRow extends RoomRow {
  messages: number;
  openReports: number;
  lastMessageAt: string | null;
}

/** Rooms that exist, the most recently active first, with their message and open-report counts. */
export async function listRoomsByActivity(db: Db, limit: number): Promise<RoomActivityRow[]> {
  const rows = await db
    .selectFrom('chat_room as room')
    .selectAll('room')
    .select((eb) => [
      eb
        .selectFrom('chat_message as m')
        .whereRef('m.match_id', '=', 'room.match_id')
        .select((inner) => inner.fn.countAll().as('n'))
        .as('messages'),
      eb
        .selectFrom('chat_message as m')
        .whereRef('m.match_id', '=', 'room.match_id')
        .select((inner) => inner.fn.max('m.created_at').as('at'))
        .as('last_message_at'),
      eb
        .selectFrom('chat_report as r')
        .whereRef('r.match_id', '=', 'room.match_id')
        .where('r.status', '=', 'open')
        .select((inner) => inner.fn.countAll().as('n'))
        .as('open_reports'),
    ])
    .orderBy(
      sql`coalesce((select max(m.created_at) from chat_message m where m.match_id = room.match_id), room.updated_at)`,
      'desc',
    )
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...toRoom(row),
    messages: Number(row.messages ?? 0),
    openReports: Number(row.open_reports ?? 0),
    lastMessageAt:
      row.last_message_at === null || row.last_message_at === undefined
        ? null
        : toIsoString(row.last_message_at as string | Date),
  }));
}

// ---- Account erasure --------------------------------------------------------------------------------------

/** The user's messages not deleted yet, by room: each becomes a chat.deleted event when the account is erased. */
export async function listLiveMessagesOfUser(
  db: Db,
  userId: number,
): Promise<Array<{ id: number; matchId: number; createdAt: string }>> {
  const rows = await db
    .selectFrom('chat_message')
    .select(['id', 'match_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), matchId: Number(row.match_id), createdAt: iso(row.created_at)! }));
}

/**
 * Removes what an erased account wrote: its messages keep their rows (replies and reports point at them)
 * but lose their text and name and count as deleted; pins of them go; its reports go; open reports of its
 * messages are resolved. Returns the number of messages emptied.
 */
export async function eraseUserContent(trx: Transaction<Database>, userId: number, at: Date): Promise<number> {
  const when = at.toISOString();
  const mine = trx.selectFrom('chat_message').select('id').where('user_id', '=', userId);
  // The messages first: their rows stay locked until commit, so a report of one waits (lockMessageShown)
  // and then finds it gone, and a report filed just before is there for the update of reports below.
  const result = await trx
    .updateTable('chat_message')
    .set((eb) => ({
      text: '',
      display_name: '',
      deleted_at: eb.fn.coalesce('deleted_at', eb.val(when)),
      deleted_reason: eb.fn.coalesce('deleted_reason', eb.val('Account erased')),
    }))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  await trx
    .updateTable('chat_room')
    .set({ pinned_message_id: null, updated_at: when })
    .where('pinned_message_id', 'in', mine)
    .execute();
  await trx
    .updateTable('chat_report')
    .set({ status: 'resolved', resolved_at: when, resolution_note: 'The author’s account was erased' })
    .where('status', '=', 'open')
    .where('message_id', 'in', mine)
    .execute();
  await trx.deleteFrom('chat_report').where('reporter_id', '=', userId).execute();
  return Number(result.numUpdatedRows);
}
