// The key-moment replay (issue #22): every goal and big chance of a match with
// on-ball event data (Wyscout), each with the chain of the same team's actions
// that led to it, for an animated 2D pitch. This file holds the API's shapes
// (the browser imports it); building them out of stored actions is
// domain/key-moments-builder.ts.
//
// Coordinates are 0–100 per cent of the pitch, all in ONE direction per
// moment: the team the moment belongs to (the scorer's team; for an own goal,
// the team it counts for) attacks towards x = 100; y runs towards that team's
// right touchline. An own-goal touch by the other team is flipped into it.
import { z } from 'zod';
import { playingPeriodSchema, shotOutcomeSchema } from './chalkboard.ts';

/** How far back a moment's chain reaches: at most this many actions, within this many seconds of the shot. */
export const KEY_MOMENT_CHAIN = { maxActions: 8, maxSeconds: 25 } as const;

/**
 * What counts as a big chance (stated on the page and in docs/media.md): a shot
 * in play that was not a goal and was either a penalty, or on target (saved)
 * from inside the penalty area. Wyscout's own "opportunity" tag (201) sits on
 * most shots of a match (16 of 22 in Euro 2016's opening game), so it is not
 * used; the data set has no xG.
 */
export const BIG_CHANCE_RULE =
  'A big chance is a shot that was not a goal: a penalty, or a shot on target from inside the penalty area.';

export const KEY_MOMENT_STEP_KINDS = ['pass', 'cross', 'set-piece', 'carry', 'touch', 'shot', 'own-goal'] as const;

const coordinate = z.number().min(0).max(100);

export const keyMomentStepSchema = z.object({
  /** The action's place in the match's event stream; null for a carry implied between two actions. */
  seq: z.number().int().nullable(),
  kind: z.enum(KEY_MOMENT_STEP_KINDS),
  /** The acting player's team (the other team for an own-goal touch). */
  teamId: z.number().int(),
  playerId: z.number().int().nullable(),
  /** The player's short name as the data gives it, null when the action has no player. */
  player: z.string().nullable(),
  /** Seconds since the period started. */
  second: z.number(),
  x: coordinate,
  y: coordinate,
  endX: coordinate,
  endY: coordinate,
});

export const keyMomentSchema = z.object({
  /** The seq of the shot (or own-goal touch) in the match's event stream: the moment's id. */
  seq: z.number().int(),
  kind: z.enum(['goal', 'penalty-goal', 'own-goal', 'big-chance']),
  /** The team the moment belongs to: the scorer's, the one an own goal counts for, the one that had the chance. */
  teamId: z.number().int(),
  period: playingPeriodSchema,
  minute: z.number().int(),
  addedMinute: z.number().int().nullable(),
  /** The scorer, the player who put the ball into his own net, or who had the chance. */
  player: z.object({ id: z.number().int(), name: z.string(), shortName: z.string() }).nullable(),
  outcome: shotOutcomeSchema,
  /** The score once this moment has happened (a big chance leaves it as it was). */
  score: z.object({ home: z.number().int(), away: z.number().int() }),
  /** The actions that led to it, in order, ending with the shot (or own-goal touch). Empty when none has coordinates. */
  steps: z.array(keyMomentStepSchema),
});

export const keyMomentsSchema = z.object({
  matchId: z.number().int(),
  /** False when the data has no on-ball actions for this match (only Wyscout matches and their replays have them). */
  hasActions: z.boolean(),
  /** A replay in progress: only moments strictly before this point of the original. Null: the whole match. */
  upTo: z.object({ period: playingPeriodSchema, second: z.number() }).nullable(),
  bigChanceRule: z.string(),
  moments: z.array(keyMomentSchema),
});

export type KeyMomentStep = z.infer<typeof keyMomentStepSchema>;
export type KeyMoment = z.infer<typeof keyMomentSchema>;
export type KeyMoments = z.infer<typeof keyMomentsSchema>;
