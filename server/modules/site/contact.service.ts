import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { toAddressKey, type RateLimits } from '../../platform/rate-limit.ts';
import * as q from './contact.queries.ts';
import {
  contactMessageInputSchema,
  type ContactMessage,
  type ContactReply,
  type InboxMessage,
  type InboxPage,
  type InboxQuery,
} from './contact.schemas.ts';

type Db = Kysely<Database>;

/**
 * Issue #17: 100 messages in a tenth of a second were all stored. A sender
 * (one address; an IPv6 /64 counts as one) may send 5 messages in 15 minutes,
 * and one reply address may be named in 10 a day, whoever sends them.
 */
export const CONTACT_MESSAGES_PER_ADDRESS = 5;
export const CONTACT_ADDRESS_WINDOW_SECONDS = 15 * 60;
export const CONTACT_MESSAGES_PER_REPLY_ADDRESS = 10;
export const CONTACT_THROTTLED_MESSAGE = 'You have sent several messages in a short time. Please wait and try again';

export type ContactResult =
  | { ok: true; message: ContactMessage }
  | { ok: false; code: 'invalid_input'; fields: Record<string, string> }
  | { ok: false; code: 'throttled'; message: string; retryAfterSeconds: number };

export interface ContactSender {
  /** The client address (the request's, or the proxy's when TRUST_PROXY is set). */
  ip: string;
}

export interface ContactService {
  /** Validates and stores a message from the contact form or API, within the sender's limits. */
  submitMessage(input: unknown, sender: ContactSender): Promise<ContactResult>;

  // The staff's inbox (issue #20). The CMS calls these; writes take its transaction,
  // so its audit entry commits with the change it describes.
  listInbox(query: InboxQuery): Promise<InboxPage>;
  /** A message and the replies sent to it; null when there is none. */
  readThread(id: number): Promise<{ message: InboxMessage; replies: ContactReply[] } | null>;
  /** Marks it read or unread; answers whether it was read before (null: no such message). */
  setRead(trx: Db, id: number, read: boolean): Promise<boolean | null>;
  /** Marks it handled by `by`, or open again (null); answers whether it was handled before. */
  setHandled(trx: Db, id: number, handled: { by: number } | null): Promise<boolean | null>;
  /** Keeps a staff reply in the thread, not yet sent (see recordDelivery). */
  addReply(trx: Db, id: number, reply: { body: string; sentBy: number }): Promise<ContactReply>;
  recordDelivery(replyId: number, delivery: 'smtp' | 'outbox'): Promise<void>;
  /** The dashboard's figure: messages nobody has opened. */
  countUnread(): Promise<number>;
  /** An erased account's messages (sent from its address, however typed); answers how many went. */
  eraseMessagesFrom(trx: Db, email: string): Promise<number>;
}

export function createContactService(db: Kysely<Database>, clock: Clock, rateLimits: RateLimits): ContactService {
  const perSender = rateLimits.create('contact:address', {
    points: CONTACT_MESSAGES_PER_ADDRESS,
    durationSeconds: CONTACT_ADDRESS_WINDOW_SECONDS,
  });
  const perReplyAddress = rateLimits.create('contact:reply-address', {
    points: CONTACT_MESSAGES_PER_REPLY_ADDRESS,
    durationSeconds: 24 * 60 * 60,
  });
  return {
    async submitMessage(input, sender) {
      const parsed = contactMessageInputSchema.safeParse(input);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? 'form');
          fields[key] ??= issue.message;
        }
        return { ok: false, code: 'invalid_input', fields };
      }
      // Only valid messages count: a form sent back for a missing field costs nothing.
      const fromSender = await perSender.consume(toAddressKey(sender.ip));
      if (!fromSender.ok) {
        return {
          ok: false,
          code: 'throttled',
          message: CONTACT_THROTTLED_MESSAGE,
          retryAfterSeconds: fromSender.retryAfterSeconds,
        };
      }
      const toAddress = await perReplyAddress.consume(parsed.data.email.toLowerCase());
      if (!toAddress.ok) {
        await perSender.reward(toAddressKey(sender.ip));
        return {
          ok: false,
          code: 'throttled',
          message: CONTACT_THROTTLED_MESSAGE,
          retryAfterSeconds: toAddress.retryAfterSeconds,
        };
      }
      const message = await q.insertContactMessage(db, parsed.data, clock.now());
      return { ok: true, message };
    },

    async listInbox(query) {
      // One row more than the page tells whether older messages follow.
      const rows = await q.listInbox(db, { ...query, limit: query.limit + 1 });
      const messages = rows.slice(0, query.limit);
      const last = messages.at(-1);
      return { messages, nextCursor: rows.length > query.limit && last ? last.id : null };
    },

    async readThread(id) {
      const message = await q.findInboxMessage(db, id);
      return message ? { message, replies: await q.listReplies(db, id) } : null;
    },

    setRead: (trx, id, read) => q.setRead(trx, id, read, clock.now()),
    setHandled: (trx, id, handled) => q.setHandled(trx, id, handled, clock.now()),
    addReply: (trx, id, reply) => q.insertReply(trx, id, reply, clock.now()),
    recordDelivery: (replyId, delivery) => q.setReplyDelivery(db, replyId, delivery),
    countUnread: () => q.countUnread(db),
    eraseMessagesFrom: (trx, email) => q.deleteMessagesFrom(trx, email),
  };
}
