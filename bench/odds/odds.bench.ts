// Benchmark of the model odds (issue #24), not part of `npm test`. Run:
//   npm run bench:odds -- [--data=../shared/data] [--season=2024-25] [--tune] [--skip-inplay]
//   npm run bench:odds -- --families [--test]
// 1. Walk-forward backtest of the 1X2 probabilities over the test season of en.1, es.1, it.1 and de.1 (fitted
//    before each matchday on every earlier result from 2022-23 on), scored by RPS against the issue's anchors;
//    the model's Poisson twin (ρ = 0, no ridge, no promoted prior) is run alongside; a calibration table.
//    `--tune` instead searches the settings on the season before (2023-24), never on the test season.
// 2. In-play: the log-loss of the 90-minute 1X2 outcome at minutes 0, 15, …, 90 over every Wyscout match
//    replayed through the in-play model (pre-match rates from a walk-forward fit on the same competition).
// 3. Speed: fitting every shipped league once (as the server does at start), and one in-play update.
// `--families` chooses among candidate families of improvements on 2023-24 alone: each family's settings are
// searched on the 2023-24 walk-forward before 1 January 2024 and the families compared on the rest of 2023-24;
// the chosen one is searched again on the whole of 2023-24 (what LEAGUE_SETTINGS / ALL_LEAGUES hold). With
// `--test`, every family is then scored once on 2024-25, whatever it says (run it once, at the end).
// Results go into docs/performance.md ("Model odds (issue #24)") by hand, with the command, machine and date.
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_HALF_LIFE_DAYS,
  DEFAULT_HOME_ADVANTAGE_PRIOR,
  DEFAULT_RHO_PRIOR,
  DEFAULT_PROMOTED_PRIOR,
  DEFAULT_RIDGE,
  expectedGoals,
  fitModel,
  newTeamsOf,
  type MatchResult,
} from '../../domain/odds/dixon-coles.ts';
import { inPlay } from '../../domain/odds/in-play.ts';
import { leagueSettings } from '../../domain/odds/league-settings.ts';
import { readLeagueSeason, readWyscoutReplays, seasonsOf, shippedLeagues, type LeagueResult } from './odds-data.ts';
import {
  calibration,
  meanOf,
  walkForward,
  type DayRange,
  type Prediction,
  type WalkForwardSettings,
} from './walk-forward.ts';

/** The bench's report goes to stdout (no-console keeps console.log out of the project). */
const say = (text: string) => process.stdout.write(`${text}\n`);

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'] as const;
  }),
);
const dataDir = path.resolve(args.get('data') ?? process.env.DATA_DIR ?? '../shared/data');
const testSeason = args.get('season') ?? (args.has('tune') ? '2023-24' : '2024-25');
const FIRST_SEASON = '2022-23';

const LEAGUES = ['en.1', 'es.1', 'it.1', 'de.1'] as const;
/** RPS anchors of issue #24 on the 2024-25 walk-forward: base rates and independent Poisson. */
const ANCHORS: Record<string, { base: number; poisson: number }> = {
  'en.1': { base: 0.2364, poisson: 0.2053 },
  'es.1': { base: 0.229, poisson: 0.1982 },
  'it.1': { base: 0.2267, poisson: 0.1918 },
  'de.1': { base: 0.2376, poisson: 0.2223 },
};

/** The defaults of #24 (domain/odds/dixon-coles.ts), before any per-league setting. */
const DEFAULTS: WalkForwardSettings = {
  halfLifeDays: DEFAULT_HALF_LIFE_DAYS,
  ridge: DEFAULT_RIDGE,
  fitRho: true,
  promoted: DEFAULT_PROMOTED_PRIOR,
  homeAdvantagePrior: DEFAULT_HOME_ADVANTAGE_PRIOR,
  rhoPrior: DEFAULT_RHO_PRIOR,
};
/** What the server fits a league with: the defaults with domain/odds/league-settings.ts over them. */
function modelOf(league: string): WalkForwardSettings {
  const own = leagueSettings(league);
  return {
    ...DEFAULTS,
    ...(own.halfLifeDays !== undefined ? { halfLifeDays: own.halfLifeDays } : {}),
    ...(own.ridge !== undefined ? { ridge: own.ridge } : {}),
    ...(own.promotedPrior !== undefined ? { promoted: own.promotedPrior } : {}),
    ...(own.homeAdvantagePrior !== undefined ? { homeAdvantagePrior: own.homeAdvantagePrior } : {}),
    ...(own.rhoPrior !== undefined ? { rhoPrior: own.rhoPrior } : {}),
    ...(own.ratingScale !== undefined ? { ratingScale: own.ratingScale } : {}),
  };
}
const MODEL = DEFAULTS;
const POISSON_TWIN: WalkForwardSettings = {
  ...DEFAULTS,
  fitRho: false,
  ridge: 0,
  promoted: { attack: 0, defence: 0 },
  homeAdvantagePrior: null,
  rhoPrior: null,
};

