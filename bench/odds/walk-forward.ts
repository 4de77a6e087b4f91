// The walk-forward backtest of the model odds (issue #24): before each matchday of the test season, fit on
// every result dated before it (no peeking), price that day's matches, and score the 1X2 probabilities by the
// ranked probability score. Also the calibration table. Pure: the results come in as arguments.
import {
  fitModel,
  type FitOptions,
  type FittedModel,
  type MatchResult,
  type ParameterPrior,
  type TeamStrength,
} from '../../domain/odds/dixon-coles.ts';
import { marketsFromMatrix, scorelineMatrix } from '../../domain/odds/markets.ts';
import { expectedGoals } from '../../domain/odds/dixon-coles.ts';

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

/** RPS of ordered outcomes home < draw < away (Epstein 1969; Constantinou & Fenton 2012 for football). */
export function rankedProbabilityScore(p: { home: number; draw: number; away: number }, match: MatchResult): number {
  const outcome = match.homeGoals > match.awayGoals ? 0 : match.homeGoals === match.awayGoals ? 1 : 2;
  const cumulative1 = p.home - (outcome === 0 ? 1 : 0);
  const cumulative2 = p.home + p.draw - (outcome <= 1 ? 1 : 0);
  return (cumulative1 ** 2 + cumulative2 ** 2) / 2;
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
    rps: meanOf(predictions.map((p) => rankedProbabilityScore(p, p.match))),
    fits: days.length,
    fitMs,
  };
}

export interface CalibrationBin {
  from: number;
  to: number;
  count: number;
  predicted: number;
  observed: number;
}

/** Predicted against observed frequency of one outcome in ten equal bins of predicted probability. */
export function calibration(predictions: readonly Prediction[], outcome: 'home' | 'draw' | 'away'): CalibrationBin[] {
  const bins = Array.from({ length: 10 }, (_, k) => ({ from: k / 10, to: (k + 1) / 10, sum: 0, hits: 0, count: 0 }));
  for (const prediction of predictions) {
    const p = prediction[outcome];
    const bin = bins[Math.min(9, Math.floor(p * 10))]!;
    const { homeGoals, awayGoals } = prediction.match;
    const happened =
      outcome === 'home' ? homeGoals > awayGoals : outcome === 'draw' ? homeGoals === awayGoals : homeGoals < awayGoals;
    bin.count++;
    bin.sum += p;
    if (happened) bin.hits++;
  }
  return bins.map((bin) => ({
    from: bin.from,
    to: bin.to,
    count: bin.count,
    predicted: bin.count ? bin.sum / bin.count : NaN,
    observed: bin.count ? bin.hits / bin.count : NaN,
  }));
}
