// The Wyscout importer (issue #3, DESIGN.md §4): every shipped Premier League
// 2017/18, World Cup 2018 and Euro 2016 match with its events, line-ups, actions
// and stats. Idempotent through source_ref: a match already imported is skipped
// whole, so a second run writes nothing. A match another source already has
// (same competition and season, same two teams, same UTC date) is enriched, not
// duplicated, and its stored score is never changed.
import { playerStatsRow, teamStatsRow } from '../../match-stats-rows.ts';
import { existsSync } from 'node:fs';
import type { Insertable } from 'kysely';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import { findSameMatch, type MatchIdentity } from '../../../domain/same-match.ts';
import { toMatchRow, type MatchResultColumn, type MatchRow } from '../../match-rows.ts';
import type { MatchTable, PlayerTable } from '../../schema.ts';
import { ensureCompetition, ensureSeason, type SeedContext, type SeedDb, type SeedStep } from '../seed-kit.ts';
import { saveRef } from '../../source-refs.ts';
import { addTeamAlias, findTeam, resolveTeam } from '../../teams.ts';
import { fifaCode } from '../fjelstul/fjelstul-teams.ts';
import { insertRows } from './insert-rows.ts';
import { deriveMatch, sidesOf, type DerivedMatch } from './wyscout-derive.ts';
import {
  WYSCOUT_COMPETITIONS,
  kickoffIso,
  listMatchPlayers,
  loadWyscoutMatchText,
  parseWyscoutMatchText,
  readWyscoutMatches,
  readWyscoutTeams,
  wyscoutDir,
  type WyscoutCompetition,
  type WyscoutCompetitionKey,
  type WyscoutMatch,
  type WyscoutMatchFile,
  type WyscoutPlayer,
  type WyscoutTeam,
} from './wyscout-files.ts';
import { primaryTeamName, teamCity, teamCountryCode, teamSpellings } from './wyscout-teams.ts';

export const WYSCOUT_SOURCE = 'wyscout';

export const WYSCOUT_LICENCE =
  'Wyscout match events: Pappalardo, L., Massucco, E. (2019) Soccer match event dataset, figshare, https://doi.org/10.6084/m9.figshare.c.4415000 — ' +
  'Pappalardo et al., Scientific Data 6, 236 (2019). Data collected by Wyscout. CC BY 4.0: credit it wherever it is shown.';

export interface WyscoutStepOptions {
  /** Import only these competitions (tests on PostgreSQL import Euro 2016 alone). Default: all three. */
  competitions?: readonly WyscoutCompetitionKey[];
}

export function createWyscoutStep(options: WyscoutStepOptions = {}): SeedStep {
  return {
    name: 'wyscout',
    licence: WYSCOUT_LICENCE,
    run: (context) => importWyscout(context, options),
  };
}

export const wyscoutStep: SeedStep = createWyscoutStep();

/** Wyscout ids already imported, by kind: the source_ref rows of this source. */
type Refs = Record<'team' | 'player' | 'match', Map<string, number>>;

interface Counts {
  matchesCreated: number;
  matchesMerged: number;
  matchesUnchanged: number;
  teamsLinked: number;
  playersCreated: number;
  events: number;
  actions: number;
  lineups: number;
  scoreConflicts: number;
}

interface Run {
  context: SeedContext;
  db: SeedDb;
  refs: Refs;
  teams: Map<number, WyscoutTeam>;
  venues: Map<string, number>;
  /** Players whose country this run took from the national team they played for. */
  nationalitiesSet: Set<number>;
  counts: Counts;
}

async function importWyscout(context: SeedContext, options: WyscoutStepOptions): Promise<Record<string, number>> {
  const dir = wyscoutDir(context.dataDir);
  if (!existsSync(dir)) {
    context.log(`no Wyscout data in ${dir}; skipped`);
    return {};
  }
  const selected = WYSCOUT_COMPETITIONS.filter(
    (competition) => !options.competitions || options.competitions.includes(competition.key),
  );
  const run: Run = {
    context,
    db: context.db,
    refs: await loadRefs(context.db),
    teams: new Map(readWyscoutTeams(dir).map((team) => [team.wyId, team])),
    venues: new Map(),
    nationalitiesSet: new Set(),
    counts: {
      matchesCreated: 0,
      matchesMerged: 0,
      matchesUnchanged: 0,
      teamsLinked: 0,
      playersCreated: 0,
      events: 0,
      actions: 0,
      lineups: 0,
      scoreConflicts: 0,
    },
  };
  for (const competition of selected) await importCompetition(run, dir, competition);
  return { ...run.counts };
}

