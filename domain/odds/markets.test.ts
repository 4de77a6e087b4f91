// Market derivations (issue #24): hand-computed cases on a known 2 × 2 matrix, the Dixon–Coles matrix,
// symmetry of two equal teams at a neutral venue, and (fast-check) every market summing to 1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oddsMarketsSchema } from '../odds-contracts.ts';
import { marketsFromMatrix, priceMarkets, scorelineMatrix, type MarketProbabilities } from './markets.ts';

// p[h][a]: 0-0 0.2, 0-1 0.1, 1-0 0.3, 1-1 0.4
const SMALL = [
  [0.2, 0.1],
  [0.3, 0.4],
];

function expectSumsToOne(markets: MarketProbabilities) {
  for (const [key, market] of Object.entries(markets)) {
    const values = Object.values(market as Record<string, number>);
    const total = values.reduce((sum, p) => sum + p, 0);
    expect(Math.abs(total - 1), key).toBeLessThan(1e-9);
    for (const p of values) expect(p >= 0 && p <= 1, `${key} ${p}`).toBe(true);
  }
}

describe('marketsFromMatrix', () => {
  it('derives every market of a small matrix before kick-off by hand', () => {
    const m = marketsFromMatrix(SMALL);
    expect(m['1x2'].home).toBeCloseTo(0.3, 12);
    expect(m['1x2'].draw).toBeCloseTo(0.6, 12);
    expect(m['1x2'].away).toBeCloseTo(0.1, 12);
    // Draw excluded, shared in proportion: 0.3 / 0.4 and 0.1 / 0.4.
    expect(m.two_way.home).toBeCloseTo(0.75, 12);
    expect(m.two_way.away).toBeCloseTo(0.25, 12);
    expect(m.odd_even.odd).toBeCloseTo(0.4, 12);
    expect(m.odd_even.even).toBeCloseTo(0.6, 12);
    // 0-0 → none; 0-1 → away; 1-0 → home; 1-1 → either last, half each.
    expect(m.last_team_to_score.none).toBeCloseTo(0.2, 12);
    expect(m.last_team_to_score.home).toBeCloseTo(0.3 + 0.2, 12);
    expect(m.last_team_to_score.away).toBeCloseTo(0.1 + 0.2, 12);
    expect(m.over_under_2_5.under).toBeCloseTo(1, 12);
    expect(m.btts.yes).toBeCloseTo(0.4, 12);
    expect(m.correct_score).toEqual({ '0-0': 0.2, '0-1': 0.1, '1-0': 0.3, '1-1': 0.4, other: 0 });
  });

  it('reads the matrix as goals still to come on top of the score so far', () => {
    const m = marketsFromMatrix(SMALL, { score: { home: 1, away: 1 }, lastScorer: 'away' });
    // Finals 1-1 0.2, 1-2 0.1, 2-1 0.3, 2-2 0.4.
    expect(m['1x2']).toEqual({
      home: expect.closeTo(0.3, 12),
      draw: expect.closeTo(0.6, 12),
      away: expect.closeTo(0.1, 12),
    });
    // No more goals (0.2) leaves the away side as the last scorer.
    expect(m.last_team_to_score.home).toBeCloseTo(0.5, 12);
    expect(m.last_team_to_score.away).toBeCloseTo(0.5, 12);
    expect(m.last_team_to_score.none).toBe(0);
    expect(m.over_under_2_5.over).toBeCloseTo(0.8, 12);
    expect(m.odd_even.odd).toBeCloseTo(0.4, 12);
    expect(m.btts.yes).toBeCloseTo(1, 12);
    expect(Object.keys(m.correct_score).sort()).toEqual(['1-1', '1-2', '2-1', '2-2', 'other']);
  });

  it('folds scores beyond the listed ones into "other"', () => {
    const m = marketsFromMatrix(SMALL, { correctScoreMax: 0 });
    expect(m.correct_score).toEqual({ '0-0': expect.closeTo(0.2, 12), other: expect.closeTo(0.8, 12) });
  });

  it('shares two-way evenly when only a draw is left (the stake is refunded)', () => {
    const m = marketsFromMatrix([[1]], { score: { home: 2, away: 2 }, lastScorer: 'home' });
    expect(m.two_way).toEqual({ home: 0.5, away: 0.5 });
    expect(m['1x2'].draw).toBe(1);
    expect(m.last_team_to_score.home).toBe(1);
  });

  it('prices every outcome in the API shape', () => {
    const priced = priceMarkets(marketsFromMatrix(SMALL));
    expect(oddsMarketsSchema.parse(priced)).toEqual(priced);
    expect(priced['1x2'].draw).toEqual({ p: expect.closeTo(0.6, 12), price: 1.67 });
    expect(priced.over_under_2_5.over).toEqual({ p: 0, price: null });
  });
});

