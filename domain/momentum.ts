// Match momentum (issue #5, match centre): which team was pressing, minute by
// minute. Pure: the server counts each team's attacking pressure per minute of
// play from the stored on-ball actions (or, without them, from the key events),
// and the page smooths it into the graph and its text summary. A live match's
// momentum simply has fewer minutes: it grows as the match runs.
//
// The formula, in "threat points" per action of the team in possession
// (Wyscout coordinates: 0–100 along the pitch towards the opponent's goal):
//   shot (in play, free-kick shot or penalty)         3, +1 when on target or a goal
//   corner                                             1.5
//   pass, cross or set piece ending in the box         1 (0.5 when it did not find a team-mate)
//   accurate pass ending elsewhere in the final third  0.5
//   key pass (tagged by Wyscout)                       +1
//   a touch, dribble or acceleration in the box        0.5
// Without on-ball actions (results with events only): a goal 4, a missed penalty 3.
// Per minute of each period a team's pressure is the sum of its points; the
// page smooths it and draws it (domain/momentum-series.ts).
import { PERIOD_LENGTH_MINUTES, PLAYING_PHASES, type PlayingPhase } from './match-clock.ts';
import { minuteIndexOf, type Momentum } from './momentum-series.ts';
import { WYSCOUT_TAG } from './wyscout-tags.ts';

export const MOMENTUM_WEIGHTS = {
  shot: 3,
  shotOnTarget: 1,
  corner: 1.5,
  intoBox: 1,
  intoBoxMissed: 0.5,
  intoFinalThird: 0.5,
  keyPass: 1,
  touchInBox: 0.5,
  eventGoal: 4,
  eventMissedPenalty: 3,
} as const;

/** One on-ball action as stored in `match_action`. */
export interface MomentumAction {
  period: string;
  /** Seconds into the period. */
  second: number;
  type: string;
  subtype: string | null;
  teamId: number | null;
  tags: readonly number[];
  x: number | null;
  y: number | null;
  endX: number | null;
  endY: number | null;
}

/** A key event (goal, card, period start or end…). */
export interface MomentumEvent {
  period: string;
  minute: number;
  addedMinute: number | null;
  /** Seconds into the period where the source has them. */
  second?: number | null;
  type: string;
  teamId: number | null;
}

/** How far a live match has got: the period being played and the seconds into it. */
export interface MomentumCut {
  period: PlayingPhase;
  /** Infinity during the break after `period`. */
  second: number;
}

const FINAL_THIRD_X = 200 / 3;
/** The penalty area in Wyscout's percentages: 16.5 m of 105 m deep, 40.3 m of 68 m wide. */
const BOX_X = 84;
const BOX_Y_MIN = 19;
const BOX_Y_MAX = 81;

const inBox = (x: number | null, y: number | null) =>
  x !== null && y !== null && x >= BOX_X && y >= BOX_Y_MIN && y <= BOX_Y_MAX;

function isPlayingPeriod(period: string): period is PlayingPhase {
  return (PLAYING_PHASES as readonly string[]).includes(period);
}

/** The threat points of one on-ball action (see the formula at the top of this file). */
export function actionThreat(action: MomentumAction): number {
  const tags = action.tags;
  const accurate = tags.includes(WYSCOUT_TAG.accurate);
  const keyPass = tags.includes(WYSCOUT_TAG.keyPass) ? MOMENTUM_WEIGHTS.keyPass : 0;
  const shotLike =
    action.type === 'Shot' ||
    (action.type === 'Free Kick' && (action.subtype === 'Free kick shot' || action.subtype === 'Penalty'));
  if (shotLike) {
    const onTarget = accurate || tags.includes(WYSCOUT_TAG.goal);
    return MOMENTUM_WEIGHTS.shot + (onTarget ? MOMENTUM_WEIGHTS.shotOnTarget : 0);
  }
  if (action.type === 'Free Kick' && action.subtype === 'Corner') return MOMENTUM_WEIGHTS.corner + keyPass;
  const delivery = action.type === 'Pass' || (action.type === 'Free Kick' && action.subtype !== 'Goal kick');
  if (delivery) {
    if (inBox(action.endX, action.endY))
      return (accurate ? MOMENTUM_WEIGHTS.intoBox : MOMENTUM_WEIGHTS.intoBoxMissed) + keyPass;
    if (accurate && action.endX !== null && action.endX >= FINAL_THIRD_X)
      return MOMENTUM_WEIGHTS.intoFinalThird + keyPass;
    return keyPass;
  }
  if (action.type === 'Others on the ball' && action.subtype !== 'Clearance' && inBox(action.x, action.y))
    return MOMENTUM_WEIGHTS.touchInBox;
  return 0;
}

