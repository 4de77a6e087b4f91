// Contracts of the CMS's hot-matches screen (issue #20): its JSON API under
// /api/cms/hot-matches and its forms read these schemas.
import { z } from 'zod';
import { matchSummarySchema } from '../../../domain/football-contracts.ts';
import { isPlainLine } from '../../../domain/text.ts';

export const HOT_LABEL_MAX = 24;

/** "Derby", "Final": a few words beside the match; empty text or null for none. */
const labelSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value),
  z
    .string({ error: 'A label is text' })
    .max(HOT_LABEL_MAX, `Use at most ${HOT_LABEL_MAX} characters`)
    .refine(isPlainLine, 'Use one line of plain text')
    .nullable(),
);

const positionSchema = z.coerce
  .number({ error: 'A position is a number: 1 is first' })
  .int('A position is a whole number')
  .min(1, 'Positions start at 1')
  .max(1000, 'Give a position up to 1000');

export const pinInputSchema = z.object({
  matchId: z.coerce.number({ error: 'Choose a match' }).int('Choose a match').positive('Choose a match'),
  label: labelSchema.optional(),
  /** 1 is first; the end of the list when absent. */
  position: positionSchema.optional(),
});

export const pinChangeSchema = z
  .object({ label: labelSchema.optional(), position: positionSchema.optional() })
  .refine((change) => change.label !== undefined || change.position !== undefined, 'Give a label or a position');

export const hotSearchQuerySchema = z.object({
  /** A team or a competition, as the site's search reads it; empty for every match. */
  q: z.string().trim().max(100, 'Use at most 100 characters').default(''),
  /** A UTC day; absent: from yesterday to a month ahead. */
  date: z.iso.date({ error: 'Write the date as 2026-11-27' }).optional(),
});

export const pinnedMatchSchema = z.object({
  matchId: z.number().int(),
  /** 1 is first. */
  position: z.number().int(),
  label: z.string().nullable(),
  pinnedBy: z.number().int(),
  pinnedAt: z.string(),
  /** In UTC: showing today (or live), upcoming (waits for its day), over, or off (postponed or cancelled). */
  state: z.enum(['showing', 'upcoming', 'over', 'off']),
  match: matchSummarySchema,
});
export type PinnedMatchView = z.infer<typeof pinnedMatchSchema>;

export const pinListSchema = z.object({ pins: z.array(pinnedMatchSchema) });
