import { describe, expect, it } from 'vitest';
import { zoneOf, zonesOf } from './table-zones.ts';

describe('table zones (issue #19)', () => {
  it('places the Premier League’s top four in the Champions League and its bottom three down', () => {
    expect([1, 4, 5, 6, 7, 17, 18, 20].map((position) => zoneOf('en.1', '2024-25', position, 20))).toEqual([
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

  it('follows the seasons: no Conference League before 2021-22, Ligue 1’s two formats', () => {
    expect(zoneOf('en.1', '2017-18', 6, 20)).toBe('europa-league');
    expect(zonesOf('en.1', '2017-18')).not.toContain('conference-league');
    // 2022-23: twenty clubs, four down, no play-off.
    expect([17, 18, 20].map((position) => zoneOf('fr.1', '2022-23', position, 20))).toEqual([
      'relegation',
      'relegation',
      'relegation',
    ]);
    expect(zonesOf('fr.1', '2022-23')).not.toContain('relegation-play-off');
    // From 2023-24: eighteen clubs, fourth to the Champions League, a play-off for 16th.
    expect([4, 5, 6, 16, 17].map((position) => zoneOf('fr.1', '2024-25', position, 18))).toEqual([
      'champions-league',
      'europa-league',
      'conference-league',
      'relegation-play-off',
      'relegation',
    ]);
    expect(zonesOf('fr.1', '2021-22')).toEqual([]);
  });

  it('counts the Bundesliga’s play-off place from the bottom of an 18-team table', () => {
    expect(zoneOf('de.1', '2023-24', 16, 18)).toBe('relegation-play-off');
    expect(zoneOf('de.1', '2023-24', 17, 18)).toBe('relegation');
    expect(zoneOf('de.1', '2023-24', 15, 18)).toBeNull();
  });

  it('shows no zones where the competition has none in our data', () => {
    expect(zoneOf('gr.1', '2024-25', 1, 14)).toBeNull();
    expect(zonesOf('gr.1', '2024-25')).toEqual([]);
  });
});
