// The team-strength model behind the model odds (issue #24): Dixon & Coles, "Modelling Association Football
// Scores and Inefficiencies in the Football Betting Market", Journal of the Royal Statistical Society C 46(2),
// 1997, pp. 265–280.
//
// Goals of the home side ~ Poisson(λ), of the away side ~ Poisson(μ), with
//   log λ = c + h + attack[home] + defence[away]      (h dropped at a neutral venue)
//   log μ = c +     attack[away] + defence[home]      (+ h when the side listed second plays at home: a host
//                                                     nation drawn as the "away" side of a tournament match)
// and the paper's low-score correction τ(x, y; λ, μ, ρ) on 0-0, 1-0, 0-1 and 1-1 (its eq. 4.2). "defence" here
// is a weakness: a higher value lets in more goals. Parameters maximise the time-weighted log-likelihood
// (the paper's eq. 4.5: each match weighted by φ(t) = exp(−ξ t), written here as a half-life in days,
// ξ = ln 2 / halfLifeDays) minus a small ridge penalty that pulls each team towards its prior (0 = league
// average unless a prior is given: it keeps a team with three matches from getting an extreme rating, and
// makes the problem strictly convex in the team parameters). The paper's identifiability constraint
// (mean attack 0) is applied by re-centring attack and defence into the intercept c after the fit, which
// leaves every λ and μ unchanged.
//
// The maximisation is our own L-BFGS (./minimise.ts) on the analytic gradient.

import { minimise } from './minimise.ts';

/** One finished match as the fit reads it. Dates are ISO calendar days (YYYY-MM-DD). */
export interface MatchResult {
  date: string;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  /** True when neither side played at home (no home advantage). */
  neutral?: boolean;
  /**
   * Who had the home advantage, overriding `neutral`: 'home' (the usual), 'none' (a neutral venue) or 'away'
   * (the side listed second played in its own country: a tournament's host nation drawn as the away side).
   */
  advantage?: Advantage;
}

/** Which side, if any, plays at home (see MatchResult.advantage). */
export type Advantage = 'home' | 'away' | 'none';

/** The side with the home advantage of a result or a match: `advantage` if given, else none at a neutral venue. */
export function advantageOf(match: { neutral?: boolean; advantage?: Advantage }): Advantage {
  return match.advantage ?? (match.neutral ? 'none' : 'home');
}

export interface TeamStrength {
  /** log-scale attack: + scores more than the league average. */
  attack: number;
  /** log-scale defensive weakness: + concedes more than the league average. */
  defence: number;
}

/** A normal prior on one parameter: a penalty of strength/2 · (value − mean)², strength in weighted matches. */
export interface ParameterPrior {
  mean: number;
  strength: number;
}

export interface FitOptions {
  /** Only results dated strictly before this day are used, and ages are counted to it (no peeking). */
  asOf: string;
  /** Half-life of a result's weight in days (the paper's ξ = ln 2 / halfLifeDays). */
  halfLifeDays?: number;
  /** Ridge strength, in weighted matches, pulling each team's attack and defence towards its prior. */
  ridge?: number;
  /** Fit the low-score correction ρ (true, Dixon–Coles) or hold it at 0 (independent Poisson). */
  fitRho?: boolean;
  /**
   * Teams new to the league this season (promoted: in this season's fixtures, not in last season's; see
   * `newTeamsOf`). The ridge pulls them towards `promotedPrior` instead of the league average, and a team the
   * fit never saw gets that prior too. Leave out for a cup, where a newcomer is not weaker by default.
   */
  newTeams?: Iterable<string>;
  /** Default DEFAULT_PROMOTED_PRIOR. */
  promotedPrior?: TeamStrength;
  /** A team's prior strength, overriding the above (what the ridge pulls towards); default league average. */
  priorOf?: (team: string) => TeamStrength | undefined;
  /** What `expectedGoals` uses for a team the fit never saw. Default: the promoted prior with `newTeams`, else the league average (0, 0). */
  unknownTeam?: TeamStrength;
  /** A previous fit to start from (a refit after a matchday converges in a few iterations). */
  start?: FittedModel;
  /** Stamped on the model as when it was fitted (ISO date-time). Default: midnight of `asOf`. */
  fittedAt?: string;
  /**
   * A prior on the home advantage: a penalty of strength/2 · (h − mean)², strength in weighted matches. One
   * league's recent results pin h down only to about ±0.04; the prior steadies it. Default
   * DEFAULT_HOME_ADVANTAGE_PRIOR; null for none.
   */
  homeAdvantagePrior?: ParameterPrior | null;
  /** The same for ρ (only when it is fitted): one league's low scores pin it down loosely. Default DEFAULT_RHO_PRIOR; null for none. */
  rhoPrior?: ParameterPrior | null;
  /** Results older than this many days are left out (their weight is negligible). Default 4 half-lives… at least 3 years. */
  maxAgeDays?: number;
  /**
   * Multiplies every team's attack and defence when goals are predicted (`expectedGoals`), not in the fit:
   * > 1 stretches the ratings apart, undoing part of the pull of the ridge and the time decay towards the
   * average. Default 1 (see LEAGUE_SETTINGS for the leagues where 2023-24 chose otherwise).
   */
  ratingScale?: number;
}

