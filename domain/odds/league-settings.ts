// Per-competition settings of the fit (model odds, issue #24). Chosen on the 2023-24 walk-forward only (fit on
// 2022-23 and the season so far), never on the 2024-25 test season: see bench/odds and docs/performance.md
// ("Model odds"). A competition not listed gets the defaults of ./dixon-coles.ts.
import type { FitOptions } from './dixon-coles.ts';

/** The settings a competition's fit differs in. */
export type LeagueSettings = Pick<
  FitOptions,
  'halfLifeDays' | 'ridge' | 'homeAdvantagePrior' | 'rhoPrior' | 'promotedPrior' | 'ratingScale'
>;

/**
 * Settings every competition gets unless it has its own. `npm run bench:odds -- --families` compared candidate
 * families on 2023-24 (searched before 1 January 2024, compared after it): one rating scale for all leagues won
 * (mean RPS 0.1893 against 0.1897 for the defaults; a scale per league 0.1902, every setting per league 0.1913,
 * a fitted draw inflation and a goal cap no change), and 1.1 was best on the whole of 2023-24 too.
 */
export const ALL_LEAGUES: LeagueSettings = { ratingScale: 1.1 };

/** A competition's own settings: none (the per-league families lost on 2023-24, see above). */
export const LEAGUE_SETTINGS: Readonly<Record<string, LeagueSettings>> = {};

/** The settings of competition `code`: its own over ALL_LEAGUES over the fit's defaults. */
export function leagueSettings(code: string): LeagueSettings {
  return { ...ALL_LEAGUES, ...LEAGUE_SETTINGS[code] };
}
