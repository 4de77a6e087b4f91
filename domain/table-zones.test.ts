import { describe, expect, it } from 'vitest';
import { zoneOf, zonesOf } from './table-zones.ts';

describe('table zones (issue #19)', () => {
  it('places the Premier League’s top four in the Champions League and its bottom three down', () => {
    expect([1, 4, 5, 6, 7, 17, 18, 20].map((position) => zoneOf('en.1', position, 20))).toEqual([
      'champions-league',
      'champions-league',
      'europa-league',
      'conference-league',
      null,
      null,
      'relegation',
      'relegation',
    ]);
  });

  it('counts the Bundesliga’s play-off place from the bottom of an 18-team table', () => {
    expect(zoneOf('de.1', 16, 18)).toBe('relegation-play-off');
    expect(zoneOf('de.1', 17, 18)).toBe('relegation');
    expect(zoneOf('de.1', 15, 18)).toBeNull();
  });

  it('shows no zones where the competition has none in our data, and lists a legend in table order', () => {
    expect(zoneOf('gr.1', 1, 14)).toBeNull();
    expect(zonesOf('gr.1')).toEqual([]);
    expect(zonesOf('de.1')).toEqual([
      'champions-league',
      'europa-league',
      'conference-league',
      'relegation-play-off',
      'relegation',
    ]);
  });
});
