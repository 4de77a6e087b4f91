// Match statuses (issue #3): the states a match can be in, and which count as played.
// No zod here: every match row in the browser reads these, and zod would join the
// first-load JavaScript of every page. The schema is in match-schemas.ts.

export const MATCH_STATUSES = [
  'scheduled',
  'live',
  'half-time',
  'finished',
  'postponed',
  'cancelled',
  'abandoned',
  'awarded',
] as const;
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
 * delay, extra time and penalties. A match whose time the source did not give is stored at midday local
 * time (db/seed/openfootball/kickoff.ts), so it gets until the next morning.
 */
export const RESULT_OVERDUE_MS = 6 * 60 * 60 * 1000;
export const RESULT_OVERDUE_TIME_UNKNOWN_MS = 30 * 60 * 60 * 1000;
/** A postponed match still waiting for its new date after this long is no fixture to come either. */
export const POSTPONED_STALE_MS = 14 * 24 * 60 * 60 * 1000;

interface Timed {
  status: MatchStatus;
  kickoffAt: string;
  /** False when the source gave only the date. */
  kickoffTimeKnown?: boolean;
}

const millis = (now: Date | number) => (typeof now === 'number' ? now : now.getTime());

/** True when `match` is still only scheduled well after its kick-off: its result is not in our data. */
export function isResultMissing(match: Timed, now: Date | number): boolean {
  const allowed = match.kickoffTimeKnown === false ? RESULT_OVERDUE_TIME_UNKNOWN_MS : RESULT_OVERDUE_MS;
  return match.status === 'scheduled' && millis(now) - Date.parse(match.kickoffAt) > allowed;
}

/** A match still to come: scheduled (and not overdue), or postponed lately. Live matches are neither to come nor results. */
export function isToCome(match: Timed, now: Date | number): boolean {
  if (match.status === 'postponed') return millis(now) - Date.parse(match.kickoffAt) <= POSTPONED_STALE_MS;
  return match.status === 'scheduled' && !isResultMissing(match, now);
}
