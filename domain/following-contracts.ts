// GET /api/following's answer (issue #19): what home's Following section shows
// for the teams, competitions and matches a visitor follows (the rule that picks
// a team's next and last match is domain/following.ts).
import { z } from 'zod';
import { competitionRefSchema, matchSummarySchema, teamRefSchema } from './football-contracts.ts';

export const followedTeamSchema = z.object({
  team: teamRefSchema,
  /** The match being played now, else the next one to come; null when the data has none. */
  next: matchSummarySchema.nullable(),
  /** The latest match with a result (finished or awarded); null when the data has none. */
  last: matchSummarySchema.nullable(),
});

export const followingSchema = z.object({
  /** In the order asked for; ids the data does not know are left out. */
  teams: z.array(followedTeamSchema),
  competitions: z.array(competitionRefSchema),
  /** In kick-off order. */
  matches: z.array(matchSummarySchema),
});

export type FollowedTeam = z.infer<typeof followedTeamSchema>;
export type Following = z.infer<typeof followingSchema>;
