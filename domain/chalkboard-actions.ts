// Reading the chalkboard (domain/chalkboard.ts) out of stored on-ball actions
// (issue #5): which shots and passes there are, their outcome, and how far a
// replay has got, from its clock.
import { playingPeriodSchema, type ChalkboardPass, type ChalkboardShot, type ShotOutcome } from './chalkboard.ts';
import { isPlayingPhase, minuteInPeriod, type MatchClock, type PlayingPhase } from './match-clock.ts';
import { isShotLike } from './match-stats.ts';
import type { MatchStatus } from './match-status.ts';
import { WYSCOUT_TAG } from './wyscout-tags.ts';

const PERIOD_ORDER: Record<string, number> = { '1H': 0, '2H': 1, E1: 2, E2: 3, P: 4 };

/** A point of a match: an action is before it when its period is earlier, or the same with an earlier second. */
export type MatchPoint = { period: PlayingPhase; second: number };

/**
 * How far a replay has got at `now`, from its stored clock: null when every
 * action is shown (full time, the shoot-out, or not a replay), 'none' before
 * kick-off. During a break, everything before the next period.
 */
export function replayPoint(clock: MatchClock | null, status: MatchStatus, now: Date): MatchPoint | null | 'none' {
  if (status === 'finished') return null;
  if (!clock || clock.phase === 'pre') return 'none';
  if (isPlayingPhase(clock.phase)) {
    const second =
      clock.phaseStartedAt === null
        ? 0
        : Math.max(0, ((now.getTime() - Date.parse(clock.phaseStartedAt)) / 1000) * clock.rate);
    return { period: clock.phase, second };
  }
  switch (clock.phase) {
    case 'HT':
      return { period: '2H', second: 0 };
    case 'BET':
      return { period: 'E1', second: 0 };
    case 'EHT':
      return { period: 'E2', second: 0 };
    default:
      // BP, P, FT: the playing periods are over.
      return null;
  }
}

/** Whether an action at `period`/`second` has happened by `point` (null: everything has). */
export function happenedBy(period: string, second: number, point: MatchPoint | null): boolean {
  if (point === null) return true;
  const order = PERIOD_ORDER[period] ?? Number.POSITIVE_INFINITY;
  const limit = PERIOD_ORDER[point.period] ?? 0;
  return order < limit || (order === limit && second < point.second);
}

/** One stored action, as the chalkboard reads it. */
export interface ChalkboardAction {
  seq: number;
  period: string;
  second: number;
  type: string;
  subtype: string | null;
  teamId: number | null;
  playerId: number | null;
  x: number | null;
  y: number | null;
  endX: number | null;
  endY: number | null;
  tags: readonly number[];
}

const isPlaying = (period: string): period is PlayingPhase => playingPeriodSchema.safeParse(period).success;

/** The outcome of a shot from its tags: a goal, saved (on target), blocked, or off target (posts included). */
export function shotOutcome(tags: readonly number[]): ShotOutcome {
  if (tags.includes(WYSCOUT_TAG.goal)) return 'goal';
  if (tags.includes(WYSCOUT_TAG.blocked)) return 'blocked';
  if (tags.includes(WYSCOUT_TAG.accurate)) return 'on-target';
  return 'off-target';
}

function bodyPartOf(tags: readonly number[]): ChalkboardShot['bodyPart'] {
  if (tags.includes(WYSCOUT_TAG.leftFoot)) return 'left-foot';
  if (tags.includes(WYSCOUT_TAG.rightFoot)) return 'right-foot';
  if (tags.includes(WYSCOUT_TAG.headOrBody)) return 'head-or-body';
  return null;
}

/** Shots in play (not the shoot-out) with a location, in order. */
export function shotsOf(actions: readonly ChalkboardAction[]): ChalkboardShot[] {
  const shots: ChalkboardShot[] = [];
  for (const action of actions) {
    if (
      !isShotLike(action) ||
      !isPlaying(action.period) ||
      action.teamId === null ||
      action.x === null ||
      action.y === null
    )
      continue;
    const reading = minuteInPeriod(action.period, action.second);
    shots.push({
      seq: action.seq,
      teamId: action.teamId,
      playerId: action.playerId,
      period: action.period,
      minute: reading.minute,
      addedMinute: reading.added,
      x: action.x,
      y: action.y,
      outcome: shotOutcome(action.tags),
      kind: action.subtype === 'Penalty' ? 'penalty' : action.type === 'Free Kick' ? 'free-kick' : 'open-play',
      bodyPart: bodyPartOf(action.tags),
    });
  }
  return shots;
}

/** Passes as the player stats count them (Pass events), with both ends known. */
export function isMappedPass(action: ChalkboardAction): boolean {
  return (
    action.type === 'Pass' &&
    isPlaying(action.period) &&
    action.x !== null &&
    action.y !== null &&
    action.endX !== null &&
    action.endY !== null
  );
}

export function passOf(action: ChalkboardAction): ChalkboardPass {
  const period = isPlaying(action.period) ? action.period : '1H';
  const reading = minuteInPeriod(period, action.second);
  return {
    seq: action.seq,
    period,
    minute: reading.minute,
    addedMinute: reading.added,
    x: action.x ?? 0,
    y: action.y ?? 0,
    endX: action.endX ?? 0,
    endY: action.endY ?? 0,
    accurate: action.tags.includes(WYSCOUT_TAG.accurate),
    keyPass: action.tags.includes(WYSCOUT_TAG.keyPass),
    assist: action.tags.includes(WYSCOUT_TAG.assist),
  };
}