async function loadRefs(db: SeedDb): Promise<Refs> {
  const rows = await db
    .selectFrom('source_ref')
    .select(['kind', 'external_id', 'local_id'])
    .where('source', '=', WYSCOUT_SOURCE)
    .execute();
  const refs: Refs = { team: new Map(), player: new Map(), match: new Map() };
  for (const row of rows) {
    if (row.kind === 'team' || row.kind === 'player' || row.kind === 'match')
      refs[row.kind].set(row.external_id, Number(row.local_id));
  }
  return refs;
}

async function importCompetition(run: Run, dir: string, competition: WyscoutCompetition): Promise<void> {
  const { db } = run;
  const matches = readWyscoutMatches(dir, competition).sort(
    (a, b) => a.dateutc.localeCompare(b.dateutc) || a.wyId - b.wyId,
  );
  if (matches.length !== competition.expectedMatches) {
    throw new Error(
      `${competition.matchesFile}: expected ${competition.expectedMatches} matches, found ${matches.length}`,
    );
  }
  const definition = findCompetitionDefinition(competition.competitionCode);
  if (!definition) throw new Error(`Competition ${competition.competitionCode} is not in domain/competitions.ts`);
  const competitionId = await ensureCompetition(db, definition);
  const seasonId = await findOrCreateSeason(db, {
    competitionId,
    code: competition.seasonCode,
    name: `${definition.name} ${competition.seasonLabel}`,
    startDate: (matches[0] as WyscoutMatch).dateutc.slice(0, 10),
    endDate: (matches.at(-1) as WyscoutMatch).dateutc.slice(0, 10),
    complete: true,
  });
  const rounds = describeRounds(matches, definition.kind);
  const claimed = new Set(run.refs.match.values());
  const stored = (await loadSeasonMatches(db, seasonId)).filter((row) => !claimed.has(row.id));

  const todo = matches.filter((match) => !run.refs.match.has(String(match.wyId)));
  run.counts.matchesUnchanged += matches.length - todo.length;
  // Reading and decompressing the next file overlaps with writing this one. A read
  // that fails is reported when its match's turn comes (or not at all if an earlier
  // match failed first), never as an unhandled rejection.
  const prefetch = (match: WyscoutMatch | undefined) => {
    if (!match) return undefined;
    const loading = loadWyscoutMatchText(dir, competition, match.wyId);
    loading.catch(() => undefined);
    return loading;
  };
  let next = prefetch(todo[0]);
  for (const [position, match] of todo.entries()) {
    const loaded = await (next as ReturnType<typeof loadWyscoutMatchText>);
    next = prefetch(todo[position + 1]);
    const file = parseWyscoutMatchText(loaded);
    const derived = deriveMatch(match, file.events);
    for (const note of derived.notes) run.context.log(`warning: ${note}`);

    const sides = sidesOf(match);
    const teamOf = (wyId: number) => run.teams.get(wyId) ?? file.teams[String(wyId)];
    const homeTeamId = await resolveWyscoutTeam(run, teamOf(sides.home.teamId), sides.home.teamId);
    const awayTeamId = await resolveWyscoutTeam(run, teamOf(sides.away.teamId), sides.away.teamId);
    const localTeam = new Map([
      [sides.home.teamId, homeTeamId],
      [sides.away.teamId, awayTeamId],
    ]);
    const localPlayer = await resolveMatchPlayers(run, file, derived, (wyId) => teamOf(wyId));
    const venueId = await findOrCreateVenue(run, match.venue);
    const round = rounds.get(match.wyId) ?? { stage: null, round: null, group: null };
    const kickoffAt = kickoffIso(match.dateutc);

    // The same real match from another source (domain/same-match.ts): teams either way round, as
    // openfootball may list a tournament's neutral-venue matches.
    const existing = findSameMatch(stored, { homeTeamId, awayTeamId, kickoffAt, kickoffTimeKnown: true }, { sidesFixed: false });
    let matchId: number;
    let storedHomeTeamId = homeTeamId;
    if (existing) {
      stored.splice(stored.indexOf(existing), 1);
      matchId = existing.id;
      storedHomeTeamId = existing.homeTeamId;
      await mergeIntoMatch(run, existing, { match, derived, homeTeamId, venueId, round });
      run.counts.matchesMerged += 1;
    } else {
      const values: Insertable<MatchTable> = {
        season_id: seasonId,
        stage: round.stage,
        round: round.round,
        group_name: round.group,
        kickoff_at: kickoffAt,
        kickoff_time_known: 1,
        home_team_id: homeTeamId,
        away_team_id: awayTeamId,
        venue_id: venueId,
        status: 'finished',
        minute: null,
        // The result after extra time when it was played (docs/decisions/009); Wyscout's `score` is after 90 minutes.
        home_score: derived.home.scoreEt ?? derived.home.score,
        away_score: derived.away.scoreEt ?? derived.away.score,
        home_score_ht: derived.home.scoreHt,
        away_score_ht: derived.away.scoreHt,
        home_score_et: derived.home.scoreEt,
        away_score_et: derived.away.scoreEt,
        home_score_pen: derived.home.scorePen,
        away_score_pen: derived.away.scorePen,
        has_events: 1,
        source: WYSCOUT_SOURCE,
        updated_at: run.context.now.toISOString(),
      };
      matchId = Number((await db.insertInto('match').values(values).returning('id').executeTakeFirstOrThrow()).id);
      run.counts.matchesCreated += 1;
    }
    await saveRef(db, WYSCOUT_SOURCE, 'match', match.wyId, matchId);
    run.refs.match.set(String(match.wyId), matchId);
    await insertMatchDetails(run, { matchId, seasonId, storedHomeTeamId, derived, localTeam, localPlayer, file });
  }
}

