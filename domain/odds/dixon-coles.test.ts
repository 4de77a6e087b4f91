// The Dixon–Coles fit (issue #24): it recovers known strengths from simulated seasons, keeps the
// identifiability constraint, ignores results on or after `asOf` (no peeking), weights recent results
// more, handles unseen teams and is fast enough to refit every league at start.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROMOTED_PRIOR,
  daysBetween,
  expectedGoals,
  fitModel,
  newTeamsOf,
  type MatchResult,
} from './dixon-coles.ts';
import { minimise } from './minimise.ts';

/** A small deterministic PRNG (mulberry32) so the simulated seasons are the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function poisson(rate: number, next: () => number): number {
  let k = 0;
  let p = Math.exp(-rate);
  let cumulative = p;
  const u = next();
  while (u > cumulative && k < 30) {
    k++;
    p = (p * rate) / k;
    cumulative += p;
  }
  return k;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const TEAMS = Array.from({ length: 20 }, (_, i) => `Team ${String(i + 1).padStart(2, '0')}`);
/** True strengths: attack spread from +0.4 to −0.4, defence the mirror image (good teams concede less). */
const TRUTH = Object.fromEntries(
  TEAMS.map((team, i) => [team, { attack: 0.4 - (0.8 * i) / 19, defence: -0.3 + (0.6 * i) / 19 }]),
);
const INTERCEPT = 0.1;
const HOME = 0.25;

/** Double round robins, one matchday a week from `firstDay`; independent Poisson goals. */
function simulateSeasons(seasons: number, seed: number, firstDay = '2022-08-06'): MatchResult[] {
  const next = random(seed);
  const results: MatchResult[] = [];
  let day = 0;
  for (let s = 0; s < seasons; s++) {
    for (let round = 0; round < 2 * (TEAMS.length - 1); round++) {
      // Circle method: team 0 fixed, the others rotate.
      const rotated = [TEAMS[0]!, ...TEAMS.slice(1).map((_, i) => TEAMS[1 + ((i + round) % (TEAMS.length - 1))]!)];
      for (let k = 0; k < TEAMS.length / 2; k++) {
        let home = rotated[k]!;
        let away = rotated[TEAMS.length - 1 - k]!;
        if (round >= TEAMS.length - 1) [home, away] = [away, home];
        const lambda = Math.exp(INTERCEPT + HOME + TRUTH[home]!.attack + TRUTH[away]!.defence);
        const mu = Math.exp(INTERCEPT + TRUTH[away]!.attack + TRUTH[home]!.defence);
        results.push({
          date: addDays(firstDay, day),
          home,
          away,
          homeGoals: poisson(lambda, next),
          awayGoals: poisson(mu, next),
        });
      }
      day += 7;
    }
    day += 70;
  }
  return results;
}

describe('minimise', () => {
  it('finds the minimum of the Rosenbrock function', () => {
    const result = minimise(
      (x, g) => {
        const [a, b] = [x[0]!, x[1]!];
        g[0] = -2 * (1 - a) - 400 * a * (b - a * a);
        g[1] = 200 * (b - a * a);
        return (1 - a) ** 2 + 100 * (b - a * a) ** 2;
      },
      Float64Array.from([-1.2, 1]),
      { gradientTolerance: 1e-8, maxIterations: 2000 },
    );
    expect(result.converged).toBe(true);
    expect(result.x[0]).toBeCloseTo(1, 5);
    expect(result.x[1]).toBeCloseTo(1, 5);
  });
});

