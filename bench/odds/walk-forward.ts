// The walk-forward backtest of the model odds (issue #24): before each matchday of the test season, fit on
// every result dated before it (no peeking), price that day's matches, and score the 1X2 probabilities by the
// ranked probability score. Also the calibration table. Pure: the results come in as arguments.
import {
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
): WalkForwardRun {
  const days = [...new Set(test.map((match) => match.date))].sort();
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
      start: previous,
    };
    const started = performance.now();
    const model = fitModel(history, options);
    fitMs.push(performance.now() - started);
    previous = model;
    for (const match of test.filter((m) => m.date === day)) {
      const xg = expectedGoals(model, match.home, match.away, { neutral: match.neutral });
      const markets = marketsFromMatrix(scorelineMatrix(xg.home, xg.away, model.rho));
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