/** The season if any source made it already (left as that source wrote it, gaps filled), else a new one. */
async function findOrCreateSeason(db: SeedDb, input: Parameters<typeof ensureSeason>[1]): Promise<number> {
  const existing = await db
    .selectFrom('season')
    .select(['id', 'start_date', 'end_date'])
    .where('competition_id', '=', input.competitionId)
    .where('code', '=', input.code)
    .executeTakeFirst();
  if (!existing) return ensureSeason(db, input);
  const patch: { start_date?: string; end_date?: string } = {};
  if (existing.start_date === null && input.startDate) patch.start_date = input.startDate;
  if (existing.end_date === null && input.endDate) patch.end_date = input.endDate;
  if (Object.keys(patch).length > 0) await db.updateTable('season').set(patch).where('id', '=', existing.id).execute();
  return Number(existing.id);
}

interface RoundInfo {
  stage: string | null;
  round: string | null;
  group: string | null;
}

const KNOCKOUT_NAMES: Readonly<Record<number, string>> = {
  16: 'Round of 32',
  8: 'Round of 16',
  4: 'Quarter-finals',
  2: 'Semi-finals',
};

/**
 * Stage, round and group per match. Leagues: "Regular season", "Matchday N" from
 * the gameweek. Tournaments: gameweek 1–3 is the group stage ("Group stage",
 * "Matchday N", the record's group); gameweek 0 is a knockout round, named by how
 * many matches its roundId holds (8 → Round of 16 …), the last single-match round
 * being the final and an earlier one the third-place match. The Euro 2016
 * knockout records carry "Group F" as their group: ignored.
 */
