// The shapes of the openfootball JSON files we read (STYLE.md §4: one schema
// per boundary). Only the fields the importer uses are described; anything
// unexpected in them (an unknown status, a score that is not two numbers)
// fails the import with the file and the path of the bad value.
import { z } from 'zod';

const scorePairSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

/** `{ ht, ft, et, p }`; worldcup.quali_playoffs.json also writes a bare `[2, 0]` for the full-time score. */
export const scoreSchema = z.union([
  scorePairSchema.transform((ft) => ({ ft, ht: undefined, et: undefined, p: undefined })),
  z.object({
    ht: scorePairSchema.optional(),
    ft: scorePairSchema.optional(),
    et: scorePairSchema.optional(),
    p: scorePairSchema.optional(),
  }),
]);

/** A scorer: `minute` is a number, or a string such as "56" or "90+4" (worldcup.json 2026). */
export const goalSchema = z.object({
  name: z.string().trim().min(1),
  minute: z.union([z.number().int().min(0), z.string().regex(/^\d{1,3}(\+\d{1,2})?$/)]),
  offset: z.number().int().min(0).optional(),
  penalty: z.boolean().optional(),
  owngoal: z.boolean().optional(),
});

/** Euro files name a team as `{ name, code }`; every other file as a plain string. */
const teamNameSchema = z.union([
  z.string().trim().min(1),
  z.object({ name: z.string().trim().min(1), code: z.string().trim().min(2).max(3) }),
]);

export const sourceMatchSchema = z.object({
  round: z.string().trim().min(1).optional(),
  stage: z.string().trim().min(1).optional(),
  group: z.string().trim().min(1).optional(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Local kick-off, "20:00" or "9:30", sometimes with a zone: "13:00 UTC-6", "20:45 CET". */
  time: z.string().trim().min(1).optional(),
  team1: teamNameSchema,
  team2: teamNameSchema,
  score: scoreSchema.optional(),
  status: z.enum(['postponed', 'cancelled', 'abandoned', 'awarded']).optional(),
  goals1: z.array(goalSchema).optional(),
  goals2: z.array(goalSchema).optional(),
  /** "Al Bayt Stadium, Al Khor" (World Cups up to 2022) or just the city (2026). */
  ground: z.string().trim().min(1).optional(),
});

/** football.json/<season>/<code>.json and worldcup.json/<year>/*.json. */
export const matchFileSchema = z.object({
  name: z.string(),
  matches: z.array(sourceMatchSchema),
});

/** euro.json/<year>/euro.json groups its matches by round. */
export const euroFileSchema = z.object({
  name: z.string(),
  rounds: z.array(z.object({ name: z.string().trim().min(1), matches: z.array(sourceMatchSchema) })),
});

export const stadiumsFileSchema = z.object({
  stadiums: z.array(
    z.object({
      name: z.string().trim().min(1),
      city: z.string().trim().min(1),
      capacity: z.number().int().positive().optional(),
      /** "UTC-3": the stadium's offset during the tournament. */
      timezone: z.string().optional(),
      cc: z.string().optional(),
    }),
  ),
});

/** worldcup.teams.json: `{ teams: [{ name, code }] }` (2014, 2018) or `[{ name, fifa_code }]` (2026). */
export const nationalTeamsFileSchema = z.union([
  z.object({ teams: z.array(z.object({ name: z.string().trim().min(1), code: z.string().trim().length(3) })) }),
  z.array(z.object({ name: z.string().trim().min(1), fifa_code: z.string().trim().length(3) })),
]);

export type SourceMatch = z.infer<typeof sourceMatchSchema>;
export type SourceGoal = z.infer<typeof goalSchema>;
export type SourceScore = z.infer<typeof scoreSchema>;
export type Stadium = z.infer<typeof stadiumsFileSchema>['stadiums'][number];
