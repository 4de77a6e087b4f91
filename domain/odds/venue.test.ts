// Who has the home advantage (issue #24 follow-up): leagues at home, tournaments neutral but for the host
// nation named by the venue's country, home-and-away cups at home but for the final.
import { describe, expect, it } from 'vitest';
import { venueAdvantage, type VenueFacts } from './venue.ts';

const facts = (overrides: Partial<VenueFacts>): VenueFacts => ({
  venueCountry: null,
  homeName: 'Germany',
  awayName: 'Scotland',
  national: true,
  stage: 'Group stage',
  round: 'Matchday 1',
  ...overrides,
});
const worldCup = { code: 'world.cup', kind: 'cup' } as const;

describe('venueAdvantage', () => {
  it('gives a league match to the side listed first', () => {
    expect(venueAdvantage({ code: 'en.1', kind: 'league' }, facts({ national: false }))).toBe('home');
  });

  it('plays a tournament at a neutral venue, except the host nation at home, listed first or second', () => {
    expect(venueAdvantage(worldCup, facts({ venueCountry: 'Qatar' }))).toBe('none');
    expect(venueAdvantage(worldCup, facts({ venueCountry: 'Germany' }))).toBe('home');
    expect(venueAdvantage(worldCup, facts({ venueCountry: 'Scotland' }))).toBe('away');
    // Names compared folded (accents, case).
    expect(venueAdvantage(worldCup, facts({ venueCountry: 'côte d’ivoire', awayName: 'Côte d’Ivoire' }))).toBe('away');
    // No venue known (Euro files name no ground): neutral.
    expect(venueAdvantage({ code: 'euro', kind: 'cup' }, facts({}))).toBe('none');
    expect(venueAdvantage({ code: 'world.clubcup', kind: 'cup' }, facts({ national: false }))).toBe('none');
  });

  it('plays a home-and-away cup at the home side’s ground, except the final', () => {
    const cl = { code: 'uefa.cl', kind: 'cup' } as const;
    expect(venueAdvantage(cl, facts({ national: false, stage: 'League phase' }))).toBe('home');
    expect(venueAdvantage(cl, facts({ national: false, stage: 'Final', round: 'Final' }))).toBe('none');
    // A qualifier whose venue is in neither side's country is neutral; at one side's, that side is at home.
    const quali = { code: 'world.cup.quali', kind: 'cup' } as const;
    expect(venueAdvantage(quali, facts({}))).toBe('home');
    expect(venueAdvantage(quali, facts({ venueCountry: 'Spain' }))).toBe('none');
    expect(venueAdvantage(quali, facts({ venueCountry: 'Scotland' }))).toBe('away');
  });
});