describe('fitModel', () => {
  const results = simulateSeasons(3, 7);
  const asOf = addDays(results[results.length - 1]!.date, 1);

  it('recovers the strengths, the home advantage and ρ ≈ 0 of ten simulated independent-Poisson seasons', () => {
    const many = simulateSeasons(10, 7);
    const model = fitModel(many, {
      asOf: addDays(many[many.length - 1]!.date, 1),
      halfLifeDays: 1e6,
      ridge: 0.01,
      homeAdvantagePrior: null,
      rhoPrior: null,
    });
    expect(model.converged).toBe(true);
    expect(model.matches).toBe(many.length);
    expect(Math.abs(model.homeAdvantage - HOME)).toBeLessThan(0.08);
    expect(Math.abs(model.rho)).toBeLessThan(0.1);
    const attackError = TEAMS.map((team) => Math.abs(model.teams[team]!.attack - TRUTH[team]!.attack));
    expect(Math.max(...attackError)).toBeLessThan(0.2);
    expect(model.matches).toBe(3800);
    // Expected goals of one fixture within 10 % of the truth.
    const xg = expectedGoals(model, TEAMS[0]!, TEAMS[19]!);
    const trueHome = Math.exp(INTERCEPT + HOME + TRUTH[TEAMS[0]!]!.attack + TRUTH[TEAMS[19]!]!.defence);
    expect(Math.abs(xg.home / trueHome - 1)).toBeLessThan(0.1);
  });

  it('keeps the mean attack and mean defence at 0', () => {
    const model = fitModel(results, { asOf });
    const attacks = Object.values(model.teams).map((team) => team.attack);
    const defences = Object.values(model.teams).map((team) => team.defence);
    expect(Math.abs(attacks.reduce((a, b) => a + b, 0))).toBeLessThan(1e-9);
    expect(Math.abs(defences.reduce((a, b) => a + b, 0))).toBeLessThan(1e-9);
  });

  it('uses only results dated before asOf: adding a later result changes nothing (no peeking)', () => {
    const cut = results[600]!.date;
    const before = fitModel(results, { asOf: cut });
    const later = [...results, { date: cut, home: TEAMS[0]!, away: TEAMS[1]!, homeGoals: 9, awayGoals: 0 }];
    const after = fitModel(later, { asOf: cut });
    expect(after).toEqual(before);
    expect(before.trainedUntil! < cut).toBe(true);
    expect(daysBetween(before.trainedUntil!, cut)).toBe(7);
  });

  it('weights recent results more: a team that turned good shows it sooner with a short half-life', () => {
    const turned = results.map((result) =>
      result.home === TEAMS[19] && daysBetween(result.date, asOf) < 120
        ? { ...result, homeGoals: result.homeGoals + 3 }
        : result,
    );
    const short = fitModel(turned, { asOf, halfLifeDays: 60 });
    const long = fitModel(turned, { asOf, halfLifeDays: 2000 });
    expect(short.teams[TEAMS[19]!]!.attack).toBeGreaterThan(long.teams[TEAMS[19]!]!.attack + 0.1);
  });

  it('gives a team it never saw the league average, or the prior it is told', () => {
    const model = fitModel(results, { asOf });
    const xg = expectedGoals(model, 'Newcomers FC', 'Visitors FC', { neutral: true });
    expect(xg.home).toBeCloseTo(Math.exp(model.intercept), 12);
    expect(xg.away).toBeCloseTo(xg.home, 12);
    const promoted = fitModel(results, { asOf, unknownTeam: { attack: -0.3, defence: 0.2 } });
    expect(expectedGoals(promoted, TEAMS[0]!, 'Newcomers FC').home).toBeGreaterThan(
      expectedGoals(model, TEAMS[0]!, 'Newcomers FC').home,
    );
  });

  it('fits ρ when asked and holds it at 0 for independent Poisson', () => {
    expect(fitModel(results, { asOf, fitRho: false }).rho).toBe(0);
    // Simulated 0-0s and 1-1s made twice as common as Poisson says: the fit answers with ρ < 0.
    const drawish = [...results, ...results.filter((r) => r.homeGoals === r.awayGoals && r.homeGoals <= 1)];
    expect(fitModel(drawish, { asOf, rhoPrior: null }).rho).toBeLessThan(-0.05);
  });

  it('returns the prior alone when there are no results', () => {
    const model = fitModel([], { asOf: '2024-08-01' });
    expect(model.trainedUntil).toBeNull();
    expect(model.matches).toBe(0);
    const xg = expectedGoals(model, 'A', 'B');
    expect(xg.home).toBeGreaterThan(xg.away);
  });

  it('fits three seasons of a 20-team league well under a second, and faster from a previous fit', () => {
    const started = performance.now();
    const model = fitModel(results, { asOf });
    const took = performance.now() - started;
    expect(took).toBeLessThan(1000);
    const startedAgain = performance.now();
    const refit = fitModel(results, { asOf: addDays(asOf, 3), start: model });
    expect(refit.iterations).toBeLessThan(model.iterations);
    expect(performance.now() - startedAgain).toBeLessThan(1000);
  });
});

describe('newTeamsOf and the promoted prior', () => {
  const fixtures = [
    { season: '2023-24', home: 'A', away: 'B' },
    { season: '2023-24', home: 'C', away: 'D' },
    { season: '2024-25', home: 'A', away: 'E' },
    { season: '2024-25', home: 'C', away: 'B' },
  ];

  it('names the teams of a season that were not in the one before, and nobody in the first season', () => {
    expect(newTeamsOf(fixtures, '2024-25')).toEqual(new Set(['E']));
    expect(newTeamsOf(fixtures, '2023-24')).toEqual(new Set());
  });

  it('pulls a promoted team towards the promoted prior and prices an unseen one with it', () => {
    const results = simulateSeasons(1, 3);
    const asOf = addDays(results[40]!.date, 1);
    const plain = fitModel(results, { asOf });
    const promoted = fitModel(results, { asOf, newTeams: [TEAMS[5]!] });
    expect(promoted.teams[TEAMS[5]!]!.attack).toBeLessThan(plain.teams[TEAMS[5]!]!.attack);
    expect(promoted.unknownTeam).toEqual(DEFAULT_PROMOTED_PRIOR);
    expect(plain.unknownTeam).toEqual({ attack: 0, defence: 0 });
  });
});