export interface FittedModel {
  name: string;
  fittedAt: string;
  /** The last day of results the fit used, or null when there were none (the model is then the prior alone). */
  trainedUntil: string | null;
  asOf: string;
  /** How many results the fit used. */
  matches: number;
  intercept: number;
  homeAdvantage: number;
  rho: number;
  halfLifeDays: number;
  /** FitOptions.ratingScale: the factor on team ratings when goals are predicted. */
  ratingScale: number;
  teams: Record<string, TeamStrength & { matches: number }>;
  unknownTeam: TeamStrength;
  converged: boolean;
  iterations: number;
}

export const MODEL_NAME = 'Dixon–Coles (1997), time-weighted';
export const POISSON_MODEL_NAME = 'Independent Poisson, time-weighted';

/**
 * Defaults (these and the priors below) chosen on the 2023-24 season of en.1, es.1, it.1 and de.1 (walk-forward, see bench/odds and
 * docs/performance.md); the 2024-25 season was kept for the test.
 */
export const DEFAULT_HALF_LIFE_DAYS = 180;
export const DEFAULT_RIDGE = 3;
/** The prior of a team new to a league (promoted): below the league average at both ends. */
export const DEFAULT_PROMOTED_PRIOR: TeamStrength = { attack: -0.3, defence: 0.5 };
/** Home sides score about e^0.25 ≈ 1.28 times as many goals; strong enough to steady one league's estimate. */
export const DEFAULT_HOME_ADVANTAGE_PRIOR: ParameterPrior = { mean: 0.25, strength: 1000 };
/** Near the paper's own estimate of ρ (about −0.1 on English league results). */
export const DEFAULT_RHO_PRIOR: ParameterPrior = { mean: -0.1, strength: 500 };

const DAY_MS = 86_400_000;

/** Days from `from` to `to` (ISO calendar days). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The paper's τ (eq. 4.2): multiplies the independent-Poisson probability of the four low scores. Returns 1
 * elsewhere, and a value ≤ 0 when ρ is outside the range where the probabilities stay positive.
 */
export function lowScoreCorrection(homeGoals: number, awayGoals: number, lambda: number, mu: number, rho: number) {
  if (homeGoals === 0 && awayGoals === 0) return 1 - lambda * mu * rho;
  if (homeGoals === 0 && awayGoals === 1) return 1 + lambda * rho;
  if (homeGoals === 1 && awayGoals === 0) return 1 + mu * rho;
  if (homeGoals === 1 && awayGoals === 1) return 1 - rho;
  return 1;
}

