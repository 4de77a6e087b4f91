// The live contracts (issue #4, DESIGN.md §5): what a provider hands the ingest
// pipeline (a normalised match snapshot) and what the SSE stream carries (one
// event per event-log row). Shared by providers, the pipeline, the stream and
// the browser's live store: one schema, types by inference.
import { z } from 'zod';
import { scorePairSchema } from './live-stream.ts';
import { matchClockSchema, matchStatusSchema, playerStatsSchema, teamStatsSchema } from './match-schemas.ts';

// ---------------------------------------------------------------------------
// Provider snapshots: the state of one match as a provider reports it.

export const KEY_EVENT_TYPES = [
  'goal',
  'own_goal',
  'penalty_goal',
  'missed_penalty',
  'yellow_card',
  'second_yellow',
  'red_card',
  'substitution',
  'period_start',
  'period_end',
  'shootout_goal',
  'shootout_miss',
] as const;
export const keyEventTypeSchema = z.enum(KEY_EVENT_TYPES);
export type KeyEventType = z.infer<typeof keyEventTypeSchema>;

/** Goals that change the score: the side is the team the goal counts for. */
export const SCORING_EVENT_TYPES: ReadonlySet<KeyEventType> = new Set(['goal', 'own_goal', 'penalty_goal']);

const sideSchema = z.enum(['home', 'away']);
export type Side = z.infer<typeof sideSchema>;

/** A person as a provider names them: our id when the provider is our own data (replays), else theirs. */
export const providerPersonSchema = z.object({
  localId: z.number().int().optional(),
  externalId: z.string().min(1).optional(),
  name: z.string().min(1),
  /** The name commentary uses ("A. Griezmann"), when the provider has one. */
  shortName: z.string().min(1).optional(),
});
export type ProviderPerson = z.infer<typeof providerPersonSchema>;

export const providerTeamSchema = z.object({
  localId: z.number().int().optional(),
  externalId: z.string().min(1).optional(),
  name: z.string().min(1),
  shortName: z.string().min(1).optional(),
});
export type ProviderTeam = z.infer<typeof providerTeamSchema>;

export const snapshotEventSchema = z.object({
  /** Stable per provider and match: the same goal keeps its key across snapshots. */
  key: z.string().min(1),
  type: keyEventTypeSchema,
  period: z.enum(['1H', '2H', 'E1', 'E2', 'P']),
  minute: z.number().int().min(0).max(200),
  addedMinute: z.number().int().min(1).max(60).nullable(),
  /** Goals: the side the goal counts for; everything else: the acting player's side. */
  side: sideSchema.nullable(),
  player: providerPersonSchema.nullable(),
  /** The assist for a goal; the player going off for a substitution. */
  relatedPlayer: providerPersonSchema.nullable(),
  detail: z.string().nullable(),
});
export type SnapshotEvent = z.infer<typeof snapshotEventSchema>;

export const snapshotTeamStatsSchema = teamStatsSchema.omit({ teamId: true });

export const snapshotPlayerStatsSchema = playerStatsSchema
  .omit({ playerId: true, name: true, teamId: true })
  .extend({ player: providerPersonSchema, side: sideSchema });

export const snapshotLineupSchema = z.object({
  formation: z.string().nullable(),
  coach: z.string().nullable(),
  players: z.array(
    z.object({
      player: providerPersonSchema,
      shirtNumber: z.number().int().nullable(),
      position: z.string().nullable(),
      starter: z.boolean(),
      captain: z.boolean(),
    }),
  ),
});

export const MOMENT_KINDS = [
  'shot-saved',
  'shot-wide',
  'shot-blocked',
  'shot-woodwork',
  'corner',
  'free-kick',
  'offside',
  'big-save',
] as const;
export const snapshotMomentSchema = z.object({
  key: z.string().min(1),
  kind: z.enum(MOMENT_KINDS),
  period: z.enum(['1H', '2H', 'E1', 'E2']),
  minute: z.number().int().min(0).max(200),
  addedMinute: z.number().int().min(1).max(60).nullable(),
  side: sideSchema,
  player: providerPersonSchema.nullable(),
  detail: z.string().nullable(),
});
export type SnapshotMoment = z.infer<typeof snapshotMomentSchema>;

