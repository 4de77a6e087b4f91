// The openfootball importer (issue #3, DESIGN.md §4): every shipped league
// season, World Cup, Euro, the Club World Cup 2025 and the 2026 World Cup
// qualifying play-offs, with teams joined through the clubs directory.
// Decisions and every known data problem: ./README.md.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import { ensureCompetition, ensureSeason, type SeedContext, type SeedStep } from '../seed-kit.ts';
import { loadClubDirectory, type ClubDirectory } from './clubs.ts';
import {
  removeRetiredPlayers,
  writeSeasonGoals,
  type GoalWriteCounts,
  type MatchGoals,
  type RetiredPlayers,
} from './goal-writer.ts';
import { timeZoneFor, toKickoff } from './kickoff.ts';
import { writeSeasonMatches, type PlannedMatch } from './match-writer.ts';
import { foldName as foldText, keyOfName as teamKey } from './name-cache.ts';
import { NationalTeamCodes } from './national-teams.ts';
import {
  fixSeasonDate,
  isSettled,
  placeMatch,
  readGoals,
  readResult,
  reconcileHalfTime,
  type GoalEvent,
  type SeasonLabel,
} from './normalize.ts';
import type { SourceMatch } from './openfootball.schemas.ts';
import { recordImportedFiles } from './imported-files.ts';
import { RefStore } from './ref-store.ts';
import { mergeNewerFile } from './season-merge.ts';
import {
  competitionOfTxtTitle,
  listSeasonSources,
  listSquadFiles,
  readNationalTeamCodes,
  type SeasonSource,
} from './sources.ts';
import { parseSquadTxt, writeSquad, type SquadCounts } from './squads.ts';
import { TeamResolver, splitCountryTag } from './teams.ts';
import { StadiumIndex, venueIdentity, type VenueInput } from './venues.ts';

export const OPENFOOTBALL_SOURCE = 'openfootball';

export const openfootballStep: SeedStep = {
  name: 'openfootball',
  licence:
    'openfootball (https://github.com/openfootball): public domain (CC0 1.0). Suggested credit: "Fixtures and results: openfootball".',
  run: (context) => importOpenfootball(context),
};

interface TeamName {
  name: string;
  code: string | undefined;
}

function teamName(team: SourceMatch['team1']): TeamName {
  return typeof team === 'string' ? { name: team, code: undefined } : { name: team.name, code: team.code };
}

interface PlannedSourceMatch {
  key: string;
  label: string;
  date: string;
  home: TeamName;
  away: TeamName;
  kickoffAt: string;
  timeKnown: boolean;
  placement: ReturnType<typeof placeMatch>;
  result: ReturnType<typeof readResult>;
  goals: GoalEvent[];
  ground: string | undefined;
}

/** A planned match with its teams resolved: what season-merge.ts compares. */
interface ResolvedMatch extends PlannedSourceMatch {
  homeId: number;
  awayId: number;
  stage: string | null;
  formerKeys: string[];
}

export interface OpenfootballCounts extends GoalWriteCounts, SquadCounts {
  files: number;
  competitions: number;
  seasons: number;
  matches: number;
  matchesInserted: number;
  matchesUpdated: number;
  matchesUnchanged: number;
  matchesAdopted: number;
  /** Found under the key of an older file's date (a Football.TXT match the JSON has on another day). */
  matchesMoved: number;
  matchesRemoved: number;
  /** Matches the Football.TXT has on another date than the JSON. */
  matchesRescheduled: number;
  /** Results and statuses the Football.TXT adds to or changes in the JSON. */
  txtUpdates: number;
  /** Scorer rows an earlier import made under a short name, now folded into the full name. */
  playersRemoved: number;
  teamsCreated: number;
  aliasesAdded: number;
  venuesCreated: number;
  datesFixed: number;
  duplicatesSkipped: number;
  placeholdersSkipped: number;
  problems: number;
}

/**
 * Imports the openfootball folder under `context.dataDir`: all of it, or with `only`, the competition-seasons
 * with a file in it and the squad files in it (the data refresh, issue #19; every file is still read, for the
 * teams' codes). Records the checksums of the files it imported (imported-files.ts).
 */
