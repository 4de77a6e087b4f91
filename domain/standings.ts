// The rules engine for league tables (issue #3, DESIGN.md §4): the table of a
// season from its results and its competition's rules, as it stands or as it
// stood on a date, overall or over home or away matches only; plus head-to-head
// records, form and top scorers. Pure: the caller loads matches and adjustments.
import { z } from 'zod';
import {
  HEAD_TO_HEAD_TIE_BREAKERS,
  competitionRulesSchema,
  type CarryOver,
  type CompetitionRules,
  type TieBreaker,
} from './competitions.ts';
import { matchStatusSchema } from './match-schemas.ts';
import { countsInTable, type MatchStatus } from './match-status.ts';
import { compareNames } from './names.ts';

export const standingsMatchSchema = z.object({
  id: z.number().int(),
  /** ISO 8601 in UTC, e.g. 2024-05-19T15:00:00Z. */
  kickoffAt: z.iso.datetime(),
  homeTeamId: z.number().int(),
  awayTeamId: z.number().int(),
  homeScore: z.number().int().min(0).nullable(),
  awayScore: z.number().int().min(0).nullable(),
  status: matchStatusSchema,
});
export type StandingsMatch = z.infer<typeof standingsMatchSchema>;

export const standingsViewSchema = z.enum(['overall', 'home', 'away']);
export type StandingsView = z.infer<typeof standingsViewSchema>;

export const standingsInputSchema = z.object({
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Every match of the season; those that do not count (unplayed, postponed …) are ignored. */
  matches: z.array(standingsMatchSchema),
  rules: competitionRulesSchema,
  /** Points added to (negative: deducted from) a team's total, in the overall view only. */
  adjustments: z.array(z.object({ teamId: z.number().int(), points: z.number().int() })).optional(),
  /** The table as it stood at the end of this UTC date: matches kicked off on or before it. */
  asOf: z.iso.date().optional(),
  view: standingsViewSchema.optional(),
});
export type StandingsInput = z.infer<typeof standingsInputSchema> & {
  /** Start values per team (overall view only): see `computeSplitStandings`. */
  carried?: readonly CarriedRecord[];
  /**
   * Earlier meetings that count in head-to-head criteria only (a split group whose
   * table is the whole season's: Austria compares "all the season's duels").
   * Meetings with a team outside the table are ignored.
   */
  headToHeadOnly?: readonly StandingsMatch[];
};

export const formResultSchema = z.enum(['W', 'D', 'L']);
export type FormResult = z.infer<typeof formResultSchema>;

/**
 * What a team brings into a table from an earlier phase (a split group's start):
 * points, the half point a rounding took away (+1) or gave (−1), and optionally
 * the earlier phase's record, which the table then shows added to its own.
 */
export interface CarriedRecord {
  teamId: number;
  points: number;
  halfPoint: -1 | 0 | 1;
  record?: {
    played: number;
    won: number;
    drawn: number;
    lost: number;
    goalsFor: number;
    goalsAgainst: number;
    form: FormResult[];
  };
}

export const tableRowSchema = z.object({
  /** 1..n with no shared places: teams equal on every criterion are ordered by name. */
  position: z.number().int().min(1),
  teamId: z.number().int(),
  teamName: z.string(),
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  goalsFor: z.number().int(),
  goalsAgainst: z.number().int(),
  goalDifference: z.number().int(),
  points: z.number().int(),
  /** The last five results in the view, oldest first. */
  form: z.array(formResultSchema),
});
export type TableRow = z.infer<typeof tableRowSchema>;

export const headToHeadSchema = z.object({
  played: z.number().int(),
  winsA: z.number().int(),
  winsB: z.number().int(),
  draws: z.number().int(),
  goalsA: z.number().int(),
  goalsB: z.number().int(),
});
export type HeadToHeadRecord = z.infer<typeof headToHeadSchema>;

export const goalSchema = z.object({
  playerId: z.number().int(),
  playerName: z.string(),
  teamId: z.number().int(),
  minute: z.number().int(),
  ownGoal: z.boolean(),
  penalty: z.boolean(),
});
export type Goal = z.infer<typeof goalSchema>;

