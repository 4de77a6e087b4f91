// Which openfootball files hold which competition-season. Every file in the
// shipped folders is either read or known to be an auxiliary file; anything
// else stops the import (a file we silently skipped would be data missing
// without anyone noticing).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { parseFootballTxt, seasonYears } from './football-txt.ts';
import { leagueSeason, type SeasonLabel } from './normalize.ts';
import {
  euroFileSchema,
  matchFileSchema,
  nationalTeamsFileSchema,
  stadiumsFileSchema,
  type SourceMatch,
  type Stadium,
} from './openfootball.schemas.ts';

export interface SeasonSource {
  /** Path below the openfootball folder, for messages: "football.json/2023-24/en.1.json". */
  file: string;
  /** Football.TXT files are newer than the JSON generated from them: where both exist, the TXT wins (README). */
  format: 'json' | 'txt';
  competitionCode: string;
  season: SeasonLabel;
  teamKind: 'club' | 'national';
  matches: SourceMatch[];
  /** World Cup stadiums of that edition, for venues. */
  stadiums: Stadium[];
  stadiumEdition: string | null;
}

/** worldcup.json/<year>/<file> → competition, and the season's display name. */
const TOURNAMENT_FILES: Readonly<
  Record<string, { code: string; name: (year: string) => string; teamKind: 'club' | 'national' }>
> = {
  'worldcup.json': { code: 'world.cup', name: (year) => `World Cup ${year}`, teamKind: 'national' },
  'clubworldcup.json': { code: 'world.clubcup', name: (year) => `Club World Cup ${year}`, teamKind: 'club' },
  'worldcup.quali_playoffs.json': {
    code: 'world.cup.quali',
    name: (year) => `World Cup ${year} qualification play-offs`,
    teamKind: 'national',
  },
};

/** Read elsewhere (teams, stadiums) or derived by us (groups, standings). */
const AUXILIARY_FILES = new Set([
  'worldcup.groups.json',
  'worldcup.standings.json',
  'worldcup.stadiums.json',
  'worldcup.teams.json',
  'worldcup.squads.json',
  'euro.groups.json',
]);

const SEASON_FOLDER = /^\d{4}(-\d{2})?$/;

/** What importing a set of changed files takes (the data refresh, issue #19). */
export type ImportScope = { kind: 'none' } | { kind: 'all' } | { kind: 'files'; files: ReadonlySet<string> };

/**
 * Licences and read-me files change nothing; the clubs directory and the files read across seasons
 * (national teams' codes, stadiums, groups) can change any team or season, so they take a full import;
 * a league, tournament or squad file takes its own competition-season or squad.
 */
export function importScopeOf(changed: readonly string[]): ImportScope {
  const files = new Set<string>();
  for (const file of changed) {
    const name = path.posix.basename(file);
    if (/^(LICENSE|README|NOTICE)(\.md|\.txt)?$/i.test(name)) continue;
    if (file.startsWith('clubs/') || AUXILIARY_FILES.has(name)) return { kind: 'all' };
    files.add(file);
  }
  return files.size === 0 ? { kind: 'none' } : { kind: 'files', files };
}