/** Fits the model on `results` dated before `options.asOf`. Pure and deterministic. */
export function fitModel(results: readonly MatchResult[], options: FitOptions): FittedModel {
  const halfLifeDays = options.halfLifeDays ?? DEFAULT_HALF_LIFE_DAYS;
  const ridge = options.ridge ?? DEFAULT_RIDGE;
  const fitRho = options.fitRho ?? true;
  const maxAgeDays = options.maxAgeDays ?? Math.max(4 * halfLifeDays, 3 * 366);
  const xi = Math.LN2 / halfLifeDays;

  const used = results.filter((result) => {
    const age = daysBetween(result.date, options.asOf);
    return age > 0 && age <= maxAgeDays;
  });

  const teamIndex = new Map<string, number>();
  const indexOf = (team: string) => {
    let index = teamIndex.get(team);
    if (index === undefined) {
      index = teamIndex.size;
      teamIndex.set(team, index);
    }
    return index;
  };
  const count = used.length;
  const homeTeam = new Int32Array(count);
  const awayTeam = new Int32Array(count);
  const homeGoals = new Float64Array(count);
  const awayGoals = new Float64Array(count);
  const atHome = new Float64Array(count);
  const awayAtHome = new Float64Array(count);
  const weight = new Float64Array(count);
  let trainedUntil: string | null = null;
  let totalWeight = 0;
  let weightedGoals = 0;
  used.forEach((result, m) => {
    homeTeam[m] = indexOf(result.home);
    awayTeam[m] = indexOf(result.away);
    homeGoals[m] = result.homeGoals;
    awayGoals[m] = result.awayGoals;
    const advantage = advantageOf(result);
    atHome[m] = advantage === 'home' ? 1 : 0;
    awayAtHome[m] = advantage === 'away' ? 1 : 0;
    weight[m] = Math.exp(-xi * daysBetween(result.date, options.asOf));
    totalWeight += weight[m]!;
    weightedGoals += weight[m]! * (result.homeGoals + result.awayGoals);
    if (trainedUntil === null || result.date > trainedUntil) trainedUntil = result.date;
  });
  const teams = [...teamIndex.keys()];
  const n = teams.length;
  const matchesOf = new Array<number>(n).fill(0);
  for (let m = 0; m < count; m++) {
    matchesOf[homeTeam[m]!]!++;
    matchesOf[awayTeam[m]!]!++;
  }

  const priorAttack = new Float64Array(n);
  const priorDefence = new Float64Array(n);
  const newTeams = options.newTeams ? new Set(options.newTeams) : null;
  const promotedPrior = options.promotedPrior ?? DEFAULT_PROMOTED_PRIOR;
  teams.forEach((team, i) => {
    const prior = options.priorOf?.(team) ?? (newTeams?.has(team) ? promotedPrior : undefined);
    priorAttack[i] = prior?.attack ?? 0;
    priorDefence[i] = prior?.defence ?? 0;
  });

  // x = [c, h, ρ, attack × n, defence × n]
  const C = 0;
  const H = 1;
  const RHO = 2;
  const A = 3;
  const D = 3 + n;
  const start = new Float64Array(3 + 2 * n);
  const previous = options.start;
  start[C] = previous?.intercept ?? Math.log(count > 0 ? Math.max(weightedGoals / (2 * totalWeight), 0.2) : 1.35);
  start[H] = previous?.homeAdvantage ?? 0.25;
  start[RHO] = fitRho ? (previous?.rho ?? -0.05) : 0;
  teams.forEach((team, i) => {
    const known = previous?.teams[team];
    start[A + i] = known?.attack ?? priorAttack[i]!;
    start[D + i] = known?.defence ?? priorDefence[i]!;
  });

  const scale = 1 / Math.max(totalWeight, 1);
  const objective = (x: Float64Array, gradient: Float64Array): number => {
    gradient.fill(0);
    const c = x[C]!;
    const h = x[H]!;
    const rho = fitRho ? x[RHO]! : 0;
    if (Math.abs(rho) >= 1) return Infinity;
    let logLikelihood = 0;
    for (let m = 0; m < count; m++) {
      const i = homeTeam[m]!;
      const j = awayTeam[m]!;
      const goalsHome = homeGoals[m]!;
      const goalsAway = awayGoals[m]!;
      const eta1 = c + h * atHome[m]! + x[A + i]! + x[D + j]!;
      const eta2 = c + h * awayAtHome[m]! + x[A + j]! + x[D + i]!;
      const lambda = Math.exp(eta1);
      const mu = Math.exp(eta2);
      let g1 = goalsHome - lambda;
      let g2 = goalsAway - mu;
      let gRho = 0;
      let logTau = 0;
      if (goalsHome <= 1 && goalsAway <= 1) {
        const tau = lowScoreCorrection(goalsHome, goalsAway, lambda, mu, rho);
        if (!(tau > 0)) return Infinity;
        logTau = Math.log(tau);
        if (goalsHome === 0 && goalsAway === 0) {
          const u = (lambda * mu * rho) / tau;
          g1 -= u;
          g2 -= u;
          gRho = (-lambda * mu) / tau;
        } else if (goalsHome === 0) {
          g1 += (lambda * rho) / tau;
          gRho = lambda / tau;
        } else if (goalsAway === 0) {
          g2 += (mu * rho) / tau;
          gRho = mu / tau;
        } else {
          gRho = -1 / tau;
        }
      }
      const w = weight[m]!;
      logLikelihood += w * (goalsHome * eta1 - lambda + goalsAway * eta2 - mu + logTau);
      gradient[C] = gradient[C]! - w * (g1 + g2);
      gradient[H] = gradient[H]! - w * (g1 * atHome[m]! + g2 * awayAtHome[m]!);
      gradient[RHO] = gradient[RHO]! - w * gRho;
      gradient[A + i] = gradient[A + i]! - w * g1;
      gradient[D + j] = gradient[D + j]! - w * g1;
      gradient[A + j] = gradient[A + j]! - w * g2;
      gradient[D + i] = gradient[D + i]! - w * g2;
    }
    let penalty = 0;
    for (let k = 0; k < n; k++) {
      const da = x[A + k]! - priorAttack[k]!;
      const dd = x[D + k]! - priorDefence[k]!;
      penalty += 0.5 * ridge * (da * da + dd * dd);
      gradient[A + k] = gradient[A + k]! + ridge * da;
      gradient[D + k] = gradient[D + k]! + ridge * dd;
    }
    const homePrior =
      options.homeAdvantagePrior === undefined ? DEFAULT_HOME_ADVANTAGE_PRIOR : options.homeAdvantagePrior;
    if (homePrior) {
      const dh = x[H]! - homePrior.mean;
      penalty += 0.5 * homePrior.strength * dh * dh;
      gradient[H] = gradient[H]! + homePrior.strength * dh;
    }
    const rhoPrior = options.rhoPrior === undefined ? DEFAULT_RHO_PRIOR : options.rhoPrior;
    if (rhoPrior && fitRho) {
      const dr = rho - rhoPrior.mean;
      penalty += 0.5 * rhoPrior.strength * dr * dr;
      gradient[RHO] = gradient[RHO]! + rhoPrior.strength * dr;
    }
    if (!fitRho) gradient[RHO] = 0;
    for (let k = 0; k < gradient.length; k++) gradient[k] = gradient[k]! * scale;
    return (-logLikelihood + penalty) * scale;
  };

  const result =
    count > 0
      ? minimise(objective, start, { gradientTolerance: 1e-7, maxIterations: 1000 })
      : { x: start, value: 0, iterations: 0, converged: true };
  const x = result.x;

  // Identifiability (the paper's mean-attack-0 constraint, and mean defence 0 so that an unseen team at (0, 0)
  // is the league average): move both means into the intercept; λ and μ are unchanged.
  let meanAttack = 0;
  let meanDefence = 0;
  for (let k = 0; k < n; k++) {
    meanAttack += x[A + k]! / n;
    meanDefence += x[D + k]! / n;
  }
  const fitted: FittedModel['teams'] = {};
  teams.forEach((team, k) => {
    fitted[team] = { attack: x[A + k]! - meanAttack, defence: x[D + k]! - meanDefence, matches: matchesOf[k]! };
  });

  return {
    name: fitRho ? MODEL_NAME : POISSON_MODEL_NAME,
    fittedAt: options.fittedAt ?? `${options.asOf}T00:00:00.000Z`,
    trainedUntil,
    asOf: options.asOf,
    matches: count,
    intercept: x[C]! + (n > 0 ? meanAttack + meanDefence : 0),
    homeAdvantage: x[H]!,
    rho: fitRho ? x[RHO]! : 0,
    halfLifeDays,
    ratingScale: options.ratingScale ?? 1,
    teams: fitted,
    unknownTeam: options.unknownTeam ?? (newTeams ? promotedPrior : { attack: 0, defence: 0 }),
    converged: result.converged,
    iterations: result.iterations,
  };
}

