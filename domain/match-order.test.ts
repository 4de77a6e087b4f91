import { describe, expect, it } from 'vitest';
import { compareMatchTime, describeRound } from './match-order.ts';

describe('describeRound', () => {
  it('names a tournament’s group or knockout round, not openfootball’s running matchday', () => {
    expect(describeRound({ stage: 'Group stage', round: 'Matchday 2', group: 'Group D' })).toBe('Group D · Matchday 2');
    expect(describeRound({ stage: 'Round of 16', round: 'Matchday 9', group: null })).toBe('Round of 16');
    expect(describeRound({ stage: 'Final', round: 'Final', group: null })).toBe('Final');
    expect(describeRound({ stage: 'Group stage', round: 'Group D', group: 'Group D' })).toBe('Group D');
    // openfootball numbers the World Cup's group rounds by tournament day.
    expect(describeRound({ stage: 'Group stage', round: 'Matchday 13', group: 'Group D' })).toBe('Group D');
  });

  it('keeps a league’s matchday and says nothing when the data does not know', () => {
    expect(describeRound({ stage: 'Regular season', round: 'Matchday 21', group: null })).toBe('Matchday 21');
    expect(describeRound({ stage: null, round: 'Matchday 21', group: null })).toBe('Matchday 21');
    expect(describeRound({ stage: null, round: null, group: null })).toBeNull();
  });
});

describe('compareMatchTime', () => {
  const line = (seq: number, period: string, minute: number, addedMinute: number | null = null) => ({
    seq,
    period,
    minute,
    addedMinute,
  });

  it('orders moments by match time, whatever order they were written in', () => {
    // A first snapshot writes its key events before its other moments: 23' and 41' got seq 1 and 2, 1' seq 3.
    const written = [
      line(1, '1H', 23),
      line(2, '1H', 41),
      line(3, '1H', 1),
      line(4, '1H', 45, 2),
      line(5, '2H', 46),
      line(6, 'FT', 90),
      line(7, 'P', 120),
    ];
    expect([...written].sort(compareMatchTime).map((moment) => moment.seq)).toEqual([3, 1, 2, 4, 5, 7, 6]);
  });
});
