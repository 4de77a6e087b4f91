import { describe, expect, it } from 'vitest';
import { buildBracket, type BracketMatch } from './bracket.ts';

let nextId = 0;
const match = (
  stage: string,
  home: number,
  away: number,
  day: number,
  score: [number, number] = [1, 0],
  pens: [number, number] | null = null,
): BracketMatch => ({
  id: (nextId += 1),
  stage,
  status: 'finished',
  home: { id: home },
  away: { id: away },
  kickoffAt: `2016-06-${String(day).padStart(2, '0')}T19:00:00Z`,
  score: { home: score[0], away: score[1], penalties: pens ? { home: pens[0], away: pens[1] } : null },
});
const pairs = (rounds: ReturnType<typeof buildBracket>, round: number) =>
  rounds[round]?.ties.map((tie) => `${tie.legs[0]?.home.id}-${tie.legs[0]?.away.id}`);

describe('buildBracket (issue #19)', () => {
  it('orders each round so the ties feeding one tie of the next stand together', () => {
    // Euro 2016's last eight: the quarter-finals were played in an order unlike the semi-finals'.
    const quarters = [
      match('Quarter-finals', 1, 2, 1, [1, 1], [5, 3]),
      match('Quarter-finals', 3, 4, 2),
      match('Quarter-finals', 5, 6, 3),
      match('Quarter-finals', 7, 8, 4, [0, 2]),
    ];
    const semis = [match('Semi-finals', 1, 5, 6, [2, 0]), match('Semi-finals', 3, 8, 7, [0, 2])];
    const final = [match('Final', 1, 8, 10, [1, 0])];
    const rounds = buildBracket([...final, ...quarters, ...semis, match('Group stage', 1, 3, 1)]);
    expect(rounds.map((round) => round.name)).toEqual(['Quarter-finals', 'Semi-finals', 'Final']);
    expect(pairs(rounds, 1)).toEqual(['1-5', '3-8']);
    expect(pairs(rounds, 0)).toEqual(['1-2', '5-6', '3-4', '7-8']);
    expect(rounds[0]?.ties.map((tie) => tie.winnerId)).toEqual([1, 5, 3, 8]);
    expect(rounds[2]?.ties[0]?.winnerId).toBe(1);
  });

  it('keeps two legs together as one tie, decided on aggregate (the Champions League)', () => {
    const round16 = [
      match('Round of 16', 10, 20, 1, [2, 1]), // Real v Atlético, first leg
      match('Round of 16', 30, 40, 2, [7, 1]),
      match('Round of 16', 20, 10, 8, [1, 0]), // second leg: 2–2 on aggregate, Real through on penalties
      match('Round of 16', 40, 30, 9, [3, 1]),
    ];
    round16[2] = { ...(round16[2] as BracketMatch), score: { home: 1, away: 0, penalties: { home: 2, away: 4 } } };
    const rounds = buildBracket(round16);
    expect(rounds[0]?.ties).toHaveLength(2);
    expect(rounds[0]?.ties.map((tie) => tie.legs.length)).toEqual([2, 2]);
    expect(rounds[0]?.ties.map((tie) => tie.winnerId)).toEqual([10, 30]);
  });

  it('takes a replay’s last match as the decider, and is empty for a season without knockout rounds', () => {
    const rounds = buildBracket([match('Quarter-finals', 1, 2, 1, [1, 1]), match('Quarter-finals', 1, 2, 2, [0, 1])]);
    expect(rounds[0]?.ties[0]?.winnerId).toBe(2);
    expect(buildBracket([match('Group stage', 1, 2, 1)])).toEqual([]);
  });
});