interface LeagueData {
  history: LeagueResult[];
  test: LeagueResult[];
  newTeams: Set<string>;
}

function loadLeague(league: string, season: string): LeagueData {
  const seasons = seasonsOf(dataDir, league).filter((s) => s >= FIRST_SEASON && s <= season);
  const bySeason = new Map(seasons.map((s) => [s, readLeagueSeason(dataDir, league, s)]));
  const test = bySeason.get(season);
  if (!test) throw new Error(`${league} has no ${season} in ${dataDir}`);
  const history = [...bySeason.values()].flat();
  // New to the league: in this season's fixture list and not in last season's (known before a ball is kicked).
  return { history, test, newTeams: newTeamsOf(history, season) };
}

const fixed = (value: number, digits = 4) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function runLeagues(
  settings: WalkForwardSettings | ((league: string) => WalkForwardSettings),
  data: Map<string, LeagueData>,
  range: DayRange = {},
) {
  const out = new Map<string, ReturnType<typeof walkForward>>();
  for (const [league, { history, test, newTeams }] of data) {
    const own = typeof settings === 'function' ? settings(league) : settings;
    out.set(league, walkForward(history, test, newTeams, own, range));
  }
  return out;
}

function tune(data: Map<string, LeagueData>) {
  const score = (settings: WalkForwardSettings) => {
    const runs = runLeagues(settings, data);
    return meanOf([...runs.values()].map((run) => run.rps));
  };
  let best = { ...MODEL };
  let bestScore = score(best);
  say(`start ${JSON.stringify(best)} → ${fixed(bestScore, 5)}`);
  const grid: Array<(s: WalkForwardSettings) => WalkForwardSettings[]> = [
    (s) => [90, 120, 180, 240, 365, 540].map((halfLifeDays) => ({ ...s, halfLifeDays })),
    (s) => [0, 1, 2, 3, 5, 8, 12].map((ridge) => ({ ...s, ridge })),
    (s) =>
      [null, ...[0.2, 0.25, 0.3].flatMap((mean) => [400, 1000].map((strength) => ({ mean, strength })))].map(
        (homeAdvantagePrior) => ({ ...s, homeAdvantagePrior }),
      ),
    (s) =>
      [null, { mean: -0.08, strength: 200 }, { mean: -0.1, strength: 500 }].map((rhoPrior) => ({ ...s, rhoPrior })),
    (s) =>
      [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6].flatMap((a) =>
        [0, 0.1, 0.2, 0.3, 0.4, 0.5].map((d) => ({ ...s, promoted: { attack: -a, defence: d } })),
      ),
  ];
  for (let round = 0; round < 2; round++) {
    for (const candidates of grid) {
      for (const candidate of candidates(best)) {
        const value = score(candidate);
        if (value < bestScore - 1e-6) {
          best = candidate;
          bestScore = value;
          say(`better ${JSON.stringify(best)} → ${fixed(bestScore, 5)}`);
        }
      }
    }
  }
  say(`tuned on ${testSeason}: ${JSON.stringify(best)} mean RPS ${fixed(bestScore, 5)}`);
}

