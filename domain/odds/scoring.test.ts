// The benchmark's scores (issue #24), by hand.
import { describe, expect, it } from 'vitest';
import { calibrationBins, outcomeOf, rankedProbabilityScore } from './scoring.ts';

describe('rankedProbabilityScore', () => {
  it('is 0 for a sure right forecast and 1 for a sure forecast of the opposite end', () => {
    expect(rankedProbabilityScore({ home: 1, draw: 0, away: 0 }, 'home')).toBe(0);
    expect(rankedProbabilityScore({ home: 1, draw: 0, away: 0 }, 'away')).toBe(1);
    expect(rankedProbabilityScore({ home: 0, draw: 1, away: 0 }, 'away')).toBe(0.5);
  });

  it('scores an even forecast of a draw as ((1/3)² + (1/3)²) / 2 = 1/9', () => {
    expect(rankedProbabilityScore({ home: 1 / 3, draw: 1 / 3, away: 1 / 3 }, 'draw')).toBeCloseTo(1 / 9, 12);
    // Ranked: the same miss costs less when the forecast leaned next door (draw) than far (away).
    const near = rankedProbabilityScore({ home: 0.2, draw: 0.6, away: 0.2 }, 'home');
    const far = rankedProbabilityScore({ home: 0.2, draw: 0.2, away: 0.6 }, 'home');
    expect(near).toBeLessThan(far);
  });

  it('reads the outcome from the score', () => {
    expect([outcomeOf(2, 1), outcomeOf(1, 1), outcomeOf(0, 3)]).toEqual(['home', 'draw', 'away']);
  });
});

describe('calibrationBins', () => {
  it('puts each forecast in its bin and counts how often the outcome happened', () => {
    const forecasts = [
      { p: { home: 0.62, draw: 0.2, away: 0.18 }, outcome: 'home' as const },
      { p: { home: 0.68, draw: 0.2, away: 0.12 }, outcome: 'draw' as const },
      { p: { home: 0.05, draw: 0.15, away: 0.8 }, outcome: 'away' as const },
      { p: { home: 1, draw: 0, away: 0 }, outcome: 'home' as const },
    ];
    const bins = calibrationBins(forecasts, 'home');
    expect(bins).toHaveLength(10);
    expect(bins[6]).toEqual({ from: 0.6, to: 0.7, count: 2, predicted: expect.closeTo(0.65, 12), observed: 0.5 });
    expect(bins[0]).toMatchObject({ count: 1, observed: 0 });
    expect(bins[9]).toMatchObject({ count: 1, predicted: 1, observed: 1 });
    expect(bins[3]!.count).toBe(0);
    expect(bins[3]!.predicted).toBeNaN();
  });
});
