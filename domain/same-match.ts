// One rule for "this is the same real match" (decision 009), for every source
// that may meet a match another source stored first: the Fjelstul and Wyscout
// importers and the live pipeline (issue #18; each used to have its own).
//
// Within one season (the caller's query), two records are the same match when
// they name the same two teams and kick off on the same day:
// - both kick-off times known: within 36 hours of each other. A late local
//   kick-off falls on the next UTC date (21:00 in Manaus is 01:00 UTC), and
//   sources disagree on time zones; the same two teams never meet twice in a
//   season within 36 hours (two legs or a replay are days apart);
// - either time unknown (a source that stored only the date, at midnight UTC):
//   calendar dates at most one day apart.
// Home and away are compared as given only when the caller trusts them (a
// live provider's fixture); sources that list the teams in another order
// (tournament data at neutral venues) match either way round.
// Of several candidates, the one kicking off nearest wins.

export const SAME_MATCH_WITHIN_MS = 36 * 3_600_000;
const DAY_MS = 86_400_000;

export interface MatchIdentity {
  homeTeamId: number;
  awayTeamId: number;
  /** ISO 8601 instant; at midnight UTC when only the date is known. */
  kickoffAt: string;
  kickoffTimeKnown: boolean;
}

export interface SameMatchOptions {
  /** True when home and away must match as given; false lets them match either way round. */
  sidesFixed: boolean;
}

function utcDateMs(iso: string): number {
  return Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
}

/** Whether `a` and `b` (of one season) are the same real match. */
export function isSameMatch(a: MatchIdentity, b: MatchIdentity, options: SameMatchOptions): boolean {
  const asGiven = a.homeTeamId === b.homeTeamId && a.awayTeamId === b.awayTeamId;
  const reversed = a.homeTeamId === b.awayTeamId && a.awayTeamId === b.homeTeamId;
  if (!asGiven && !(reversed && !options.sidesFixed)) return false;
  if (a.kickoffTimeKnown && b.kickoffTimeKnown) {
    return Math.abs(Date.parse(a.kickoffAt) - Date.parse(b.kickoffAt)) <= SAME_MATCH_WITHIN_MS;
  }
  return Math.abs(utcDateMs(a.kickoffAt) - utcDateMs(b.kickoffAt)) <= DAY_MS;
}

/** The stored match that is the same as `match`, the nearest in time when several are; undefined when none is. */
export function findSameMatch<T extends MatchIdentity>(
  stored: readonly T[],
  match: MatchIdentity,
  options: SameMatchOptions,
): T | undefined {
  const at = Date.parse(match.kickoffAt);
  let best: T | undefined;
  for (const candidate of stored) {
    if (!isSameMatch(candidate, match, options)) continue;
    if (
      best === undefined ||
      Math.abs(Date.parse(candidate.kickoffAt) - at) < Math.abs(Date.parse(best.kickoffAt) - at)
    )
      best = candidate;
  }
  return best;
}