type Settings = WalkForwardSettings;
type Step = (s: Settings) => Settings[];
const prior = (mean: number, strength: number) => (strength > 0 ? { mean, strength } : null);
/** One coordinate of the searches: the candidates it offers from a starting point. */
const STEPS: Record<string, Step> = {
  halfLife: (s) => [90, 120, 180, 240, 365, 540].map((halfLifeDays) => ({ ...s, halfLifeDays })),
  ridge: (s) => [0, 1, 2, 3, 5, 8, 12].map((ridge) => ({ ...s, ridge })),
  homeMean: (s) =>
    [0.15, 0.2, 0.25, 0.3, 0.35].map((mean) => ({
      ...s,
      homeAdvantagePrior: prior(mean, s.homeAdvantagePrior?.strength ?? 1000),
    })),
  homeStrength: (s) =>
    [0, 100, 400, 1000, 3000].map((strength) => ({
      ...s,
      homeAdvantagePrior: prior(s.homeAdvantagePrior?.mean ?? 0.25, strength),
    })),
  rhoMean: (s) => [-0.15, -0.1, -0.05, 0].map((mean) => ({ ...s, rhoPrior: prior(mean, s.rhoPrior?.strength ?? 500) })),
  rhoStrength: (s) =>
    [0, 200, 500, 1500].map((strength) => ({ ...s, rhoPrior: prior(s.rhoPrior?.mean ?? -0.1, strength) })),
  promotedAttack: (s) =>
    [0, -0.1, -0.2, -0.3, -0.4, -0.5].map((attack) => ({ ...s, promoted: { ...s.promoted, attack } })),
  promotedDefence: (s) =>
    [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6].map((defence) => ({ ...s, promoted: { ...s.promoted, defence } })),
  ratingScale: (s) => [0.9, 1, 1.05, 1.1, 1.15, 1.2, 1.25, 1.3].map((ratingScale) => ({ ...s, ratingScale })),
  goalCap: (s) => [4, 5, 6, 8].map((goalCap) => ({ ...s, goalCap })),
  drawInflation: (s) => [0, 100, 300, 1000].map((drawInflationPrior) => ({ ...s, drawInflationPrior })),
};

interface Family {
  name: string;
  /** Searched per league (else one setting for all four). */
  perLeague: boolean;
  steps: string[];
  rounds: number;
}
const FAMILIES: Family[] = [
  { name: 'defaults of #24', perLeague: false, steps: [], rounds: 0 },
  { name: 'rating scale, one for all leagues', perLeague: false, steps: ['ratingScale'], rounds: 1 },
  { name: 'rating scale per league', perLeague: true, steps: ['ratingScale'], rounds: 1 },
  {
    name: 'every setting per league (half-life, ridge, priors, promoted prior, rating scale)',
    perLeague: true,
    steps: Object.keys(STEPS).filter((step) => step !== 'goalCap' && step !== 'drawInflation'),
    rounds: 2,
  },
  {
    name: 'draw inflation fitted with each fit (prior strength searched)',
    perLeague: false,
    steps: ['drawInflation'],
    rounds: 1,
  },
  { name: 'goal cap in the fit', perLeague: false, steps: ['goalCap'], rounds: 1 },
];

/** Coordinate search from the defaults on `leagues` over `range` (mean RPS); returns the settings per league. */
function search(family: Family, data: Map<string, LeagueData>, range: DayRange): Map<string, Settings> {
  const groups = family.perLeague ? [...data.keys()].map((league) => [league]) : [[...data.keys()]];
  const chosen = new Map<string, Settings>();
  for (const leagues of groups) {
    const subset = new Map(leagues.map((league) => [league, data.get(league)!] as const));
    const score = (settings: Settings) => meanOf([...runLeagues(settings, subset, range).values()].map((r) => r.rps));
    let best: Settings = { ...DEFAULTS };
    let bestScore = score(best);
    for (let round = 0; round < family.rounds; round++) {
      for (const step of family.steps) {
        for (const candidate of STEPS[step]!(best)) {
          const value = score(candidate);
          if (value < bestScore - 1e-6) {
            best = candidate;
            bestScore = value;
          }
        }
      }
    }
    for (const league of leagues) chosen.set(league, best);
  }
  return chosen;
}

function rpsRow(runs: Map<string, ReturnType<typeof walkForward>>): string {
  const values = [...runs.values()].map((run) => run.rps);
  return `${values.map((value) => fixed(value)).join(' | ')} | **${fixed(meanOf(values))}**`;
}