/**
 * The teams of `season` that did not play the season before it in `results` (one competition's results,
 * each with its season code, e.g. "2024-25"; seasons sort as strings). Empty for the first season known: with
 * nothing before it, nobody counts as promoted. Only fixtures are read, so it is known before a ball is kicked.
 */
export function newTeamsOf(
  results: readonly { season: string; home: string; away: string }[],
  season: string,
): Set<string> {
  const earlier = [...new Set(results.map((result) => result.season))].filter((s) => s < season).sort();
  const previous = earlier.at(-1);
  if (previous === undefined) return new Set();
  const before = new Set(results.filter((r) => r.season === previous).flatMap((r) => [r.home, r.away]));
  return new Set(
    results
      .filter((r) => r.season === season)
      .flatMap((r) => [r.home, r.away])
      .filter((team) => !before.has(team)),
  );
}

/**
 * Expected goals of each side. A team the fit never saw (a promoted side in its first match, a cup
 * opponent from another league) gets `model.unknownTeam`: the league average unless the fit was told
 * otherwise.
 */
export function expectedGoals(
  model: FittedModel,
  home: string,
  away: string,
  options: { neutral?: boolean; advantage?: Advantage } = {},
): { home: number; away: number } {
  const homeStrength = model.teams[home] ?? model.unknownTeam;
  const awayStrength = model.teams[away] ?? model.unknownTeam;
  const advantage = advantageOf(options);
  const scale = model.ratingScale ?? 1;
  return {
    home: Math.exp(
      model.intercept +
        (advantage === 'home' ? model.homeAdvantage : 0) +
        scale * (homeStrength.attack + awayStrength.defence),
    ),
    away: Math.exp(
      model.intercept +
        (advantage === 'away' ? model.homeAdvantage : 0) +
        scale * (awayStrength.attack + homeStrength.defence),
    ),
  };
}
