// A tournament's knockout bracket (issue #19): its rounds from the first knockout round to the final, each
// round's matches ordered so that the two matches feeding one of the next round stand side by side, as a
// printed bracket draws them. The order comes from the teams themselves (whoever played in the quarter-final
// came out of one of the round of 16's matches), so it needs no draw data and holds for any source.

export const KNOCKOUT_ROUNDS = ['Round of 32', 'Round of 16', 'Quarter-finals', 'Semi-finals', 'Final'] as const;
export type KnockoutRound = (typeof KNOCKOUT_ROUNDS)[number];

export interface BracketMatch {
  id: number;
  stage: string | null;
  home: { id: number };
  away: { id: number };
  kickoffAt: string;
}

export interface BracketRound<M extends BracketMatch> {
  name: KnockoutRound;
  matches: M[];
}

/** The knockout rounds among `matches`, first round first, each in bracket order; empty when there are none. */
export function buildBracket<M extends BracketMatch>(matches: readonly M[]): Array<BracketRound<M>> {
  const rounds = KNOCKOUT_ROUNDS.map((name) => ({
    name,
    matches: matches
      .filter((match) => match.stage === name)
      .sort((a, b) => (a.kickoffAt < b.kickoffAt ? -1 : a.kickoffAt > b.kickoffAt ? 1 : a.id - b.id)),
  })).filter((round) => round.matches.length > 0);
  // From the last round back: each earlier round follows the order of the matches its winners went on to.
  for (let index = rounds.length - 2; index >= 0; index -= 1) {
    const round = rounds[index] as BracketRound<M>;
    const next = rounds[index + 1] as BracketRound<M>;
    const left = [...round.matches];
    const ordered: M[] = [];
    const take = (teamId: number) => {
      const at = left.findIndex((match) => match.home.id === teamId || match.away.id === teamId);
      if (at >= 0) ordered.push(...left.splice(at, 1));
    };
    for (const match of next.matches) {
      take(match.home.id);
      take(match.away.id);
    }
    round.matches = [...ordered, ...left];
  }
  return rounds;
}
