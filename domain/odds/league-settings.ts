// Per-competition settings of the fit (model odds, issue #24). Chosen on the 2023-24 walk-forward only (fit on
// 2022-23 and the season so far), never on the 2024-25 test season: see bench/odds and docs/performance.md
// ("Model odds"). A competition not listed gets the defaults of ./dixon-coles.ts.
import type { FitOptions } from './dixon-coles.ts';

/** The settings a competition's fit differs in. */
export type LeagueSettings = Pick<
  FitOptions,
  'halfLifeDays' | 'ridge' | 'homeAdvantagePrior' | 'rhoPrior' | 'promotedPrior' | 'ratingScale'
>;

/** Settings every competition gets unless it has its own (empty: the defaults of ./dixon-coles.ts). */
export const ALL_LEAGUES: LeagueSettings = {};

export const LEAGUE_SETTINGS: Readonly<Record<string, LeagueSettings>> = {};

/** The settings of competition `code`: its own over ALL_LEAGUES over the fit's defaults. */
export function leagueSettings(code: string): LeagueSettings {
  return { ...ALL_LEAGUES, ...LEAGUE_SETTINGS[code] };
}
