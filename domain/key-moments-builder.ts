// Building a match's key moments (domain/key-moments.ts) from its stored
// on-ball actions and its goals (issue #22). Pure: the football module reads
// the rows and calls buildKeyMoments.
//
// Goals come from the match's key events (match_event: the same goals the
// timeline and the score count, own goals and the importer's one repair
// included), each tied to its action in the event stream: a Shot or Free Kick
// tagged goal (101) for that team, or an action tagged own goal (102) by the
// other team, in the same period, at the same second (nearest minute when the
// event has no second). Big chances are read from the actions (BIG_CHANCE_RULE).
import type { ChalkboardAction } from './chalkboard-actions.ts';
import { happenedBy, shotOutcome, type MatchPoint } from './chalkboard-actions.ts';
import { KEY_MOMENT_CHAIN, type KeyMoment, type KeyMomentStep } from './key-moments.ts';
import { minuteInPeriod, PLAYING_PHASES, type PlayingPhase } from './match-clock.ts';
import { isShotLike } from './match-stats.ts';
import { WYSCOUT_TAG } from './wyscout-tags.ts';

export interface KeyMomentGoal {
  period: string;
  /** Seconds since the period started, null when the source gave only a minute. */
  second: number | null;
  minute: number;
  addedMinute: number | null;
  type: 'goal' | 'penalty_goal' | 'own_goal';
  /** The team the goal counts for. */
  teamId: number;
  playerId: number | null;
}

export interface KeyMomentPlayer {
  name: string;
  shortName: string;
}

export interface KeyMomentInput {
  homeId: number;
  awayId: number;
  /** Every on-ball action of the match, in seq order. */
  actions: readonly ChalkboardAction[];
  /** The match's goals, in match order. */
  goals: readonly KeyMomentGoal[];
  players: ReadonlyMap<number, KeyMomentPlayer>;
  /** A replay in progress: only what happened before this point. Null: everything. */
  upTo?: MatchPoint | null;
}

const PERIOD_ORDER: Record<string, number> = { '1H': 0, '2H': 1, E1: 2, E2: 3 };
const isPlaying = (period: string): period is PlayingPhase => (PLAYING_PHASES as readonly string[]).includes(period);

/** Inside the penalty area, in per cent from the attacking team's view (16.5 m of 105; 40.32 m of 68, centred). */
export function inPenaltyArea(x: number, y: number): boolean {
  const depth = 100 - (16.5 / 105) * 100;
  const half = (40.32 / 68 / 2) * 100;
  return x >= depth && y >= 50 - half && y <= 50 + half;
}

/** Where a shot crosses the goal line, from its goal-mouth tag (posts 7.32 m apart: y ≈ 44.6–55.4). */
function goalMouthY(tags: readonly number[]): number {
  // Wyscout's goal-mouth zones (1201–1223), from the shooter's view: right is towards y = 100.
  const right = [1202, 1206, 1209, 1210, 1213, 1216, 1217, 1220, 1223];
  const left = [1204, 1205, 1208, 1211, 1212, 1215, 1219, 1221, 1222];
  if (tags.some((tag) => right.includes(tag))) return 54;
  if (tags.some((tag) => left.includes(tag))) return 46;
  return 50;
}

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value * 10) / 10));

function stepKind(action: ChalkboardAction): KeyMomentStep['kind'] {
  if (isShotLike(action)) return 'shot';
  if (action.type === 'Free Kick') return 'set-piece';
  if (action.type === 'Pass') return action.subtype === 'Cross' ? 'cross' : 'pass';
  if (action.type === 'Others on the ball' && action.subtype === 'Acceleration') return 'carry';
  return 'touch';
}

/** Actions that carry the ball and so belong in a chain (not duels, fouls, saves or stoppages). */
const ON_BALL = new Set(['Pass', 'Free Kick', 'Shot', 'Others on the ball']);
/** Stoppages: the possession that led to a moment starts after them. */
const STOPPAGES = new Set(['Interruption', 'Foul', 'Offside']);

