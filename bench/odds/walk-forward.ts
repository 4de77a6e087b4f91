// The walk-forward backtest of the model odds (issue #24): before each matchday of the test season, fit on
// every result dated before it (no peeking), price that day's matches, and score the 1X2 probabilities by the
// ranked probability score. Also the calibration table. Pure: the results come in as arguments.
import {
  daysBetween,
  expectedGoals,
  fitModel,
  type FitOptions,
  type FittedModel,
  type MatchResult,
  type ParameterPrior,
  type TeamStrength,
} from '../../domain/odds/dixon-coles.ts';
import { marketsFromMatrix, scorelineMatrix } from '../../domain/odds/markets.ts';
import {
  calibrationBins,
  outcomeOf,
  rankedProbabilityScore,
  type CalibrationBin,
  type Outcome,
} from '../../domain/odds/scoring.ts';

export interface Prediction {
  match: MatchResult;
  home: number;
  draw: number;
  away: number;
}

export interface WalkForwardSettings {
  halfLifeDays: number;
  ridge: number;
  fitRho: boolean;
  /** The prior of a team new to the league this season (promoted): what the ridge pulls it towards. */
  promoted: TeamStrength;
  homeAdvantagePrior: ParameterPrior | null;
  rhoPrior: ParameterPrior | null;
  /** FitOptions.ratingScale (default 1). */
  ratingScale?: number;
  /** Candidate family "goal cap": each side's goals capped at this many in the fit (not in the scoring). */
  goalCap?: number;
  /**
   * Candidate family "draw inflation": after each fit, a factor 1 + δ on the draws of the scoreline matrix,
   * δ the weighted maximum-likelihood value on the same results (team parameters held), with a normal prior
   * of this strength (weighted matches) at 0. Karlis & Ntzoufras, "Analysis of sports data by using
   * bivariate Poisson models", The Statistician 52(3), 2003 (their diagonal inflation, in its simplest form).
   */
  drawInflationPrior?: number;
}

/** The days of the test season scored: [from, to). */
export interface DayRange {
  from?: string;
  to?: string;
}

export function meanOf(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
}

export interface WalkForwardRun {
  predictions: Prediction[];
  rps: number;
  fits: number;
  fitMs: number[];
}

/**
 * Walk-forward over `test` (one league-season): one fit per match day, on `history` (which may hold the test
 * season too: only results dated before the day are used). `newTeams` are the teams the season's fixture
 * list shows as new to the league (known before it starts).
 */
export function walkForward(
  history: readonly MatchResult[],
  test: readonly MatchResult[],
  newTeams: ReadonlySet<string>,
  settings: WalkForwardSettings,
  range: DayRange = {},
): WalkForwardRun {
  const cap = settings.goalCap;
  const fitted =
    cap === undefined
      ? history
      : history.map((r) => ({ ...r, homeGoals: Math.min(r.homeGoals, cap), awayGoals: Math.min(r.awayGoals, cap) }));
  const days = [...new Set(test.map((match) => match.date))]
    .filter((day) => day >= (range.from ?? '') && day < (range.to ?? '9999'))
    .sort();
  const predictions: Prediction[] = [];
  const fitMs: number[] = [];
  let previous: FittedModel | undefined;
  for (const day of days) {
    const options: FitOptions = {
      asOf: day,
      halfLifeDays: settings.halfLifeDays,
      ridge: settings.ridge,
      fitRho: settings.fitRho,
      newTeams,
      promotedPrior: settings.promoted,
      homeAdvantagePrior: settings.homeAdvantagePrior,
      rhoPrior: settings.rhoPrior,
      ratingScale: settings.ratingScale,
      start: previous,
    };
    const started = performance.now();
    const model = fitModel(fitted, options);
    fitMs.push(performance.now() - started);
    previous = model;
    const delta =
      settings.drawInflationPrior === undefined ? 0 : drawInflation(model, history, day, settings.drawInflationPrior);
    for (const match of test.filter((m) => m.date === day)) {
      const xg = expectedGoals(model, match.home, match.away, { neutral: match.neutral });
      const matrix = inflateDraws(scorelineMatrix(xg.home, xg.away, model.rho), delta);
      const markets = marketsFromMatrix(matrix);
      predictions.push({ match, ...markets['1x2'] });
    }
  }
  return {
    predictions,
    rps: meanOf(predictions.map((p) => rankedProbabilityScore(p, outcomeOf(p.match.homeGoals, p.match.awayGoals)))),
    fits: days.length,
    fitMs,
  };
}

/** The matrix with its draws × (1 + δ), normalised again. */
function inflateDraws(matrix: number[][], delta: number): number[][] {
  if (delta === 0) return matrix;
  let total = 0;
  for (let h = 0; h < matrix.length; h++)
    for (let a = 0; a < matrix[h]!.length; a++) {
      if (h === a) matrix[h]![a]! *= 1 + delta;
      total += matrix[h]![a]!;
    }
  return matrix.map((row) => row.map((p) => p / total));
}

/**
 * δ of the draw inflation: Newton steps on the weighted log-likelihood of the fit's results (dated before
 * `asOf`, weighted as the fit weights them), each result's probability ∝ f(x, y) · (1 + δ [x = y]).
 */
function drawInflation(model: FittedModel, results: readonly MatchResult[], asOf: string, prior: number): number {
  const xi = Math.LN2 / model.halfLifeDays;
  const rows: { w: number; draw: boolean; d: number }[] = [];
  for (const result of results) {
    const age = daysBetween(result.date, asOf);
    if (age <= 0 || age > Math.max(4 * model.halfLifeDays, 3 * 366)) continue;
    const xg = expectedGoals(model, result.home, result.away, { neutral: result.neutral });
    const matrix = scorelineMatrix(xg.home, xg.away, model.rho);
    let d = 0;
    for (let k = 0; k < matrix.length; k++) d += matrix[k]![k]!;
    rows.push({ w: Math.exp(-xi * age), draw: result.homeGoals === result.awayGoals, d });
  }
  let delta = 0;
  for (let iteration = 0; iteration < 30; iteration++) {
    let gradient = -prior * delta;
    let curvature = -prior;
    for (const { w, draw, d } of rows) {
      if (draw) {
        gradient += w / (1 + delta);
        curvature -= w / (1 + delta) ** 2;
      }
      gradient -= (w * d) / (1 + delta * d);
      curvature += (w * d * d) / (1 + delta * d) ** 2;
    }
    const step = -gradient / curvature;
    delta = Math.max(-0.5, delta + step);
    if (Math.abs(step) < 1e-9) break;
  }
  return delta;
}

/** Forecast against observed frequency of one outcome in ten bins (domain/odds/scoring.ts). */
export function calibration(predictions: readonly Prediction[], outcome: Outcome): CalibrationBin[] {
  return calibrationBins(
    predictions.map((prediction) => ({
      p: prediction,
      outcome: outcomeOf(prediction.match.homeGoals, prediction.match.awayGoals),
    })),
    outcome,
  );
}
