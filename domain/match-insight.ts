// The match centre's insight sections (issue #5): momentum, head-to-head and
// the competition table around both teams. One zod schema per shape, shared
// by the server (validation, OpenAPI) and the page (types, live refresh).
import { z } from 'zod';
import { competitionRefSchema, matchSummarySchema, standingsRowSchema } from './football-contracts.ts';
import { PLAYING_PHASES } from './match-clock.ts';
import type { Momentum } from './momentum-series.ts';

export const momentumSchema = z.object({
  source: z.enum(['actions', 'events']),
  periods: z.array(
    z.object({
      period: z.enum(PLAYING_PHASES),
      home: z.array(z.number().min(0)),
      away: z.array(z.number().min(0)),
    }),
  ),
  complete: z.boolean(),
}) satisfies z.ZodType<Momentum>;

/** Meetings listed in the section; the record counts every earlier meeting. */
export const HEAD_TO_HEAD_SHOWN = 10;

export const matchHeadToHeadSchema = z.object({
  /** Counted from this match's home team's side: its wins, the draws, the away team's wins. */
  record: z.object({
    played: z.number().int(),
    homeWins: z.number().int(),
    draws: z.number().int(),
    awayWins: z.number().int(),
    homeGoals: z.number().int(),
    awayGoals: z.number().int(),
  }),
  /** The latest earlier meetings, newest first (never this match, its original or a replay). */
  matches: z.array(matchSummarySchema),
});

export const tableAroundSchema = z.object({
  competition: competitionRefSchema,
  season: z.string(),
  /** A tournament group (every team of it) or a league table (both teams with their neighbours). */
  scope: z.enum(['group', 'league']),
  /** "Group F", "Table". */
  title: z.string(),
  /** The table counts live matches at their current score. */
  asItStands: z.boolean(),
  /** Set for replays: the table is the one before the original match (its date), with the replay's score. */
  replayOf: z.string().nullable(),
  totalTeams: z.number().int(),
  /** Selected rows in table order; a gap in `position` means rows left out. */
  rows: z.array(standingsRowSchema),
});

export const INSIGHT_PARTS = ['momentum', 'h2h', 'table'] as const;
export type InsightPart = (typeof INSIGHT_PARTS)[number];

export const matchInsightSchema = z.object({
  matchId: z.number().int(),
  /** Absent when not asked for; null when the match has nothing to draw (no events) or has not started. */
  momentum: momentumSchema.nullable().optional(),
  headToHead: matchHeadToHeadSchema.optional(),
  /** Null for knock-out matches of a cup: no table applies. */
  table: tableAroundSchema.nullable().optional(),
});

export type MatchHeadToHead = z.infer<typeof matchHeadToHeadSchema>;
export type TableAround = z.infer<typeof tableAroundSchema>;
export type MatchInsight = z.infer<typeof matchInsightSchema>;

/**
 * The rows of a table shown around two teams: each team with `reach` rows
 * either side, merged where they meet; a whole table of at most `whole` rows.
 */
export function rowsAround<T extends { team: { id: number } }>(
  rows: readonly T[],
  teamIds: readonly number[],
  reach = 2,
  whole = 8,
): T[] {
  if (rows.length <= whole) return [...rows];
  const keep = new Set<number>();
  rows.forEach((row, index) => {
    if (!teamIds.includes(row.team.id)) return;
    for (let at = Math.max(0, index - reach); at <= Math.min(rows.length - 1, index + reach); at += 1) keep.add(at);
  });
  return rows.filter((_, index) => keep.has(index));
}
