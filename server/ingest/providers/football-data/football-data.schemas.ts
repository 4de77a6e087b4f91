// The football-data.org v4 payloads this adapter reads (issue #4), written from
// the documented shapes: https://docs.football-data.org/general/v4/match.html
// (GET /v4/matches?dateFrom=&dateTo=&status=, GET /v4/matches/{id}) and
// https://docs.football-data.org/general/v4/overtime.html (the score node).
//
// Lenient where the API is: the docs say every attribute may be null when it is
// not known yet, teams of an undecided knock-out match have a null id and name,
// and goals/bookings/substitutions only come with the match resource on paid
// plans. Unknown keys are stripped. Strict where the adapter depends on a field:
// id, utcDate, status, the competition, the full-time score, and the minute and
// kind of every event.
import { z } from 'zod';

/** Every status v4 documents; `LIVE` is also accepted as a filter value and treated like IN_PLAY. */
export const FOOTBALL_DATA_STATUSES = [
  'SCHEDULED',
  'TIMED',
  'IN_PLAY',
  'PAUSED',
  'EXTRA_TIME',
  'PENALTY_SHOOTOUT',
  'FINISHED',
  'SUSPENDED',
  'POSTPONED',
  'CANCELLED',
  'AWARDED',
  'LIVE',
] as const;
export const footballDataStatusSchema = z.enum(FOOTBALL_DATA_STATUSES);
export type FootballDataStatus = z.infer<typeof footballDataStatusSchema>;

/** When the match ended, or which extra part it is in while running (overtime.html). */
export const footballDataDurationSchema = z.enum(['REGULAR', 'EXTRA_TIME', 'PENALTY_SHOOTOUT']);
export type FootballDataDuration = z.infer<typeof footballDataDurationSchema>;

const goalCount = z.number().int().min(0).nullable();

/** A home/away pair; both sides are null until the part of the match it counts has started. */
export const footballDataScorePairSchema = z.object({ home: goalCount, away: goalCount });
export type FootballDataScorePair = z.infer<typeof footballDataScorePairSchema>;

const optionalPair = footballDataScorePairSchema.nullable().optional();

export const footballDataScoreSchema = z.object({
  winner: z.string().nullable().optional(),
  duration: footballDataDurationSchema.nullable().optional(),
  /** The running score while the match is played; after a shoot-out it includes the shoot-out goals. */
  fullTime: footballDataScorePairSchema,
  halfTime: optionalPair,
  /** Goals after 90 minutes (v4). */
  regularTime: optionalPair,
  /** Goals scored within extra time only, not the score after it. */
  extraTime: optionalPair,
  /** Goals scored within the shoot-out only. */
  penalties: optionalPair,
});
export type FootballDataScore = z.infer<typeof footballDataScoreSchema>;

/**
 * The match minute. The docs' samples show it as a string ("90"), live feeds as a
 * number; "45+2" is accepted too and split into minute and added minutes.
 */
export const footballDataMinuteSchema = z
  .union([
    z.number().int().min(0).max(200),
    z
      .string()
      .trim()
      .regex(/^\d{1,3}(\+\d{1,2})?$/, 'must be a minute such as 67 or 45+2'),
  ])
  .transform((value) => {
    if (typeof value === 'number') return { minute: value, added: null };
    const [minute, added] = value.split('+');
    return { minute: Number(minute), added: added === undefined ? null : Number(added) };
  });

const addedMinutes = z.number().int().min(0).max(60).nullable().optional();

/** A team as embedded in a match: id and name are null while a knock-out pairing is undecided. */
export const footballDataTeamSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  shortName: z.string().nullable().optional(),
  tla: z.string().nullable().optional(),
});
export type FootballDataTeam = z.infer<typeof footballDataTeamSchema>;

/** A team or person reference inside an event. */
const reference = z.object({
  id: z.number().int().nullable().optional(),
  name: z.string().nullable().optional(),
});
export type FootballDataReference = z.infer<typeof reference>;

const eventMinute = z.number().int().min(0).max(200);

export const footballDataGoalSchema = z.object({
  minute: eventMinute,
  injuryTime: addedMinutes,
  /** REGULAR, OWN or PENALTY; anything else is read as a goal from open play. */
  type: z.string().nullable().optional(),
  team: reference,
  scorer: reference.nullable().optional(),
  assist: reference.nullable().optional(),
  /** The score right after this goal. */
  score: footballDataScorePairSchema.nullable().optional(),
});
export type FootballDataGoal = z.infer<typeof footballDataGoalSchema>;

export const footballDataBookingSchema = z.object({
  minute: eventMinute,
  injuryTime: addedMinutes,
  team: reference,
  player: reference.nullable().optional(),
  card: z.enum(['YELLOW', 'YELLOW_RED', 'RED']),
});
export type FootballDataBooking = z.infer<typeof footballDataBookingSchema>;

export const footballDataSubstitutionSchema = z.object({
  minute: eventMinute,
  injuryTime: addedMinutes,
  team: reference,
  playerOut: reference.nullable().optional(),
  playerIn: reference.nullable().optional(),
});
export type FootballDataSubstitution = z.infer<typeof footballDataSubstitutionSchema>;

export const footballDataMatchSchema = z.object({
  id: z.number().int().positive(),
  utcDate: z.iso.datetime({ offset: true }),
  status: footballDataStatusSchema,
  minute: footballDataMinuteSchema.nullable().optional(),
  /** Stoppage minutes of the period being played (or, finished, of the last one). */
  injuryTime: addedMinutes,
  matchday: z.number().int().min(0).nullable().optional(),
  /** REGULAR_SEASON, GROUP_STAGE, LEAGUE_STAGE, LAST_16, QUARTER_FINALS, FINAL … */
  stage: z.string().nullable().optional(),
  /** GROUP_A … */
  group: z.string().nullable().optional(),
  lastUpdated: z.iso.datetime({ offset: true }).nullable().optional(),
  competition: z.object({
    id: z.number().int(),
    code: z.string().nullable().optional(),
    name: z.string().min(1),
    /** LEAGUE, CUP, PLAYOFFS. */
    type: z.string().nullable().optional(),
  }),
  season: z
    .object({
      id: z.number().int().nullable().optional(),
      startDate: z.iso.date().nullable().optional(),
      endDate: z.iso.date().nullable().optional(),
    })
    .nullable()
    .optional(),
  homeTeam: footballDataTeamSchema,
  awayTeam: footballDataTeamSchema,
  score: footballDataScoreSchema,
  /** Match resource, paid plans: absent (not empty) when the plan does not include them. */
  goals: z.array(footballDataGoalSchema).nullable().optional(),
  bookings: z.array(footballDataBookingSchema).nullable().optional(),
  substitutions: z.array(footballDataSubstitutionSchema).nullable().optional(),
});
export type FootballDataMatch = z.infer<typeof footballDataMatchSchema>;

/** GET /v4/matches (and /v4/competitions/{code}/matches). */
export const footballDataMatchListSchema = z.object({
  resultSet: z
    .object({ count: z.number().int().min(0).optional() })
    .nullable()
    .optional(),
  matches: z.array(footballDataMatchSchema),
});
export type FootballDataMatchList = z.infer<typeof footballDataMatchListSchema>;

/** The body of an error answer ({"message": "...", "errorCode": 429}). */
export const footballDataErrorSchema = z.object({
  message: z.string().optional(),
  errorCode: z.number().int().optional(),
});
