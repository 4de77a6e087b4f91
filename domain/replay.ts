// Demo replays (issue #4): a stored match with an event stream, played again
// from a new kick-off time. Pure and deterministic: the state at any instant
// is a function of the stored timeline, the kick-off, the clock rate and the
// instant, so every process (and the browser's "relive") computes the same.
//
// Wall-clock layout of a replay, in match seconds (divided by the rate):
//   1H (its real length, from the period_end event) · HT 15 min · 2H ·
//   [break 5 min · E1 · ET half-time 2 min · E2] · [break 5 min · shoot-out] · FT.
// Events happen at their recorded second in the period; events recorded only
// to the minute (substitutions, some cards) happen half-way through that minute.
import { SCORING_EVENT_TYPES, type KeyEventType } from './live-contracts.ts';
import {
  minuteInPeriod,
  PERIOD_LENGTH_MINUTES,
  PERIOD_START_MINUTE,
  type ClockReading,
  type MatchPhase,
  type PlayingPhase,
} from './match-clock.ts';
import {
  countMatchStats,
  type PlayerStats,
  type StatsAction,
  type StatsLineupEntry,
  type TeamStats,
} from './match-stats.ts';
import { WYSCOUT_TAG } from './wyscout-tags.ts';

export type ReplayPeriod = PlayingPhase | 'P';

export interface ReplayPerson {
  id: number;
  name: string;
  shortName?: string;
}

export interface ReplayEvent {
  seq: number;
  period: ReplayPeriod;
  minute: number;
  addedMinute: number | null;
  /** Seconds into the period; null where the source has only the minute. */
  second: number | null;
  type: KeyEventType;
  /** Goals: the team the goal counts for; otherwise the acting player's team. */
  teamId: number | null;
  player: ReplayPerson | null;
  relatedPlayer: ReplayPerson | null;
  detail: string | null;
}

export interface ReplayAction extends StatsAction {
  seq: number;
  period: ReplayPeriod;
  second: number;
}

export interface ReplayTimeline {
  matchId: number;
  homeTeamId: number;
  awayTeamId: number;
  events: readonly ReplayEvent[];
  /** On-ball actions in order (may be empty: the replay then has no stats). */
  actions: readonly ReplayAction[];
  lineups: readonly StatsLineupEntry[];
}

/** Break lengths in match seconds. */
export const BREAK_SECONDS = { HT: 15 * 60, BET: 5 * 60, EHT: 2 * 60, BP: 5 * 60 } as const;
/** Seconds between shoot-out kicks when the source has no times. */
const SHOOTOUT_KICK_SECONDS = 60;

interface Segment {
  phase: MatchPhase;
  /** Offset from kick-off, in match seconds. */
  start: number;
  length: number;
}

export interface ReplayPlan {
  segments: Segment[];
  /** Match seconds from kick-off to full time. */
  totalSeconds: number;
  /** Each event's offset from kick-off, in match seconds, by seq. */
  eventOffsets: Map<number, number>;
}

function periodLength(timeline: ReplayTimeline, period: ReplayPeriod): number | null {
  const end = timeline.events.find((event) => event.period === period && event.type === 'period_end');
  if (end?.second != null) return end.second;
  const actions = timeline.actions.filter((action) => action.period === period);
  const inPeriod = timeline.events.filter((event) => event.period === period);
  if (actions.length === 0 && inPeriod.length === 0) return null;
  if (period === 'P') {
    const kicks = inPeriod.filter((event) => event.type === 'shootout_goal' || event.type === 'shootout_miss').length;
    return (kicks + 1) * SHOOTOUT_KICK_SECONDS;
  }
  const lastAction = actions.reduce((max, action) => Math.max(max, action.second), 0);
  return Math.max(lastAction + 30, PERIOD_LENGTH_MINUTES[period] * 60);
}

/** Where an event falls within its period, in match seconds. */
function secondInPeriod(event: ReplayEvent, length: number, kickIndex: number): number {
  if (event.type === 'period_start') return 0;
  if (event.type === 'period_end') return length;
  if (event.second !== null) return Math.min(event.second, length);
  if (event.period === 'P') return Math.min((kickIndex + 1) * SHOOTOUT_KICK_SECONDS - 30, length);
  const regular = PERIOD_LENGTH_MINUTES[event.period];
  const minuteInto =
    event.addedMinute !== null ? regular + event.addedMinute : event.minute - PERIOD_START_MINUTE[event.period];
  return Math.min(Math.max(0, (minuteInto - 1) * 60 + 30), length);
}

