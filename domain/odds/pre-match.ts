// Pre-match markets of a fitted model: the two steps every caller takes, in one place.

import { expectedGoals, type Advantage, type FittedModel } from './dixon-coles.ts';
import type { PreMatchRates } from './in-play.ts';
import { marketsFromMatrix, scorelineMatrix, type MarketProbabilities } from './markets.ts';

/** Expected goals and ρ of a match, ready for `inPlay` and `winProbabilitySeries`. */
export function preMatchRates(
  model: FittedModel,
  home: string,
  away: string,
  options: { neutral?: boolean; advantage?: Advantage } = {},
): PreMatchRates {
  return { ...expectedGoals(model, home, away, options), rho: model.rho };
}

/** Every market before kick-off. */
export function preMatchMarkets(
  model: FittedModel,
  home: string,
  away: string,
  options: { neutral?: boolean; advantage?: Advantage } = {},
): MarketProbabilities {
  const rates = preMatchRates(model, home, away, options);
  return marketsFromMatrix(scorelineMatrix(rates.home, rates.away, rates.rho));
}