export async function importOpenfootball(
  context: SeedContext,
  options: { only?: ReadonlySet<string> } = {},
): Promise<Record<string, number>> {
  const { only } = options;
  const root = path.join(context.dataDir, 'openfootball');
  if (!existsSync(root))
    throw new Error(
      `openfootball data not found: ${root} does not exist (set DATA_DIR to the folder holding openfootball/)`,
    );
  const { db } = context;

  // The clubs directory is loaded first: every club name in every file is looked up in it.
  const clubs = loadClubDirectory(path.join(root, 'clubs'));
  const nations = new NationalTeamCodes();
  for (const team of readNationalTeamCodes(root)) nations.add(team.name, team.code);
  const sources = listSeasonSources(root);
  const unknown = sources.filter((source) => findCompetitionDefinition(source.competitionCode) === undefined);
  if (unknown.length > 0) {
    const list = unknown.map((source) => `"${source.competitionCode}" (${source.file})`).join(', ');
    throw new Error(`openfootball: unknown competition code ${list}; add it to COMPETITIONS in domain/competitions.ts`);
  }
  // Euro files give each team's code: learn them all before the first World Cup names "Wales".
  for (const source of sources) {
    for (const match of source.matches) {
      for (const team of [match.team1, match.team2]) if (typeof team !== 'string') nations.add(team.name, team.code);
    }
  }

  const refs = await RefStore.load(db, OPENFOOTBALL_SOURCE);
  const teams = await TeamResolver.load(db, refs, clubs, nations);
  const counts: OpenfootballCounts = {
    files: sources.length,
    competitions: 0,
    seasons: 0,
    matches: 0,
    matchesInserted: 0,
    matchesUpdated: 0,
    matchesUnchanged: 0,
    matchesAdopted: 0,
    matchesMoved: 0,
    matchesRemoved: 0,
    matchesRescheduled: 0,
    txtUpdates: 0,
    playersRemoved: 0,
    scorerNamesJoined: 0,
    scorerNamesAmbiguous: 0,
    squadPlayers: 0,
    squadPlayersCreated: 0,
    squadPlayersUpdated: 0,
    squadPlayersAdopted: 0,
    squadPlayersLinked: 0,
    squadPlacesRemoved: 0,
    teamsCreated: 0,
    aliasesAdded: 0,
    venuesCreated: 0,
    playersCreated: 0,
    eventsWritten: 0,
    datesFixed: 0,
    duplicatesSkipped: 0,
    placeholdersSkipped: 0,
    problems: 0,
  };
  const competitionIds = new Map<string, number>();
  const now = context.now.toISOString();
  const retired: RetiredPlayers = new Map();

  for (const group of groupBySeason(sources)) {
    if (only && !group.sources.some((source) => only.has(source.file))) continue;
    const definition = findCompetitionDefinition(group.competitionCode);
    if (!definition) throw new Error(`openfootball: unknown competition code "${group.competitionCode}"`); // checked above
    const reporter = (file: string) => (message: string) => {
      counts.problems += 1;
      context.log(`${file}: ${message}`);
    };

    // Each file of the season planned on its own (its own data problems), its teams resolved.
    const plans: { source: SeasonSource; matches: ResolvedMatch[] }[] = [];
    for (const source of group.sources) {
      const report = reporter(source.file);
      const planned = planSeason(
        source,
        definition.kind,
        shortFormsIn(source, definition.areaCode, clubs, report),
        report,
        counts,
      );
      const matches: ResolvedMatch[] = [];
      for (const match of planned) {
        const homeId = await resolveTeam(teams, source, definition.areaCode, match.home);
        const awayId = await resolveTeam(teams, source, definition.areaCode, match.away);
        matches.push({ ...match, homeId, awayId, stage: match.placement.stage, formerKeys: [] });
      }
      plans.push({ source, matches });
    }
    const [first, second] = plans;
    if (first === undefined) continue;
    let planned = first.matches;
    if (second !== undefined) {
      // listSeasonSources puts the JSON first: the Football.TXT after it is the newer version of the same file.
      planned = mergeSeasonFiles(context, second, first, reporter, counts);
    }
    const { source } = first;

    let competitionId = competitionIds.get(definition.code);
    if (competitionId === undefined) {
      competitionId = await ensureCompetition(db, definition);
      competitionIds.set(definition.code, competitionId);
    }
    const dates = planned.map((match) => match.date).sort();
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: group.season.code,
      name: group.season.name,
      startDate: dates[0] ?? null,
      endDate: dates[dates.length - 1] ?? null,
      complete: planned.length > 0 && planned.every((match) => isSettled(match.result.status)),
    });

    const report = reporter(source.file);
    const stadiums =
      source.stadiums.length > 0 && source.stadiumEdition
        ? new StadiumIndex(source.stadiums, source.stadiumEdition)
        : undefined;
    const rows: PlannedMatch[] = [];
    const goals: Omit<MatchGoals, 'matchId'>[] = [];
    const goalKeys: string[] = [];
    for (const match of planned) {
      const home = match.homeId;
      const away = match.awayId;
      let venueId: number | null = null;
      if (stadiums && match.ground) {
        const venue = stadiums.find(match.ground);
        if (venue) venueId = await ensureVenue(context, refs, venue, counts);
        else if (source.competitionCode === 'world.cup')
          report(`${match.label}: ground "${match.ground}" is in no stadium of worldcup.stadiums.json; no venue`);
      }
      const { result, placement } = match;
      rows.push({
        key: match.key,
        formerKeys: match.formerKeys,
        values: {
          season_id: seasonId,
          stage: placement.stage,
          round: placement.round,
          group_name: placement.group,
          kickoff_at: match.kickoffAt,
          kickoff_time_known: match.timeKnown ? 1 : 0,
          home_team_id: home,
          away_team_id: away,
          venue_id: venueId,
          status: result.status,
          home_score: result.home,
          away_score: result.away,
          home_score_ht: result.htHome,
          away_score_ht: result.htAway,
          home_score_et: result.etHome,
          away_score_et: result.etAway,
          home_score_pen: result.penHome,
          away_score_pen: result.penAway,
          has_events: match.goals.length > 0 ? 1 : 0,
        },
      });
      if (source.teamKind === 'national') {
        goalKeys.push(match.key);
        goals.push({
          home: {
            teamId: home,
            identity: TeamResolver.nationalIdentity(
              match.home.name,
              match.home.code ?? nations.codeOf(match.home.name),
            ),
            name: teams.nameOf(home),
          },
          away: {
            teamId: away,
            identity: TeamResolver.nationalIdentity(
              match.away.name,
              match.away.code ?? nations.codeOf(match.away.name),
            ),
            name: teams.nameOf(away),
          },
          goals: match.goals,
        });
      }
    }

    const keyPrefix = `${definition.code}|${group.season.code}|`;
    const written = await writeSeasonMatches(
      db,
      refs,
      { seasonId, keyPrefix, source: OPENFOOTBALL_SOURCE, now, log: report },
      rows,
    );
    counts.matches += rows.length;
    counts.matchesInserted += written.counts.inserted;
    counts.matchesUpdated += written.counts.updated;
    counts.matchesUnchanged += written.counts.unchanged;
    counts.matchesAdopted += written.counts.adopted;
    counts.matchesMoved += written.counts.moved;
    counts.matchesRemoved += written.counts.removed;
    if (goals.length > 0) {
      const withIds = goals.map((match, index) => {
        const matchId = written.ids.get(goalKeys[index] ?? '');
        if (matchId === undefined) throw new Error(`openfootball: no id for match ${goalKeys[index]}`);
        return { ...match, matchId };
      });
      await writeSeasonGoals(
        db,
        refs,
        { id: seasonId, label: `${definition.code} ${group.season.code}` },
        withIds,
        counts,
        report,
        retired,
      );
    }
    await refs.flush();
    counts.seasons += 1;
  }

  await importSquads(context, root, { refs, teams, nations, competitionIds, only }, counts);
  counts.playersRemoved = await removeRetiredPlayers(db, refs, retired);
  await refs.flush();
  await recordImportedFiles(
    db,
    root,
    only ? [...only].filter((file) => existsSync(path.join(root, file))) : 'all',
    now,
  );
  counts.competitions = competitionIds.size;
  counts.teamsCreated = teams.counts.teamsCreated;
  counts.aliasesAdded = teams.counts.aliasesAdded;
  return { ...counts };
}

