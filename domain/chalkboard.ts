// The match centre's chalkboard (issue #5): every shot at its location with its
// outcome, and one player's passes as lines, from the on-ball actions
// (match_action, Wyscout). Coordinates stay as the data gives them: 0–100 per
// cent of the pitch from the acting team's view, x towards the opponent's goal,
// y towards the acting team's right touchline (../shared/data/wyscout/NOTICE.md);
// whoever draws both teams on one pitch flips the other team.
//
// A replay shows the original's actions only up to the point the replay has
// reached, read from its clock (domain/match-clock.ts), so the chalkboard fills
// in as the replay runs and never shows what is still to come.
//
// This file holds the API's shapes (the browser imports it); reading them out
// of stored actions is domain/chalkboard-actions.ts.
import { z } from 'zod';

export const SHOT_OUTCOMES = ['goal', 'on-target', 'off-target', 'blocked'] as const;
export const shotOutcomeSchema = z.enum(SHOT_OUTCOMES);
export type ShotOutcome = z.infer<typeof shotOutcomeSchema>;

export const playingPeriodSchema = z.enum(['1H', '2H', 'E1', 'E2']);

export const chalkboardShotSchema = z.object({
  seq: z.number().int(),
  teamId: z.number().int(),
  playerId: z.number().int().nullable(),
  period: playingPeriodSchema,
  minute: z.number().int(),
  addedMinute: z.number().int().nullable(),
  /** 0–100 from the shooting team's view (x towards the goal it attacks). */
  x: z.number(),
  y: z.number(),
  outcome: shotOutcomeSchema,
  kind: z.enum(['open-play', 'free-kick', 'penalty']),
  bodyPart: z.enum(['left-foot', 'right-foot', 'head-or-body']).nullable(),
});

export const chalkboardPassSchema = z.object({
  seq: z.number().int(),
  period: playingPeriodSchema,
  minute: z.number().int(),
  addedMinute: z.number().int().nullable(),
  /** Start and end, 0–100 from the passing team's view. */
  x: z.number(),
  y: z.number(),
  endX: z.number(),
  endY: z.number(),
  accurate: z.boolean(),
  keyPass: z.boolean(),
  assist: z.boolean(),
});

export const chalkboardPlayerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  teamId: z.number().int(),
  shirtNumber: z.number().int().nullable(),
  /** Passes (and accurate ones) so far: what the pass map of this player would draw. */
  passes: z.number().int(),
  passesAccurate: z.number().int(),
});

export const chalkboardSchema = z.object({
  matchId: z.number().int(),
  /** False when the data has no on-ball actions for this match (only Wyscout matches have them). */
  hasActions: z.boolean(),
  /** A replay in progress: actions strictly before this point of the original are shown. Null: the whole match. */
  upTo: z.object({ period: playingPeriodSchema, second: z.number() }).nullable(),
  shots: z.array(chalkboardShotSchema),
  players: z.array(chalkboardPlayerSchema),
  /** The passes of the player asked for (`player`), or null when none was asked for. */
  passMap: z.object({ playerId: z.number().int(), passes: z.array(chalkboardPassSchema) }).nullable(),
});

export type ChalkboardShot = z.infer<typeof chalkboardShotSchema>;
export type ChalkboardPass = z.infer<typeof chalkboardPassSchema>;
export type ChalkboardPlayer = z.infer<typeof chalkboardPlayerSchema>;
export type Chalkboard = z.infer<typeof chalkboardSchema>;
