// The contact form's messages (issue #17) and the staff's inbox of them (issue #20).
import { sql, type Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { ContactTopic } from '../../../domain/contact-contracts.ts';
import type { ContactMessage, ContactMessageInput, ContactReply, InboxMessage, InboxQuery } from './contact.schemas.ts';

type Db = Kysely<Database>;

export async function insertContactMessage(db: Kysely<Database>, input: ContactMessageInput, createdAt: Date): Promise<ContactMessage> {
  const row = await db
    .insertInto('contact_message')
    .values({ ...input, created_at: createdAt.toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    topic: input.topic,
    message: row.message,
    createdAt: toIsoString(row.created_at),
  };
}

export async function countContactMessages(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('contact_message').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

const iso = (value: string | Date | null) => (value === null ? null : toIsoString(value));

/**
 * One page of the staff's inbox, newest first (ids grow with time), after the
 * previous page's last id: unread, open or handled, each served by an index of
 * migration 0009.
 */
export async function listInbox(db: Db, query: InboxQuery): Promise<InboxMessage[]> {
  let select = db
    .selectFrom('contact_message as m')
    .select((eb) => [
      'm.id',
      'm.name',
      'm.email',
      'm.topic',
      'm.message',
      'm.created_at',
      'm.read_at',
      'm.handled_at',
      'm.handled_by',
      eb
        .selectFrom('contact_reply as r')
        .select((inner) => inner.fn.countAll<string | number>().as('count'))
        .whereRef('r.message_id', '=', 'm.id')
        .as('replies'),
    ])
    .orderBy('m.id', 'desc')
    .limit(query.limit);
  if (query.status === 'unread') select = select.where('m.read_at', 'is', null);
  if (query.status === 'open') select = select.where('m.handled_at', 'is', null);
  if (query.status === 'handled') select = select.where('m.handled_at', 'is not', null);
  if (query.cursor !== undefined) select = select.where('m.id', '<', query.cursor);
  const rows = await select.execute();
  return rows.map(toInboxMessage);
}

function toInboxMessage(row: {
  id: number | string;
  name: string;
  email: string;
  topic: string;
  message: string;
  created_at: string | Date;
  read_at: string | Date | null;
  handled_at: string | Date | null;
  handled_by: number | string | null;
  replies: number | string | null;
}): InboxMessage {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    topic: row.topic as ContactTopic,
    message: row.message,
    createdAt: toIsoString(row.created_at),
    readAt: iso(row.read_at),
    handledAt: iso(row.handled_at),
    handledBy: row.handled_by === null ? null : Number(row.handled_by),
    replies: Number(row.replies ?? 0),
  };
}

export async function findInboxMessage(db: Db, id: number): Promise<InboxMessage | null> {
  const row = await db
    .selectFrom('contact_message as m')
    .select((eb) => [
      'm.id',
      'm.name',
      'm.email',
      'm.topic',
      'm.message',
      'm.created_at',
      'm.read_at',
      'm.handled_at',
      'm.handled_by',
      eb
        .selectFrom('contact_reply as r')
        .select((inner) => inner.fn.countAll<string | number>().as('count'))
        .whereRef('r.message_id', '=', 'm.id')
        .as('replies'),
    ])
    .where('m.id', '=', id)
    .executeTakeFirst();
  return row ? toInboxMessage(row) : null;
}

export async function listReplies(db: Db, messageId: number): Promise<ContactReply[]> {
  const rows = await db.selectFrom('contact_reply').selectAll().where('message_id', '=', messageId).orderBy('id').execute();
  return rows.map(toReply);
}

function toReply(row: {
  id: number | string;
  body: string;
  sent_by: number | string;
  created_at: string | Date;
  delivery: string | null;
}): ContactReply {
  return {
    id: Number(row.id),
    body: row.body,
    sentBy: Number(row.sent_by),
    createdAt: toIsoString(row.created_at),
    delivery: row.delivery === 'smtp' || row.delivery === 'outbox' ? row.delivery : null,
  };
}

/** Sets or clears read_at; answers whether it was read before (null: no such message). */
export async function setRead(db: Db, id: number, read: boolean, now: Date): Promise<boolean | null> {
  const row = await db.selectFrom('contact_message').select('read_at').where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const wasRead = row.read_at !== null;
  if (wasRead !== read) {
    await db
      .updateTable('contact_message')
      .set({ read_at: read ? now.toISOString() : null })
      .where('id', '=', id)
      .execute();
  }
  return wasRead;
}

/** Marks handled (by whom) or open again; answers whether it was handled before (null: no such message). */
export async function setHandled(db: Db, id: number, handled: { by: number } | null, now: Date): Promise<boolean | null> {
  const row = await db.selectFrom('contact_message').select(['handled_at', 'read_at']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const wasHandled = row.handled_at !== null;
  if (wasHandled !== (handled !== null)) {
    await db
      .updateTable('contact_message')
      .set({
        handled_at: handled ? now.toISOString() : null,
        handled_by: handled ? handled.by : null,
        // Handled is read, whoever opened it.
        ...(handled && row.read_at === null ? { read_at: now.toISOString() } : {}),
      })
      .where('id', '=', id)
      .execute();
  }
  return wasHandled;
}

export async function insertReply(db: Db, messageId: number, reply: { body: string; sentBy: number }, now: Date): Promise<ContactReply> {
  const row = await db
    .insertInto('contact_reply')
    .values({ message_id: messageId, body: reply.body, sent_by: reply.sentBy, created_at: now.toISOString(), delivery: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toReply(row);
}

export async function setReplyDelivery(db: Db, replyId: number, delivery: 'smtp' | 'outbox'): Promise<void> {
  await db.updateTable('contact_reply').set({ delivery }).where('id', '=', replyId).execute();
}

export async function countUnread(db: Db): Promise<number> {
  const row = await db
    .selectFrom('contact_message')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes the messages sent from `email`, however it was typed (their replies go with them); answers how many. */
export async function deleteMessagesFrom(db: Db, email: string): Promise<number> {
  const result = await db
    .deleteFrom('contact_message')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