export const scorerSchema = z.object({
  playerId: z.number().int(),
  playerName: z.string(),
  teamId: z.number().int(),
  goals: z.number().int(),
  penalties: z.number().int(),
});
export type Scorer = z.infer<typeof scorerSchema>;

const FORM_LENGTH = 5;
const DAY_MS = 86_400_000;

/** The statuses of a match that may still be played (and so still change a head-to-head). */
const PENDING_STATUSES: ReadonlySet<MatchStatus> = new Set(['scheduled', 'live', 'half-time', 'postponed']);

interface Played {
  match: StandingsMatch;
  /** The kick-off as YYYY-MM-DDTHH:mm:ss.sssZ, which orders as text. */
  kickoff: string;
  homeScore: number;
  awayScore: number;
}

interface Tally {
  id: number;
  name: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
  /** +1 when a rounding of carried points took half a point away, −1 when it gave one: decides between equal points. */
  halfPoint: number;
  awayGoalsFor: number;
  awayGoalsAgainst: number;
  awayWins: number;
  /** Results carried from an earlier phase, oldest first (shown before this table's own). */
  carriedForm: FormResult[];
  /** The latest results (at most five), oldest first: kept in order as matches come, so nothing sorts the season. */
  recent: { played: Played; result: FormResult }[];
  /** Matches this team is at home in, counted in the view (head-to-head reads them). */
  homeMatches: Played[];
  /** Opponents of matches not played yet (within `asOf`): a mini-league with them is not complete. */
  pendingOpponents: number[];
}

interface MiniLeagueTally {
  points: number;
  goalsFor: number;
  goalsAgainst: number;
  awayGoalsFor: number;
}

/** A match result counts when its status says so and both scores are known; awarded results count as recorded. */
function playedScore(match: StandingsMatch): Played | undefined {
  if (!countsInTable(match.status) || match.homeScore === null || match.awayScore === null) return undefined;
  return { match, kickoff: canonicalKickoff(match), homeScore: match.homeScore, awayScore: match.awayScore };
}

/**
 * Kick-offs compare as text once in one form. The database gives that form
 * already (toISOString), so the common case skips Date parsing, which would be
 * most of the cost of a table.
 */
function canonicalKickoff(match: StandingsMatch): string {
  const text = match.kickoffAt;
  if (text.length === 24 && text[10] === 'T' && text[19] === '.' && text[23] === 'Z') return text;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new Error(`Match ${match.id}: kickoffAt is not a date: ${text}`);
  return new Date(ms).toISOString();
}

