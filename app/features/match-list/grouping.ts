// Pure ordering of match lists (issue #5): matches grouped by competition,
// competitions by importance, favourites pinned first (the hot ranking is
// domain/hot-matches.ts).
import type { CompetitionRef, MatchSummary } from '../../../domain/football-contracts.ts';
import { compareNames } from '../../../domain/names.ts';
import type { Favourites } from '../../lib/preferences/favourites.ts';

export interface CompetitionGroup {
  competition: CompetitionRef;
  matches: MatchSummary[];
  /** The competition is starred, or one of its matches involves a starred team or is starred itself. */
  pinned: boolean;
}

/** Whether a match involves a starred team or is starred itself. */
export function isFavouriteMatch(match: MatchSummary, favourites: Favourites): boolean {
  return (
    favourites.matches.includes(match.id) ||
    favourites.teams.includes(match.home.id) ||
    favourites.teams.includes(match.away.id)
  );
}

/** Rank of a competition in `order` (most important first); unknown codes come last. */
function rankIn(order: readonly string[], code: string): number {
  const index = order.indexOf(code);
  return index === -1 ? order.length : index;
}

/**
 * Matches grouped by competition. Groups: pinned ones first, then by the
 * competition order (most important first), then by name. Inside a group the
 * given order (kick-off) is kept, except favourite matches come first.
 */
export function groupByCompetition(
  matches: readonly MatchSummary[],
  competitionOrder: readonly string[],
  favourites: Favourites,
): CompetitionGroup[] {
  const groups = new Map<string, CompetitionGroup>();
  for (const match of matches) {
    let group = groups.get(match.competition.code);
    if (!group) {
      group = {
        competition: match.competition,
        matches: [],
        pinned: favourites.competitions.includes(match.competition.code),
      };
      groups.set(match.competition.code, group);
    }
    group.matches.push(match);
  }
  for (const group of groups.values()) {
    const favourite = group.matches.filter((match) => isFavouriteMatch(match, favourites));
    if (favourite.length > 0) {
      group.pinned = true;
      group.matches = [...favourite, ...group.matches.filter((match) => !favourite.includes(match))];
    }
  }
  return [...groups.values()].sort(
    (a, b) =>
      Number(b.pinned) - Number(a.pinned) ||
      rankIn(competitionOrder, a.competition.code) - rankIn(competitionOrder, b.competition.code) ||
      compareNames(a.competition.name, b.competition.name),
  );
}
