import { describe, expect, it } from 'vitest';
import { FOLLOWING_LIMIT } from '../../../domain/following.ts';
import { NO_FAVOURITES } from '../../lib/preferences/favourites.ts';
import { followingQuery } from './following-query.ts';

describe('the Following section’s question to the API', () => {
  it('asks nothing when nothing is followed', () => {
    expect(followingQuery(NO_FAVOURITES)).toBe('');
  });

  it('names what is followed, sorted, so the same follows share one cached answer', () => {
    expect(followingQuery({ teams: [12, 3, 12], competitions: ['euro', 'en.1'], matches: [] })).toBe(
      'teams=3,12&competitions=en.1,euro',
    );
    expect(followingQuery({ teams: [], competitions: [], matches: [9, 4] })).toBe('matches=4,9');
  });

  it('keeps the first starred when more are followed than the API takes', () => {
    const teams = Array.from({ length: FOLLOWING_LIMIT + 5 }, (_, index) => 1000 - index);
    const asked = followingQuery({ teams, competitions: [], matches: [] }).replace('teams=', '').split(',').map(Number);
    expect(asked).toHaveLength(FOLLOWING_LIMIT);
    expect(asked).toContain(1000);
    expect(asked).not.toContain(1000 - FOLLOWING_LIMIT);
  });
});
