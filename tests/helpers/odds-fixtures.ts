// Test data for the odds panel's tests (unit, page and browser): markets built
// from a small made-up scoreline matrix, so every market's chances agree and
// sum to 1 as the model's do. Fair prices (1 ÷ chance, to the cent), no margin.
import type { OddsMarkets, OddsOutcome } from '../../domain/odds-contracts.ts';
import { priceOf } from '../../domain/odds/prices.ts';

const outcome = (p: number): OddsOutcome => ({ p, price: priceOf(p) });

/** The markets of a scoreline matrix: `matrix[h][a]` the chance of h–a, summing to 1. */
export function marketsFromMatrix(matrix: number[][]): OddsMarkets {
  let home = 0;
  let draw = 0;
  let away = 0;
  let over = 0;
  let odd = 0;
  let both = 0;
  let none = 0;
  const correct: Record<string, OddsOutcome> = {};
  matrix.forEach((row, h) =>
    row.forEach((p, a) => {
      if (h > a) home += p;
      else if (h === a) draw += p;
      else away += p;
      if (h + a > 2) over += p;
      if ((h + a) % 2 === 1) odd += p;
      if (h > 0 && a > 0) both += p;
      if (h + a === 0) none += p;
      correct[`${h}-${a}`] = outcome(p);
    }),
  );
  // The last team to score, crudely split by the goals' shares: enough for the panel's tests.
  const scoring = 1 - none;
  const homeShare = home + draw / 2;
  return {
    '1x2': { home: outcome(home), draw: outcome(draw), away: outcome(away) },
    two_way: { home: outcome(home / (home + away)), away: outcome(away / (home + away)) },
    odd_even: { odd: outcome(odd), even: outcome(1 - odd) },
    last_team_to_score: {
      home: outcome(scoring * homeShare),
      away: outcome(scoring * (1 - homeShare)),
      none: outcome(none),
    },
    over_under_2_5: { over: outcome(over), under: outcome(1 - over) },
    btts: { yes: outcome(both), no: outcome(1 - both) },
    correct_score: correct,
  };
}

/** Independent Poisson goals with these means, up to 5 each (the rest folded into 5). */
export function poissonMatrix(homeMean: number, awayMean: number): number[][] {
  const pmf = (mean: number) => {
    const values = Array.from({ length: 6 }, (_, k) => {
      let factorial = 1;
      for (let i = 2; i <= k; i += 1) factorial *= i;
      return (Math.exp(-mean) * mean ** k) / factorial;
    });
    values[5] = (values[5] ?? 0) + 1 - values.reduce((sum, value) => sum + value, 0);
    return values;
  };
  const h = pmf(homeMean);
  const a = pmf(awayMean);
  return h.map((ph) => a.map((pa) => ph * pa));
}
