import { describe, expect, it } from 'vitest';
import { buildBracket } from './bracket.ts';

let nextId = 0;
const match = (stage: string, home: number, away: number, day: number) => ({
  id: (nextId += 1),
  stage,
  home: { id: home },
  away: { id: away },
  kickoffAt: `2016-06-${String(day).padStart(2, '0')}T19:00:00Z`,
});

describe('buildBracket (issue #19)', () => {
  it('orders each round so the matches feeding one match of the next stand together', () => {
    // Euro 2016's last eight: the quarter-finals were played in an order unlike the semi-finals'.
    const quarters = [
      match('Quarter-finals', 1, 2, 1),
      match('Quarter-finals', 3, 4, 2),
      match('Quarter-finals', 5, 6, 3),
      match('Quarter-finals', 7, 8, 4),
    ];
    const semis = [match('Semi-finals', 1, 5, 6), match('Semi-finals', 4, 8, 7)];
    const final = [match('Final', 1, 8, 10)];
    const rounds = buildBracket([...final, ...quarters, ...semis, match('Group stage', 1, 3, 1)]);
    expect(rounds.map((round) => round.name)).toEqual(['Quarter-finals', 'Semi-finals', 'Final']);
    const pairs = (round: number) => rounds[round]?.matches.map((found) => `${found.home.id}-${found.away.id}`);
    expect(pairs(1)).toEqual(['1-5', '4-8']);
    expect(pairs(0)).toEqual(['1-2', '5-6', '3-4', '7-8']);
  });

  it('is empty for a season without knockout rounds, and keeps a round whose next round is not drawn yet', () => {
    expect(buildBracket([match('Group stage', 1, 2, 1)])).toEqual([]);
    const rounds = buildBracket([match('Round of 16', 1, 2, 1), match('Round of 16', 3, 4, 2)]);
    expect(rounds.map((round) => [round.name, round.matches.length])).toEqual([['Round of 16', 2]]);
  });
});
