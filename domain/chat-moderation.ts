// Chat moderation (issue #23): what staff with the scope cms:chat see and send, in the match page and in
// the CMS — the reports queue, sanctions (timeouts and bans), rooms. The API under /api/cms/chat and the
// CMS screens' forms read the same schemas.
import { z } from 'zod';
import { chatMessageSchema, chatRoomStateSchema } from './chat-contracts.ts';

const reasonSchema = z.string().trim().min(1, 'Give a reason').max(500, 'At most 500 characters');
const optionalNoteSchema = z.string().trim().max(500, 'At most 500 characters').optional();

export const CHAT_REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export const chatReportStatusSchema = z.enum(CHAT_REPORT_STATUSES);
export type ChatReportStatus = z.infer<typeof chatReportStatusSchema>;

/** A message as moderation sees it: deleted ones too, with when. */
export const moderatedMessageSchema = chatMessageSchema.extend({ deletedAt: z.string().nullable() });
export type ModeratedMessage = z.infer<typeof moderatedMessageSchema>;

export const chatReportSchema = z.object({
  id: z.number().int(),
  status: chatReportStatusSchema,
  reason: z.string(),
  createdAt: z.string(),
  reporter: z.object({ id: z.number().int(), displayName: z.string().nullable() }),
  message: moderatedMessageSchema,
  /** Open reports of the same message (this one included). */
  openReportsOnMessage: z.number().int(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type ChatReport = z.infer<typeof chatReportSchema>;

export const chatReportQuerySchema = z.object({
  status: chatReportStatusSchema.default('open'),
  matchId: z.coerce.number().int().positive().optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ChatReportQuery = z.infer<typeof chatReportQuerySchema>;

export const chatReportPageSchema = z.object({
  reports: z.array(chatReportSchema),
  nextCursor: z.number().int().nullable(),
});
export type ChatReportPage = z.infer<typeof chatReportPageSchema>;

export const resolveReportInputSchema = z.object({
  /** resolved: acted on (e.g. the message deleted); dismissed: nothing wrong. */
  outcome: z.enum(['resolved', 'dismissed'], { error: 'Choose resolved or dismissed' }),
  note: optionalNoteSchema,
});
export type ResolveReportInput = z.infer<typeof resolveReportInputSchema>;

export const deleteMessageInputSchema = z.object({ reason: optionalNoteSchema });

export const CHAT_SANCTION_KINDS = ['timeout', 'ban'] as const;
export const chatSanctionKindSchema = z.enum(CHAT_SANCTION_KINDS);
export type ChatSanctionKind = z.infer<typeof chatSanctionKindSchema>;

/** The longest timeout: a week. Longer is a ban (which may also have an end). */
export const CHAT_TIMEOUT_MAX_MINUTES = 7 * 24 * 60;

export const chatSanctionInputSchema = z
  .object({
    userId: z.number().int().positive(),
    kind: chatSanctionKindSchema,
    /** The room; absent or null: all chat. */
    matchId: z.number().int().positive().nullable().optional(),
    /** A timeout's length (required); a ban's (absent: until lifted). */
    minutes: z
      .number()
      .int()
      .min(1)
      .max(366 * 24 * 60)
      .optional(),
    reason: reasonSchema,
  })
  .superRefine((input, context) => {
    if (input.kind === 'timeout' && input.minutes === undefined)
      context.addIssue({ code: 'custom', path: ['minutes'], message: 'A timeout needs its length in minutes' });
    if (input.kind === 'timeout' && input.minutes !== undefined && input.minutes > CHAT_TIMEOUT_MAX_MINUTES)
      context.addIssue({ code: 'custom', path: ['minutes'], message: 'A timeout is at most a week: ban instead' });
  });
export type ChatSanctionInput = z.infer<typeof chatSanctionInputSchema>;

export const chatSanctionSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), displayName: z.string().nullable() }),
  kind: chatSanctionKindSchema,
  /** null: all chat. */
  matchId: z.number().int().nullable(),
  reason: z.string(),
  /** null: until lifted. */
  until: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.number().int(),
  liftedAt: z.string().nullable(),
  /** In force now (not lifted, not over). */
  active: z.boolean(),
});
export type ChatSanction = z.infer<typeof chatSanctionSchema>;

export const chatSanctionQuerySchema = z.object({
  userId: z.coerce.number().int().positive().optional(),
  matchId: z.coerce.number().int().positive().optional(),
  /** 1 (default): only those in force now; 0: all, newest first. */
  active: z.enum(['0', '1']).default('1'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type ChatSanctionQuery = z.infer<typeof chatSanctionQuerySchema>;

export const slowModeInputSchema = z.object({
  /** 0 turns slow mode off. */
  seconds: z.number().int().min(0).max(3600, 'At most an hour'),
});
export const pinInputSchema = z.object({ messageId: z.number().int().positive() });
export const closeRoomInputSchema = z.object({ reason: optionalNoteSchema });

/** A room as the CMS lists it: those with messages, the most recently active first. */
export const chatRoomSummarySchema = z.object({
  matchId: z.number().int(),
  state: chatRoomStateSchema,
  slowModeSeconds: z.number().int(),
  pinnedMessageId: z.number().int().nullable(),
  closedAt: z.string().nullable(),
  closedReason: z.string().nullable(),
  messages: z.number().int(),
  openReports: z.number().int(),
  lastMessageAt: z.string().nullable(),
});
export type ChatRoomSummary = z.infer<typeof chatRoomSummarySchema>;

export const chatRoomListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const moderatedMessagesQuerySchema = z.object({
  matchId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type ModeratedMessagesQuery = z.infer<typeof moderatedMessagesQuerySchema>;
