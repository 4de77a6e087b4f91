// The shipped Wyscout files (../shared/data/wyscout/NOTICE.md): gzip JSON match
// records, one events file per match, and teams.json. One zod schema per file
// kind (STYLE.md §4); the types below come from them.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gunzipSync } from 'node:zlib';
import { z } from 'zod';

/** The three shipped competitions and where they land in the catalogue (domain/competitions.ts). */
export const WYSCOUT_COMPETITIONS = [
  {
    key: 'premier-league-2017-18',
    matchesFile: 'matches-premier-league-2017-18.json.gz',
    competitionCode: 'en.1',
    seasonCode: '2017-18',
    seasonLabel: '2017/18',
    expectedMatches: 380,
  },
  {
    key: 'world-cup-2018',
    matchesFile: 'matches-world-cup-2018.json.gz',
    competitionCode: 'world.cup',
    seasonCode: '2018',
    seasonLabel: '2018',
    expectedMatches: 64,
  },
  {
    key: 'euro-2016',
    matchesFile: 'matches-euro-2016.json.gz',
    competitionCode: 'euro',
    seasonCode: '2016',
    seasonLabel: '2016',
    expectedMatches: 51,
  },
] as const;

export type WyscoutCompetition = (typeof WYSCOUT_COMPETITIONS)[number];
export type WyscoutCompetitionKey = WyscoutCompetition['key'];

/**
 * Names in the files carry JSON escapes twice ("Kant\\u00e9" arrives as the six
 * characters `\u00e9` after parsing): turn them into the characters they name.
 */