export const providerMatchSnapshotSchema = z.object({
  provider: z.string().min(1),
  externalId: z.string().min(1),
  /** When the provider's data was true; a snapshot older than the stored one is ignored. */
  observedAt: z.iso.datetime(),
  /** Our competition code (e.g. `en.1`) when the provider's competition maps to one. */
  competitionCode: z.string().nullable(),
  /** Our season code (`2025-26`, `2026`) when known. */
  season: z.string().nullable(),
  stage: z.string().nullable(),
  round: z.string().nullable(),
  group: z.string().nullable(),
  kickoffAt: z.iso.datetime(),
  home: providerTeamSchema,
  away: providerTeamSchema,
  status: matchStatusSchema,
  clock: matchClockSchema.nullable(),
  /**
   * As the database stores scores (docs/decisions/009): `home`/`away` the result
   * so far without penalties, extra time included; `extraTime` the same once
   * extra time has begun (it marks that it was played); `penalties` the
   * shoot-out. Null before kick-off.
   */
  score: z.object({
    home: z.number().int().min(0).nullable(),
    away: z.number().int().min(0).nullable(),
    halfTime: scorePairSchema.nullable(),
    extraTime: scorePairSchema.nullable(),
    penalties: scorePairSchema.nullable(),
  }),
  /** Every key event so far; null when this provider (or plan) gives none: stored ones are then kept. */
  events: z.array(snapshotEventSchema).nullable(),
  teamStats: z.object({ home: snapshotTeamStatsSchema, away: snapshotTeamStatsSchema }).nullable(),
  /** Line-ups once announced; stored when the match has none yet. */
  lineups: z.object({ home: snapshotLineupSchema, away: snapshotLineupSchema }).nullable().optional(),
  /** Set by the demo replay provider: the stored match this one replays. */
  replayOf: z.object({ matchId: z.number().int(), kickoffAt: z.iso.datetime() }).nullable().optional(),
  /** Player stats so far, where the provider counts them (replays do, from the actions). */
  playerStats: z.array(snapshotPlayerStatsSchema).optional(),
  /** Notable moments that are not key events (shots, saves, corners), for commentary. */
  moments: z.array(snapshotMomentSchema).optional(),
});
export type ProviderMatchSnapshot = z.infer<typeof providerMatchSnapshotSchema>;

// ---------------------------------------------------------------------------
// The live stream's messages are in live-stream.ts (the browser loads that alone).

export * from './live-stream.ts';

// ---------------------------------------------------------------------------
// Topics a client subscribes to: `scores`, `match:{id}`, `chat:{matchId}`.

export const topicSchema = z.union([
  z.literal('scores'),
  z.string().regex(/^match:[1-9][0-9]{0,15}$/),
  z.string().regex(/^chat:[1-9][0-9]{0,15}$/),
]);
export type Topic = z.infer<typeof topicSchema>;

export const MAX_TOPICS = 20;

/** Parses `scores,match:12` into a de-duplicated list; throws a message naming the bad topic. */
export function parseTopics(raw: string): Topic[] {
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) throw new Error('topics must name at least one topic: scores, match:{id} or chat:{matchId}');
  if (parts.length > MAX_TOPICS) throw new Error(`topics may name at most ${MAX_TOPICS} topics`);
  const topics = new Set<Topic>();
  for (const part of parts) {
    const parsed = topicSchema.safeParse(part);
    if (!parsed.success)
      throw new Error(`unknown topic '${part.slice(0, 40)}': use scores, match:{id} or chat:{matchId}`);
    topics.add(parsed.data);
  }
  return [...topics];
}

/** The event-log topic of a match's own stream. */
export function matchTopic(matchId: number): Topic {
  return `match:${matchId}`;
}

/**
 * Whether a subscriber to `topics` receives an event: `scores` gets every
 * match's score changes; `match:{id}` everything of that match.
 */
export function isDelivered(topics: ReadonlySet<string>, event: { topic: string; type: string }): boolean {
  if (topics.has(event.topic)) return true;
  return event.type === 'score' && topics.has('scores');
}
