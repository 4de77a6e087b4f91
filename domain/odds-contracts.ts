// Model odds (issue #24): the shapes of `GET /api/matches/{id}/odds`,
// `GET /api/matches/{id}/win-probability` and the `odds` event the live stream
// carries on `match:<id>` when a match's in-play prices move. Scoreline takes
// no bets and links to no bookmaker: these are a model's probabilities with the
// decimal price beside each (fair when the margin is 0). Small and free of
// imports beyond zod: the browser's live connection loads it with the stream's
// schemas.
import { z } from 'zod';

/** One outcome: its probability and the decimal price shown beside it. */
export const oddsOutcomeSchema = z.object({ p: z.number().min(0).max(1), price: z.number().positive().nullable() });
export type OddsOutcome = z.infer<typeof oddsOutcomeSchema>;

const outcomes = <K extends string>(keys: readonly [K, ...K[]]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, oddsOutcomeSchema])) as Record<K, typeof oddsOutcomeSchema>);

/**
 * The markets, each a set of outcomes whose probabilities sum to 1 (within 1e-9).
 * `two_way` is "home or away win" with the draw excluded (the draw's
 * probability shared out in proportion): the draw-no-bet reading of the same
 * numbers, a draw refunding the stake.
 */
export const oddsMarketsSchema = z.object({
  '1x2': outcomes(['home', 'draw', 'away']),
  two_way: outcomes(['home', 'away']),
  odd_even: outcomes(['odd', 'even']),
  last_team_to_score: outcomes(['home', 'away', 'none']),
  over_under_2_5: outcomes(['over', 'under']),
  btts: outcomes(['yes', 'no']),
  /** Keyed "home-away" ("1-0", "2-2", …); scores beyond the matrix are folded into "other". */
  correct_score: z.record(z.string().regex(/^(\d+-\d+|other)$/), oddsOutcomeSchema),
});
export type OddsMarkets = z.infer<typeof oddsMarketsSchema>;
export type OddsMarketKey = keyof OddsMarkets;

export const oddsModelInfoSchema = z.object({
  name: z.string(),
  fittedAt: z.iso.datetime(),
  /** The last day of results the fit used: before the match's kick-off date for a finished match (no peeking). */
  trainedUntil: z.iso.date(),
});

export const liveOddsSchema = z.object({
  /** The match minute (stoppage time counted: 90+3 → 93). */
  minute: z.number().int().min(0),
  markets: oddsMarketsSchema,
  /** True at the final whistle: every market settled to the actual outcome. */
  settled: z.boolean(),
  /**
   * Present (true) once a knockout match goes to extra time: every market is then on the score after extra
   * time, the 1X2's draw meaning still level after 120 minutes (penalties to decide).
   */
  extraTime: z.boolean().optional(),
});
export type LiveOdds = z.infer<typeof liveOddsSchema>;

export const matchOddsSchema = z.object({
  matchId: z.number().int(),
  model: oddsModelInfoSchema,
  preMatch: z.object({ markets: oddsMarketsSchema }),
  live: liveOddsSchema.nullable(),
});
export type MatchOdds = z.infer<typeof matchOddsSchema>;

/** One point of the win-probability graph; `mark` names what moved it (a goal or a red card). */
export const winProbabilityPointSchema = z.object({
  minute: z.number().int().min(0),
  home: z.number().min(0).max(1),
  draw: z.number().min(0).max(1),
  away: z.number().min(0).max(1),
  mark: z.object({ kind: z.enum(['goal', 'red_card']), side: z.enum(['home', 'away']), label: z.string() }).nullable(),
});
export type WinProbabilityPoint = z.infer<typeof winProbabilityPointSchema>;

export const winProbabilitySchema = z.object({
  matchId: z.number().int(),
  points: z.array(winProbabilityPointSchema),
  /**
   * Present (true) when the match went to extra time: the points run to 120 minutes, those after 90 on the
   * result after extra time (who wins the match; the draw is a shoot-out still to come).
   */
  extraTime: z.boolean().optional(),
});

/** The live stream's `odds` event on `match:<id>`: the match's in-play prices moved. */
export const oddsLiveEventDataSchemas = {
  odds: z.object({ matchId: z.number().int(), live: liveOddsSchema, point: winProbabilityPointSchema }),
};
