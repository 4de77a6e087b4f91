// Match statuses (issue #3): the states a match can be in, and which count as played.
// No zod here: every match row in the browser reads these, and zod would join the
// first-load JavaScript of every page. The schema is in match-schemas.ts.

export const MATCH_STATUSES = ['scheduled', 'live', 'half-time', 'finished', 'postponed', 'cancelled', 'abandoned', 'awarded'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** Results that count in a table: played to the end, or awarded by the competition. */
export function countsInTable(status: MatchStatus): boolean {
  return status === 'finished' || status === 'awarded';
}

export function isLive(status: MatchStatus): boolean {
  return status === 'live' || status === 'half-time';
}
