// The football read API's shapes (issue #3): one zod schema per response,
// shared by the server (validation, OpenAPI) and the browser (types).
import { z } from 'zod';
import {
  matchClockSchema,
  matchEventSchema,
  matchStatusSchema,
  playerStatsSchema,
  teamStatsSchema,
} from './match-schemas.ts';

// Kept with the live stream's schemas (match-schemas.ts), which the browser loads without these.
export { matchEventSchema, playerStatsSchema, teamStatsSchema };

/**
 * A team where it is named: `name` in full (the team page), `shortName` as fans say it in lists and
 * scores ("Man City"), `code` its badge's three letters, unique within each competition season it plays
 * (db/seed/team-identity; absent for a team live ingest just met, whose badge derives one). In a match
 * summary, `colours` are the ones each side is drawn in for that match (domain/team-colours.ts matchColours).
 */
export const teamRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  code: z.string().nullable().optional(),
  colours: z.object({ primary: z.string(), secondary: z.string() }),
});

export const competitionRefSchema = z.object({
  code: z.string(),
  name: z.string(),
  areaName: z.string(),
});

export const seasonSchema = z.object({
  code: z.string(),
  name: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  complete: z.boolean(),
  synthetic: z.boolean(),
});

export const competitionSchema = competitionRefSchema.extend({
  areaCode: z.string().nullable(),
  kind: z.enum(['league', 'cup']),
  tier: z.number().int().nullable(),
  currentSeason: seasonSchema.nullable(),
});

const pairSchema = z.object({ home: z.number().int(), away: z.number().int() });

export const matchSummarySchema = z.object({
  id: z.number().int(),
  competition: competitionRefSchema,
  season: z.string(),
  stage: z.string().nullable(),
  round: z.string().nullable(),
  group: z.string().nullable(),
  kickoffAt: z.string(),
  kickoffTimeKnown: z.boolean(),
  status: matchStatusSchema,
  minute: z.number().int().nullable(),
  home: teamRefSchema,
  away: teamRefSchema,
  score: z.object({
    home: z.number().int().nullable(),
    away: z.number().int().nullable(),
    halfTime: pairSchema.nullable(),
    extraTime: pairSchema.nullable(),
    penalties: pairSchema.nullable(),
  }),
  hasEvents: z.boolean(),
  venue: z.string().nullable(),
  /** The live clock (phase, when it started, its rate); null for matches never seen live. */
  clock: matchClockSchema.nullable(),
  /** Set for demo replays: the stored match replayed and its original kick-off. Never a real live match. */
  replayOf: z.object({ matchId: z.number().int(), kickoffAt: z.string() }).nullable(),
});

export const standingsRowSchema = z.object({
  position: z.number().int(),
  team: teamRefSchema.pick({ id: true, name: true, shortName: true }),
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  goalsFor: z.number().int(),
  goalsAgainst: z.number().int(),
  goalDifference: z.number().int(),
  points: z.number().int(),
  form: z.array(z.enum(['W', 'D', 'L'])),
});

/**
 * A table a season offers: the regular season (leagues) or the whole tournament
 * (cups), a group of a split season (championship/relegation rounds, with the
 * points it carried over), or a cup's group.
 */
export const standingsPhaseSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** How a split group started from the regular season; null for the other tables. */
  carryOver: z.enum(['full', 'halfRoundedDown', 'halfRoundedUp']).nullable(),
});

export const standingsSchema = z.object({
  competition: competitionRefSchema,
  season: seasonSchema,
  /** The table shown (`phase=` on the request; the first of `phases` by default). */
  phase: z.string().optional(),
  /** Every table the season offers, in order. */
  phases: z.array(standingsPhaseSchema).optional(),
  view: z.enum(['overall', 'home', 'away']),
  asOf: z.string().nullable(),
  /** Present when the table was asked for "as it stands": the live matches counted with their current score. */
  liveMatchIds: z.array(z.number().int()).optional(),
  /**
   * Present for `replay=`: the table as it stood when the replayed match kicked off, with the replay's
   * score as it stands in place of the real result (a demo replay never moves the real table).
   */
  replay: z
    .object({ matchId: z.number().int(), originalMatchId: z.number().int(), originalKickoffAt: z.string() })
    .optional(),
  adjustments: z.array(
    z.object({ teamId: z.number().int(), points: z.number().int(), reason: z.string(), source: z.string() }),
  ),
  rows: z.array(standingsRowSchema),
});

