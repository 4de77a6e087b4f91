// From expected goals to a scoreline matrix, and from the matrix to every market of
// domain/odds-contracts.ts (issue #24). The same code serves before kick-off (score 0-0, the whole match
// to play) and in play (./in-play.ts passes the score so far and a matrix of the goals still to come).

import type { OddsMarkets, OddsOutcome } from '../odds-contracts.ts';
import { lowScoreCorrection } from './dixon-coles.ts';
import { priceOf } from './prices.ts';

/** The home side's and the away side's goals. */
export interface Score {
  home: number;
  away: number;
}

export type Side = 'home' | 'away';

/** Each market's probabilities, keyed as in domain/odds-contracts.ts; every market sums to 1. */
export interface MarketProbabilities {
  '1x2': { home: number; draw: number; away: number };
  /** Home or away win with the draw excluded (its probability shared out in proportion): also draw no bet. */
  two_way: { home: number; away: number };
  odd_even: { odd: number; even: number };
  last_team_to_score: { home: number; away: number; none: number };
  over_under_2_5: { over: number; under: number };
  btts: { yes: number; no: number };
  /** Final scores "home-away"; the scores the matrix leaves out are in "other". */
  correct_score: Record<string, number>;
}

export type MarketKey = keyof MarketProbabilities;

export const DEFAULT_MAX_GOALS = 10;
/** The correct-score market lists final scores up to this many goals per side (beyond the score so far). */
export const DEFAULT_CORRECT_SCORE_MAX = 5;

function poissonRow(rate: number, maxGoals: number): number[] {
  const row = [Math.exp(-rate)];
  for (let k = 1; k <= maxGoals; k++) row.push((row[k - 1]! * rate) / k);
  return row;
}

/**
 * The matrix p[h][a] of the probability that the home side scores h and the away side a (0…maxGoals each),
 * Poisson(λ) × Poisson(μ) with the Dixon–Coles correction τ on the four low scores (ρ = 0: independent),
 * normalised to sum to 1 (the mass beyond maxGoals — under 1e-6 for λ, μ ≤ 4 — is shared out in proportion).
 */
export function scorelineMatrix(lambda: number, mu: number, rho = 0, maxGoals = DEFAULT_MAX_GOALS): number[][] {
  if (!(lambda >= 0) || !(mu >= 0)) throw new RangeError('scorelineMatrix: expected goals must be ≥ 0');
  const home = poissonRow(lambda, maxGoals);
  const away = poissonRow(mu, maxGoals);
  const matrix: number[][] = [];
  let total = 0;
  for (let h = 0; h <= maxGoals; h++) {
    const row: number[] = [];
    for (let a = 0; a <= maxGoals; a++) {
      // A ρ too large for these rates would make τ negative: clamp at 0 rather than return a negative probability.
      const p = home[h]! * away[a]! * Math.max(0, lowScoreCorrection(h, a, lambda, mu, rho));
      row.push(p);
      total += p;
    }
    matrix.push(row);
  }
  for (const row of matrix) for (let a = 0; a < row.length; a++) row[a] = row[a]! / total;
  return matrix;
}

/** Divides each value by the sum, so the market sums to 1 whatever the rounding. */
function normalised<K extends string>(values: Record<K, number>): Record<K, number> {
  const keys = Object.keys(values) as K[];
  const total = keys.reduce((sum, key) => sum + Math.max(0, values[key]), 0);
  const out = {} as Record<K, number>;
  for (const key of keys) out[key] = total > 0 ? Math.max(0, values[key]) / total : 1 / keys.length;
  return out;
}

export interface MarketContext {
  /** The score so far; the matrix then holds the goals still to come. Default 0-0. */
  score?: Score;
  /** Who scored the last goal so far (null: nobody yet). Decides "last team to score" if nobody scores again. */
  lastScorer?: Side | null;
  /** Correct-score entries: up to this many more goals per side; the rest is "other". */
  correctScoreMax?: number;
}

/**
 * Every market from a matrix of goals to come. "Last team to score": given h more home goals and a more away
 * goals, the goals of two Poisson processes come in a uniformly random order, so the last is home's with
 * probability h / (h + a) (for independent Poisson this sums to λ / (λ + μ) of the chance of any goal); with
 * no more goals the last scorer so far keeps it, or nobody scored ("none").
 */
export function marketsFromMatrix(
  matrix: readonly (readonly number[])[],
  context: MarketContext = {},
): MarketProbabilities {
  const score = context.score ?? { home: 0, away: 0 };
  const lastScorer = context.lastScorer ?? null;
  const correctScoreMax = context.correctScoreMax ?? DEFAULT_CORRECT_SCORE_MAX;
  let home = 0;
  let draw = 0;
  let away = 0;
  let odd = 0;
  let even = 0;
  let over = 0;
  let under = 0;
  let yes = 0;
  let no = 0;
  let lastHome = 0;
  let lastAway = 0;
  let lastNone = 0;
  let other = 0;
  const correct: Record<string, number> = {};

  matrix.forEach((row, h) => {
    row.forEach((p, a) => {
      const finalHome = score.home + h;
      const finalAway = score.away + a;
      if (finalHome > finalAway) home += p;
      else if (finalHome === finalAway) draw += p;
      else away += p;
      if ((finalHome + finalAway) % 2 === 1) odd += p;
      else even += p;
      if (finalHome + finalAway > 2.5) over += p;
      else under += p;
      if (finalHome > 0 && finalAway > 0) yes += p;
      else no += p;
      if (h + a > 0) {
        lastHome += (p * h) / (h + a);
        lastAway += (p * a) / (h + a);
      } else if (lastScorer === 'home') lastHome += p;
      else if (lastScorer === 'away') lastAway += p;
      else lastNone += p;
      if (h <= correctScoreMax && a <= correctScoreMax) correct[`${finalHome}-${finalAway}`] = p;
      else other += p;
    });
  });
  correct.other = other;

  return {
    '1x2': normalised({ home, draw, away }),
    two_way: normalised({ home, away }),
    odd_even: normalised({ odd, even }),
    last_team_to_score: normalised({ home: lastHome, away: lastAway, none: lastNone }),
    over_under_2_5: normalised({ over, under }),
    btts: normalised({ yes, no }),
    correct_score: normalised(correct),
  };
}

function pricedMarket(market: Record<string, number>, margin: number): Record<string, OddsOutcome> {
  return Object.fromEntries(Object.entries(market).map(([key, p]) => [key, { p, price: priceOf(p, margin) }]));
}

/** The markets as the API sends them (domain/odds-contracts.ts): each probability with its decimal price. */
export function priceMarkets(markets: MarketProbabilities, margin = 0): OddsMarkets {
  return Object.fromEntries(
    Object.entries(markets).map(([key, market]) => [key, pricedMarket(market, margin)]),
  ) as OddsMarkets;
}
