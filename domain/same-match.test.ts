import { describe, expect, it } from 'vitest';
import { findSameMatch, isSameMatch, type MatchIdentity } from './same-match.ts';

const match = (kickoffAt: string, known = true, homeTeamId = 1, awayTeamId = 2): MatchIdentity => ({
  homeTeamId,
  awayTeamId,
  kickoffAt,
  kickoffTimeKnown: known,
});
const either = { sidesFixed: false };
const fixed = { sidesFixed: true };

describe('isSameMatch (decision 009: same two teams, same day)', () => {
  it('takes a late local kick-off on the next UTC date as the same day (Fjelstul, World Cup 2014 in Manaus)', () => {
    expect(isSameMatch(match('2014-06-14T22:00:00Z'), match('2014-06-15T01:00:00Z'), either)).toBe(true);
    expect(isSameMatch(match('2014-06-14T00:00:00Z', false), match('2014-06-15T01:00:00Z'), either)).toBe(true);
  });

  it('takes a date-only record as the same match a day either side (Wyscout after openfootball)', () => {
    expect(isSameMatch(match('2018-06-14T00:00:00Z', false), match('2018-06-15T21:00:00Z'), either)).toBe(true);
    expect(isSameMatch(match('2018-06-16T00:00:00Z', false), match('2018-06-15T00:30:00Z'), either)).toBe(true);
    expect(isSameMatch(match('2018-06-13T00:00:00Z', false), match('2018-06-15T21:00:00Z'), either)).toBe(false);
  });

  it('keeps two meetings of the same teams apart: two legs a week apart, a replay ten days later', () => {
    expect(isSameMatch(match('2024-02-13T20:00:00Z'), match('2024-02-20T20:00:00Z'), either)).toBe(false);
    expect(isSameMatch(match('2024-01-06T15:00:00Z'), match('2024-01-16T19:45:00Z'), fixed)).toBe(false);
    // 36 hours is the edge when both times are known.
    expect(isSameMatch(match('2024-01-06T00:00:00Z'), match('2024-01-07T12:00:00Z'), fixed)).toBe(true);
    expect(isSameMatch(match('2024-01-06T00:00:00Z'), match('2024-01-07T12:00:01Z'), fixed)).toBe(false);
  });

  it('matches the teams either way round only when the sides are not trusted', () => {
    const listedTheOtherWay = match('2016-07-10T19:00:00Z', true, 2, 1);
    expect(isSameMatch(match('2016-07-10T19:00:00Z'), listedTheOtherWay, either)).toBe(true);
    // A live provider's fixture: home and away as given (the reverse fixture is another match).
    expect(isSameMatch(match('2016-07-10T19:00:00Z'), listedTheOtherWay, fixed)).toBe(false);
    expect(isSameMatch(match('2016-07-10T19:00:00Z'), match('2016-07-10T19:00:00Z', true, 1, 3), either)).toBe(false);
  });
});

describe('findSameMatch', () => {
  it('picks the nearest kick-off of several candidates, and nothing when none is the same', () => {
    const stored = [
      { id: 1, ...match('2018-06-14T00:00:00Z', false) },
      { id: 2, ...match('2018-06-15T18:00:00Z') },
      { id: 3, ...match('2018-06-15T18:00:00Z', true, 1, 4) },
    ];
    expect(findSameMatch(stored, match('2018-06-15T19:00:00Z'), either)?.id).toBe(2);
    expect(findSameMatch(stored, match('2018-06-25T19:00:00Z'), either)).toBeUndefined();
  });
});