export const lineupPlayerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shirtNumber: z.number().int().nullable(),
  position: z.string().nullable(),
  starter: z.boolean(),
  captain: z.boolean(),
  /** The name lists use ("A. Griezmann"), where the source has one. */
  shortName: z.string().optional(),
  /** Mean start of the player's passes, 0–100 from the team's view (x towards the opponent's goal); where the data has actions. */
  averagePosition: z.object({ x: z.number(), y: z.number() }).nullable().optional(),
});

export const lineupsSchema = z.object({
  home: z.object({
    teamId: z.number().int(),
    formation: z.string().nullable(),
    coach: z.string().nullable(),
    players: z.array(lineupPlayerSchema),
  }),
  away: z.object({
    teamId: z.number().int(),
    formation: z.string().nullable(),
    coach: z.string().nullable(),
    players: z.array(lineupPlayerSchema),
  }),
});

export const teamSchema = teamRefSchema.extend({
  kind: z.enum(['club', 'national']),
  code: z.string().nullable(),
  countryCode: z.string().nullable(),
  city: z.string().nullable(),
  stadium: z.string().nullable(),
  founded: z.number().int().nullable(),
  aliases: z.array(z.string()),
});

export const headToHeadSchema = z.object({
  teams: z.tuple([teamRefSchema, teamRefSchema]),
  record: z.object({
    played: z.number().int(),
    winsFirst: z.number().int(),
    winsSecond: z.number().int(),
    draws: z.number().int(),
    goalsFirst: z.number().int(),
    goalsSecond: z.number().int(),
  }),
  matches: z.array(matchSummarySchema),
});

export const topScorersSchema = z.object({
  competition: competitionRefSchema,
  season: seasonSchema,
  scorers: z.array(
    z.object({
      rank: z.number().int(),
      /** `shortName`: the name fans know (Wyscout's "S. Agüero"), where the source has one; `name` in full. */
      player: z.object({ id: z.number().int(), name: z.string(), shortName: z.string().optional() }),
      team: teamRefSchema,
      goals: z.number().int(),
      penalties: z.number().int(),
    }),
  ),
});

/**
 * A team's squad in one season (squad_member rows), as the data names it. `shortName`: the name the list
 * shows, as fans know the player ("P. Dybala"), or the full name where two of the squad share it ("Martínez").
 */
export const squadSchema = z.object({
  season: z.object({ competition: competitionRefSchema, code: z.string(), name: z.string() }).nullable(),
  players: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      shortName: z.string().optional(),
      shirtNumber: z.number().int().nullable(),
      position: z.string().nullable(),
    }),
  ),
});

/** A player found by search (issue #19): the name fans know, the full name, and the team last played for. */
export const playerHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fullName: z.string(),
  team: teamRefSchema.nullable(),
});

/**
 * GET /api/search: each list best first (importance, then how well the text matches). `players` and
 * `matches` were added by issue #19; `matches` is filled when the query names two teams ("arsenal v chelsea 2018").
 */
export const searchResultSchema = z.object({
  teams: z.array(teamRefSchema),
  competitions: z.array(competitionRefSchema),
  players: z.array(playerHitSchema),
  matches: z.array(matchSummarySchema),
});

export type TeamRef = z.infer<typeof teamRefSchema>;
export type CompetitionRef = z.infer<typeof competitionRefSchema>;
export type Season = z.infer<typeof seasonSchema>;
export type Competition = z.infer<typeof competitionSchema>;
export type MatchSummary = z.infer<typeof matchSummarySchema>;
export type Standings = z.infer<typeof standingsSchema>;
export type StandingsPhase = z.infer<typeof standingsPhaseSchema>;
export type MatchEvent = z.infer<typeof matchEventSchema>;
export type Lineups = z.infer<typeof lineupsSchema>;
export type TeamStats = z.infer<typeof teamStatsSchema>;
export type PlayerStats = z.infer<typeof playerStatsSchema>;
export type Team = z.infer<typeof teamSchema>;
export type HeadToHead = z.infer<typeof headToHeadSchema>;
export type SearchResult = z.infer<typeof searchResultSchema>;
export type PlayerHit = z.infer<typeof playerHitSchema>;
export type TopScorers = z.infer<typeof topScorersSchema>;
export type Squad = z.infer<typeof squadSchema>;
