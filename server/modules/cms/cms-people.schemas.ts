// Contracts of the CMS's Users and Messages screens (issue #20): what the JSON API
// under /api/cms/users and /api/cms/messages takes and answers, and what the
// pages' forms send. The accounts' and messages' own shapes come from their
// modules (auth.users.schemas.ts, contact.schemas.ts).
import { z } from 'zod';
import { userDetailSchema } from '../auth/auth.users.schemas.ts';
import { contactReplySchema, inboxMessageSchema } from '../site/contact.schemas.ts';
import { reasonSchema } from './cms.schemas.ts';

export const banInputSchema = z.object({ reason: reasonSchema });

/** Erasing cannot be undone: the caller types the account's address again, as the page's dialog asks. */
export const eraseInputSchema = z.object({
  confirmEmail: z.string({ error: "Type the account's email address to confirm" }).trim().max(254),
});

/** An account as the Users screen shows it: the accounts module's view, and whether this staff member may act on it. */
export const cmsUserSchema = userDetailSchema.extend({
  /**
   * Why this staff member may not ban, unban, reset or erase it (staff accounts are an
   * administrator's, on the Staff screen; nobody erases themselves here); null when they may.
   */
  lockedReason: z.string().nullable(),
});
export type CmsUser = z.infer<typeof cmsUserSchema>;

export const cmsThreadSchema = z.object({
  message: inboxMessageSchema.extend({ handledByName: z.string().nullable() }),
  /** Oldest first. `sentByName` is null once that staff account has been erased. */
  replies: z.array(contactReplySchema.extend({ sentByName: z.string().nullable() })),
});
export type CmsThread = z.infer<typeof cmsThreadSchema>;
