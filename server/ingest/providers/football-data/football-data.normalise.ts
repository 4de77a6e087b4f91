// football-data.org v4 match → ProviderMatchSnapshot (issue #4). Pure: the
// payload and the time it was fetched in, the snapshot out; no I/O, no clock.
// The decisions that are not plain field copies are documented where they are
// made and summarised in tests/fixtures/football-data/README.md.
import { findCompetitionDefinition } from '../../../../domain/competitions.ts';
import {
  providerMatchSnapshotSchema,
  type KeyEventType,
  type ProviderMatchSnapshot,
  type ProviderPerson,
  type Side,
  type SnapshotEvent,
} from '../../../../domain/live-contracts.ts';
import {
  PERIOD_LENGTH_MINUTES,
  PERIOD_START_MINUTE,
  statusOfPhase,
  type MatchClock,
  type MatchPhase,
  type PlayingPhase,
} from '../../../../domain/match-clock.ts';
import type { MatchStatus } from '../../../../domain/match-status.ts';
import { ProviderPayloadError } from '../../provider.ts';
import type {
  FootballDataGoal,
  FootballDataMatch,
  FootballDataReference,
  FootballDataScore,
  FootballDataScorePair,
} from './football-data.schemas.ts';

export const FOOTBALL_DATA_PROVIDER = 'football-data';

/**
 * football-data competition codes → ours (domain/competitions.ts). The first
 * thirteen are the free plan's; BL2, SB, SD and FL2 come with paid plans. A code
 * not listed gives `competitionCode: null`.
 */
export const COMPETITION_CODES: Readonly<Record<string, string>> = {
  PL: 'en.1',
  ELC: 'en.2',
  PD: 'es.1',
  BL1: 'de.1',
  SA: 'it.1',
  FL1: 'fr.1',
  DED: 'nl.1',
  PPL: 'pt.1',
  BSA: 'br.1',
  CL: 'uefa.cl',
  CLI: 'copa.l',
  WC: 'world.cup',
  EC: 'euro',
  BL2: 'de.2',
  SB: 'it.2',
  SD: 'es.2',
  FL2: 'fr.2',
};

export interface NormaliseContext {
  /** When the response arrived: the fallback for `observedAt` and the anchor of the clock estimate. */
  fetchedAt: Date;
}

type Pair = { home: number; away: number };

/**
 * One match as a snapshot, or null when it cannot be one yet: a knock-out match
 * whose teams are undecided (both come as `{ id: null, name: null }`). Throws
 * ProviderPayloadError when the result breaks the snapshot contract (e.g. a
 * score that comes out negative).
 */