export function describeRounds(matches: readonly WyscoutMatch[], kind: 'league' | 'cup'): Map<number, RoundInfo> {
  const info = new Map<number, RoundInfo>();
  if (kind === 'league') {
    for (const match of matches)
      info.set(match.wyId, { stage: 'Regular season', round: `Matchday ${match.gameweek}`, group: null });
    return info;
  }
  const knockout = new Map<number, WyscoutMatch[]>();
  for (const match of matches) {
    if (match.gameweek > 0) {
      info.set(match.wyId, {
        stage: 'Group stage',
        round: `Matchday ${match.gameweek}`,
        group: match.groupName?.trim() || null,
      });
    } else {
      knockout.set(match.roundId, [...(knockout.get(match.roundId) ?? []), match]);
    }
  }
  const lastDate = (round: WyscoutMatch[]) =>
    round.reduce((latest, match) => (match.dateutc > latest ? match.dateutc : latest), '');
  const ordered = [...knockout.values()].sort((a, b) => lastDate(a).localeCompare(lastDate(b)));
  for (const [position, round] of ordered.entries()) {
    const name =
      round.length === 1
        ? position === ordered.length - 1
          ? 'Final'
          : 'Third place'
        : (KNOCKOUT_NAMES[round.length] ?? `Knockout round of ${round.length * 2}`);
    for (const match of round) info.set(match.wyId, { stage: name, round: name, group: null });
  }
  return info;
}

/**
 * The local team for a Wyscout team: through its source_ref once linked; else the
 * team any source already named with one of its spellings (team_alias, teamKey);
 * else a new team. All its spellings become aliases either way.
 */
async function resolveWyscoutTeam(run: Run, team: WyscoutTeam | undefined, wyId: number): Promise<number> {
  const known = run.refs.team.get(String(wyId));
  if (known !== undefined) return known;
  if (!team) throw new Error(`Wyscout team ${wyId} is neither in teams.json nor in its match file`);
  const spellings = teamSpellings(team);
  let foundAs: string | undefined;
  for (const spelling of spellings) {
    if ((await findTeam(run.db, spelling, team.type)) !== undefined) {
      foundAs = spelling;
      break;
    }
  }
  const name = foundAs ?? primaryTeamName(team);
  // National teams get their FIFA trigram (ISL, not a code cut from "Iceland"; Wyscout's alpha-3 is ISO's: DEU, not GER).
  const code = team.type === 'national' ? (fifaCode(name) ?? fifaCode(team.name)) : null;
  const id = await resolveTeam(run.db, {
    name,
    shortName: team.name,
    kind: team.type,
    ...(code ? { code } : {}),
    countryCode: teamCountryCode(team),
    city: teamCity(team),
  });
  for (const spelling of spellings) await addTeamAlias(run.db, id, spelling, team.type);
  await saveRef(run.db, WYSCOUT_SOURCE, 'team', wyId, id);
  run.refs.team.set(String(wyId), id);
  run.counts.teamsLinked += 1;
  return id;
}

const POSITIONS: Readonly<Record<string, string>> = { GK: 'GK', DF: 'DF', MD: 'MF', FW: 'FW' };

function playerName(player: WyscoutPlayer): string {
  const full = [player.firstName, player.middleName ?? '', player.lastName]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
  return full || player.shortName;
}

/** Local ids for every player the match mentions who is listed with details in its file. */
/**
 * Local ids for every player the match mentions who is listed with details in its
 * file. A player's country is the national team he played for where the data has
 * one (passports are often a second nationality: Cavani's is Italian), else his
 * country of birth.
 */
