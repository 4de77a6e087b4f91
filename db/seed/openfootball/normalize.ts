// Pure rules that turn one openfootball match into what we store: season
// labels, the year fix for dates that did not roll over, stage/round/group
// names, status and scores, and goal events. No I/O: every data problem found
// is reported through `problems` so the importer can log it.
import { foldText } from '../../../domain/names.ts';
import type { MatchStatus } from '../../../domain/match-status.ts';
import type { SourceGoal, SourceScore } from './openfootball.schemas.ts';

// ---------------------------------------------------------------- seasons

export interface SeasonLabel {
  code: string;
  name: string;
  /** First and last day a match of this season can plausibly be on (split and calendar-year seasons). */
  window: { start: string; end: string } | null;
}

/** football.json folder → season: "2023-24" (a split season), "2025" (a calendar year). */
export function leagueSeason(folder: string): SeasonLabel {
  const split = /^(\d{4})-(\d{2})$/.exec(folder);
  if (split) {
    const startYear = Number(split[1]);
    return {
      code: folder,
      name: `${startYear}/${split[2]}`,
      // A split season runs from about July to May; June and August slack covers early starts and late play-offs.
      window: { start: `${startYear}-06-01`, end: `${startYear + 1}-08-31` },
    };
  }
  if (/^\d{4}$/.test(folder))
    return { code: folder, name: folder, window: { start: `${folder}-01-01`, end: `${folder}-12-31` } };
  throw new Error(`openfootball: "${folder}" is not a season folder (expected 2023-24 or 2025)`);
}

