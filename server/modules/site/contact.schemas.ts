import { z } from 'zod';
import { CONTACT_TOPICS } from '../../../domain/contact-contracts.ts';
import { isPlainLine, isPlainText } from '../../../domain/text.ts';

/** One schema for the contact form and POST /api/contact. */
export const contactMessageInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please tell us your name')
    .max(100, 'Please keep your name under 100 characters')
    .refine(isPlainLine, 'Please write your name without control characters'),
  email: z
    .string()
    .max(254, { error: 'Please enter a valid email address so we can reply', abort: true })
    .pipe(z.email('Please enter a valid email address so we can reply')),
  topic: z.enum(CONTACT_TOPICS, 'Please choose what your message is about'),
  message: z
    .string()
    .trim()
    .min(10, 'Please write at least 10 characters')
    .max(5000, 'Please keep your message under 5,000 characters')
    .refine(isPlainText, 'Please remove the control characters from your message'),
});

export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageSchema = contactMessageInputSchema.extend({
  id: z.number().int(),
  createdAt: z.string(),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

// ---- The inbox (issue #20): the staff read, handle and answer the messages in the CMS ----

export const INBOX_FILTERS = ['unread', 'open', 'handled'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const inboxQuerySchema = z.object({
  /** unread: nobody opened it yet; open: not handled (read or not); handled: done. Absent: all. */
  status: z.enum(INBOX_FILTERS, { error: 'Choose unread, open or handled' }).optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const inboxMessageSchema = contactMessageSchema.extend({
  readAt: z.string().nullable(),
  handledAt: z.string().nullable(),
  /** The staff member who marked it handled (an id: it outlives their account). */
  handledBy: z.number().int().nullable(),
  replies: z.number().int(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxPageSchema = z.object({
  messages: z.array(inboxMessageSchema),
  /** Pass as `cursor` for older messages; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const contactReplySchema = z.object({
  id: z.number().int(),
  body: z.string(),
  sentBy: z.number().int(),
  createdAt: z.string(),
  /** smtp: handed to the mail server; outbox: kept in the outbox (no SMTP, or it refused); null: being sent. */
  delivery: z.enum(['smtp', 'outbox']).nullable(),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

export const replyInputSchema = z.object({
  body: z
    .string({ error: 'Write your reply' })
    .trim()
    .min(2, 'Write your reply')
    .max(5000, 'Keep the reply under 5,000 characters')
    .refine(isPlainText, 'Remove the control characters from the reply'),
});

export const inboxChangeSchema = z
  .object({
    handled: z.boolean().optional(),
    /** false marks it unread again. */
    read: z.boolean().optional(),
  })
  .refine((change) => change.handled !== undefined || change.read !== undefined, { error: 'Give handled or read' });
export type InboxChange = z.infer<typeof inboxChangeSchema>;