export function decodeUnicodeEscapes(text: string): string {
  return text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const textSchema = z.string().transform(decodeUnicodeEscapes);

const areaSchema = z.object({ name: textSchema, alpha3code: z.string() });

export const wyscoutTeamSchema = z.object({
  wyId: z.number().int(),
  name: textSchema,
  officialName: textSchema,
  type: z.enum(['club', 'national']),
  city: textSchema.nullable().optional(),
  area: areaSchema,
});

export const wyscoutTeamsFileSchema = z.array(wyscoutTeamSchema);

export const wyscoutPlayerSchema = z.object({
  wyId: z.number().int(),
  shortName: textSchema,
  firstName: textSchema,
  middleName: textSchema.nullable().optional(),
  lastName: textSchema,
  birthDate: z.string().nullable().optional(),
  role: z.object({ code2: z.string() }).nullable().optional(),
  birthArea: areaSchema.nullable().optional(),
  passportArea: areaSchema.nullable().optional(),
});

/** Lineup and bench entries: cards are minutes as strings ("0" or "null" when none). */
const lineupEntrySchema = z.object({
  playerId: z.number().int(),
  yellowCards: z.string(),
  redCards: z.string(),
});

const substitutionSchema = z.object({
  playerIn: z.number().int(),
  playerOut: z.number().int(),
  minute: z.number().int(),
});

const teamDataSchema = z.object({
  teamId: z.number().int(),
  side: z.enum(['home', 'away']),
  score: z.number().int(),
  scoreHT: z.number().int(),
  scoreET: z.number().int(),
  scoreP: z.number().int(),
  coachId: z.number().int().nullable().optional(),
  formation: z.object({
    lineup: z.array(lineupEntrySchema),
    bench: z.array(lineupEntrySchema),
    // Five Premier League records hold the string "null": that team made no substitution.
    substitutions: z
      .union([z.array(substitutionSchema), z.literal('null'), z.null()])
      .optional()
      .transform((value) => (Array.isArray(value) ? value : [])),
  }),
});

export const wyscoutMatchSchema = z.object({
  wyId: z.number().int(),
  status: z.string(),
  dateutc: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
  gameweek: z.number().int(),
  roundId: z.number().int(),
  groupName: textSchema.nullable().optional(),
  venue: textSchema.nullable().optional(),
  label: textSchema,
  duration: z.enum(['Regular', 'ExtraTime', 'Penalties']),
  teamsData: z.record(z.string(), teamDataSchema),
});

export const wyscoutMatchesFileSchema = z.array(wyscoutMatchSchema);

export const WYSCOUT_PERIODS = ['1H', '2H', 'E1', 'E2', 'P'] as const;

export const wyscoutEventSchema = z.object({
  id: z.number(),
  eventName: z.string(),
  subEventName: z.string(),
  tags: z.array(z.object({ id: z.number().int() })),
  /** 0 when no player is involved (e.g. the ball going out). */
  playerId: z.number().int(),
  teamId: z.number().int(),
  matchPeriod: z.enum(WYSCOUT_PERIODS),
  eventSec: z.number(),
  positions: z.array(z.object({ x: z.number(), y: z.number() })),
});

export const wyscoutMatchFileSchema = z.object({
  events: z.array(wyscoutEventSchema),
  teams: z.record(z.string(), wyscoutTeamSchema),
  // A few lists hold null entries; they carry nothing.
  players: z.record(
    z.string(),
    z.array(z.object({ playerId: z.number().int(), player: wyscoutPlayerSchema }).nullable()),
  ),
});

export type WyscoutTeam = z.infer<typeof wyscoutTeamSchema>;
export type WyscoutPlayer = z.infer<typeof wyscoutPlayerSchema>;
export type WyscoutMatch = z.infer<typeof wyscoutMatchSchema>;
export type WyscoutTeamData = z.infer<typeof teamDataSchema>;
export type WyscoutEvent = z.infer<typeof wyscoutEventSchema>;
export type WyscoutMatchFile = z.infer<typeof wyscoutMatchFileSchema>;
export type WyscoutPeriod = (typeof WYSCOUT_PERIODS)[number];

function readGzipJson(file: string): unknown {
  return JSON.parse(gunzipSync(readFileSync(file)).toString('utf8'));
}

function parseFile<T>(schema: z.ZodType<T>, file: string): T {
  const result = schema.safeParse(readGzipJson(file));
  if (!result.success)
    throw new Error(`${file} does not look like the shipped Wyscout data: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** `${dataDir}/wyscout`. */
export function wyscoutDir(dataDir: string): string {
  return path.join(dataDir, 'wyscout');
}

export function readWyscoutTeams(dir: string): WyscoutTeam[] {
  return parseFile(wyscoutTeamsFileSchema, path.join(dir, 'teams.json.gz'));
}

export function readWyscoutMatches(dir: string, competition: WyscoutCompetition): WyscoutMatch[] {
  return parseFile(wyscoutMatchesFileSchema, path.join(dir, competition.matchesFile));
}

function matchFilePath(dir: string, competition: WyscoutCompetition, matchId: number): string {
  return path.join(dir, 'events', competition.key, `${matchId}.json.gz`);
}

export function readWyscoutMatchFile(dir: string, competition: WyscoutCompetition, matchId: number): WyscoutMatchFile {
  return parseFile(wyscoutMatchFileSchema, matchFilePath(dir, competition, matchId));
}

const gunzipAsync = promisify(gunzip);

/**
 * A match file's text, read and decompressed off the main thread (libuv's pool),
 * so the next file is ready while the current one is written to the database.
 */
export async function loadWyscoutMatchText(
  dir: string,
  competition: WyscoutCompetition,
  matchId: number,
): Promise<{ file: string; text: string }> {
  const file = matchFilePath(dir, competition, matchId);
  return { file, text: (await gunzipAsync(await readFile(file))).toString('utf8') };
}

export function parseWyscoutMatchText(loaded: { file: string; text: string }): WyscoutMatchFile {
  const result = wyscoutMatchFileSchema.safeParse(JSON.parse(loaded.text));
  if (!result.success)
    throw new Error(`${loaded.file} does not look like the shipped Wyscout data: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** Every player listed in a match file, by Wyscout id. */
export function listMatchPlayers(file: WyscoutMatchFile): Map<number, { teamId: number; player: WyscoutPlayer }> {
  const players = new Map<number, { teamId: number; player: WyscoutPlayer }>();
  for (const [teamId, entries] of Object.entries(file.players)) {
    for (const entry of entries)
      if (entry) players.set(entry.playerId, { teamId: Number(teamId), player: entry.player });
  }
  return players;
}

/** Wyscout's "YYYY-MM-DD HH:MM:SS" (UTC) as an ISO-8601 instant. */
export function kickoffIso(dateutc: string): string {
  return new Date(`${dateutc.replace(' ', 'T')}Z`).toISOString();
}