interface SeasonGroup {
  competitionCode: string;
  season: SeasonLabel;
  /** One file, or a football.json file followed by the Football.TXT version of the same season. */
  sources: SeasonSource[];
}

/** The files of each competition-season, in the order listSeasonSources gives them. */
function groupBySeason(sources: readonly SeasonSource[]): SeasonGroup[] {
  const groups = new Map<string, SeasonGroup>();
  for (const source of sources) {
    const key = `${source.competitionCode}|${source.season.code}`;
    const group = groups.get(key) ?? { competitionCode: source.competitionCode, season: source.season, sources: [] };
    group.sources.push(source);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    group.sources.sort((a, b) => Number(a.format === 'txt') - Number(b.format === 'txt'));
    const formats = group.sources.map((source) => source.format).join('+');
    if (formats !== 'json' && formats !== 'txt' && formats !== 'json+txt')
      throw new Error(
        `openfootball: ${group.competitionCode} ${group.season.code} is in ${group.sources.map((source) => source.file).join(', ')}; expected one JSON file and at most one Football.TXT file`,
      );
  }
  return [...groups.values()];
}

/** The Football.TXT matches over the JSON's (season-merge.ts), with what changed logged. */
function mergeSeasonFiles(
  context: SeedContext,
  txt: { source: SeasonSource; matches: ResolvedMatch[] },
  json: { source: SeasonSource; matches: ResolvedMatch[] },
  reporter: (file: string) => (message: string) => void,
  counts: OpenfootballCounts,
): ResolvedMatch[] {
  const merged = mergeNewerFile(txt.matches, json.matches);
  const note = (message: string) => context.log(`${txt.source.file}: ${message}`);
  note(
    `newer than ${json.source.file}: ${merged.updated} results or statuses added or changed, ${merged.added.length} matches new`,
  );
  if (merged.moved.length > 0)
    note(
      `${merged.moved.length} matches on another date than in ${json.source.file} (moved since); the TXT date kept, no duplicate: ${merged.moved
        .map(([older, newer]) => `${older.label} → ${newer.date}`)
        .join('; ')}`,
    );
  const report = reporter(txt.source.file);
  for (const [older, newer] of merged.conflicts)
    report(
      `${newer.label}: ${json.source.file} has ${older.result.status} ${older.result.home}-${older.result.away}, the TXT ${newer.result.status} ${newer.result.home ?? ''}-${newer.result.away ?? ''}; the TXT kept`,
    );
  if (merged.olderOnly.length > 0)
    reporter(json.source.file)(
      `${merged.olderOnly.length} matches are not in ${txt.source.file}; kept from the JSON: ${merged.olderOnly.map((match) => match.label).join('; ')}`,
    );
  counts.matchesRescheduled += merged.moved.length;
  counts.txtUpdates += merged.updated;
  return merged.matches;
}

