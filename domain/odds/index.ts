// The model odds' public API (issue #24), one import for the server module (server/modules/odds) and the
// panel (app/features/odds): fit a Dixon–Coles model on results, turn expected goals into a scoreline
// matrix and every market, price them, and follow a match in play. Pure TypeScript, no I/O. The browser,
// which only formats prices, can import ./prices.ts alone.
//
//   const model = fitModel(results, { asOf: '2025-03-01' });            // results before 1 March 2025
//   const xg = expectedGoals(model, 'Arsenal FC', 'Chelsea FC');
//   const pre = preMatchMarkets(model, 'Arsenal FC', 'Chelsea FC');      // MarketProbabilities
//   const api = priceMarkets(pre, 0);                                    // OddsMarkets of domain/odds-contracts.ts
//   const live = inPlay({ ...xg, rho: model.rho }, { minute: 63, score: { home: 1, away: 0 }, lastScorer: 'home' });
//   const graph = winProbabilitySeries({ ...xg, rho: model.rho }, events, 94, { finished: true });

export {
  DEFAULT_HALF_LIFE_DAYS,
  DEFAULT_RIDGE,
  MODEL_NAME,
  POISSON_MODEL_NAME,
  DEFAULT_PROMOTED_PRIOR,
  DEFAULT_HOME_ADVANTAGE_PRIOR,
  DEFAULT_RHO_PRIOR,
  type ParameterPrior,
  newTeamsOf,
  daysBetween,
  expectedGoals,
  fitModel,
  lowScoreCorrection,
  type FitOptions,
  type FittedModel,
  type MatchResult,
  type TeamStrength,
} from './dixon-coles.ts';
export {
  DEFAULT_CORRECT_SCORE_MAX,
  DEFAULT_MAX_GOALS,
  marketsFromMatrix,
  priceMarkets,
  scorelineMatrix,
  type MarketContext,
  type MarketKey,
  type MarketProbabilities,
  type Score,
  type Side,
} from './markets.ts';
export {
  FIRST_HALF_STOPPAGE,
  GOAL_RATE_RISE,
  RED_CARD_OPPONENT_FACTOR,
  RED_CARD_OWN_FACTOR,
  SECOND_HALF_STOPPAGE,
  inPlay,
  remainingShare,
  winProbabilitySeries,
  type InPlayOdds,
  type InPlayState,
  type MatchEventForOdds,
  type PreMatchRates,
} from './in-play.ts';
export { formatAmerican, formatDecimal, formatFractional, formatPrice, priceOf, type PriceFormat } from './prices.ts';
export { preMatchMarkets, preMatchRates } from './pre-match.ts';