function families(tuning: Map<string, LeagueData>, testData: Map<string, LeagueData> | null) {
  const CUT = '2024-01-01';
  const leagues = [...tuning.keys()];
  say(`\n### Candidate families: searched on 2023-24 before ${CUT}, compared on 2023-24 from ${CUT}\n`);
  say(`| family | ${leagues.join(' | ')} | mean | settings chosen on the first half |`);
  say(`| --- | ${leagues.map(() => '---:').join(' | ')} | ---: | --- |`);
  const compared: Array<{ family: Family; mean: number }> = [];
  for (const family of FAMILIES) {
    const chosen = search(family, tuning, { to: CUT });
    const runs = runLeagues((league) => chosen.get(league)!, tuning, { from: CUT });
    compared.push({ family, mean: meanOf([...runs.values()].map((run) => run.rps)) });
    say(`| ${family.name} | ${rpsRow(runs)} | ${describeChosen(chosen)} |`);
  }
  const winner = compared.reduce((a, b) => (b.mean < a.mean ? b : a));
  say(`\nChosen on 2023-24: **${winner.family.name}**.`);
  say(`\n### Each family searched again on the whole of 2023-24${testData ? ', then scored once on 2024-25' : ''}\n`);
  say(
    `| family | 2023-24 mean (in sample) | ${testData ? `${leagues.map((l) => `2024-25 ${l}`).join(' | ')} | 2024-25 mean |` : ''} settings |`,
  );
  say(`| --- | ---: | ${testData ? `${leagues.map(() => '---:').join(' | ')} | ---: |` : ''} --- |`);
  for (const family of FAMILIES) {
    const chosen = search(family, tuning, {});
    const inSample = meanOf([...runLeagues((league) => chosen.get(league)!, tuning).values()].map((r) => r.rps));
    const test = testData ? `${rpsRow(runLeagues((league) => chosen.get(league)!, testData))} |` : '';
    say(`| ${family.name} | ${fixed(inSample, 5)} | ${test} ${describeChosen(chosen)} |`);
  }
}

function describeChosen(chosen: Map<string, Settings>): string {
  const differences = (settings: Settings) =>
    Object.entries(settings)
      .filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(DEFAULTS[key as keyof Settings]))
      .map(([key, value]) => `${key} ${JSON.stringify(value)}`)
      .join(', ') || 'defaults';
  const distinct = new Set([...chosen.values()].map((settings) => differences(settings)));
  if (distinct.size === 1) return [...distinct][0]!;
  return [...chosen].map(([league, settings]) => `${league}: ${differences(settings)}`).join('; ');
}