function addYears(date: string, years: number): string {
  return `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
}

/**
 * A date before the season's window that falls inside it one year later is a
 * year that did not roll over (NOTICE: 2025-26/en.3 dates Jan–May 2026 as 2025).
 * Any other date outside the window is kept as it is and reported.
 */
export function fixSeasonDate(date: string, season: SeasonLabel): { date: string; fixed: boolean; outside: boolean } {
  if (!season.window) return { date, fixed: false, outside: false };
  const { start, end } = season.window;
  if (date >= start && date <= end) return { date, fixed: false, outside: false };
  const nextYear = addYears(date, 1);
  if (date < start && nextYear >= start && nextYear <= end) return { date: nextYear, fixed: true, outside: false };
  return { date, fixed: false, outside: true };
}

// ---------------------------------------------------------------- stages

/** Folded source stage → our stage name. "finals" and "playoffs" depend on the competition kind (below). */
const STAGE_NAMES: Readonly<Record<string, string>> = {
  regular: 'Regular season',
  league: 'League phase',
  playoff: 'Play-offs',
  playout: 'Play-out',
  'playoffs championship': 'Championship round',
  championship: 'Championship round',
  'playoffs relegation': 'Relegation round',
  relegation: 'Relegation round',
  'europa league finals': 'Europa League play-offs',
  'ecl playoff': 'Conference League play-offs',
  'ecl playoffs': 'Conference League play-offs',
  europe: 'Europe play-offs',
  apertura: 'Apertura',
  clausura: 'Clausura',
  'apertura playoffs': 'Apertura play-offs',
  'clausura playoffs': 'Clausura play-offs',
  '1 semestre': 'Apertura', // ar.1 2025: "1° Semestre" is the Torneo Apertura
  '2 semestre': 'Clausura',
  qualifying: 'Qualifying',
  qualification: 'Qualifying',
  group: 'Group stage',
};

/** Knockout round names across files ("Quarterfinals", "Quarter-final", "Semi-Final" …). */
const KNOCKOUT_ROUNDS: Readonly<Record<string, string>> = {
  'round of 64': 'Round of 64',
  'round of 32': 'Round of 32',
  'round of 16': 'Round of 16',
  quarterfinals: 'Quarter-finals',
  'quarter finals': 'Quarter-finals',
  'quarter final': 'Quarter-finals',
  semifinals: 'Semi-finals',
  'semi finals': 'Semi-finals',
  'semi final': 'Semi-finals',
  final: 'Final',
  'match for third place': 'Third place',
  'third place': 'Third place',
  'elimination final': 'Elimination final',
  playoffs: 'Play-off',
};

export interface StageInput {
  competitionKind: 'league' | 'cup';
  stage?: string | undefined;
  round?: string | undefined;
  group?: string | undefined;
}

export interface StagePlacement {
  stage: string | null;
  round: string | null;
  group: string | null;
}

/**
 * Where a match sits in its season. Vocabulary (what the standings engine and
 * the pages read): leagues' table phase is "Regular season"; play-offs
 * "Play-offs"; split leagues "Championship round" / "Relegation round"; cups
 * "Qualifying", "League phase", "Group stage" (with `group`), then the
 * knockout round itself ("Round of 16" … "Final", "Third place") as the stage.
 * Source rounds "Group, Matchday 2", "Finals, Semifinals", "UEFA … Play-offs,
 * Path A, Final" are split into stage, group and round.
 */
export function placeMatch(input: StageInput): StagePlacement {
  const parts = input.round ? input.round.split(',').map((part) => part.trim()) : [];
  const roundLabel = parts.length > 0 ? parts[parts.length - 1] : undefined;
  const prefix = parts.slice(0, -1);
  const rawStage = input.stage ?? prefix[0];
  let group = input.group ?? prefix[1] ?? null;
  let round: string | null = roundLabel ?? null;
  if (round !== null && /^Group [A-Z]$/.test(round)) {
    group = round; // Club World Cup: "round": "Group A"
    round = null;
  }
  const knockout = round === null ? undefined : KNOCKOUT_ROUNDS[foldText(round)];
  round = knockout ?? (round === null ? null : normalizeRound(round));

  let stage: string | null;
  const folded = rawStage === undefined ? undefined : foldText(rawStage);
  if (folded === 'finals') stage = input.competitionKind === 'league' ? 'Play-offs' : (knockout ?? 'Knockout stage');
  else if (folded === 'playoffs') stage = input.competitionKind === 'league' ? 'Play-offs' : 'Knockout play-offs';
  else if (folded !== undefined) stage = STAGE_NAMES[folded] ?? rawStage ?? null;
  else if (group !== null) stage = 'Group stage';
  else if (knockout !== undefined && input.competitionKind === 'cup') stage = knockout;
  else if (input.competitionKind === 'league') stage = 'Regular season';
  else stage = null;
  return { stage, round, group };
}

/** "12. Round" (2025-26 files) and "Matchday 12" are the same thing: "Matchday 12". */
export function normalizeRound(round: string): string {
  const numbered = /^(\d+)\.\s*Round$/i.exec(round);
  return numbered ? `Matchday ${numbered[1]}` : round;
}

// ---------------------------------------------------------------- results

type Pair = readonly [number, number];

export interface MatchResult {
  status: MatchStatus;
  /** The result that decides the match without penalties: after extra time when it was played, else full time. */
  home: number | null;
  away: number | null;
  htHome: number | null;
  htAway: number | null;
  /** Set only when extra time was played. */
  etHome: number | null;
  etAway: number | null;
  penHome: number | null;
  penAway: number | null;
}

/**
 * Status and scores. A result (ft or et) makes a match finished unless the
 * source says otherwise ("awarded" matches have only ft, e.g. Union Berlin 0-2
 * Bochum); no result means scheduled — never an invented score — unless the
 * source says postponed, cancelled or abandoned.
 */
export function readResult(
  score: SourceScore | undefined,
  sourceStatus: MatchStatus | undefined,
  problems: string[],
): MatchResult {
  const ft: Pair | undefined = score?.ft;
  const et: Pair | undefined = score?.et;
  let pen: Pair | undefined = score?.p;
  const ht: Pair | undefined = score?.ht;
  const decisive = et ?? ft;
  if (pen && pen[0] === pen[1]) {
    problems.push(`penalty shoot-out ${pen[0]}-${pen[1]} cannot be level; penalties not stored`);
    pen = undefined;
  }
  if (pen && !decisive) {
    problems.push('penalties without a result; penalties not stored');
    pen = undefined;
  }
  if (et && ft && (et[0] < ft[0] || et[1] < ft[1]))
    problems.push(`score after extra time ${et[0]}-${et[1]} is lower than full time ${ft[0]}-${ft[1]}`);
  const status: MatchStatus = sourceStatus ?? (decisive ? 'finished' : 'scheduled');
  if (status === 'awarded' && !decisive) problems.push('awarded without a score');
  return {
    status,
    home: decisive?.[0] ?? null,
    away: decisive?.[1] ?? null,
    htHome: ht?.[0] ?? null,
    htAway: ht?.[1] ?? null,
    etHome: et?.[0] ?? null,
    etAway: et?.[1] ?? null,
    penHome: pen?.[0] ?? null,
    penAway: pen?.[1] ?? null,
  };
}

/** Results that end a match for good: a season whose matches all have one is complete. */
export function isSettled(status: MatchStatus): boolean {
  return status === 'finished' || status === 'awarded' || status === 'cancelled' || status === 'abandoned';
}

// ---------------------------------------------------------------- goals

export type Side = 'home' | 'away';

export interface GoalEvent {
  /** The side the goal counts for (openfootball lists own goals under the team they count for). */
  side: Side;
  /** The scorer's own team: the other side for an own goal. */
  scorerSide: Side;
  scorer: string;
  type: 'goal' | 'own_goal' | 'penalty_goal';
  period: '1H' | '2H' | 'E1' | 'E2';
  minute: number;
  addedMinute: number | null;
}

function readMinute(goal: SourceGoal): { minute: number; addedMinute: number | null } {
  if (typeof goal.minute === 'number') return { minute: goal.minute, addedMinute: goal.offset ?? null };
  const [minute, added] = goal.minute.split('+');
  return { minute: Number(minute), addedMinute: added !== undefined ? Number(added) : (goal.offset ?? null) };
}

function periodOf(minute: number): GoalEvent['period'] {
  if (minute <= 45) return '1H';
  if (minute <= 90) return '2H';
  if (minute <= 105) return 'E1';
  return 'E2';
}

/**
 * Goal events in time order, or null when the file has no usable scorer list.
 * The lists must add up to the score: lists that match it only when swapped
 * (Euro 2020 Ukraine 0-4 England lists England's scorers under Ukraine) are
 * swapped; lists that match it in no way are dropped rather than contradict it.
 */
export function readGoals(
  goals1: readonly SourceGoal[] | undefined,
  goals2: readonly SourceGoal[] | undefined,
  result: MatchResult,
  problems: string[],
): GoalEvent[] | null {
  if (goals1 === undefined && goals2 === undefined) return null;
  let home = goals1 ?? [];
  let away = goals2 ?? [];
  if (result.home === null || result.away === null) {
    if (home.length + away.length > 0) problems.push('scorers listed for a match without a result; scorers not stored');
    return null;
  }
  if (home.length !== result.home || away.length !== result.away) {
    if (away.length === result.home && home.length === result.away) {
      problems.push(`scorer lists are the wrong way round for the ${result.home}-${result.away} score; swapped`);
      [home, away] = [away, home];
    } else {
      problems.push(
        `${home.length}+${away.length} scorers listed for a ${result.home}-${result.away} score; scorers not stored`,
      );
      return null;
    }
  }
  const events: GoalEvent[] = [];
  const add = (list: readonly SourceGoal[], side: Side) => {
    for (const goal of list) {
      const { minute, addedMinute } = readMinute(goal);
      const ownGoal = goal.owngoal === true;
      events.push({
        side,
        scorerSide: ownGoal ? (side === 'home' ? 'away' : 'home') : side,
        scorer: goal.name,
        type: ownGoal ? 'own_goal' : goal.penalty ? 'penalty_goal' : 'goal',
        period: periodOf(minute),
        minute,
        addedMinute,
      });
    }
  };
  add(home, 'home');
  add(away, 'away');
  // Stable sort: same-minute goals keep home-then-away, as listed.
  return events.sort((a, b) => a.minute - b.minute || (a.addedMinute ?? 0) - (b.addedMinute ?? 0));
}

/**
 * The half-time score the scorers' minutes give (goals up to 45+ added time),
 * where a checked scorer list exists. It wins over the file's `ht`, which is
 * wrong where they differ (World Cup 2018 Japan 0-1 Poland: "ht 0-1", the goal
 * in the 59th minute); a missing `ht` is filled in.
 */
export function reconcileHalfTime(
  result: MatchResult,
  goals: readonly GoalEvent[] | null,
  problems: string[],
): MatchResult {
  if (goals === null) return result;
  const firstHalf = goals.filter((goal) => goal.period === '1H');
  const home = firstHalf.filter((goal) => goal.side === 'home').length;
  const away = firstHalf.length - home;
  if (result.htHome === home && result.htAway === away) return result;
  if (result.htHome !== null)
    problems.push(
      `half-time ${result.htHome}-${result.htAway} contradicts the scorers' minutes; ${home}-${away} stored`,
    );
  return { ...result, htHome: home, htAway: away };
}