async function resolveTeam(
  teams: TeamResolver,
  source: SeasonSource,
  areaCode: string | null,
  team: TeamName,
): Promise<number> {
  return source.teamKind === 'national' ? teams.national(team.name, team.code) : teams.club(team.name, areaCode);
}

/** "N.N.", "Sieger EF" (winner of the elimination final), "Winner QF1": a knockout place not yet known. */
const PLACEHOLDER_TEAM = /^(?:N\.\s?N\.?|TBD|TBC|Sieger\b|Verlierer\b|Winner\b|Loser\b)/i;

/**
 * Short forms of a name used in the same file ("Cardiff" and "Cardiff City",
 * "Leyton" and "Leyton Orient", "AFC" and "AFC Wimbledon" in 2025-26/en.3): a
 * name the clubs directory does not know, whose words begin exactly one other
 * name of the file with the same country tag, and which appears in at most
 * half as many matches, is that other name. (Two real clubs such as "Dundee" and "Dundee United" play as
 * often as each other.)
 */
function shortFormsIn(
  source: SeasonSource,
  areaCode: string | null,
  clubs: ClubDirectory,
  report: (message: string) => void,
): Map<string, string> {
  const shortForms = new Map<string, string>();
  if (source.teamKind !== 'club') return shortForms;
  const appearances = new Map<string, number>();
  for (const match of source.matches) {
    for (const team of [teamName(match.team1).name, teamName(match.team2).name])
      appearances.set(team, (appearances.get(team) ?? 0) + 1);
  }
  const names = [...appearances.keys()];
  for (const name of names) {
    const { name: bare, country } = splitCountryTag(name);
    if (PLACEHOLDER_TEAM.test(name) || clubs.find(bare, TeamResolver.clubCountry(country, areaCode))) continue;
    const words = foldText(bare);
    const longer = names.filter((other) => {
      const parts = splitCountryTag(other);
      return other !== name && parts.country === country && foldText(parts.name).startsWith(`${words} `);
    });
    const [only] = longer;
    if (longer.length !== 1 || only === undefined) continue;
    if (2 * (appearances.get(name) ?? 0) > (appearances.get(only) ?? 0)) continue;
    shortForms.set(name, only);
    report(
      `"${name}" (${appearances.get(name)} matches) is short for "${only}" (${appearances.get(only)} matches); read as "${only}"`,
    );
  }
  return shortForms;
}

