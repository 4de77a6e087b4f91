// Match statuses (issue #3): the states a match can be in, and which count as played.
import { z } from 'zod';

export const MATCH_STATUSES = ['scheduled', 'live', 'half-time', 'finished', 'postponed', 'cancelled', 'abandoned', 'awarded'] as const;
export const matchStatusSchema = z.enum(MATCH_STATUSES);
export type MatchStatus = z.infer<typeof matchStatusSchema>;

/** Results that count in a table: played to the end, or awarded by the competition. */
export function countsInTable(status: MatchStatus): boolean {
  return status === 'finished' || status === 'awarded';
}

export function isLive(status: MatchStatus): boolean {
  return status === 'live' || status === 'half-time';
}
