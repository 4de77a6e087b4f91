// Staff corrections of a match (issue #20, docs/decisions/019-staff-corrections.md):
// a score, status or kick-off time set by hand with a reason. A correction goes
// through the live path like a provider's change, and it *holds*: a later provider
// snapshot that disagrees on a corrected field does not overwrite it. It is let go
// when the provider comes to agree (the data caught up) or when staff release it.
import { z } from 'zod';
import { MATCH_STATUSES, type MatchStatus } from './match-status.ts';

/** The fields staff may set; absent ones are left as they are. */
export interface CorrectedFields {
  home?: number;
  away?: number;
  status?: MatchStatus;
  kickoffAt?: string;
}

const SCORE_MESSAGE = 'Give the score as a whole number from 0 to 99';
const scoreSchema = z.number({ error: SCORE_MESSAGE }).int(SCORE_MESSAGE).min(0, SCORE_MESSAGE).max(99, SCORE_MESSAGE);

export const correctionInputSchema = z
  .object({
    home: scoreSchema.optional(),
    away: scoreSchema.optional(),
    status: z.enum(MATCH_STATUSES, { error: 'Choose a status from the list' }).optional(),
    kickoffAt: z.iso
      .datetime({ offset: true, error: 'Give the kick-off as a date and time, e.g. 2026-11-28T15:00:00Z' })
      .optional(),
    reason: z
      .string({ error: 'Say why the match is corrected' })
      .trim()
      .min(3, 'Say why the match is corrected (at least 3 characters)')
      .max(300, 'Use at most 300 characters'),
  })
  .refine((input) => (input.home === undefined) === (input.away === undefined), {
    error: 'Give both scores or neither',
    path: ['away'],
  })
  .refine((input) => input.home !== undefined || input.status !== undefined || input.kickoffAt !== undefined, {
    error: 'Change the score, the status or the kick-off time',
    path: ['status'],
  });
export type CorrectionInput = z.infer<typeof correctionInputSchema>;

/** The corrected fields as the match holds them. */
export interface MatchFacts {
  home: number | null;
  away: number | null;
  status: MatchStatus;
  kickoffAt: string;
}

/** The corrected values staff asked for, over what the match holds: the new facts. */
export function correctedFacts(current: MatchFacts, fields: CorrectedFields): MatchFacts {
  return {
    home: fields.home ?? current.home,
    away: fields.away ?? current.away,
    status: fields.status ?? current.status,
    kickoffAt: fields.kickoffAt ? new Date(fields.kickoffAt).toISOString() : current.kickoffAt,
  };
}

/** The fields of `fields` whose value differs from `current` (nothing to do when empty). */
export function changedFacts(current: MatchFacts, fields: CorrectedFields): CorrectedFields {
  const next = correctedFacts(current, fields);
  const changed: CorrectedFields = {};
  if (fields.home !== undefined && (next.home !== current.home || next.away !== current.away)) {
    changed.home = next.home ?? 0;
    changed.away = next.away ?? 0;
  }
  if (fields.status !== undefined && next.status !== current.status) changed.status = next.status;
  if (fields.kickoffAt !== undefined && next.kickoffAt !== current.kickoffAt) changed.kickoffAt = next.kickoffAt;
  return changed;
}

/**
 * What a provider snapshot may write over a held correction: a corrected field keeps
 * the staff's value; `agrees` tells whether the provider now says the same on every
 * held field (the correction can then be let go).
 */
export function holdCorrection(
  provider: { home: number | null; away: number | null; status: MatchStatus },
  held: CorrectedFields,
): { home: number | null; away: number | null; status: MatchStatus; agrees: boolean } {
  const scoreHeld = held.home !== undefined && held.away !== undefined;
  const agrees =
    (!scoreHeld || (provider.home === held.home && provider.away === held.away)) &&
    (held.status === undefined || provider.status === held.status);
  return {
    home: scoreHeld ? (held.home ?? null) : provider.home,
    away: scoreHeld ? (held.away ?? null) : provider.away,
    status: held.status ?? provider.status,
    agrees,
  };
}

/** The commentary line a correction adds, so everyone watching sees it was staff, and why. */
export function correctionLine(fields: CorrectedFields, reason: string, names: { home: string; away: string }): string {
  const parts: string[] = [];
  if (fields.home !== undefined && fields.away !== undefined)
    parts.push(`the score is ${names.home} ${fields.home}–${fields.away} ${names.away}`);
  if (fields.status !== undefined) parts.push(`the status is ${fields.status.replace('-', ' ')}`);
  if (fields.kickoffAt !== undefined)
    parts.push(`kick-off is at ${fields.kickoffAt.slice(0, 16).replace('T', ' ')} UTC`);
  return `Staff correction: ${parts.join('; ')}. Reason: ${reason.trim().replace(/[.]+$/, '')}.`;
}
