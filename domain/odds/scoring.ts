// How good 1X2 probabilities were (issue #24's benchmark, bench/odds): the ranked probability score and a
// calibration table. Pure, so they are unit-tested here and the benchmark only feeds them results.

export interface OneXTwo {
  home: number;
  draw: number;
  away: number;
}

export type Outcome = keyof OneXTwo;

export function outcomeOf(homeGoals: number, awayGoals: number): Outcome {
  return homeGoals > awayGoals ? 'home' : homeGoals === awayGoals ? 'draw' : 'away';
}

/**
 * The ranked probability score of ordered outcomes home < draw < away (Epstein 1969; Constantinou & Fenton
 * 2012 for football): half the sum of squared differences of the cumulative forecast and outcome. 0 is a sure
 * and right forecast, 1 a sure forecast of a home win when the away side won.
 */
export function rankedProbabilityScore(p: OneXTwo, outcome: Outcome): number {
  const first = p.home - (outcome === 'home' ? 1 : 0);
  const second = p.home + p.draw - (outcome === 'away' ? 0 : 1);
  return (first * first + second * second) / 2;
}

export interface CalibrationBin {
  from: number;
  to: number;
  count: number;
  /** Mean forecast probability in the bin (NaN when empty). */
  predicted: number;
  /** How often the outcome happened in the bin (NaN when empty). */
  observed: number;
}

/** Forecast against observed frequency of one outcome in ten equal bins of forecast probability. */
export function calibrationBins(
  forecasts: readonly { p: OneXTwo; outcome: Outcome }[],
  outcome: Outcome,
  bins = 10,
): CalibrationBin[] {
  const totals = Array.from({ length: bins }, () => ({ sum: 0, hits: 0, count: 0 }));
  for (const forecast of forecasts) {
    const p = forecast.p[outcome];
    const bin = totals[Math.min(bins - 1, Math.floor(p * bins))]!;
    bin.count++;
    bin.sum += p;
    if (forecast.outcome === outcome) bin.hits++;
  }
  return totals.map((bin, k) => ({
    from: k / bins,
    to: (k + 1) / bins,
    count: bin.count,
    predicted: bin.count ? bin.sum / bin.count : NaN,
    observed: bin.count ? bin.hits / bin.count : NaN,
  }));
}
