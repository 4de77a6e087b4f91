// Who has the home advantage in a match (model odds, issue #24): in a league the side listed first; in a
// tournament played in one host country (World Cup, Euro, Club World Cup) nobody, except the host nation when
// the venue's country names it; in a cup of home-and-away legs (Champions League, Libertadores, qualifiers)
// the side listed first, except a final, played at a neutral ground. A national team's match whose venue is
// in neither side's country is at a neutral venue in any competition.
//
// What the data tells: a venue's country is stored for World Cup matches (openfootball's stadium lists and
// Fjelstul's stadiums); Euro files and club cups name no ground, so a Euro host (Germany 2024) is not known and
// plays as at a neutral venue. A club is not matched to a host country (clubs are not named after countries).
import { foldText } from '../names.ts';
import type { Advantage } from './dixon-coles.ts';

/** Cups played as a tournament in one host country: every match at a neutral venue but the host's. */
export const TOURNAMENT_CUPS: ReadonlySet<string> = new Set(['world.cup', 'euro', 'world.clubcup']);

export interface VenueFacts {
  /** The venue's country, when the venue is known. */
  venueCountry: string | null;
  homeName: string;
  awayName: string;
  /** True when both sides are national teams (a host is then known from the venue's country). */
  national: boolean;
  stage: string | null;
  round: string | null;
}

const isFinal = (facts: VenueFacts) => facts.stage === 'Final' || facts.round === 'Final';

/** The side with the home advantage of a match of competition `code` (a league or a cup). */
export function venueAdvantage(competition: { code: string; kind: 'league' | 'cup' }, facts: VenueFacts): Advantage {
  if (competition.kind === 'league') return 'home';
  if (facts.national && facts.venueCountry) {
    const country = foldText(facts.venueCountry);
    if (foldText(facts.homeName) === country) return 'home';
    if (foldText(facts.awayName) === country) return 'away';
    // Known to be in a third country: neutral, whatever the competition.
    return 'none';
  }
  if (TOURNAMENT_CUPS.has(competition.code) || isFinal(facts)) return 'none';
  return 'home';
}
