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

/**
 * A scheduled match this long past its kick-off without a result has none in our data (issue #19): it is
 * "result not available", never "Not started", never a next match or a next fixture. Long enough for any
 * delay, extra time and penalties.
 */
export const RESULT_OVERDUE_MS = 6 * 60 * 60 * 1000;

/** True when `match` kicked off over six hours ago and is still only scheduled: its result is not in our data. */
export function isResultMissing(match: { status: MatchStatus; kickoffAt: string }, now: Date | number): boolean {
  const at = typeof now === 'number' ? now : now.getTime();
  return match.status === 'scheduled' && at - Date.parse(match.kickoffAt) > RESULT_OVERDUE_MS;
}

/** A match still to come: scheduled (and not overdue) or postponed. Live matches are neither to come nor results. */
export function isToCome(match: { status: MatchStatus; kickoffAt: string }, now: Date | number): boolean {
  return (match.status === 'scheduled' && !isResultMissing(match, now)) || match.status === 'postponed';
}
