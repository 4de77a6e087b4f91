import { describe, expect, it } from 'vitest';
import { NO_FAVOURITES, parseFavourites } from './favourites.ts';

describe('stored favourites', () => {
  it('reads what was stored and treats anything else as none', () => {
    expect(parseFavourites('{"teams":[1],"competitions":["euro"],"matches":[7]}')).toEqual({
      teams: [1],
      competitions: ['euro'],
      matches: [7],
    });
    expect(parseFavourites('{"teams":"x","competitions":["euro",3],"matches":[1.5,2]}')).toEqual({
      teams: [],
      competitions: ['euro'],
      matches: [2],
    });
    expect(parseFavourites('[1,2]')).toBe(NO_FAVOURITES);
    expect(parseFavourites('not json')).toBe(NO_FAVOURITES);
    expect(parseFavourites(null)).toBe(NO_FAVOURITES);
  });
});