/** Turns a file's matches into what we store, reporting every data problem met on the way. */
function planSeason(
  source: SeasonSource,
  competitionKind: 'league' | 'cup',
  shortForms: ReadonlyMap<string, string>,
  report: (message: string) => void,
  counts: OpenfootballCounts,
): PlannedSourceMatch[] {
  const planned = new Map<string, { match: PlannedSourceMatch; raw: SourceMatch }>();
  const fixedDates: string[] = [];
  const placeholders: string[] = [];
  const fullName = (team: TeamName): TeamName => ({ ...team, name: shortForms.get(team.name) ?? team.name });
  for (const raw of source.matches) {
    const home = fullName(teamName(raw.team1));
    const away = fullName(teamName(raw.team2));
    const { date, fixed, outside } = fixSeasonDate(raw.date, source.season);
    const label = `${date} ${home.name} v ${away.name}`;
    if (PLACEHOLDER_TEAM.test(home.name) || PLACEHOLDER_TEAM.test(away.name)) {
      // No team to store it against; it is unplayed in the source (a result would name both teams).
      placeholders.push(label);
      continue;
    }
    if (fixed) fixedDates.push(raw.date);
    if (outside) report(`${label}: date outside the ${source.season.code} season; kept as it is`);

    const zone = timeZoneFor(source.competitionCode, source.season.code, splitCountryTag(home.name).country);
    const { kickoffAt, timeKnown } = toKickoff(date, raw.time, zone);
    const problems: string[] = [];
    const fromScore = readResult(raw.score, raw.status, problems);
    const scorers = readGoals(raw.goals1, raw.goals2, fromScore, problems);
    const result = reconcileHalfTime(fromScore, scorers, problems);
    const goals = scorers ?? [];
    for (const problem of problems) report(`${label}: ${problem}`);
    if (raw.round === undefined && raw.stage === undefined) report(`${label}: no round or stage`);

    // Team keys, not spellings, so "Cardiff City" and "Cardiff City FC" in a later version of a file keep the key.
    const key = `${source.competitionCode}|${source.season.code}|${date}|${teamKey(home.name)}|${teamKey(away.name)}`;
    const earlier = planned.get(key);
    if (earlier) {
      counts.duplicatesSkipped += 1;
      const identical = JSON.stringify(earlier.raw) === JSON.stringify(raw);
      report(
        identical
          ? `${label}: listed twice; second copy skipped`
          : `${label}: listed twice with different details; the first kept`,
      );
      continue;
    }
    planned.set(key, {
      raw,
      match: {
        key,
        label,
        date,
        home,
        away,
        kickoffAt,
        timeKnown,
        placement: placeMatch({ competitionKind, stage: raw.stage, round: raw.round, group: raw.group }),
        result,
        goals,
        ground: raw.ground,
      },
    });
  }
  if (placeholders.length > 0) {
    counts.placeholdersSkipped += placeholders.length;
    report(
      `${placeholders.length} matches between teams not yet known ("N.N.", "Sieger EF") skipped: ${placeholders.join('; ')}`,
    );
  }
  if (fixedDates.length > 0) {
    const sorted = fixedDates.sort();
    counts.datesFixed += fixedDates.length;
    report(
      `${fixedDates.length} dates ${sorted[0]}…${sorted[sorted.length - 1]} are a year early (the year did not roll over); moved one year later`,
    );
  }
  return [...planned.values()].map((entry) => entry.match);
}