async function resolveMatchPlayers(
  run: Run,
  file: WyscoutMatchFile,
  derived: DerivedMatch,
  teamOf: (wyId: number) => WyscoutTeam | undefined,
): Promise<Map<number, number>> {
  const listed = listMatchPlayers(file);
  const wanted = new Set<number>();
  for (const entry of derived.lineups) wanted.add(entry.playerId);
  for (const event of derived.keyEvents) {
    if (event.playerId !== null) wanted.add(event.playerId);
    if (event.relatedPlayerId !== null) wanted.add(event.relatedPlayerId);
  }
  for (const action of derived.actions) if (action.playerId !== null) wanted.add(action.playerId);

  const local = new Map<number, number>();
  const created: Array<{ wyId: number; nationality: string | undefined; values: Insertable<PlayerTable> }> = [];
  for (const wyId of [...wanted].sort((a, b) => a - b)) {
    const entry = listed.get(wyId);
    const team = entry ? teamOf(entry.teamId) : undefined;
    const nationality = team?.type === 'national' ? team.area.name : undefined;
    const known = run.refs.player.get(String(wyId));
    if (known !== undefined) {
      local.set(wyId, known);
      if (nationality && !run.nationalitiesSet.has(wyId)) {
        await run.db
          .updateTable('player')
          .set({ country: nationality })
          .where('id', '=', known)
          .where((eb) => eb.or([eb('country', 'is', null), eb('country', '!=', nationality)]))
          .execute();
        run.nationalitiesSet.add(wyId);
      }
      continue;
    }
    // Five unused substitutes in the Premier League records have no details anywhere in the data.
    if (!entry) continue;
    const details = entry.player;
    created.push({
      wyId,
      nationality,
      values: {
        name: playerName(details),
        short_name: details.shortName || playerName(details),
        birth_date: details.birthDate || null,
        country: nationality ?? (details.birthArea?.name || details.passportArea?.name || null),
        position: POSITIONS[details.role?.code2 ?? ''] ?? null,
      },
    });
  }
  if (created.length === 0) return local;

  // One insert for the match's new players. Neither engine promises RETURNING rows
  // in VALUES order, so rows are matched back by content (rows alike in every
  // column are interchangeable).
  const rowKey = (row: Insertable<PlayerTable>) =>
    JSON.stringify([row.name, row.short_name, row.birth_date, row.country, row.position]);
  const inserted = await run.db
    .insertInto('player')
    .values(created.map((player) => player.values))
    .returning(['id', 'name', 'short_name', 'birth_date', 'country', 'position'])
    .execute();
  const idsByKey = new Map<string, number[]>();
  for (const row of inserted) idsByKey.set(rowKey(row), [...(idsByKey.get(rowKey(row)) ?? []), Number(row.id)]);
  for (const player of created) {
    const id = idsByKey.get(rowKey(player.values))?.shift();
    if (id === undefined) throw new Error(`Player ${player.values.name} was not inserted`);
    local.set(player.wyId, id);
    run.refs.player.set(String(player.wyId), id);
    if (player.nationality) run.nationalitiesSet.add(player.wyId);
  }
  await insertRows(
    run.db,
    run.context.engine,
    'source_ref',
    ['source', 'kind', 'external_id', 'local_id'],
    created.map((player) => ({
      source: WYSCOUT_SOURCE,
      kind: 'player',
      external_id: String(player.wyId),
      local_id: local.get(player.wyId) as number,
    })),
  );
  run.counts.playersCreated += created.length;
  return local;
}

