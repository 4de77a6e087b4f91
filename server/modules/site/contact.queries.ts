import type { Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { ContactMessage, ContactMessageInput } from './contact.schemas.ts';

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
