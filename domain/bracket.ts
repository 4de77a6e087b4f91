// A tournament's knockout bracket (issue #19): its rounds from the first knockout round to the final, each
// round's ties ordered so that the two ties feeding one of the next round stand side by side, as a printed
// bracket draws them. A tie is one match, two legs (the Champions League) or a match and its replay (early
// World Cups): every match of a round between the same two teams. The order and who went through come
// from the teams themselves (whoever played in the quarter-final came out of one of the round of 16's
// ties), so it needs no draw data and holds for any source.

export const KNOCKOUT_ROUNDS = ['Round of 32', 'Round of 16', 'Quarter-finals', 'Semi-finals', 'Final'] as const;
export type KnockoutRound = (typeof KNOCKOUT_ROUNDS)[number];

export interface BracketMatch {
  id: number;
  stage: string | null;
  status: string;
  home: { id: number };
  away: { id: number };
  kickoffAt: string;
  score: { home: number | null; away: number | null; penalties: { home: number; away: number } | null };
}

export interface BracketTie<M extends BracketMatch> {
  /** The tie's matches in kick-off order (one, two legs, or a match and its replay). */
  legs: M[];
  /** The team that went through, when known; null while undecided. */
  winnerId: number | null;
}

export interface BracketRound<M extends BracketMatch> {
  name: KnockoutRound;
  ties: Array<BracketTie<M>>;
}

const byKickoff = (a: BracketMatch, b: BracketMatch) =>
  a.kickoffAt < b.kickoffAt ? -1 : a.kickoffAt > b.kickoffAt ? 1 : a.id - b.id;
const pairKey = (match: BracketMatch) => [match.home.id, match.away.id].sort((a, b) => a - b).join('-');
const hasTeam = (tie: BracketTie<BracketMatch>, teamId: number) =>
  tie.legs.some((leg) => leg.home.id === teamId || leg.away.id === teamId);

/** Who went through on the tie's own results: one match (penalties too), a replay's last match, or two legs' aggregate. */
function decidedBy<M extends BracketMatch>(legs: readonly M[]): number | null {
  const done = legs.every(
    (leg) =>
      (leg.status === 'finished' || leg.status === 'awarded') && leg.score.home !== null && leg.score.away !== null,
  );
  if (!done || legs.length === 0) return null;
  const last = legs.at(-1) as M;
  const first = legs[0] as M;
  const sameHome = legs.every((leg) => leg.home.id === first.home.id);
  // Two legs are played home and away; the same fixture twice is a replay, decided by its last match.
  const matches = legs.length === 2 && !sameHome ? legs : [last];
  const goals = new Map<number, number>();
  for (const leg of matches) {
    goals.set(leg.home.id, (goals.get(leg.home.id) ?? 0) + (leg.score.home ?? 0));
    goals.set(leg.away.id, (goals.get(leg.away.id) ?? 0) + (leg.score.away ?? 0));
  }
  const [a, b] = [last.home.id, last.away.id];
  const diff = (goals.get(a) ?? 0) - (goals.get(b) ?? 0);
  if (diff !== 0) return diff > 0 ? a : b;
  const pens = last.score.penalties;
  if (pens && pens.home !== pens.away) return pens.home > pens.away ? a : b;
  return null;
}

/** The knockout rounds among `matches`, first round first, each in bracket order; empty when there are none. */
export function buildBracket<M extends BracketMatch>(matches: readonly M[]): Array<BracketRound<M>> {
  const rounds: Array<BracketRound<M>> = [];
  for (const name of KNOCKOUT_ROUNDS) {
    const ties = new Map<string, M[]>();
    for (const match of [...matches].filter((candidate) => candidate.stage === name).sort(byKickoff)) {
      ties.set(pairKey(match), [...(ties.get(pairKey(match)) ?? []), match]);
    }
    if (ties.size > 0) rounds.push({ name, ties: [...ties.values()].map((legs) => ({ legs, winnerId: null })) });
  }
  for (const [index, round] of rounds.entries()) {
    const next = rounds[index + 1];
    for (const tie of round.ties) {
      // Whoever plays in the next round went through; otherwise the tie's own results say.
      const [home, away] = [tie.legs[0]?.home.id ?? -1, tie.legs[0]?.away.id ?? -1];
      const through = next ? [home, away].filter((teamId) => next.ties.some((later) => hasTeam(later, teamId))) : [];
      tie.winnerId = through.length === 1 ? (through[0] as number) : decidedBy(tie.legs);
    }
  }
  // From the last round back: each earlier round follows the order of the ties its winners went on to.
  for (let index = rounds.length - 2; index >= 0; index -= 1) {
    const round = rounds[index] as BracketRound<M>;
    const next = rounds[index + 1] as BracketRound<M>;
    const left = [...round.ties];
    const ordered: Array<BracketTie<M>> = [];
    const take = (teamId: number) => {
      const at = left.findIndex((tie) => hasTeam(tie, teamId));
      if (at >= 0) ordered.push(...left.splice(at, 1));
    };
    for (const tie of next.ties) {
      const first = tie.legs[0];
      if (!first) continue;
      take(first.home.id);
      take(first.away.id);
    }
    round.ties = [...ordered, ...left];
  }
  return rounds;
}
