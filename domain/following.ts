// What home's Following section shows (issue #19, "Following and tables"): each
// followed team's next match and last result, the followed competitions and
// the followed matches. The visitor's favourites live on the device
// (app/lib/preferences/favourites.ts), so the page asks GET /api/following for
// them after hydration. This is the rule that picks a team's next and last
// match; the answer's shape is in following-contracts.ts. No zod here: the
// section's code reads FOLLOWING_LIMIT, and zod loads only with an answer.
import type { MatchSummary } from './football-contracts.ts';
import { countsInTable, isLive, isToCome } from './match-status.ts';
import { compareIso } from './time-zones.ts';

/** At most this many of each kind per request: a longer list is cut, in the order the visitor starred them. */
export const FOLLOWING_LIMIT = 50;

/**
 * A team's next and last match among `matches` (any order, duplicates allowed), as they stand at `now`.
 * - next: a live match first; else the earliest scheduled match still to come. A past match that never got
 *   a result is not to come (isToCome, issue #19: never a "next match"), nor is a postponed one, which is
 *   not played on its date whatever comes after it.
 * - last: the latest result, played to the end or awarded. A match without one (result missing, cancelled,
 *   abandoned) is passed over: it has no score to show.
 */
export function pickNextAndLast(
  matches: readonly MatchSummary[],
  now: Date | number,
): { next: MatchSummary | null; last: MatchSummary | null } {
  const byKickoff = [...matches].sort((a, b) => compareIso(a.kickoffAt, b.kickoffAt) || a.id - b.id);
  const live = byKickoff.find((match) => isLive(match.status));
  const next = live ?? byKickoff.find((match) => match.status === 'scheduled' && isToCome(match, now)) ?? null;
  const last =
    byKickoff
      .filter((match) => countsInTable(match.status) && match.score.home !== null && match.score.away !== null)
      .at(-1) ?? null;
  return { next, last };
}

/**
 * Followed matches in the order the section lists them: those under way, then those to come (soonest
 * first), then the rest, latest first: a match starred weeks ago sinks as it recedes.
 */
export function orderFollowedMatches(matches: readonly MatchSummary[], now: Date | number): MatchSummary[] {
  const rank = (match: MatchSummary) => (isLive(match.status) ? 0 : isToCome(match, now) ? 1 : 2);
  return [...matches].sort((a, b) => {
    const byRank = rank(a) - rank(b);
    if (byRank !== 0) return byRank;
    const byKickoff = compareIso(a.kickoffAt, b.kickoffAt) || a.id - b.id;
    return rank(a) === 2 ? -byKickoff : byKickoff;
  });
}
