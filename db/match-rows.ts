// The `match` row as code reads it, written once (issue #18): the pipeline,
// the football queries, the replays and the importers each used to spell out
// the same twenty columns and convert them by hand. db/schema.ts describes
// the table as the drivers return it (ids as bigint strings on PostgreSQL,
// timestamps as strings on SQLite and Dates on PostgreSQL); MatchRow is the
// same row with numbers and ISO strings (docs/decisions/007).
import type { Selectable } from 'kysely';
import { toIsoString } from './client.ts';
import type { MatchTable } from './schema.ts';

/** Every column of `match`, in table order. */
export const MATCH_COLUMNS = [
  'id',
  'season_id',
  'stage',
  'round',
  'group_name',
  'kickoff_at',
  'kickoff_time_known',
  'home_team_id',
  'away_team_id',
  'venue_id',
  'status',
  'minute',
  'home_score',
  'away_score',
  'home_score_ht',
  'away_score_ht',
  'home_score_et',
  'away_score_et',
  'home_score_pen',
  'away_score_pen',
  'has_events',
  'source',
  'updated_at',
  'replay_of_match_id',
  'clock_phase',
  'phase_started_at',
  'clock_rate',
  'observed_at',
] as const satisfies ReadonlyArray<keyof MatchTable>;

export type MatchColumn = (typeof MATCH_COLUMNS)[number];

/** The columns that hold a result: a source's score, and what a new score is compared on. */
export const MATCH_RESULT_COLUMNS = [
  'status',
  'home_score',
  'away_score',
  'home_score_ht',
  'away_score_ht',
  'home_score_et',
  'away_score_et',
  'home_score_pen',
  'away_score_pen',
] as const satisfies ReadonlyArray<MatchColumn>;

export type MatchResultColumn = (typeof MATCH_RESULT_COLUMNS)[number];

export interface MatchRow {
  id: number;
  season_id: number;
  stage: string | null;
  round: string | null;
  group_name: string | null;
  /** ISO 8601; midnight UTC when only the date is known. */
  kickoff_at: string;
  kickoff_time_known: number;
  home_team_id: number;
  away_team_id: number;
  venue_id: number | null;
  status: string;
  minute: number | null;
  home_score: number | null;
  away_score: number | null;
  home_score_ht: number | null;
  away_score_ht: number | null;
  home_score_et: number | null;
  away_score_et: number | null;
  home_score_pen: number | null;
  away_score_pen: number | null;
  has_events: number;
  source: string;
  updated_at: string;
  replay_of_match_id: number | null;
  clock_phase: string | null;
  phase_started_at: string | null;
  clock_rate: number;
  observed_at: string | null;
}

/** The columns of `match` under a table alias, for a select that joins other tables (`...matchColumnsOf('m')`). */
export function matchColumnsOf<A extends string>(alias: A): Array<`${A}.${MatchColumn}`> {
  return MATCH_COLUMNS.map((column) => `${alias}.${column}` as const);
}

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));
const nullableIso = (value: string | Date | null) => (value === null ? null : toIsoString(value));

/** A `match` row as either driver returns it, with numbers for ids and ISO strings for instants. */
export function toMatchRow(row: Selectable<MatchTable>): MatchRow {
  return {
    ...row,
    id: Number(row.id),
    season_id: Number(row.season_id),
    kickoff_at: toIsoString(row.kickoff_at),
    home_team_id: Number(row.home_team_id),
    away_team_id: Number(row.away_team_id),
    venue_id: nullableNumber(row.venue_id),
    updated_at: toIsoString(row.updated_at),
    replay_of_match_id: nullableNumber(row.replay_of_match_id),
    phase_started_at: nullableIso(row.phase_started_at),
    clock_rate: Number(row.clock_rate),
    observed_at: nullableIso(row.observed_at),
  };
}

/** Splits the match's columns off a joined row read with matchColumnsOf, converted; the rest stays as it was. */
export function splitMatchRow<R extends Selectable<MatchTable>>(row: R): { match: MatchRow; rest: Omit<R, MatchColumn> } {
  const match = toMatchRow(row);
  const rest: Record<string, unknown> = { ...row };
  for (const column of MATCH_COLUMNS) delete rest[column];
  return { match, rest: rest as Omit<R, MatchColumn> };
}
