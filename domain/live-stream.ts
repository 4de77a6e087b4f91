// The live stream's messages (issue #4, DESIGN.md §5): one event per event-log
// row, as the SSE stream carries them. Apart from the provider snapshots in
// live-contracts.ts (which re-exports this file) so that the browser's live
// connection builds only the schemas it checks messages with.
import { z } from 'zod';
import {
  matchClockSchema,
  matchEventSchema,
  matchStatusSchema,
  playerStatsSchema,
  teamStatsSchema,
} from './match-schemas.ts';
import { chatLiveEventDataSchemas } from './chat-contracts.ts';
import { oddsLiveEventDataSchemas } from './odds-contracts.ts';

export const scorePairSchema = z.object({ home: z.number().int().min(0), away: z.number().int().min(0) });

export const liveScoreSchema = z.object({
  matchId: z.number().int(),
  status: matchStatusSchema,
  clock: matchClockSchema.nullable(),
  /** The last minute written by the server, for readers without a clock. */
  minute: z.number().int().nullable(),
  /** The score as it stands (including extra time). */
  home: z.number().int().nullable(),
  away: z.number().int().nullable(),
  halfTime: scorePairSchema.nullable(),
  /** Set once extra time has begun (the result "after extra time"). */
  extraTime: scorePairSchema.nullable(),
  penalties: scorePairSchema.nullable(),
  /** The original match when this is a demo replay. */
  replayOf: z.object({ matchId: z.number().int(), kickoffAt: z.string() }).nullable(),
});
export type LiveScore = z.infer<typeof liveScoreSchema>;

export const commentaryLineSchema = z.object({
  seq: z.number().int(),
  period: z.string(),
  minute: z.number().int(),
  addedMinute: z.number().int().nullable(),
  kind: z.enum(['goal', 'card', 'substitution', 'period', 'chance', 'set-piece', 'info']),
  text: z.string().min(1),
});
export type CommentaryLine = z.infer<typeof commentaryLineSchema>;

export const LIVE_EVENT_TYPES = [
  'score',
  'match-event',
  'correction',
  'stats',
  'commentary',
  'chat.message',
  'chat.deleted',
  'chat.room',
  'odds',
] as const;
export const liveEventTypeSchema = z.enum(LIVE_EVENT_TYPES);
export type LiveEventType = z.infer<typeof liveEventTypeSchema>;

export const liveEventDataSchemas = {
  score: liveScoreSchema,
  'match-event': z.object({ matchId: z.number().int(), event: matchEventSchema }),
  correction: z.object({
    matchId: z.number().int(),
    /** The event as it was published before, and as it stands now (null: it was taken back, e.g. a disallowed goal). */
    before: matchEventSchema,
    after: matchEventSchema.nullable(),
    reason: z.string(),
  }),
  stats: z.object({
    matchId: z.number().int(),
    teamStats: z.array(teamStatsSchema),
    playerStats: z.array(playerStatsSchema),
  }),
  commentary: z.object({ matchId: z.number().int(), line: commentaryLineSchema }),
  ...chatLiveEventDataSchemas,
  ...oddsLiveEventDataSchemas,
} satisfies Record<LiveEventType, z.ZodType>;

export type LiveEventData<T extends LiveEventType> = z.infer<(typeof liveEventDataSchemas)[T]>;

/** One event-log row as the stream carries it. `id` is the log position (the SSE id). */
export const liveEventSchema = z.discriminatedUnion(
  'type',
  LIVE_EVENT_TYPES.map((type) =>
    z.object({ id: z.number().int(), topic: z.string(), type: z.literal(type), data: liveEventDataSchemas[type] }),
  ) as unknown as LiveEventObjectSchemas,
);
/** One object schema per event type, so that `LiveEvent` narrows on `type`. */
type LiveEventObjectSchemas = {
  [T in LiveEventType]: z.ZodObject<{
    id: z.ZodNumber;
    topic: z.ZodString;
    type: z.ZodLiteral<T>;
    data: (typeof liveEventDataSchemas)[T];
  }>;
}[LiveEventType][] & [z.ZodObject, ...z.ZodObject[]];
export type LiveEvent = z.infer<typeof liveEventSchema>;