/**
 * The chain of `team`'s actions up to `index` (included): walking back in the
 * same period, at most KEY_MOMENT_CHAIN actions within its seconds, through
 * either side's duels, stopping at a stoppage, at an action of the other team
 * (the possession changed), and after a set piece (it started the possession).
 */
function chainBefore(actions: readonly ChalkboardAction[], index: number, team: number): ChalkboardAction[] {
  const focus = actions[index] as ChalkboardAction;
  const chain: ChalkboardAction[] = [];
  for (let j = index - 1; j >= 0 && chain.length < KEY_MOMENT_CHAIN.maxActions - 1; j -= 1) {
    const action = actions[j] as ChalkboardAction;
    if (action.period !== focus.period || focus.second - action.second > KEY_MOMENT_CHAIN.maxSeconds) break;
    if (STOPPAGES.has(action.type)) break;
    if (action.type === 'Duel') continue;
    if (action.teamId !== team) break;
    if (!ON_BALL.has(action.type) || action.x === null || action.y === null) continue;
    chain.unshift(action);
    if (action.type === 'Free Kick') break;
  }
  return chain;
}

function toSteps(
  chain: readonly ChalkboardAction[],
  focus: ChalkboardAction,
  ownGoal: boolean,
  players: ReadonlyMap<number, KeyMomentPlayer>,
): KeyMomentStep[] {
  const name = (id: number | null) => (id === null ? null : (players.get(id)?.shortName ?? null));
  const steps: KeyMomentStep[] = [];
  for (const action of [...chain, focus]) {
    if (action.x === null || action.y === null || action.teamId === null) continue;
    const last = action === focus;
    const flip = last && ownGoal;
    const x = flip ? 100 - action.x : action.x;
    const y = flip ? 100 - action.y : action.y;
    let endX = action.endX ?? action.x;
    let endY = action.endY ?? action.y;
    if (last) {
      // A shot's second position in the data is not where it went: draw it to the goal mouth it was tagged with.
      endX = 100;
      endY = ownGoal ? 50 : goalMouthY(action.tags);
    }
    const step: KeyMomentStep = {
      seq: action.seq,
      kind: flip ? 'own-goal' : last && !isShotLike(action) ? 'shot' : stepKind(action),
      teamId: action.teamId,
      playerId: action.playerId,
      player: name(action.playerId),
      second: action.second,
      x: clamp(x),
      y: clamp(y),
      endX: clamp(endX),
      endY: clamp(endY),
    };
    // The ball moved between the previous action's end and this one's start: a carry by this player.
    const previous = steps.at(-1);
    if (previous && !flip && step.kind !== 'set-piece') {
      const metres = Math.hypot(((step.x - previous.endX) * 105) / 100, ((step.y - previous.endY) * 68) / 100);
      if (metres > 4) {
        steps.push({
          seq: null,
          kind: 'carry',
          teamId: step.teamId,
          playerId: step.playerId,
          player: step.player,
          second: step.second,
          x: previous.endX,
          y: previous.endY,
          endX: step.x,
          endY: step.y,
        });
      }
    }
    steps.push(step);
  }
  return steps;
}

