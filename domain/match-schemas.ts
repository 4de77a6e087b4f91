// The zod schemas of match statuses and the match clock, apart from the plain
// code of match-status.ts and match-clock.ts so that pages listing matches do
// not carry zod in their first-load JavaScript (issue #5 byte budget). The
// types are written there; each schema here is checked against its type.
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