describe('scorelineMatrix', () => {
  it('is the product of two Poisson distributions when ρ = 0', () => {
    const matrix = scorelineMatrix(1.5, 1.1, 0);
    const poisson = (k: number, rate: number) => (Math.exp(-rate) * rate ** k) / [1, 1, 2, 6, 24][k]!;
    expect(matrix[2]![1]).toBeCloseTo(poisson(2, 1.5) * poisson(1, 1.1), 6);
    expect(matrix[0]![0]).toBeCloseTo(Math.exp(-2.6), 6);
  });

  it('applies the Dixon–Coles correction: ρ < 0 makes 0-0 and 1-1 likelier, 1-0 and 0-1 less likely', () => {
    const independent = scorelineMatrix(1.4, 1.2, 0);
    const corrected = scorelineMatrix(1.4, 1.2, -0.1);
    expect(corrected[0]![0]).toBeGreaterThan(independent[0]![0]!);
    expect(corrected[1]![1]).toBeGreaterThan(independent[1]![1]!);
    expect(corrected[1]![0]).toBeLessThan(independent[1]![0]!);
    expect(corrected[0]![1]).toBeLessThan(independent[0]![1]!);
    // τ(0,0) = 1 − λμρ exactly, before normalisation (which the correction leaves at 1 up to the tail).
    expect(corrected[0]![0]! / independent[0]![0]!).toBeCloseTo(1 + 1.4 * 1.2 * 0.1, 5);
  });

  it('gives two equal teams at a neutral venue symmetric odds', () => {
    const m = marketsFromMatrix(scorelineMatrix(1.3, 1.3, -0.08));
    expect(m['1x2'].home).toBeCloseTo(m['1x2'].away, 12);
    expect(m.two_way.home).toBeCloseTo(0.5, 12);
    expect(m.last_team_to_score.home).toBeCloseTo(m.last_team_to_score.away, 12);
    for (let h = 0; h <= 5; h++)
      for (let a = 0; a <= 5; a++) expect(m.correct_score[`${h}-${a}`]).toBeCloseTo(m.correct_score[`${a}-${h}`]!, 12);
  });

  it('puts λ / (λ + μ) of the chance of a goal on the home side scoring last (independent Poisson)', () => {
    const m = marketsFromMatrix(scorelineMatrix(1.8, 0.9, 0, 20));
    const anyGoal = 1 - Math.exp(-2.7);
    expect(m.last_team_to_score.home).toBeCloseTo((1.8 / 2.7) * anyGoal, 9);
    expect(m.last_team_to_score.none).toBeCloseTo(Math.exp(-2.7), 9);
  });

  it('sums every market to 1 within 1e-9 for any rates (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 5, noNaN: true }),
        fc.double({ min: 0.01, max: 5, noNaN: true }),
        fc.double({ min: -0.2, max: 0.2, noNaN: true }),
        (lambda, mu, rho) => {
          expectSumsToOne(marketsFromMatrix(scorelineMatrix(lambda, mu, rho)));
        },
      ),
    );
  });
});
