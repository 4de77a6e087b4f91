// The zod schemas of match statuses and the match clock, apart from the plain
// code of match-status.ts and match-clock.ts so that pages listing matches do
// not carry zod in their first-load JavaScript (issue #5 byte budget). The
// types are written there; each schema here is checked against its type.
// Also the match event and statistics shapes the live stream carries: the
// browser's live connection builds these schemas, not all of the read API's
// (football-contracts.ts re-exports them).
import { z } from 'zod';
import { MATCH_PHASES, type MatchClock, type MatchPhase } from './match-clock.ts';
import { MATCH_STATUSES, type MatchStatus } from './match-status.ts';

export const matchStatusSchema: z.ZodType<MatchStatus> = z.enum(MATCH_STATUSES);
export const matchPhaseSchema: z.ZodType<MatchPhase> = z.enum(MATCH_PHASES);

export const matchClockSchema = z.object({
  phase: z.enum(MATCH_PHASES),
  phaseStartedAt: z.iso.datetime().nullable(),
  rate: z.number().positive(),
}) satisfies z.ZodType<MatchClock>;

export const matchEventSchema = z.object({
  seq: z.number().int(),
  period: z.string(),
  minute: z.number().int(),
  addedMinute: z.number().int().nullable(),
  type: z.string(),
  teamId: z.number().int().nullable(),
  /** `shortName` is the name lists use ("A. Griezmann"), where the source has one. */
  player: z.object({ id: z.number().int(), name: z.string(), shortName: z.string().optional() }).nullable(),
  relatedPlayer: z.object({ id: z.number().int(), name: z.string(), shortName: z.string().optional() }).nullable(),
  detail: z.string().nullable(),
});

export const teamStatsSchema = z.object({
  teamId: z.number().int(),
  shots: z.number().int(),
  shotsOnTarget: z.number().int(),
  possession: z.number(),
  passes: z.number().int(),
  passesAccurate: z.number().int(),
  corners: z.number().int(),
  fouls: z.number().int(),
  offsides: z.number().int(),
  yellowCards: z.number().int(),
  redCards: z.number().int(),
});

export const playerStatsSchema = z.object({
  playerId: z.number().int(),
  name: z.string(),
  teamId: z.number().int(),
  minutes: z.number().int(),
  goals: z.number().int(),
  assists: z.number().int(),
  shots: z.number().int(),
  shotsOnTarget: z.number().int(),
  passes: z.number().int(),
  passesAccurate: z.number().int(),
  keyPasses: z.number().int(),
  duels: z.number().int(),
  duelsWon: z.number().int(),
  fouls: z.number().int(),
  yellowCards: z.number().int(),
  redCards: z.number().int(),
});