/** The index of the action that is `goal`, or -1 when none can be tied to it. */
function findGoalAction(
  actions: readonly ChalkboardAction[],
  goal: KeyMomentGoal,
  other: (team: number) => number,
  used: ReadonlySet<number>,
): number {
  const creditedTo = (action: ChalkboardAction): number | null => {
    if (action.teamId === null) return null;
    if (isShotLike(action) && action.tags.includes(WYSCOUT_TAG.goal)) return action.teamId;
    if (action.tags.includes(WYSCOUT_TAG.ownGoal)) return other(action.teamId);
    return null;
  };
  const distance = (action: ChalkboardAction) => {
    if (goal.second !== null) return Math.abs(action.second - goal.second);
    const reading = minuteInPeriod(goal.period as PlayingPhase, action.second);
    return Math.abs(reading.minute + (reading.added ?? 0) - (goal.minute + (goal.addedMinute ?? 0))) * 60;
  };
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [index, action] of actions.entries()) {
    if (used.has(index) || action.period !== goal.period || creditedTo(action) !== goal.teamId) continue;
    const d = distance(action);
    if (d < bestDistance) {
      best = index;
      bestDistance = d;
    }
  }
  if (best !== -1 && bestDistance <= 90) return best;
  // A goal the data typed otherwise (the importer's repair): the scorer's action at that very second.
  if (goal.second !== null) {
    return actions.findIndex(
      (action, index) =>
        !used.has(index) &&
        action.period === goal.period &&
        action.second === goal.second &&
        action.teamId === goal.teamId &&
        (goal.playerId === null || action.playerId === goal.playerId),
    );
  }
  return -1;
}

/** The key moments of a match, in match order, each with the score once it has happened. */
export function buildKeyMoments(input: KeyMomentInput): KeyMoment[] {
  const { actions, homeId, awayId, players } = input;
  const other = (team: number) => (team === homeId ? awayId : homeId);
  const person = (id: number | null) => {
    if (id === null) return null;
    const found = players.get(id);
    return found ? { id, name: found.name, shortName: found.shortName } : null;
  };

  type Pending = Omit<KeyMoment, 'score'> & { order: [number, number, number] };
  const pending: Pending[] = [];
  const used = new Set<number>();

  for (const goal of input.goals) {
    if (!isPlaying(goal.period)) continue;
    const index = findGoalAction(actions, goal, other, used);
    const action = index === -1 ? undefined : actions[index];
    if (action) used.add(index);
    const ownGoal = goal.type === 'own_goal';
    pending.push({
      seq: action?.seq ?? -pending.length - 1,
      kind: ownGoal ? 'own-goal' : goal.type === 'penalty_goal' ? 'penalty-goal' : 'goal',
      teamId: goal.teamId,
      period: goal.period,
      minute: goal.minute,
      addedMinute: goal.addedMinute,
      player: person(goal.playerId ?? action?.playerId ?? null),
      outcome: 'goal',
      steps: action ? toSteps(chainBefore(actions, index, goal.teamId), action, ownGoal, players) : [],
      order: [
        PERIOD_ORDER[goal.period] ?? 9,
        action?.second ?? goal.second ?? (goal.minute - 1) * 60,
        action?.seq ?? 0,
      ],
    });
  }

  for (const [index, action] of actions.entries()) {
    if (used.has(index) || !isShotLike(action) || !isPlaying(action.period)) continue;
    if (action.teamId === null || action.x === null || action.y === null) continue;
    if (action.tags.includes(WYSCOUT_TAG.goal)) continue;
    const outcome = shotOutcome(action.tags);
    const penalty = action.subtype === 'Penalty';
    if (!penalty && !(outcome === 'on-target' && inPenaltyArea(action.x, action.y))) continue;
    const reading = minuteInPeriod(action.period, action.second);
    pending.push({
      seq: action.seq,
      kind: 'big-chance',
      teamId: action.teamId,
      period: action.period,
      minute: reading.minute,
      addedMinute: reading.added,
      player: person(action.playerId),
      outcome,
      steps: toSteps(chainBefore(actions, index, action.teamId), action, false, players),
      order: [PERIOD_ORDER[action.period] ?? 9, action.second, action.seq],
    });
  }

  pending.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2]);
  const score = { home: 0, away: 0 };
  const moments: KeyMoment[] = [];
  for (const { order, ...moment } of pending) {
    if (input.upTo && !happenedBy(moment.period, order[1], input.upTo)) continue;
    if (moment.outcome === 'goal') {
      if (moment.teamId === homeId) score.home += 1;
      else score.away += 1;
    }
    moments.push({ ...moment, score: { ...score } });
  }
  return moments;
}