export function readJson<T>(root: string, file: string, schema: z.ZodType<T>): T {
  const text = readFileSync(path.join(root, file), 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `openfootball: ${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `openfootball: ${file} does not look as expected at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return result.data;
}

function folders(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && pattern.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

/** football.json/<season>/<code>.json: one competition-season per file, code from the file name. */
function leagueSources(root: string): SeasonSource[] {
  const sources: SeasonSource[] = [];
  for (const folder of folders(path.join(root, 'football.json'), SEASON_FOLDER)) {
    const season = leagueSeason(folder);
    for (const name of jsonFiles(path.join(root, 'football.json', folder))) {
      const file = `football.json/${folder}/${name}`;
      const { matches } = readJson(root, file, matchFileSchema);
      sources.push({
        file,
        format: 'json',
        competitionCode: name.slice(0, -'.json'.length),
        season,
        teamKind: 'club',
        matches,
        stadiums: [],
        stadiumEdition: null,
      });
    }
  }
  return sources;
}

function tournamentSources(root: string): SeasonSource[] {
  const sources: SeasonSource[] = [];
  const worldcup = path.join(root, 'worldcup.json');
  for (const year of folders(worldcup, /^\d{4}$/)) {
    const stadiumsFile = `worldcup.json/${year}/worldcup.stadiums.json`;
    const stadiums = existsSync(path.join(root, stadiumsFile))
      ? readJson(root, stadiumsFile, stadiumsFileSchema).stadiums
      : [];
    for (const name of jsonFiles(path.join(worldcup, year))) {
      if (AUXILIARY_FILES.has(name)) continue;
      const kind = TOURNAMENT_FILES[name];
      if (!kind)
        throw new Error(
          `openfootball: don't know what worldcup.json/${year}/${name} holds (add it to TOURNAMENT_FILES or AUXILIARY_FILES)`,
        );
      const file = `worldcup.json/${year}/${name}`;
      const { matches } = readJson(root, file, matchFileSchema);
      sources.push({
        file,
        format: 'json',
        competitionCode: kind.code,
        season: { code: year, name: kind.name(year), window: null },
        teamKind: kind.teamKind,
        matches,
        // The 2026 qualifying play-offs were partly played in two of the 2026 World Cup stadiums.
        stadiums: kind.teamKind === 'national' ? stadiums : [],
        stadiumEdition: year,
      });
    }
  }
  const euro = path.join(root, 'euro.json');
  for (const year of folders(euro, /^\d{4}$/)) {
    for (const name of jsonFiles(path.join(euro, year))) {
      if (AUXILIARY_FILES.has(name)) continue;
      if (name !== 'euro.json') throw new Error(`openfootball: don't know what euro.json/${year}/${name} holds`);
      const file = `euro.json/${year}/${name}`;
      const { rounds } = readJson(root, file, euroFileSchema);
      const matches = rounds.flatMap((round) =>
        round.matches.map((match) => ({ ...match, round: match.round ?? round.name })),
      );
      // Euro 2020 was played in 2021 and kept its name: season "2020", named "Euro 2020".
      sources.push({
        file,
        format: 'json',
        competitionCode: 'euro',
        season: { code: year, name: `Euro ${year}`, window: null },
        teamKind: 'national',
        matches,
        stadiums: [],
        stadiumEdition: null,
      });
    }
  }
  return sources;
}

/**
 * The Football.TXT league files of each country repository (england/<season>/<tier>-<name>.txt):
 * the file name says which competition, and the file's title must say the same
 * ("= English Premier League 2025/26"). Squad files name their competition by
 * that title too ("=  Arsenal FC - English Premier League 2023/24").
 */
export const TXT_LEAGUES: readonly { repository: string; file: string; code: string; title: string }[] = [
  { repository: 'england', file: '1-premierleague.txt', code: 'en.1', title: 'English Premier League' },
  { repository: 'england', file: '2-championship.txt', code: 'en.2', title: 'English Championship' },
  { repository: 'england', file: '3-league1.txt', code: 'en.3', title: 'English League One' },
  { repository: 'england', file: '4-league2.txt', code: 'en.4', title: 'English League Two' },
  { repository: 'england', file: '5-nationalleague.txt', code: 'en.5', title: 'English National League' },
];

const TXT_REPOSITORIES = [...new Set(TXT_LEAGUES.map((league) => league.repository))];

/** "English Premier League 2025/26" without its season. */
function titleWithoutSeason(title: string): string {
  return title.replace(/\s+\d{4}(?:\/\d{2})?\s*$/, '');
}

/** The competition a Football.TXT title names, e.g. in a squad file's header. */
export function competitionOfTxtTitle(title: string): string | undefined {
  return TXT_LEAGUES.find((league) => league.title === titleWithoutSeason(title))?.code;
}

function txtSources(root: string): SeasonSource[] {
  const sources: SeasonSource[] = [];
  for (const repository of TXT_REPOSITORIES) {
    for (const folder of folders(path.join(root, repository), SEASON_FOLDER)) {
      const season = leagueSeason(folder);
      for (const name of readdirSync(path.join(root, repository, folder)).sort()) {
        if (name === 'squads') continue;
        const file = `${repository}/${folder}/${name}`;
        const league = TXT_LEAGUES.find((known) => known.repository === repository && known.file === name);
        if (league === undefined || !statSync(path.join(root, file)).isFile())
          throw new Error(`openfootball: don't know what ${file} holds (add it to TXT_LEAGUES in sources.ts)`);
        const parsed = parseFootballTxt(readFileSync(path.join(root, file), 'utf8'), file);
        const [startYear] = seasonYears(parsed.title);
        if (titleWithoutSeason(parsed.title) !== league.title || startYear !== Number(folder.slice(0, 4)))
          throw new Error(
            `openfootball: ${file} is titled "${parsed.title}", not "${league.title}" of the ${folder} season`,
          );
        sources.push({
          file,
          format: 'txt',
          competitionCode: league.code,
          season,
          teamKind: 'club',
          matches: parsed.matches.map((match) => match.match),
          stadiums: [],
          stadiumEdition: null,
        });
      }
    }
  }
  return sources;
}

/** A squad file: england/2023-24/squads/arsenal.txt. */
export interface SquadFile {
  file: string;
  season: SeasonLabel;
  text: string;
}

/** Every `<repository>/<season>/squads/*.txt`; what else may sit in a squads folder is an error. */
export function listSquadFiles(root: string): SquadFile[] {
  const squads: SquadFile[] = [];
  for (const repository of TXT_REPOSITORIES) {
    for (const folder of folders(path.join(root, repository), SEASON_FOLDER)) {
      const dir = path.join(root, repository, folder, 'squads');
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir).sort()) {
        const file = `${repository}/${folder}/squads/${name}`;
        if (!name.endsWith('.txt')) throw new Error(`openfootball: don't know what ${file} holds (squads are .txt)`);
        squads.push({ file, season: leagueSeason(folder), text: readFileSync(path.join(dir, name), 'utf8') });
      }
    }
  }
  return squads;
}

/**
 * Every competition-season shipped: club competitions first (a JSON file and the
 * Football.TXT file of the same competition-season side by side; the step merges
 * them), then national-team tournaments.
 */
export function listSeasonSources(root: string): SeasonSource[] {
  return [...leagueSources(root), ...txtSources(root), ...tournamentSources(root)].sort(
    (a, b) => Number(a.teamKind === 'national') - Number(b.teamKind === 'national'),
  );
}

/** FIFA codes from every worldcup.teams.json ({ teams: [{ name, code }] } or [{ name, fifa_code }]). */
export function readNationalTeamCodes(root: string): { name: string; code: string }[] {
  const codes: { name: string; code: string }[] = [];
  const worldcup = path.join(root, 'worldcup.json');
  for (const year of folders(worldcup, /^\d{4}$/)) {
    const file = `worldcup.json/${year}/worldcup.teams.json`;
    if (!existsSync(path.join(root, file))) continue;
    const data = readJson(root, file, nationalTeamsFileSchema);
    if (Array.isArray(data)) codes.push(...data.map((team) => ({ name: team.name, code: team.fifa_code })));
    else codes.push(...data.teams.map((team) => ({ name: team.name, code: team.code })));
  }
  return codes;
}
