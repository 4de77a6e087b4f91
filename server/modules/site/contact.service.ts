import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { insertContactMessage } from './contact.queries.ts';
import { contactMessageInputSchema, type ContactMessage } from './contact.schemas.ts';

export type ContactResult =
  | { ok: true; message: ContactMessage }
  | { ok: false; fields: Record<string, string> };

export interface ContactService {
  /** Validates and stores a message from the contact form or API. */
  submitMessage(input: unknown): Promise<ContactResult>;
}

export function createContactService(db: Kysely<Database>, clock: Clock): ContactService {
  return {
    async submitMessage(input) {
      const parsed = contactMessageInputSchema.safeParse(input);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? 'form');
          fields[key] ??= issue.message;
        }
        return { ok: false, fields };
      }
      const message = await insertContactMessage(db, parsed.data, clock.now());
      return { ok: true, message };
    },
  };
}
