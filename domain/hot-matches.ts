// The hot list of a day (issue #5, pins issue #20): /hot-match-today and home's
// hot section. Staff pins come first, in the order staff gave them, each with
// its label; the automatic choice fills the rest. Pure: the football module
// reads the matches and pins, the pages render the answer.
import type { MatchSummary } from './football-contracts.ts';
import { isLive } from './match-status.ts';
import { compareIso } from './time-zones.ts';

/** A pinned match, in pin order, with the label staff gave it (null for none). */
export interface HotPin {
  match: MatchSummary;
  label: string | null;
}

/** The hot list: pinned matches first (`pinned` of them, with their labels by match id), then the automatic choice. */
export interface HotList {
  matches: MatchSummary[];
  /** How many of `matches`, from the start, are pins. */
  pinned: number;
  /** Labels of pinned matches, by match id (as a string: loader data is JSON). */
  labels: Record<string, string>;
}

/** Matches that will not be played as planned: never hot, pinned or not. */
const isOff = (match: MatchSummary) => match.status === 'postponed' || match.status === 'cancelled';

/**
 * Whether a pin shows on the hot list of the day running from `dayStart` to `dayEnd` (the visitor's day, in
 * UTC): its match kicks off that day, or is live now (a late kick-off the day before, still being played).
 * Pins of other days wait for theirs — a pin can be set days ahead — or are over; a postponed or cancelled
 * match shows nowhere. Decided here so that the CMS says the same as the lists do.
 */
export function isPinShown(match: MatchSummary, dayStart: Date, dayEnd: Date): boolean {
  if (isOff(match)) return false;
  if (isLive(match.status)) return true;
  const kickoff = Date.parse(match.kickoffAt);
  return kickoff >= dayStart.getTime() && kickoff < dayEnd.getTime();
}

/** Rank of a competition in `order` (most important first); unknown codes come last. */
function rankIn(order: readonly string[], code: string): number {
  const index = order.indexOf(code);
  return index === -1 ? order.length : index;
}

/**
 * The automatic choice of the day's most important matches: live ones first, then the more important
 * competition, then the clash nearer the top of its table (the sum of both teams' positions, where a
 * table exists), then kick-off. `positions` maps a competition code to its teams' league positions.
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
  return matches
    .filter((match) => !isOff(match))
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
    .slice(0, Math.max(0, limit));
}

/**
 * Pins first (those shown on this day, in pin order), then the automatic choice without them, `limit`
 * matches in all: pins take the first places, so more pins than places show only the first `limit`.
 */
export function mergeHotList(pins: readonly HotPin[], automatic: readonly MatchSummary[], limit: number): HotList {
  const shown = pins.slice(0, Math.max(0, limit));
  const pinnedIds = new Set(shown.map((pin) => pin.match.id));
  const rest = automatic.filter((match) => !pinnedIds.has(match.id)).slice(0, Math.max(0, limit - shown.length));
  const labels: Record<string, string> = {};
  for (const pin of shown) if (pin.label) labels[String(pin.match.id)] = pin.label;
  return { matches: [...shown.map((pin) => pin.match), ...rest], pinned: shown.length, labels };
}