/** The layout of a replay: its phases and when each event happens. */
export function planReplay(timeline: ReplayTimeline): ReplayPlan {
  const segments: Segment[] = [];
  let offset = 0;
  const push = (phase: MatchPhase, length: number) => {
    segments.push({ phase, start: offset, length });
    offset += length;
  };
  const lengths = new Map<ReplayPeriod, number>();
  for (const period of ['1H', '2H', 'E1', 'E2', 'P'] as const) {
    const length = periodLength(timeline, period);
    if (length !== null) lengths.set(period, length);
  }
  push('1H', lengths.get('1H') ?? 45 * 60);
  push('HT', BREAK_SECONDS.HT);
  push('2H', lengths.get('2H') ?? 45 * 60);
  if (lengths.has('E1')) {
    push('BET', BREAK_SECONDS.BET);
    push('E1', lengths.get('E1') ?? 15 * 60);
    push('EHT', BREAK_SECONDS.EHT);
    push('E2', lengths.get('E2') ?? 15 * 60);
  }
  if (lengths.has('P')) {
    push('BP', BREAK_SECONDS.BP);
    push('P', lengths.get('P') ?? 5 * 60);
  }
  const totalSeconds = offset;

  const startOf = new Map(segments.map((segment) => [segment.phase, segment]));
  const eventOffsets = new Map<number, number>();
  let kickIndex = 0;
  for (const event of timeline.events) {
    const segment = startOf.get(event.period);
    if (!segment) continue;
    const within = secondInPeriod(event, segment.length, kickIndex);
    if (event.period === 'P' && (event.type === 'shootout_goal' || event.type === 'shootout_miss')) kickIndex += 1;
    eventOffsets.set(event.seq, segment.start + within);
  }
  return { segments, totalSeconds, eventOffsets };
}

export interface ReplayState {
  phase: MatchPhase;
  /** Wall-clock instant (ms) the current phase started; null before kick-off and after full time. */
  phaseStartedAtMs: number | null;
  clock: ClockReading | null;
  /** Key events that have happened, in order. */
  events: ReplayEvent[];
  /** Actions that have happened (for stats and the chalkboard). */
  actionCount: number;
  score: {
    home: number | null;
    away: number | null;
    halfTime: { home: number; away: number } | null;
    extraTime: { home: number; away: number } | null;
    penalties: { home: number; away: number } | null;
  };
  teamStats: [TeamStats, TeamStats] | null;
  playerStats: PlayerStats[];
  /** Wall-clock instant (ms) at which the replay ends. */
  finishesAtMs: number;
}

function actionOffset(plan: ReplayPlan, action: ReplayAction): number {
  const segment = plan.segments.find((candidate) => candidate.phase === action.period);
  return segment ? segment.start + Math.min(action.second, segment.length) : Number.POSITIVE_INFINITY;
}