async function findOrCreateVenue(run: Run, name: string | null | undefined): Promise<number | null> {
  const trimmed = name?.trim();
  if (!trimmed) return null;
  const cached = run.venues.get(trimmed);
  if (cached !== undefined) return cached;
  const existing = await run.db.selectFrom('venue').select('id').where('name', '=', trimmed).executeTakeFirst();
  const id = existing
    ? Number(existing.id)
    : Number(
        (
          await run.db
            .insertInto('venue')
            .values({ name: trimmed, city: null, country: null, capacity: null })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
  run.venues.set(trimmed, id);
  return id;
}

interface StoredMatch extends MatchIdentity {
  id: number;
  row: Pick<MatchRow, 'stage' | 'round' | 'group_name' | 'venue_id' | MatchResultColumn>;
}

/** Matches of the season that some source stored before (the candidates for a merge). */
async function loadSeasonMatches(db: SeedDb, seasonId: number): Promise<StoredMatch[]> {
  const rows = await db.selectFrom('match').selectAll().where('season_id', '=', seasonId).execute();
  return rows.map((raw) => {
    const row = toMatchRow(raw);
    return {
      id: row.id,
      homeTeamId: row.home_team_id,
      awayTeamId: row.away_team_id,
      kickoffAt: row.kickoff_at,
      kickoffTimeKnown: row.kickoff_time_known === 1,
      row,
    };
  });
}

type ScoreColumn = 'score' | 'score_ht' | 'score_et' | 'score_pen';

/**
 * Enrich a match another source stored: fill what it lacks (scores it has none
 * of, venue, stage, round, group), mark it as having events, and replace its
 * per-match details with Wyscout's. A stored score that differs is kept — it is
 * the other source's official result — and the difference is logged.
 */
async function mergeIntoMatch(
  run: Run,
  existing: StoredMatch,
  input: { match: WyscoutMatch; derived: DerivedMatch; homeTeamId: number; venueId: number | null; round: RoundInfo },
): Promise<void> {
  const { db } = run;
  const swapped = existing.homeTeamId !== input.homeTeamId;
  const ours = (side: 'home' | 'away', column: ScoreColumn): number | null => {
    const score =
      (swapped ? (side === 'home' ? 'away' : 'home') : side) === 'home' ? input.derived.home : input.derived.away;
    // `home_score` holds the result after extra time when it was played (docs/decisions/009); Wyscout's
    // `score` is the 90-minute score, so the comparable number is its `scoreET` then (Russia 2–2 Croatia, 2018).
    return column === 'score'
      ? (score.scoreEt ?? score.score)
      : column === 'score_ht'
        ? score.scoreHt
        : column === 'score_et'
          ? score.scoreEt
          : score.scorePen;
  };
  const patch: Partial<Insertable<MatchTable>> = { has_events: 1, updated_at: run.context.now.toISOString() };
  const conflicts: string[] = [];
  for (const column of ['score', 'score_ht', 'score_et', 'score_pen'] as const) {
    const homeKey = `home_${column}` as const;
    const awayKey = `away_${column}` as const;
    const stored = [existing.row[homeKey], existing.row[awayKey]];
    const wyscout = [ours('home', column), ours('away', column)];
    if (stored[0] === null && stored[1] === null) {
      if (wyscout[0] !== null && wyscout[1] !== null) {
        patch[homeKey] = wyscout[0];
        patch[awayKey] = wyscout[1];
      }
    } else if (wyscout[0] !== null && (stored[0] !== wyscout[0] || stored[1] !== wyscout[1])) {
      conflicts.push(
        `${column.replace('score', 'score ').trim()} stored ${stored.join('–')}, Wyscout ${wyscout.join('–')}`,
      );
    }
  }
  if (conflicts.length > 0) {
    run.counts.scoreConflicts += 1;
    run.context.log(
      `warning: ${input.match.label} (Wyscout ${input.match.wyId}) merged into match ${existing.id}, which keeps its stored score: ${conflicts.join('; ')}`,
    );
  }
  if (existing.row.home_score === null && patch.home_score !== undefined && existing.row.status !== 'finished')
    patch.status = 'finished';
  if (existing.row.venue_id === null && input.venueId !== null) patch.venue_id = input.venueId;
  if (existing.row.stage === null && input.round.stage !== null) patch.stage = input.round.stage;
  if (existing.row.round === null && input.round.round !== null) patch.round = input.round.round;
  if (existing.row.group_name === null && input.round.group !== null) patch.group_name = input.round.group;
  await db.updateTable('match').set(patch).where('id', '=', existing.id).execute();

  // Wyscout's details replace whatever another source had for this match (a first import only).
  for (const table of [
    'match_event',
    'match_lineup',
    'match_action',
    'match_team_stats',
    'match_player_stats',
    'match_side',
  ] as const) {
    await db.deleteFrom(table).where('match_id', '=', existing.id).execute();
  }
}

async function insertMatchDetails(
  run: Run,
  input: {
    matchId: number;
    seasonId: number;
    storedHomeTeamId: number;
    derived: DerivedMatch;
    localTeam: Map<number, number>;
    localPlayer: Map<number, number>;
    file: WyscoutMatchFile;
  },
): Promise<void> {
  const { db, context } = run;
  const { engine } = context;
  const { matchId, derived, localTeam, localPlayer } = input;
  const team = (wyId: number | null) => (wyId === null ? null : (localTeam.get(wyId) ?? null));
  const player = (wyId: number | null) => (wyId === null ? null : (localPlayer.get(wyId) ?? null));
  const listed = listMatchPlayers(input.file);

  await insertRows(
    db,
    engine,
    'match_side',
    ['match_id', 'team_id', 'side', 'formation', 'coach'],
    [derived.home, derived.away].map((side) => {
      const teamId = team(side.teamId) as number;
      // Wyscout gives no formation string and only a coach id (no coach names ship): both stay empty.
      return {
        match_id: matchId,
        team_id: teamId,
        side: teamId === input.storedHomeTeamId ? 'home' : 'away',
        formation: null,
        coach: null,
      };
    }),
  );

  const lineups = derived.lineups.filter((entry) => localPlayer.has(entry.playerId));
  await insertRows(
    db,
    engine,
    'match_lineup',
    ['match_id', 'team_id', 'player_id', 'shirt_number', 'position', 'starter', 'captain'],
    lineups.map((entry) => ({
      match_id: matchId,
      team_id: team(entry.teamId) as number,
      player_id: player(entry.playerId) as number,
      shirt_number: null,
      position: POSITIONS[listed.get(entry.playerId)?.player.role?.code2 ?? ''] ?? null,
      starter: entry.starter ? 1 : 0,
      captain: 0,
    })),
  );
  await insertRows(
    db,
    engine,
    'squad_member',
    ['season_id', 'team_id', 'player_id', 'shirt_number', 'position'],
    lineups.map((entry) => ({
      season_id: input.seasonId,
      team_id: team(entry.teamId) as number,
      player_id: player(entry.playerId) as number,
      shirt_number: null,
      position: POSITIONS[listed.get(entry.playerId)?.player.role?.code2 ?? ''] ?? null,
    })),
    { ignoreConflicts: true },
  );

  await insertRows(
    db,
    engine,
    'match_event',
    [
      'match_id',
      'seq',
      'period',
      'minute',
      'added_minute',
      'second',
      'type',
      'team_id',
      'player_id',
      'related_player_id',
      'detail',
    ],
    derived.keyEvents.map((event) => ({
      match_id: matchId,
      seq: event.seq,
      period: event.period,
      minute: event.minute,
      added_minute: event.addedMinute,
      second: event.second,
      type: event.type,
      team_id: team(event.teamId),
      player_id: player(event.playerId),
      related_player_id: player(event.relatedPlayerId),
      detail: event.detail,
    })),
  );

  await insertRows(
    db,
    engine,
    'match_action',
    [
      'match_id',
      'seq',
      'period',
      'second',
      'type',
      'subtype',
      'team_id',
      'player_id',
      'x',
      'y',
      'end_x',
      'end_y',
      'tags',
    ],
    derived.actions.map((action) => ({
      match_id: matchId,
      seq: action.seq,
      period: action.period,
      second: action.second,
      type: action.type,
      subtype: action.subtype,
      team_id: team(action.teamId),
      player_id: player(action.playerId),
      x: action.x,
      y: action.y,
      end_x: action.endX,
      end_y: action.endY,
      tags: action.tags,
    })),
  );

  await insertRows(
    db,
    engine,
    'match_team_stats',
    [
      'match_id',
      'team_id',
      'shots',
      'shots_on_target',
      'possession',
      'passes',
      'passes_accurate',
      'corners',
      'fouls',
      'offsides',
      'yellow_cards',
      'red_cards',
    ],
    derived.teamStats.map((stats) => teamStatsRow(matchId, { ...stats, teamId: team(stats.teamId) as number })),
  );

  await insertRows(
    db,
    engine,
    'match_player_stats',
    [
      'match_id',
      'player_id',
      'team_id',
      'minutes',
      'goals',
      'assists',
      'shots',
      'shots_on_target',
      'passes',
      'passes_accurate',
      'key_passes',
      'duels',
      'duels_won',
      'fouls',
      'yellow_cards',
      'red_cards',
    ],
    derived.playerStats
      .filter((stats) => localPlayer.has(stats.playerId))
      .map((stats) => playerStatsRow(matchId, { ...stats, playerId: player(stats.playerId) as number, teamId: team(stats.teamId) as number })),
  );

  run.counts.events += derived.keyEvents.length;
  run.counts.actions += derived.actions.length;
  run.counts.lineups += lineups.length;
}