export function normaliseMatch(match: FootballDataMatch, context: NormaliseContext): ProviderMatchSnapshot | null {
  const homeName = match.homeTeam.name?.trim();
  const awayName = match.awayTeam.name?.trim();
  if (!homeName || !awayName) return null;

  const competitionCode = match.competition.code ? (COMPETITION_CODES[match.competition.code] ?? null) : null;
  const kind = competitionKind(competitionCode, match.competition.type);
  const kickoffAt = new Date(match.utcDate);
  const placement = placeInSeason(match.stage ?? null, match.matchday ?? null, kind);
  const { status, clock } = readMatchState(match, kickoffAt, context.fetchedAt);
  const score = readScore(match.score);

  const snapshot: ProviderMatchSnapshot = {
    provider: FOOTBALL_DATA_PROVIDER,
    externalId: String(match.id),
    observedAt: (match.lastUpdated ? new Date(match.lastUpdated) : context.fetchedAt).toISOString(),
    competitionCode,
    season: seasonCode(match.season?.startDate ?? null, match.season?.endDate ?? null),
    stage: placement.stage,
    round: placement.round,
    group: groupName(match.group ?? null),
    kickoffAt: kickoffAt.toISOString(),
    home: team(match.homeTeam.id, homeName, match.homeTeam.shortName),
    away: team(match.awayTeam.id, awayName, match.awayTeam.shortName),
    status,
    clock,
    score,
    events: readEvents(match, score),
    // v4 has no team statistics.
    teamStats: null,
  };
  const checked = providerMatchSnapshotSchema.safeParse(snapshot);
  if (!checked.success) {
    throw new ProviderPayloadError(
      `football-data match ${match.id} does not make a valid snapshot`,
      checked.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return checked.data;
}

/** Every match of a list; matches that cannot be snapshots yet are listed in `skipped` (their ids). */
export function normaliseMatchList(
  matches: readonly FootballDataMatch[],
  context: NormaliseContext,
): { snapshots: ProviderMatchSnapshot[]; skipped: string[] } {
  const snapshots: ProviderMatchSnapshot[] = [];
  const skipped: string[] = [];
  for (const match of matches) {
    const snapshot = normaliseMatch(match, context);
    if (snapshot) snapshots.push(snapshot);
    else skipped.push(String(match.id));
  }
  return { snapshots, skipped };
}

// ---------------------------------------------------------------- season and placement

/**
 * Our season code from the provider's season dates: a season inside one year is
 * that year ('2026' for a World Cup, '2025' for the Brasileirão); one across New
 * Year is '2025-26'. Null when the dates are missing or span more than a year boundary.
 */
export function seasonCode(startDate: string | null, endDate: string | null): string | null {
  if (!startDate || !endDate) return null;
  const start = Number(startDate.slice(0, 4));
  const end = Number(endDate.slice(0, 4));
  if (end === start) return String(start);
  if (end === start + 1) return `${start}-${String(end % 100).padStart(2, '0')}`;
  return null;
}

function competitionKind(code: string | null, providerType: string | null | undefined): 'league' | 'cup' {
  const definition = code ? findCompetitionDefinition(code) : undefined;
  if (definition) return definition.kind;
  return providerType === 'LEAGUE' ? 'league' : 'cup';
}

/** Knock-out rounds: the stage is the round itself, as the openfootball importer stores them. */
const KNOCKOUT_STAGES: Readonly<Record<string, string>> = {
  LAST_64: 'Round of 64',
  LAST_32: 'Round of 32',
  LAST_16: 'Round of 16',
  ROUND_OF_16: 'Round of 16',
  QUARTER_FINALS: 'Quarter-finals',
  SEMI_FINALS: 'Semi-finals',
  THIRD_PLACE: 'Third place',
  FINAL: 'Final',
};

/** Phases played in matchdays. */
const TABLE_STAGES: Readonly<Record<string, string>> = {
  REGULAR_SEASON: 'Regular season',
  GROUP_STAGE: 'Group stage',
  LEAGUE_STAGE: 'League phase',
};

/**
 * Stage and round in the vocabulary of db/seed/openfootball/normalize.ts
 * (`placeMatch`), so a provider match lands where the imported ones are:
 * "Regular season" + "Matchday 12", "Group stage" + "Matchday 2", "Round of 16" + "Round of 16".
 */
export function placeInSeason(
  stage: string | null,
  matchday: number | null,
  kind: 'league' | 'cup',
): { stage: string | null; round: string | null } {
  const matchdayRound = matchday !== null && matchday > 0 ? `Matchday ${matchday}` : null;
  if (stage === null) return { stage: kind === 'league' ? 'Regular season' : null, round: matchdayRound };
  const knockout = KNOCKOUT_STAGES[stage];
  if (knockout) return { stage: knockout, round: knockout };
  const table = TABLE_STAGES[stage];
  if (table) return { stage: table, round: matchdayRound };
  if (stage === 'PLAYOFFS')
    return { stage: kind === 'league' ? 'Play-offs' : 'Knockout play-offs', round: matchdayRound };
  if (/^(QUALIFICATION|PRELIMINARY)/.test(stage)) return { stage: 'Qualifying', round: humanise(stage) };
  return { stage: humanise(stage), round: matchdayRound };
}

/** "GROUP_A" → "Group A"; anything else made readable. */
export function groupName(group: string | null): string | null {
  if (group === null || group.trim() === '') return null;
  const letter = /^GROUP[_ ]([A-Z0-9]{1,2})$/i.exec(group.trim());
  if (letter) return `Group ${(letter[1] as string).toUpperCase()}`;
  return humanise(group);
}

/** "QUALIFICATION_ROUND_1" → "Qualification round 1". */
function humanise(value: string): string {
  const words = value.trim().replace(/_+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function team(id: number | null, name: string, shortName: string | null | undefined) {
  const short = shortName?.trim();
  return {
    ...(id !== null ? { externalId: String(id) } : {}),
    name,
    ...(short ? { shortName: short } : {}),
  };
}

// ---------------------------------------------------------------- status and clock

/** Minute on which each playing period ends before stoppage time: 45, 90, 105, 120. */
function periodEndMinute(phase: PlayingPhase): number {
  return PERIOD_START_MINUTE[phase] + PERIOD_LENGTH_MINUTES[phase];
}

/**
 * A first-half clock estimated from the minute is replaced by the scheduled
 * kick-off when the two are this close: most matches kick off on time, and the
 * kick-off does not jitter from poll to poll as an estimate from a whole minute does.
 */
const KICKOFF_SNAP_MS = 90_000;

/**
 * Status and clock. The mapping (docs.football-data.org/general/v4/match.html):
 * - SCHEDULED, TIMED → scheduled (no clock); POSTPONED, CANCELLED, AWARDED → the same word (no clock).
 * - IN_PLAY (and LIVE) → live in 1H/2H by the minute, E1/E2 when `score.duration` is EXTRA_TIME,
 *   the shoot-out when it is PENALTY_SHOOTOUT; EXTRA_TIME → live in E1/E2; PENALTY_SHOOTOUT → live, phase P.
 * - PAUSED → half-time, in the break the minute and duration point to: HT (after the first
 *   half), BET (after 90 minutes of a match going to extra time), EHT (after 105), BP (before a shoot-out).
 * - FINISHED → finished, phase FT.
 * - SUSPENDED → abandoned: play has stopped and the result is not final. The contract has no
 *   "suspended" status; if play resumes, the next snapshot says live again.
 *
 * `phaseStartedAt` is estimated: the API gives the minute being played, not when the
 * period started, so it is the fetch time minus the time the minute implies (the middle
 * of that minute, plus stoppage minutes when the minute is the period's last). It is
 * anchored on the fetch time, not on `lastUpdated`, because `minute` describes the moment
 * of the answer while `lastUpdated` is when the record last changed. Without a minute,
 * a first half starts at the scheduled kick-off and a later period is unknown (null).
 */
export function readMatchState(
  match: FootballDataMatch,
  kickoffAt: Date,
  fetchedAt: Date,
): { status: MatchStatus; clock: MatchClock | null } {
  const duration = match.score.duration ?? 'REGULAR';
  const still = (phase: MatchPhase): { status: MatchStatus; clock: MatchClock } => ({
    status: statusOfPhase(phase),
    clock: { phase, phaseStartedAt: null, rate: 1 },
  });
  switch (match.status) {
    case 'SCHEDULED':
    case 'TIMED':
      return { status: 'scheduled', clock: null };
    case 'POSTPONED':
      return { status: 'postponed', clock: null };
    case 'CANCELLED':
      return { status: 'cancelled', clock: null };
    case 'AWARDED':
      return { status: 'awarded', clock: null };
    case 'SUSPENDED':
      return { status: 'abandoned', clock: null };
    case 'FINISHED':
      return still('FT');
    case 'PENALTY_SHOOTOUT':
      return still('P');
    case 'PAUSED':
      return still(breakPhase(match));
    case 'IN_PLAY':
    case 'LIVE':
    case 'EXTRA_TIME': {
      if (duration === 'PENALTY_SHOOTOUT') return still('P');
      const playing = playingPhase(match);
      return {
        status: statusOfPhase(playing.phase),
        clock: { phase: playing.phase, phaseStartedAt: estimatePhaseStart(playing, kickoffAt, fetchedAt), rate: 1 },
      };
    }
  }
}

function breakPhase(match: FootballDataMatch): MatchPhase {
  const duration = match.score.duration ?? 'REGULAR';
  const minute = match.minute?.minute ?? null;
  if (duration === 'PENALTY_SHOOTOUT') return 'BP';
  if (duration === 'EXTRA_TIME') {
    if (minute !== null && minute >= 120) return 'BP';
    if (minute !== null && minute >= 105) return 'EHT';
    return 'BET';
  }
  return (minute !== null && minute >= 90) || completePair(match.score.regularTime) ? 'BET' : 'HT';
}

interface PlayingReading {
  phase: PlayingPhase;
  minute: number | null;
  added: number | null;
}

function playingPhase(match: FootballDataMatch): PlayingReading {
  const extra = match.status === 'EXTRA_TIME' || match.score.duration === 'EXTRA_TIME';
  // The half-time score is set when the first half ends (overtime.html): after that it is the second half.
  const secondHalf = completePair(match.score.halfTime) !== null;
  const reading = match.minute ?? null;
  if (reading === null) return { phase: extra ? 'E1' : secondHalf ? '2H' : '1H', minute: null, added: null };
  const minute = reading.minute;
  const phase: PlayingPhase = extra ? (minute > 105 ? 'E2' : 'E1') : minute > 45 || secondHalf ? '2H' : '1H';
  const injury = match.injuryTime && match.injuryTime > 0 ? match.injuryTime : null;
  const added = reading.added ?? (minute >= periodEndMinute(phase) ? injury : null);
  return { phase, minute, added: added && added > 0 ? added : null };
}

function estimatePhaseStart(reading: PlayingReading, kickoffAt: Date, fetchedAt: Date): string | null {
  if (reading.minute === null) return reading.phase === '1H' ? kickoffAt.toISOString() : null;
  const length = PERIOD_LENGTH_MINUTES[reading.phase];
  const intoPeriod = Math.min(Math.max(reading.minute - PERIOD_START_MINUTE[reading.phase], 1), length);
  const elapsedMinutes = intoPeriod + (reading.added ?? 0);
  const estimate = fetchedAt.getTime() - ((elapsedMinutes - 1) * 60 + 30) * 1000;
  if (reading.phase === '1H' && Math.abs(estimate - kickoffAt.getTime()) <= KICKOFF_SNAP_MS)
    return kickoffAt.toISOString();
  return new Date(estimate).toISOString();
}

// ---------------------------------------------------------------- score

function completePair(pair: FootballDataScorePair | null | undefined): Pair | null {
  if (!pair || pair.home === null || pair.away === null) return null;
  return { home: pair.home, away: pair.away };
}

/**
 * The score in our model (docs/decisions/009): home/away is the result without
 * the shoot-out (after extra time when it was played), `extraTime` the score after
 * extra time, `penalties` the shoot-out. football-data's `fullTime` is the running
 * score, but after a shoot-out it adds the shoot-out goals (1-1 a.e.t., 6-5 on
 * penalties gives fullTime 7-6; overtime.html) and its `extraTime` counts only the
 * goals scored in extra time. So: regularTime + extraTime when both are there, else
 * fullTime minus the shoot-out.
 */
export function readScore(score: FootballDataScore): ProviderMatchSnapshot['score'] {
  const duration = score.duration ?? 'REGULAR';
  const fullTime = completePair(score.fullTime);
  const penalties = duration === 'PENALTY_SHOOTOUT' ? completePair(score.penalties) : null;
  let result = fullTime;
  if (duration === 'PENALTY_SHOOTOUT') {
    const regular = completePair(score.regularTime);
    const extra = completePair(score.extraTime);
    if (regular && extra) result = { home: regular.home + extra.home, away: regular.away + extra.away };
    else if (fullTime && penalties)
      result = { home: fullTime.home - penalties.home, away: fullTime.away - penalties.away };
  }
  return {
    home: result?.home ?? null,
    away: result?.away ?? null,
    halfTime: completePair(score.halfTime),
    extraTime: duration === 'REGULAR' ? null : result,
    penalties,
  };
}

// ---------------------------------------------------------------- events

const PERIOD_ORDER: Readonly<Record<SnapshotEvent['period'], number>> = { '1H': 0, '2H': 1, E1: 2, E2: 3, P: 4 };

/**
 * Where an event sits: football-data gives the minute and, for stoppage time, the
 * period's last minute plus `injuryTime` (45+2 is minute 45, injuryTime 2). A minute
 * past 90 in a match without extra time is second-half stoppage time.
 */
export function placeEvent(
  minute: number,
  injuryTime: number | null | undefined,
  extraTimePlayed: boolean,
): Pick<SnapshotEvent, 'period' | 'minute' | 'addedMinute'> {
  const injury = injuryTime && injuryTime > 0 ? injuryTime : null;
  const at = (period: SnapshotEvent['period'], end: number) => ({
    period,
    minute,
    addedMinute: minute === end ? injury : null,
  });
  if (minute <= 45) return at('1H', 45);
  if (minute <= 90) return at('2H', 90);
  if (!extraTimePlayed) return { period: '2H', minute: 90, addedMinute: minute - 90 + (injury ?? 0) };
  if (minute <= 105) return at('E1', 105);
  if (minute <= 120) return at('E2', 120);
  return { period: 'E2', minute: 120, addedMinute: minute - 120 };
}

function person(reference: FootballDataReference | null | undefined): ProviderPerson | null {
  const name = reference?.name?.trim();
  if (!reference || !name) return null;
  return {
    ...(reference.id !== null && reference.id !== undefined ? { externalId: String(reference.id) } : {}),
    name,
  };
}

function goalType(goal: FootballDataGoal): KeyEventType {
  const type = goal.type?.toUpperCase() ?? 'REGULAR';
  if (type === 'OWN' || type === 'OWN_GOAL') return 'own_goal';
  if (type === 'PENALTY') return 'penalty_goal';
  return 'goal';
}

const CARD_TYPES = { YELLOW: 'yellow_card', YELLOW_RED: 'second_yellow', RED: 'red_card' } as const;

/**
 * Key events from goals, bookings and substitutions; null when the payload has
 * none of the three (list resources and the free plan), so stored events are kept.
 * Missed penalties and shoot-out kicks are not emitted: the `penalties` list has no
 * minute and mixes penalties in play with shoot-out kicks, and the shoot-out result
 * is in the score.
 *
 * Keys are `fd:{goal|card|sub}:{teamId}:{minute}:{n}`, n counting events of the same
 * kind, team and minute in match order. They leave out the player on purpose: a
 * corrected scorer keeps the key, so the pipeline sees a correction, not a new goal.
 */
function readEvents(match: FootballDataMatch, score: ProviderMatchSnapshot['score']): SnapshotEvent[] | null {
  if (!match.goals && !match.bookings && !match.substitutions) return null;
  const extraTimePlayed = match.status === 'EXTRA_TIME' || (match.score.duration ?? 'REGULAR') !== 'REGULAR';
  const sideOfTeam = (id: number | null | undefined): Side | null => {
    if (id === null || id === undefined) return null;
    if (id === match.homeTeam.id) return 'home';
    if (id === match.awayTeam.id) return 'away';
    return null;
  };
  const counters = new Map<string, number>();
  const keyFor = (kind: string, teamId: number | null | undefined, minute: number) => {
    const base = `fd:${kind}:${teamId ?? 'unknown'}:${minute}`;
    const n = counters.get(base) ?? 0;
    counters.set(base, n + 1);
    return `${base}:${n}`;
  };
  const chronological = <T extends { minute: number; injuryTime?: number | null | undefined }>(items: readonly T[]) =>
    [...items].sort((a, b) => a.minute - b.minute || (a.injuryTime ?? 0) - (b.injuryTime ?? 0));

  const events: SnapshotEvent[] = [];
  const goals = chronological(match.goals ?? []);
  const sides = goalSides(goals, sideOfTeam, score);
  goals.forEach((goal, index) => {
    events.push({
      key: keyFor('goal', goal.team.id, goal.minute),
      type: goalType(goal),
      ...placeEvent(goal.minute, goal.injuryTime, extraTimePlayed),
      side: sides[index] ?? null,
      player: person(goal.scorer),
      relatedPlayer: person(goal.assist),
      detail: null,
    });
  });
  for (const booking of chronological(match.bookings ?? [])) {
    events.push({
      key: keyFor('card', booking.team.id, booking.minute),
      type: CARD_TYPES[booking.card],
      ...placeEvent(booking.minute, booking.injuryTime, extraTimePlayed),
      side: sideOfTeam(booking.team.id),
      player: person(booking.player),
      relatedPlayer: null,
      detail: null,
    });
  }
  for (const substitution of chronological(match.substitutions ?? [])) {
    events.push({
      key: keyFor('sub', substitution.team.id, substitution.minute),
      type: 'substitution',
      ...placeEvent(substitution.minute, substitution.injuryTime, extraTimePlayed),
      side: sideOfTeam(substitution.team.id),
      player: person(substitution.playerIn),
      relatedPlayer: person(substitution.playerOut),
      detail: null,
    });
  }
  return events
    .map((event, order) => ({ event, order }))
    .sort(
      (a, b) =>
        PERIOD_ORDER[a.event.period] - PERIOD_ORDER[b.event.period] ||
        a.event.minute - b.event.minute ||
        (a.event.addedMinute ?? 0) - (b.event.addedMinute ?? 0) ||
        a.order - b.order,
    )
    .map(({ event }) => event);
}

/**
 * The side each goal counts for. Each goal carries the score after it, so the side
 * whose count went up by one is the answer. Without that, the goal's team decides;
 * for own goals the docs do not say whether `team` is the scorer's club or the
 * side credited, so both readings are tried against the score and the one that adds
 * up wins (the credited side when both or neither do).
 */
function goalSides(
  goals: readonly FootballDataGoal[],
  sideOfTeam: (id: number | null | undefined) => Side | null,
  score: ProviderMatchSnapshot['score'],
): (Side | null)[] {
  let previous: Pair = { home: 0, away: 0 };
  const fromScore = goals.map((goal): Side | null => {
    const after = completePair(goal.score);
    if (!after) return null;
    const home = after.home - previous.home;
    const away = after.away - previous.away;
    previous = after;
    if (home === 1 && away === 0) return 'home';
    if (home === 0 && away === 1) return 'away';
    return null;
  });
  const opposite = (side: Side | null): Side | null => (side === null ? null : side === 'home' ? 'away' : 'home');
  const resolve = (ownGoalTeamIsScorers: boolean) =>
    goals.map((goal, index) => {
      const known = fromScore[index];
      if (known) return known;
      const side = sideOfTeam(goal.team.id);
      return goalType(goal) === 'own_goal' && ownGoalTeamIsScorers ? opposite(side) : side;
    });
  const credited = resolve(false);
  const unresolvedOwnGoal = goals.some((goal, index) => !fromScore[index] && goalType(goal) === 'own_goal');
  if (!unresolvedOwnGoal || score.home === null || score.away === null) return credited;
  const addsUp = (sides: (Side | null)[]) =>
    sides.filter((side) => side === 'home').length === score.home &&
    sides.filter((side) => side === 'away').length === score.away;
  const scorers = resolve(true);
  return addsUp(scorers) && !addsUp(credited) ? scorers : credited;
}
