import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { toAddressKey, type RateLimits } from '../../platform/rate-limit.ts';
import { insertContactMessage } from './contact.queries.ts';
import { contactMessageInputSchema, type ContactMessage } from './contact.schemas.ts';

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
      const message = await insertContactMessage(db, parsed.data, clock.now());
      return { ok: true, message };
    },
  };
}
