// Pure ordering of match lists (issue #5): matches grouped by competition,
// competitions by importance, favourites pinned first, and the "hot" ranking.
import type { CompetitionRef, MatchSummary } from '../../../domain/football-contracts.ts';
import { isLive } from '../../../domain/match-status.ts';
import { compareNames } from '../../../domain/names.ts';
import { compareIso } from '../../../domain/time-zones.ts';
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

/**
 * Today's most important matches: live ones first, then the more important
 * competition, then the clash nearer the top of its table (the sum of both
 * teams' positions, where a table exists), then kick-off. `positions` maps a
 * team id to its league position in the match's competition.
 */
export function rankHotMatches(
  matches: readonly MatchSummary[],
  competitionOrder: readonly string[],
  positions: ReadonlyMap<string, ReadonlyMap<number, number>>,
  limit: number,
): MatchSummary[] {
  const tableWeight = (match: MatchSummary) => {
    const table = positions.get(match.competition.code);
    const home = table?.get(match.home.id);
    const away = table?.get(match.away.id);
    return home !== undefined && away !== undefined ? home + away : Number.POSITIVE_INFINITY;
  };
  const playable = matches.filter((match) => match.status !== 'postponed' && match.status !== 'cancelled');
  return [...playable]
    .sort((a, b) => {
      const weightA = tableWeight(a);
      const weightB = tableWeight(b);
      return (
        Number(isLive(b.status)) - Number(isLive(a.status)) ||
        rankIn(competitionOrder, a.competition.code) - rankIn(competitionOrder, b.competition.code) ||
        (weightA === weightB ? 0 : weightA < weightB ? -1 : 1) ||
        compareIso(a.kickoffAt, b.kickoffAt) ||
        a.id - b.id
      );
    })
    .slice(0, limit);
}