async function ensureVenue(
  context: SeedContext,
  refs: RefStore,
  venue: VenueInput,
  counts: OpenfootballCounts,
): Promise<number> {
  const identity = venueIdentity(venue);
  const known = refs.get('venue', identity);
  if (known !== undefined) return known;
  const inserted = await context.db
    .insertInto('venue')
    .values({ name: venue.name, city: venue.city, country: venue.country, capacity: venue.capacity })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  refs.set('venue', identity, id);
  counts.venuesCreated += 1;
  return id;
}

/** england/<season>/squads/*.txt: each club's players in that season (squads.ts), after the seasons' matches. */
async function importSquads(
  context: SeedContext,
  root: string,
  deps: {
    refs: RefStore;
    teams: TeamResolver;
    nations: NationalTeamCodes;
    competitionIds: Map<string, number>;
    only: ReadonlySet<string> | undefined;
  },
  counts: OpenfootballCounts,
): Promise<void> {
  const { db } = context;
  for (const squadFile of listSquadFiles(root)) {
    if (deps.only && !deps.only.has(squadFile.file)) continue;
    const report = (message: string) => {
      counts.problems += 1;
      context.log(`${squadFile.file}: ${message}`);
    };
    const squad = parseSquadTxt(squadFile.text, squadFile.file);
    const code = competitionOfTxtTitle(squad.competition);
    const definition = code === undefined ? undefined : findCompetitionDefinition(code);
    if (definition === undefined)
      throw new Error(
        `openfootball: ${squadFile.file}: unknown competition "${squad.competition}" (add it to TXT_LEAGUES in sources.ts)`,
      );
    if (squad.season !== squadFile.season.name)
      throw new Error(
        `openfootball: ${squadFile.file} is a ${squad.season} squad in the ${squadFile.season.code} folder`,
      );
    let competitionId = deps.competitionIds.get(definition.code);
    if (competitionId === undefined) {
      competitionId = await ensureCompetition(db, definition);
      deps.competitionIds.set(definition.code, competitionId);
    }
    const stored = await db
      .selectFrom('season')
      .select('id')
      .where('competition_id', '=', competitionId)
      .where('code', '=', squadFile.season.code)
      .executeTakeFirst();
    let seasonId: number;
    if (stored) seasonId = Number(stored.id);
    else {
      report(`no matches of ${definition.code} ${squadFile.season.code} are shipped; the season is created empty`);
      seasonId = await ensureSeason(db, {
        competitionId,
        code: squadFile.season.code,
        name: squadFile.season.name,
        startDate: null,
        endDate: null,
        complete: false,
      });
    }
    const teamId = await deps.teams.club(squad.team, definition.areaCode);
    const plays = await db
      .selectFrom('match')
      .select('id')
      .where('season_id', '=', seasonId)
      .where((eb) => eb.or([eb('home_team_id', '=', teamId), eb('away_team_id', '=', teamId)]))
      .limit(1)
      .executeTakeFirst();
    if (!plays && stored) report(`${squad.team} plays no match of ${definition.code} ${squadFile.season.code}`);
    await writeSquad(
      db,
      deps.refs,
      {
        seasonId,
        teamId,
        teamName: squad.team,
        players: squad.players,
        countryOf: (country) =>
          country === null ? definition.areaName : (deps.nations.nameOfCode(country) ?? country),
        // The goal writer's key of a national-team scorer (TeamResolver.nationalIdentity, FIFA code); one-word
        // names ("Ronaldo", "Oscar") are too weak to join on.
        nationalPlayer: (player) =>
          foldText(player.name).includes(' ')
            ? deps.refs.get('player', `national|${player.countryCode ?? definition.areaCode}|${foldText(player.name)}`)
            : undefined,
        report,
      },
      counts,
    );
  }
  await deps.refs.flush();
}