/** The first instant after `asOf` (YYYY-MM-DD, UTC), in the form of canonicalKickoff. */
function cutoffAfter(asOf: string | undefined): string {
  if (asOf === undefined) return '\uffff';
  const start = Date.parse(`${asOf}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(start))
    throw new Error(`asOf is not a YYYY-MM-DD date: ${asOf}`);
  return new Date(start + DAY_MS).toISOString();
}

function byKickoff(a: Played, b: Played): number {
  if (a.kickoff !== b.kickoff) return a.kickoff < b.kickoff ? -1 : 1;
  return a.match.id - b.match.id;
}

function resultOf(goalsFor: number, goalsAgainst: number): FormResult {
  if (goalsFor > goalsAgainst) return 'W';
  return goalsFor === goalsAgainst ? 'D' : 'L';
}

function newTally(id: number, name: string): Tally {
  return {
    id,
    name,
    played: 0,
    won: 0,
    drawn: 0,
    lost: 0,
    goalsFor: 0,
    goalsAgainst: 0,
    points: 0,
    halfPoint: 0,
    awayGoalsFor: 0,
    awayGoalsAgainst: 0,
    awayWins: 0,
    carriedForm: [],
    recent: [],
    homeMatches: [],
    pendingOpponents: [],
  };
}

/** Keeps the `FORM_LENGTH` latest results in kick-off order: O(5) a match instead of sorting the season. */
function remember(tally: Tally, played: Played, result: FormResult): void {
  const recent = tally.recent;
  const oldest = recent[0];
  if (recent.length === FORM_LENGTH && oldest && byKickoff(played, oldest.played) < 0) return;
  let at = recent.length;
  while (at > 0 && byKickoff(played, (recent[at - 1] as { played: Played }).played) < 0) at -= 1;
  recent.splice(at, 0, { played, result });
  if (recent.length > FORM_LENGTH) recent.shift();
}

function record(
  tally: Tally,
  played: Played,
  goalsFor: number,
  goalsAgainst: number,
  away: boolean,
  rules: CompetitionRules,
): void {
  const result = resultOf(goalsFor, goalsAgainst);
  tally.played += 1;
  tally.goalsFor += goalsFor;
  tally.goalsAgainst += goalsAgainst;
  remember(tally, played, result);
  if (result === 'W') {
    tally.won += 1;
    tally.points += rules.pointsForWin;
  } else if (result === 'D') {
    tally.drawn += 1;
    tally.points += rules.pointsForDraw;
  } else {
    tally.lost += 1;
  }
  if (away) {
    tally.awayGoalsFor += goalsFor;
    tally.awayGoalsAgainst += goalsAgainst;
    if (result === 'W') tally.awayWins += 1;
  }
}

function overallValue(criterion: TieBreaker, tally: Tally): number {
  switch (criterion) {
    case 'points':
      // Twice the exact points: a half point lost (or gained) in a rounding decides between equal totals.
      return tally.points * 2 + tally.halfPoint;
    case 'goalDifference':
      return tally.goalsFor - tally.goalsAgainst;
    case 'goalsFor':
      return tally.goalsFor;
    case 'wins':
      return tally.won;
    case 'awayGoalsFor':
      return tally.awayGoalsFor;
    case 'awayWins':
      return tally.awayWins;
    case 'awayGoalDifference':
      return tally.awayGoalsFor - tally.awayGoalsAgainst;
    case 'fewerLosses':
      return -tally.lost;
    default:
      throw new Error(`${criterion} is a head-to-head criterion`);
  }
}

function miniLeagueValue(criterion: TieBreaker, tally: MiniLeagueTally): number {
  switch (criterion) {
    case 'headToHeadPoints':
      return tally.points;
    case 'headToHeadGoalDifference':
      return tally.goalsFor - tally.goalsAgainst;
    case 'headToHeadGoalsFor':
      return tally.goalsFor;
    case 'headToHeadAwayGoalsFor':
      return tally.awayGoalsFor;
    default:
      throw new Error(`${criterion} is not a head-to-head criterion`);
  }
}

function isHeadToHead(criterion: TieBreaker): boolean {
  return HEAD_TO_HEAD_TIE_BREAKERS.includes(criterion);
}

function byName(a: Tally, b: Tally): number {
  return compareNames(a.name, b.name) || a.id - b.id;
}

/** Sorts by the keys (higher first) and cuts the group where the keys change. */
function splitByKeys(group: Tally[], keyOf: (tally: Tally) => number[]): Tally[][] {
  const keyed = group.map((tally) => ({ tally, key: keyOf(tally) }));
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i += 1) {
      const difference = (b[i] ?? 0) - (a[i] ?? 0);
      if (difference !== 0) return difference;
    }
    return 0;
  };
  keyed.sort((a, b) => compare(a.key, b.key));
  const runs: Tally[][] = [];
  let previous: number[] | undefined;
  for (const { tally, key } of keyed) {
    const run = runs.at(-1);
    if (previous !== undefined && run !== undefined && compare(previous, key) === 0) run.push(tally);
    else runs.push([tally]);
    previous = key;
  }
  return runs;
}

/**
 * The table of a season, ordered by the competition's tie-breakers.
 *
 * - Counted: matches whose status counts (finished, awarded) with both scores,
 *   kicked off on or before `asOf` (UTC date) when given.
 * - Views: `home` and `away` count each team's home (away) matches only, and are
 *   ordered by the non-head-to-head criteria only (a one-sided mini-league decides
 *   nothing); adjustments apply to the overall view only, since a deduction belongs
 *   to no match.
 * - Head-to-head criteria that follow each other in the rules are applied together
 *   over the matches between the teams still tied (a mini-league); when that splits
 *   the group, they are applied again to each smaller group still tied (UEFA's
 *   rule, also La Liga's and Serie A's). They decide only once the mini-league is
 *   complete: while a match between the tied teams is still to be played (scheduled,
 *   live, postponed, or after `asOf`), they are skipped and the next criteria decide,
 *   as the leagues do in their tables during a season.
 * - After every criterion, the team name decides (alphabetical), so positions are
 *   always 1..n with no shared places; a real play-off is a match of its own.
 */
export function computeStandings(input: StandingsInput): TableRow[] {
  const view = input.view ?? 'overall';
  const { rules } = input;
  const cutoff = cutoffAfter(input.asOf);
  const tallies = new Map<number, Tally>();
  for (const team of input.teams) {
    if (tallies.has(team.id)) throw new Error(`Team ${team.id} is listed twice`);
    tallies.set(team.id, newTally(team.id, team.name));
  }
  const requireTally = (id: number, matchId: number) => {
    const tally = tallies.get(id);
    if (!tally) throw new Error(`Match ${matchId}: team ${id} is not in the table`);
    return tally;
  };

  for (const match of input.matches) {
    const home = requireTally(match.homeTeamId, match.id);
    const away = requireTally(match.awayTeamId, match.id);
    const played = playedScore(match);
    if (played && played.kickoff < cutoff) {
      if (view !== 'away') record(home, played, played.homeScore, played.awayScore, false, rules);
      if (view !== 'home') record(away, played, played.awayScore, played.homeScore, true, rules);
      if (view === 'overall') home.homeMatches.push(played);
    } else if (played || PENDING_STATUSES.has(match.status) || countsInTable(match.status)) {
      home.pendingOpponents.push(away.id);
      away.pendingOpponents.push(home.id);
    }
  }

  if (view === 'overall') {
    for (const match of input.headToHeadOnly ?? []) {
      const home = tallies.get(match.homeTeamId);
      const away = tallies.get(match.awayTeamId);
      if (!home || !away) continue;
      const played = playedScore(match);
      if (played && played.kickoff < cutoff) home.homeMatches.push(played);
      else if (played || PENDING_STATUSES.has(match.status) || countsInTable(match.status)) {
        home.pendingOpponents.push(away.id);
        away.pendingOpponents.push(home.id);
      }
    }
    for (const adjustment of input.adjustments ?? []) {
      const tally = tallies.get(adjustment.teamId);
      if (!tally) throw new Error(`Point adjustment for team ${adjustment.teamId}, which is not in the table`);
      tally.points += adjustment.points;
    }
    for (const carried of input.carried ?? []) {
      const tally = tallies.get(carried.teamId);
      if (!tally) throw new Error(`Carried record for team ${carried.teamId}, which is not in the table`);
      tally.points += carried.points;
      tally.halfPoint = carried.halfPoint;
      const record = carried.record;
      if (record) {
        tally.played += record.played;
        tally.won += record.won;
        tally.drawn += record.drawn;
        tally.lost += record.lost;
        tally.goalsFor += record.goalsFor;
        tally.goalsAgainst += record.goalsAgainst;
        tally.carriedForm = record.form;
      }
    }
  }

  const criteria =
    view === 'overall' ? rules.tieBreakers : rules.tieBreakers.filter((criterion) => !isHeadToHead(criterion));
  const ordered = rankGroup([...tallies.values()], 0, criteria, rules);
  return ordered.map((tally, index) => ({
    position: index + 1,
    teamId: tally.id,
    teamName: tally.name,
    played: tally.played,
    won: tally.won,
    drawn: tally.drawn,
    lost: tally.lost,
    goalsFor: tally.goalsFor,
    goalsAgainst: tally.goalsAgainst,
    goalDifference: tally.goalsFor - tally.goalsAgainst,
    points: tally.points,
    form:
      tally.carriedForm.length === 0
        ? tally.recent.map((entry) => entry.result)
        : [...tally.carriedForm, ...tally.recent.map((entry) => entry.result)].slice(-FORM_LENGTH),
  }));
}

/** Points a split group starts with, and the half point the rounding took (+1) or gave (−1). */
export function carryPoints(points: number, carryOver: CarryOver): { points: number; halfPoint: -1 | 0 | 1 } {
  if (carryOver === 'full' || points % 2 === 0)
    return { points: carryOver === 'full' ? points : points / 2, halfPoint: 0 };
  return carryOver === 'halfRoundedDown'
    ? { points: Math.floor(points / 2), halfPoint: 1 }
    : { points: Math.ceil(points / 2), halfPoint: -1 };
}

export interface SplitStandingsInput {
  /** Every team of the season (the regular-season table is computed over all of them). */
  teams: StandingsInput['teams'];
  regularMatches: StandingsMatch[];
  /** The group's matches: its teams are the teams that play them. */
  groupMatches: StandingsMatch[];
  rules: CompetitionRules;
  carryOver: CarryOver;
  /** The group's table adds the regular season's played … goals and form (see SplitFormat). */
  cumulativeRecord: boolean;
  /** Deductions, applied to the regular-season points before they are carried (and halved). */
  adjustments?: StandingsInput['adjustments'];
  asOf?: string;
  view?: StandingsView;
}

/**
 * The table of one group of a split season (championship/relegation rounds): the
 * group's matches, starting from the regular-season table as `carryOver` says,
 * ordered by the competition's rules (a head-to-head criterion reads the group's
 * matches, and with a cumulative record the regular-season meetings too). The home and away views count the group's own matches only: carried
 * points belong to no venue. With `asOf`, both the regular table and the group's
 * matches stop at that date.
 */
export function computeSplitStandings(input: SplitStandingsInput): TableRow[] {
  const view = input.view ?? 'overall';
  const members = new Set(input.groupMatches.flatMap((match) => [match.homeTeamId, match.awayTeamId]));
  const teams = input.teams.filter((team) => members.has(team.id));
  if (view !== 'overall') {
    return computeStandings({ teams, matches: input.groupMatches, rules: input.rules, asOf: input.asOf, view });
  }
  const regular = computeStandings({
    teams: input.teams,
    matches: input.regularMatches,
    rules: input.rules,
    adjustments: input.adjustments,
    asOf: input.asOf,
  });
  const carried: CarriedRecord[] = regular
    .filter((row) => members.has(row.teamId))
    .map((row) => ({
      teamId: row.teamId,
      ...carryPoints(row.points, input.carryOver),
      ...(input.cumulativeRecord
        ? {
            record: {
              played: row.played,
              won: row.won,
              drawn: row.drawn,
              lost: row.lost,
              goalsFor: row.goalsFor,
              goalsAgainst: row.goalsAgainst,
              form: row.form,
            },
          }
        : {}),
    }));
  return computeStandings({
    teams,
    matches: input.groupMatches,
    rules: input.rules,
    asOf: input.asOf,
    carried,
    // A cumulative group table is the season's table: its head-to-head criteria read every meeting of the season.
    headToHeadOnly: input.cumulativeRecord ? input.regularMatches : undefined,
  });
}

/** Orders a group of teams tied on every criterion before `from`. */
function rankGroup(group: Tally[], from: number, criteria: readonly TieBreaker[], rules: CompetitionRules): Tally[] {
  if (group.length < 2) return group;
  const criterion = criteria[from];
  if (criterion === undefined) return [...group].sort(byName);

  if (!isHeadToHead(criterion)) {
    const runs = splitByKeys(group, (tally) => [overallValue(criterion, tally)]);
    return runs.flatMap((run) => rankGroup(run, from + 1, criteria, rules));
  }

  let to = from;
  while (to < criteria.length && isHeadToHead(criteria[to] as TieBreaker)) to += 1;
  const block = criteria.slice(from, to);
  const mini = miniLeague(group, rules);
  if (!mini) return rankGroup(group, to, criteria, rules);
  const runs = splitByKeys(group, (tally) => {
    const own = mini.get(tally.id) as MiniLeagueTally;
    return block.map((blockCriterion) => miniLeagueValue(blockCriterion, own));
  });
  if (runs.length === 1) return rankGroup(group, to, criteria, rules);
  // The mini-league split the group: each smaller tied group gets its own mini-league.
  return runs.flatMap((run) => rankGroup(run, from, criteria, rules));
}

/** The table of the matches between the teams of a group, or undefined while one of them is still to be played. */
function miniLeague(group: Tally[], rules: CompetitionRules): Map<number, MiniLeagueTally> | undefined {
  const mini = new Map<number, MiniLeagueTally>();
  for (const tally of group) mini.set(tally.id, { points: 0, goalsFor: 0, goalsAgainst: 0, awayGoalsFor: 0 });
  for (const tally of group) {
    if (tally.pendingOpponents.some((opponent) => mini.has(opponent))) return undefined;
  }
  for (const tally of group) {
    const home = mini.get(tally.id) as MiniLeagueTally;
    for (const played of tally.homeMatches) {
      const away = mini.get(played.match.awayTeamId);
      if (!away) continue;
      home.goalsFor += played.homeScore;
      home.goalsAgainst += played.awayScore;
      away.goalsFor += played.awayScore;
      away.goalsAgainst += played.homeScore;
      away.awayGoalsFor += played.awayScore;
      if (played.homeScore > played.awayScore) home.points += rules.pointsForWin;
      else if (played.homeScore < played.awayScore) away.points += rules.pointsForWin;
      else {
        home.points += rules.pointsForDraw;
        away.points += rules.pointsForDraw;
      }
    }
  }
  return mini;
}

/** The record between two teams over the matches that count (finished or awarded, with a score). */
export function headToHeadRecord(teamA: number, teamB: number, matches: readonly StandingsMatch[]): HeadToHeadRecord {
  const record: HeadToHeadRecord = { played: 0, winsA: 0, winsB: 0, draws: 0, goalsA: 0, goalsB: 0 };
  for (const match of matches) {
    const aAtHome = match.homeTeamId === teamA && match.awayTeamId === teamB;
    const bAtHome = match.homeTeamId === teamB && match.awayTeamId === teamA;
    if (!aAtHome && !bAtHome) continue;
    const played = playedScore(match);
    if (!played) continue;
    const goalsA = aAtHome ? played.homeScore : played.awayScore;
    const goalsB = aAtHome ? played.awayScore : played.homeScore;
    record.played += 1;
    record.goalsA += goalsA;
    record.goalsB += goalsB;
    if (goalsA > goalsB) record.winsA += 1;
    else if (goalsA < goalsB) record.winsB += 1;
    else record.draws += 1;
  }
  return record;
}

/** A team's last `n` results (finished or awarded), oldest first. */
export function teamForm(teamId: number, matches: readonly StandingsMatch[], n = FORM_LENGTH): FormResult[] {
  const played: Played[] = [];
  for (const match of matches) {
    if (match.homeTeamId !== teamId && match.awayTeamId !== teamId) continue;
    const score = playedScore(match);
    if (score) played.push(score);
  }
  played.sort(byKickoff);
  const results = played.map(({ match, homeScore, awayScore }) =>
    match.homeTeamId === teamId ? resultOf(homeScore, awayScore) : resultOf(awayScore, homeScore),
  );
  return n > 0 ? results.slice(-n) : [];
}

/**
 * Goals per player, most first (then by name): own goals are left out. A player
 * who scored for two teams in the list is shown with the team of their last goal.
 */
export function topScorers(goals: readonly Goal[]): Scorer[] {
  const byPlayer = new Map<number, Scorer>();
  for (const goal of goals) {
    if (goal.ownGoal) continue;
    const scorer = byPlayer.get(goal.playerId) ?? {
      playerId: goal.playerId,
      playerName: goal.playerName,
      teamId: goal.teamId,
      goals: 0,
      penalties: 0,
    };
    scorer.goals += 1;
    if (goal.penalty) scorer.penalties += 1;
    scorer.teamId = goal.teamId;
    byPlayer.set(goal.playerId, scorer);
  }
  return [...byPlayer.values()].sort(
    (a, b) => b.goals - a.goals || compareNames(a.playerName, b.playerName) || a.playerId - b.playerId,
  );
}