describe('priors on the home advantage and ρ', () => {
  const results = simulateSeasons(1, 11);
  const asOf = addDays(results[100]!.date, 1);

  it('pull the fitted value towards the prior mean, the more the stronger', () => {
    const free = fitModel(results, { asOf, homeAdvantagePrior: null, rhoPrior: null });
    const weak = fitModel(results, { asOf, homeAdvantagePrior: { mean: 0.6, strength: 20 } });
    expect(fitModel(results, { asOf }).homeAdvantage).toBeGreaterThan(free.homeAdvantage);
    const strong = fitModel(results, { asOf, homeAdvantagePrior: { mean: 0.6, strength: 1e5 } });
    expect(weak.homeAdvantage).toBeGreaterThan(free.homeAdvantage);
    expect(strong.homeAdvantage).toBeCloseTo(0.6, 2);
    const rho = fitModel(results, { asOf, rhoPrior: { mean: -0.2, strength: 1e5 } });
    expect(rho.rho).toBeCloseTo(-0.2, 2);
    expect(fitModel(results, { asOf, fitRho: false, rhoPrior: { mean: -0.2, strength: 1e5 } }).rho).toBe(0);
  });
});

describe('who plays at home', () => {
  const results = simulateSeasons(2, 11);
  const asOf = addDays(results[results.length - 1]!.date, 1);

  it('gives the home advantage to the side listed second when it plays at home (a host nation): the same fit as listed first', () => {
    const listedFirst = fitModel(results, { asOf });
    // The same matches with the sides listed the other way round, the home side marked as the away one.
    const swapped: MatchResult[] = results.map((result) => ({
      date: result.date,
      home: result.away,
      away: result.home,
      homeGoals: result.awayGoals,
      awayGoals: result.homeGoals,
      advantage: 'away',
    }));
    const listedSecond = fitModel(swapped, { asOf });
    expect(listedSecond.homeAdvantage).toBeCloseTo(listedFirst.homeAdvantage, 5);
    expect(listedSecond.rho).toBeCloseTo(listedFirst.rho, 5);
    for (const team of TEAMS) expect(listedSecond.teams[team]!.attack).toBeCloseTo(listedFirst.teams[team]!.attack, 5);
    const home = expectedGoals(listedFirst, TEAMS[3]!, TEAMS[8]!);
    const away = expectedGoals(listedFirst, TEAMS[8]!, TEAMS[3]!, { advantage: 'away' });
    expect(away.away).toBeCloseTo(home.home, 12);
    expect(away.home).toBeCloseTo(home.away, 12);
  });

  it('gives nobody the home advantage at a neutral venue', () => {
    const model = fitModel(results, { asOf });
    const neutral = expectedGoals(model, TEAMS[3]!, TEAMS[8]!, { advantage: 'none' });
    expect(neutral).toEqual(expectedGoals(model, TEAMS[3]!, TEAMS[8]!, { neutral: true }));
    const home = expectedGoals(model, TEAMS[3]!, TEAMS[8]!);
    expect(home.home / neutral.home).toBeCloseTo(Math.exp(model.homeAdvantage), 12);
    expect(home.away).toBeCloseTo(neutral.away, 12);
  });
});

describe('ratingScale', () => {
  const results = simulateSeasons(2, 5);
  const asOf = addDays(results[results.length - 1]!.date, 1);

  it('stretches the ratings apart when goals are predicted, and leaves the fit alone', () => {
    const plain = fitModel(results, { asOf });
    const stretched = fitModel(results, { asOf, ratingScale: 1.2 });
    expect(stretched.teams).toEqual(plain.teams);
    expect(stretched.ratingScale).toBe(1.2);
    const strong = TEAMS[0]!;
    const weak = TEAMS[19]!;
    const a = expectedGoals(plain, strong, weak);
    const b = expectedGoals(stretched, strong, weak);
    const base = plain.intercept + plain.homeAdvantage;
    expect(Math.log(b.home) - base).toBeCloseTo(1.2 * (Math.log(a.home) - base), 10);
    expect(b.home).toBeGreaterThan(a.home);
    expect(b.away).toBeLessThan(a.away);
  });
});