function calibrationTable(predictions: Prediction[]): string {
  const tables = (['home', 'draw', 'away'] as const).map((outcome) => calibration(predictions, outcome));
  const lines = [
    '| predicted | home: n | home: mean p | home: observed | draw: n | draw: mean p | draw: observed | away: n | away: mean p | away: observed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (let k = 0; k < 10; k++) {
    const cells = tables.flatMap((bins) => {
      const bin = bins[k]!;
      return bin.count ? [String(bin.count), fixed(bin.predicted, 3), fixed(bin.observed, 3)] : ['0', '–', '–'];
    });
    lines.push(`| ${(k / 10).toFixed(1)}–${((k + 1) / 10).toFixed(1)} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

function backtest(data: Map<string, LeagueData>) {
  const model = runLeagues(modelOf, data);
  const twin = runLeagues(POISSON_TWIN, data);
  say(`\n### Walk-forward ${testSeason}: RPS of 1X2 (lower is better)\n`);
  say(
    '| league | matches | fits | base-rate anchor | Poisson anchor | Poisson twin (ours) | Dixon–Coles | vs anchor |',
  );
  say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const league of data.keys()) {
    const run = model.get(league)!;
    const anchor = ANCHORS[league]!;
    const change = (run.rps / anchor.poisson - 1) * 100;
    say(
      `| ${league} | ${run.predictions.length} | ${run.fits} | ${fixed(anchor.base)} | ${fixed(anchor.poisson)} | ${fixed(twin.get(league)!.rps)} | **${fixed(run.rps)}** | ${change.toFixed(1)} % |`,
    );
  }
  const mean = meanOf([...model.values()].map((run) => run.rps));
  const twinMean = meanOf([...twin.values()].map((run) => run.rps));
  const anchorMean = meanOf(LEAGUES.map((league) => ANCHORS[league]!.poisson));
  say(
    `| mean | | | | ${fixed(anchorMean)} | ${fixed(twinMean)} | **${fixed(mean)}** | ${((mean / anchorMean - 1) * 100).toFixed(1)} % |`,
  );
  const fitMs = [...model.values()].flatMap((run) => run.fitMs).sort((a, b) => a - b);
  say(
    `\nFits: ${fitMs.length}, median ${fixed(fitMs[Math.floor(fitMs.length / 2)]!, 1)} ms, max ${fixed(fitMs.at(-1)!, 1)} ms (warm-started from the day before).`,
  );
  say(
    `\n### Calibration over the ${testSeason} backtest (four leagues, ${[...model.values()].flatMap((r) => r.predictions).length} matches)\n`,
  );
  say(calibrationTable([...model.values()].flatMap((run) => run.predictions)));
}

function inPlayBench() {
  const replays = readWyscoutReplays(dataDir);
  const checkpoints = [0, 15, 30, 45, 60, 75, 90];
  const losses = checkpoints.map(() => [] as number[]);
  const updateMs: number[] = [];
  const byCompetition = new Map<string, typeof replays>();
  for (const replay of replays)
    byCompetition.set(replay.competition, [...(byCompetition.get(replay.competition) ?? []), replay]);
  for (const matches of byCompetition.values()) {
    const results: MatchResult[] = matches.map((m) => ({ ...m }));
    const days = [...new Set(matches.map((m) => m.date))].sort();
    for (const day of days) {
      const model = fitModel(results, { asOf: day });
      for (const match of matches.filter((m) => m.date === day)) {
        const xg = { ...expectedGoals(model, match.home, match.away, { neutral: match.neutral }), rho: model.rho };
        const outcome =
          match.homeGoals > match.awayGoals ? 'home' : match.homeGoals === match.awayGoals ? 'draw' : 'away';
        checkpoints.forEach((minute, k) => {
          const score = { home: 0, away: 0 };
          const redCards = { home: 0, away: 0 };
          let lastScorer: 'home' | 'away' | null = null;
          for (const event of match.events) {
            if (event.position > minute) break;
            if (event.kind === 'goal') {
              score[event.side]++;
              lastScorer = event.side;
            } else redCards[event.side]++;
          }
          const p = inPlay(xg, { minute, score, redCards, lastScorer }).markets['1x2'][outcome];
          losses[k]!.push(-Math.log(Math.max(p, 1e-15)));
        });
        // One in-play update per event, as the server makes them.
        const score = { home: 0, away: 0 };
        const redCards = { home: 0, away: 0 };
        for (const event of match.events) {
          if (event.kind === 'goal') score[event.side]++;
          else redCards[event.side]++;
          const started = performance.now();
          inPlay(xg, { minute: event.minute, score, redCards, lastScorer: event.side });
          updateMs.push(performance.now() - started);
        }
      }
    }
  }
  say(`\n### In-play: log-loss of the 90-minute 1X2 outcome over ${replays.length} Wyscout matches\n`);
  say(`| minute | ${checkpoints.join(' | ')} |`);
  say(`| --- | ${checkpoints.map(() => '---:').join(' | ')} |`);
  say(`| log-loss | ${losses.map((l) => fixed(meanOf(l))).join(' | ')} |`);
  updateMs.sort((a, b) => a - b);
  say(
    `\nIn-play update (${updateMs.length} goals and red cards): median ${fixed(updateMs[Math.floor(updateMs.length / 2)]!, 3)} ms, p99 ${fixed(updateMs[Math.floor(updateMs.length * 0.99)]!, 3)} ms, max ${fixed(updateMs.at(-1)!, 3)} ms.`,
  );
}

function fitSpeed() {
  const leagues = shippedLeagues(dataDir);
  let total = 0;
  let matches = 0;
  const rows: string[] = [];
  for (const [league, seasons] of leagues) {
    const results = seasons.flatMap((season) => readLeagueSeason(dataDir, league, season));
    if (results.length === 0) continue;
    const asOf = new Date(Date.parse(`${results.at(-1)!.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const started = performance.now();
    const model = fitModel(results, { asOf, maxAgeDays: 100_000 });
    const took = performance.now() - started;
    total += took;
    matches += model.matches;
    rows.push(`${league} ${model.matches} results ${took.toFixed(0)} ms`);
  }
  say(`\n### Fitting every shipped league once (cold, all seasons)\n`);
  say(`${leagues.size} competitions, ${matches} results: ${(total / 1000).toFixed(2)} s in all.`);
  say(
    `Slowest: ${rows
      .sort((a, b) => Number(b.split(' ').at(-2)) - Number(a.split(' ').at(-2)))
      .slice(0, 3)
      .join('; ')}.`,
  );
}

say(
  `Model odds bench — ${new Date().toISOString()} — ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, Node ${process.version}`,
);
if (args.has('families')) {
  const tuning = new Map(LEAGUES.map((league) => [league, loadLeague(league, '2023-24')] as const));
  const testData = args.has('test')
    ? new Map(LEAGUES.map((league) => [league, loadLeague(league, '2024-25')] as const))
    : null;
  families(tuning, testData);
  process.exit(0);
}
const data = new Map(LEAGUES.map((league) => [league, loadLeague(league, testSeason)] as const));
if (args.has('tune')) tune(data);
else {
  backtest(data);
  if (!args.has('skip-inplay')) inPlayBench();
  fitSpeed();
}