/** The state of a replay kicking off at `kickoffMs`, running `rate`× real time, at `nowMs`. */
export function replayStateAt(
  timeline: ReplayTimeline,
  plan: ReplayPlan,
  kickoffMs: number,
  rate: number,
  nowMs: number,
): ReplayState {
  const elapsed = ((nowMs - kickoffMs) / 1000) * rate;
  const finishesAtMs = kickoffMs + (plan.totalSeconds / rate) * 1000;
  const wallOf = (matchOffset: number) => kickoffMs + (matchOffset / rate) * 1000;

  let phase: MatchPhase = 'FT';
  let phaseStartedAtMs: number | null = null;
  let secondsIntoPhase = 0;
  if (elapsed < 0) {
    phase = 'pre';
  } else {
    const current = plan.segments.find(
      (segment) => elapsed >= segment.start && elapsed < segment.start + segment.length,
    );
    if (current) {
      phase = current.phase;
      phaseStartedAtMs = wallOf(current.start);
      secondsIntoPhase = elapsed - current.start;
    }
  }

  const happened =
    phase === 'pre' ? [] : timeline.events.filter((event) => (plan.eventOffsets.get(event.seq) ?? Infinity) <= elapsed);
  const actions = phase === 'pre' ? [] : timeline.actions.filter((action) => actionOffset(plan, action) <= elapsed);

  const goalsIn = (periods: readonly ReplayPeriod[], teamId: number) =>
    happened.filter(
      (event) => SCORING_EVENT_TYPES.has(event.type) && event.teamId === teamId && periods.includes(event.period),
    ).length;
  const pair = (periods: readonly ReplayPeriod[]) => ({
    home: goalsIn(periods, timeline.homeTeamId),
    away: goalsIn(periods, timeline.awayTeamId),
  });
  const reached = (target: MatchPhase) => {
    const segment = plan.segments.find((candidate) => candidate.phase === target);
    return segment !== undefined && elapsed >= segment.start;
  };
  const soFar = pair(['1H', '2H', 'E1', 'E2']);
  const hasExtraTime = plan.segments.some((segment) => segment.phase === 'E1');
  const shootout = happened.filter((event) => event.period === 'P');
  const kicks = (teamId: number) =>
    shootout.filter((event) => event.type === 'shootout_goal' && event.teamId === teamId).length;

  const score: ReplayState['score'] =
    phase === 'pre'
      ? { home: null, away: null, halfTime: null, extraTime: null, penalties: null }
      : {
          // The result so far without penalties, extra time included (docs/decisions/009).
          home: soFar.home,
          away: soFar.away,
          halfTime: reached('HT') ? pair(['1H']) : null,
          extraTime: hasExtraTime && reached('E1') ? pair(['1H', '2H', 'E1', 'E2']) : null,
          penalties: reached('P') ? { home: kicks(timeline.homeTeamId), away: kicks(timeline.awayTeamId) } : null,
        };

  let clock: ClockReading | null = null;
  if (phase === '1H' || phase === '2H' || phase === 'E1' || phase === 'E2')
    clock = minuteInPeriod(phase, secondsIntoPhase);
  const minutesPlayed =
    phase === 'pre'
      ? 0
      : phase === 'FT'
        ? hasExtraTime
          ? 120
          : 90
        : Math.min(clock?.minute ?? minutesAtBreak(phase), 120);

  const stats =
    phase === 'pre' || timeline.actions.length === 0
      ? null
      : countMatchStats({
          actions,
          keyEvents: happened.map((event) => ({
            type: event.type,
            minute: event.minute,
            addedMinute: event.addedMinute,
            teamId: event.teamId,
            playerId: event.player?.id ?? null,
            relatedPlayerId: event.relatedPlayer?.id ?? null,
          })),
          lineups: timeline.lineups,
          teamIds: [timeline.homeTeamId, timeline.awayTeamId],
          minutesPlayed,
        });

  return {
    phase,
    phaseStartedAtMs,
    clock,
    events: happened,
    actionCount: actions.length,
    score,
    teamStats: stats?.teamStats ?? null,
    playerStats: stats?.playerStats ?? [],
    finishesAtMs,
  };
}

function minutesAtBreak(phase: MatchPhase): number {
  if (phase === 'HT') return 45;
  if (phase === 'BET') return 90;
  if (phase === 'EHT') return 105;
  return 120;
}

export type MomentKind = 'shot-saved' | 'shot-wide' | 'shot-blocked' | 'corner' | 'big-save';

export interface ReplayMoment {
  seq: number;
  kind: MomentKind;
  period: PlayingPhase;
  reading: ClockReading;
  teamId: number;
  playerId: number | null;
}

/**
 * Notable actions for the commentary: shots that were not goals (saved, off
 * target, blocked) and corners. Goals are key events and have their own lines.
 */
export function momentsOf(actions: readonly ReplayAction[]): ReplayMoment[] {
  const moments: ReplayMoment[] = [];
  for (const action of actions) {
    if (action.period === 'P' || action.teamId === null) continue;
    const reading = minuteInPeriod(action.period, action.second);
    const base = { seq: action.seq, period: action.period, reading, teamId: action.teamId, playerId: action.playerId };
    const isShot = action.type === 'Shot' || (action.type === 'Free Kick' && action.subtype === 'Free kick shot');
    if (isShot && !action.tags.includes(WYSCOUT_TAG.goal)) {
      if (action.tags.includes(WYSCOUT_TAG.blocked)) moments.push({ ...base, kind: 'shot-blocked' });
      else if (action.tags.includes(WYSCOUT_TAG.accurate)) moments.push({ ...base, kind: 'shot-saved' });
      else moments.push({ ...base, kind: 'shot-wide' });
    } else if (action.type === 'Free Kick' && action.subtype === 'Corner') {
      moments.push({ ...base, kind: 'corner' });
    }
  }
  return moments;
}
