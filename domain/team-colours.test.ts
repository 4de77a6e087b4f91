import { describe, expect, it } from 'vitest';
import { badgeColours } from './badge.ts';
import { DISTINCT_COLOURS, ciede2000, colourDistance, matchColours } from './team-colours.ts';

describe('colour distance (CIEDE2000)', () => {
  // Sharma, Wu & Dalal (2005), table 1: pairs 1, 7, 17 and 25.
  it.each([
    [{ l: 50, a: 2.6772, b: -79.7751 }, { l: 50, a: 0, b: -82.7485 }, 2.0425],
    [{ l: 50, a: 0, b: 0 }, { l: 50, a: -1, b: 2 }, 2.3669],
    [{ l: 50, a: 2.5, b: 0 }, { l: 73, a: 25, b: -18 }, 27.1492],
    [{ l: 60.2574, a: -34.0099, b: 36.2677 }, { l: 60.4626, a: -34.1751, b: 39.4387 }, 1.2644],
  ])('matches the published value for %o and %o', (one, two, expected) => {
    expect(ciede2000(one, two)).toBeCloseTo(expected, 3);
  });

  it('is zero for one colour, large for red and white, and never "too close" for a non-colour', () => {
    expect(colourDistance('#db0007', '#db0007')).toBe(0);
    expect(colourDistance('#db0007', '#ffffff')).toBeGreaterThan(40);
    expect(colourDistance('red', '#ff0000')).toBe(Infinity);
  });
});

describe('the two sides of a match', () => {
  it('keeps both sides when they are far apart', () => {
    const home = { primary: '#db0007', secondary: '#ffffff' };
    const away = { primary: '#ffffff', secondary: '#0b1e45' };
    expect(matchColours(home, away)).toEqual({ home, away });
  });

  it('gives France and Croatia, both generated green before, two colours a fan can tell apart', () => {
    // Two greens of the generated palette, 20° of hue apart: what the pitch showed.
    const home = { primary: '#1b7e1b', secondary: '#66cc99' };
    const away = { primary: '#1b7e44', secondary: '#2e7d32' };
    expect(colourDistance(home.primary, away.primary)).toBeLessThan(DISTINCT_COLOURS);
    const drawn = matchColours(home, away);
    expect(drawn.home).toEqual(home);
    expect(colourDistance(drawn.home.primary, drawn.away.primary)).toBeGreaterThanOrEqual(DISTINCT_COLOURS);
  });

  it('wears the away secondary when that one is distinct', () => {
    const home = { primary: '#ffffff', secondary: '#0b1e45' }; // England
    const away = { primary: '#fafafa', secondary: '#db0007' };
    expect(matchColours(home, away).away).toEqual({ primary: '#db0007', secondary: '#fafafa' });
  });

  it('never draws two sides too close, whatever two generated badges meet', () => {
    const names = [
      'France',
      'Croatia',
      'Arsenal FC',
      'England',
      'Belgium',
      'Spain',
      'Wolverhampton Wanderers FC',
      'Chelsea FC',
      'Everton FC',
      'Iceland',
      'Portugal',
      'Wales',
    ];
    for (const first of names) {
      for (const second of names) {
        if (first === second) continue;
        const drawn = matchColours(badgeColours(first), badgeColours(second));
        expect(colourDistance(drawn.home.primary, drawn.away.primary), `${first} v ${second}`).toBeGreaterThanOrEqual(
          DISTINCT_COLOURS,
        );
      }
    }
  });
});
