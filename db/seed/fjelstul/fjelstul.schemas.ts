// zod schemas of the Fjelstul CSV columns the importer reads (codebook:
// README.upstream.md beside the data). Every value arrives as text; these turn
// it into numbers, flags and dates, and reject what does not fit.
import { z } from 'zod';

const id = (prefix: string, digits: number) =>
  z.string().regex(new RegExp(`^${prefix}-\\d{${digits}}$`), `is not a ${prefix}-${'0'.repeat(digits)} id`);

export const tournamentId = z.string().regex(/^WC-\d{4}$/, 'is not a WC-YYYY id');
export const matchId = z.string().regex(/^M-\d{4}-\d{2}$/, 'is not an M-YYYY-NN id');
export const teamId = id('T', 2);
export const playerId = id('P', 5);
export const stadiumId = id('S', 3);

const flag = z.enum(['0', '1']).transform((value) => value === '1');
const count = z
  .string()
  .regex(/^\d+$/, 'is not a whole number')
  .transform((value) => Number(value));
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'is not a YYYY-MM-DD date');
const text = z.string().trim().min(1, 'is empty');
/** "not applicable" / "not available" are how the database says "none". */
const optional = z
  .string()
  .trim()
  .transform((value) => (value === '' || value === 'not applicable' || value === 'not available' ? null : value));

export const tournamentSchema = z.object({
  tournament_id: tournamentId,
  tournament_name: text,
  year: count,
  start_date: date,
  end_date: date,
  host_country: text,
  winner: text,
});

export const teamSchema = z.object({
  team_id: teamId,
  team_name: text,
  team_code: z.string().regex(/^[A-Z]{3}$/, 'is not a three-letter code'),
});

export const playerSchema = z.object({
  player_id: playerId,
  family_name: text,
  given_name: optional,
  birth_date: optional.pipe(date.nullable()),
});

export const stadiumSchema = z.object({
  stadium_id: stadiumId,
  stadium_name: text,
  city_name: text,
  country_name: text,
  stadium_capacity: optional.pipe(count.nullable()),
});

export const STAGE_NAMES = [
  'group stage',
  'second group stage',
  'final round',
  'round of 16',
  'quarter-finals',
  'semi-finals',
  'third-place match',
  'final',
] as const;

export const matchSchema = z.object({
  tournament_id: tournamentId,
  match_id: matchId,
  stage_name: z.enum(STAGE_NAMES),
  group_name: optional,
  group_stage: flag,
  replayed: flag,
  replay: flag,
  match_date: date,
  match_time: z.string().regex(/^\d{2}:\d{2}$/, 'is not an HH:MM time'),
  stadium_id: stadiumId,
  city_name: text,
  country_name: text,
  home_team_id: teamId,
  away_team_id: teamId,
  home_team_score: count,
  away_team_score: count,
  extra_time: flag,
  penalty_shootout: flag,
  home_team_score_penalties: count,
  away_team_score_penalties: count,
});

export const MATCH_PERIODS = [
  'first half',
  'first half, stoppage time',
  'second half',
  'second half, stoppage time',
  'extra time, first half',
  'extra time, first half, stoppage time',
  'extra time, second half',
  'extra time, second half, stoppage time',
] as const;

/** When an event happened: `minute_regulation` + `minute_stoppage` in a period. */
const eventTime = {
  minute_regulation: count,
  minute_stoppage: count,
  match_period: z.enum(MATCH_PERIODS),
};

export const goalSchema = z.object({
  goal_id: z.string().regex(/^G-\d+$/, 'is not a G-NNNN id'),
  tournament_id: tournamentId,
  match_id: matchId,
  /** The team the goal counts for. */
  team_id: teamId,
  player_id: playerId,
  /** The scorer's team: the other team for an own goal. */
  player_team_id: teamId,
  ...eventTime,
  own_goal: flag,
  penalty: flag,
});

export const bookingSchema = z.object({
  booking_id: z.string().regex(/^B-\d+$/, 'is not a B-NNNN id'),
  tournament_id: tournamentId,
  match_id: matchId,
  team_id: teamId,
  player_id: playerId,
  ...eventTime,
  yellow_card: flag,
  red_card: flag,
  second_yellow_card: flag,
  sending_off: flag,
});

export const substitutionSchema = z.object({
  substitution_id: z.string().regex(/^S-\d+$/, 'is not an S-NNNN id'),
  tournament_id: tournamentId,
  match_id: matchId,
  team_id: teamId,
  player_id: playerId,
  minute_label: text,
  ...eventTime,
  going_off: flag,
  coming_on: flag,
});

export const penaltyKickSchema = z.object({
  penalty_kick_id: z.string().regex(/^PK-\d+$/, 'is not a PK-NNN id'),
  tournament_id: tournamentId,
  match_id: matchId,
  team_id: teamId,
  player_id: playerId,
  converted: flag,
});

export const appearanceSchema = z.object({
  tournament_id: tournamentId,
  match_id: matchId,
  team_id: teamId,
  player_id: playerId,
  shirt_number: count,
  position_code: text,
  starter: flag,
  substitute: flag,
  captain: flag,
});

export const squadSchema = z.object({
  tournament_id: tournamentId,
  team_id: teamId,
  player_id: playerId,
  /** 0 before 1954: no fixed numbers (README.upstream.md, "Shirt numbers"). */
  shirt_number: count,
  position_code: z.enum(['GK', 'DF', 'MF', 'FW']),
});

export type TournamentRow = z.infer<typeof tournamentSchema>;
export type TeamRow = z.infer<typeof teamSchema>;
export type PlayerRow = z.infer<typeof playerSchema>;
export type StadiumRow = z.infer<typeof stadiumSchema>;
export type MatchRow = z.infer<typeof matchSchema>;
export type GoalRow = z.infer<typeof goalSchema>;
export type BookingRow = z.infer<typeof bookingSchema>;
export type SubstitutionRow = z.infer<typeof substitutionSchema>;
export type PenaltyKickRow = z.infer<typeof penaltyKickSchema>;
export type AppearanceRow = z.infer<typeof appearanceSchema>;
export type SquadRow = z.infer<typeof squadSchema>;
export type MatchPeriod = (typeof MATCH_PERIODS)[number];
export type StageName = (typeof STAGE_NAMES)[number];