/** The threat points of a key event, for matches without on-ball actions. */
export function eventThreat(event: MomentumEvent): number {
  switch (event.type) {
    case 'goal':
    case 'penalty_goal':
    case 'own_goal':
      return MOMENTUM_WEIGHTS.eventGoal;
    case 'missed_penalty':
      return MOMENTUM_WEIGHTS.eventMissedPenalty;
    default:
      return 0;
  }
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Per-minute pressure of both teams. `cut` (a live match) keeps what happened
 * up to that point; without it the match is complete. Returns null when
 * nothing can be counted (no actions, no events with a team).
 */
export function computeMomentum(input: {
  homeTeamId: number;
  awayTeamId: number;
  /** On-ball actions; empty when the match has none. */
  actions: readonly MomentumAction[];
  events: readonly MomentumEvent[];
  cut?: MomentumCut | null;
}): Momentum | null {
  const { homeTeamId, awayTeamId, actions, events, cut = null } = input;
  const source = actions.length > 0 ? 'actions' : 'events';
  const cutOrder = cut ? PLAYING_PHASES.indexOf(cut.period) : PLAYING_PHASES.length;
  const before = (period: PlayingPhase, second: number) => {
    const order = PLAYING_PHASES.indexOf(period);
    return order < cutOrder || (cut !== null && order === cutOrder && second <= cut.second);
  };

  // How many minutes each period lasted (or has lasted so far).
  const lengths = new Map<PlayingPhase, number>();
  const stretch = (period: PlayingPhase, minutes: number) =>
    lengths.set(period, Math.max(lengths.get(period) ?? 0, minutes));
  for (const event of events) {
    if (!isPlayingPeriod(event.period)) continue;
    if (event.type === 'period_start' && (cut === null || before(event.period, 0))) stretch(event.period, 1);
    else if (event.type === 'period_end' && event.second != null && cut === null)
      stretch(event.period, Math.max(1, Math.ceil(event.second / 60)));
    else if (event.type !== 'period_end') {
      const second = event.second ?? minuteIndexOf(event.period, event.minute, event.addedMinute) * 60;
      if (cut === null || before(event.period, second))
        stretch(event.period, minuteIndexOf(event.period, event.minute, event.addedMinute) + 1);
    }
  }
  for (const action of actions) {
    if (!isPlayingPeriod(action.period) || (cut !== null && !before(action.period, action.second))) continue;
    stretch(action.period, Math.floor(action.second / 60) + 1);
  }
  if (cut) {
    // Every period before the current one was played; the current one has reached the cut.
    for (const period of PLAYING_PHASES.slice(0, cutOrder))
      if (source === 'events') stretch(period, PERIOD_LENGTH_MINUTES[period]);
    // An infinite second is a break after the period: all of it was played.
    if (Number.isFinite(cut.second)) stretch(cut.period, Math.floor(cut.second / 60) + 1);
    else if (source === 'events') stretch(cut.period, PERIOD_LENGTH_MINUTES[cut.period]);
  } else if (source === 'events') {
    // Without actions, a finished period is as long as its regular time at least.
    for (const period of [...lengths.keys()]) stretch(period, PERIOD_LENGTH_MINUTES[period]);
  }

  const periods = PLAYING_PHASES.filter((period) => lengths.has(period)).map((period) => {
    const length = lengths.get(period) ?? 0;
    return { period, home: new Array<number>(length).fill(0), away: new Array<number>(length).fill(0) };
  });
  const add = (period: string, index: number, teamId: number | null, points: number) => {
    if (points === 0 || !isPlayingPeriod(period)) return;
    const row = periods.find((entry) => entry.period === period);
    if (!row) return;
    const side = teamId === homeTeamId ? row.home : teamId === awayTeamId ? row.away : null;
    if (!side) return;
    const at = Math.min(index, side.length - 1);
    side[at] = (side[at] ?? 0) + points;
  };

  if (source === 'actions') {
    for (const action of actions) {
      if (!isPlayingPeriod(action.period) || (cut !== null && !before(action.period, action.second))) continue;
      add(action.period, Math.floor(action.second / 60), action.teamId, actionThreat(action));
    }
  } else {
    let counted = 0;
    for (const event of events) {
      if (!isPlayingPeriod(event.period)) continue;
      const index = minuteIndexOf(event.period, event.minute, event.addedMinute);
      if (cut !== null && !before(event.period, event.second ?? index * 60)) continue;
      const points = eventThreat(event);
      if (points > 0 && (event.teamId === homeTeamId || event.teamId === awayTeamId)) counted += 1;
      add(event.period, index, event.teamId, points);
    }
    // A match with no events to count shows no graph (a flat line would say "even", which nobody knows).
    if (counted === 0 && cut === null) return null;
  }
  if (periods.length === 0 && cut === null) return null;

  return {
    source,
    periods: periods.map((row) => ({ period: row.period, home: row.home.map(round1), away: row.away.map(round1) })),
    complete: cut === null,
  };
}
