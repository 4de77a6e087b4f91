// The Fjelstul World Cup Database importer (issue #3, DESIGN.md §4): the men's
// World Cups 1930–2022 with scores, goals, cards, substitutions, shoot-outs,
// squads and line-ups. CC BY-SA 4.0, hence its own step in its own folder.
// Decisions (identity, overlap with openfootball and Wyscout, kick-off times,
// what the data lacks): ./README.md.
import { existsSync } from 'node:fs';
import type { Insertable } from 'kysely';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import { foldText } from '../../../domain/names.ts';
import { findSameMatch, type MatchIdentity } from '../../../domain/same-match.ts';
import { toMatchRow } from '../../match-rows.ts';
import { toIsoString } from '../../client.ts';
import type { MatchEventTable, MatchLineupTable, MatchTable, PlayerTable, SquadMemberTable } from '../../schema.ts';
import { RefStore } from '../openfootball/ref-store.ts';
import { ensureCompetition, ensureSeason, type SeedContext, type SeedDb, type SeedStep } from '../seed-kit.ts';
import { addTeamAliases, findTeam, resolveTeam } from '../../teams.ts';
import { insertRows } from '../wyscout/insert-rows.ts';
import { deriveMatch, placeTournament, type DerivedMatch, type Placement } from './fjelstul-derive.ts';
import { fjelstulDir, readFjelstulData, type FjelstulData, type FjelstulMatch } from './fjelstul-files.ts';
import { kickoffUtc } from './fjelstul-kickoff.ts';
import { linkSquad, playerName, type LinkCandidate } from './fjelstul-players.ts';
import { fifaCode } from './fjelstul-teams.ts';
import type { PlayerRow, SquadRow, StadiumRow, TeamRow, TournamentRow } from './fjelstul.schemas.ts';

export const FJELSTUL_SOURCE = 'fjelstul';

/** The attribution NOTICE.md asks for (CC BY-SA 4.0), printed by `npm run db:seed`. */
export const FJELSTUL_LICENCE =
  'The Fjelstul World Cup Database, © 2022 Joshua C. Fjelstul, Ph.D., https://www.github.com/jfjelstul/worldcup, ' +
  'licensed under CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/legalcode). ' +
  'Share-alike: a database built from it is CC BY-SA 4.0 too (the data, not the software).';

export const fjelstulStep: SeedStep = { name: 'fjelstul', licence: FJELSTUL_LICENCE, run: importFjelstul };

const COMPETITION_CODE = 'world.cup';
const GOAL_TYPES = new Set(['goal', 'own_goal', 'penalty_goal']);
/** Another source's match is the same match when it has the same two teams and kicks off within this. */
const BATCH = 400;

export interface FjelstulCounts {
  tournaments: number;
  matchesCreated: number;
  matchesMerged: number;
  matchesUnchanged: number;
  teamsCreated: number;
  teamsLinked: number;
  venuesCreated: number;
  playersCreated: number;
  playersLinked: number;
  events: number;
  lineups: number;
  squadMembers: number;
  squadGapsFilled: number;
  scoreConflicts: number;
  problems: number;
}

interface Run {
  context: SeedContext;
  db: SeedDb;
  data: FjelstulData;
  refs: RefStore;
  counts: FjelstulCounts;
  /** Fjelstul team id → local team. */
  teams: Map<string, number>;
  /** Local venues by folded "name|city", for stadiums another source stored. */
  venuesByName: Map<string, number> | undefined;
  /** Per tournament (overlapping with another source), the local player chosen for each Fjelstul player of its squads. */
  squadPlayers: Map<string, Map<string, number>>;
  now: string;
}

async function importFjelstul(context: SeedContext): Promise<Record<string, number>> {
  const root = fjelstulDir(context.dataDir);
  if (!existsSync(root)) {
    context.log(`no Fjelstul World Cup data in ${root}; skipped`);
    return {};
  }
  const data = readFjelstulData(context.dataDir);
  const run: Run = {
    context,
    db: context.db,
    data,
    refs: await RefStore.load(context.db, FJELSTUL_SOURCE),
    counts: {
      tournaments: 0,
      matchesCreated: 0,
      matchesMerged: 0,
      matchesUnchanged: 0,
      teamsCreated: 0,
      teamsLinked: 0,
      venuesCreated: 0,
      playersCreated: 0,
      playersLinked: 0,
      events: 0,
      lineups: 0,
      squadMembers: 0,
      squadGapsFilled: 0,
      scoreConflicts: 0,
      problems: 0,
    },
    teams: new Map(),
    venuesByName: undefined,
    squadPlayers: new Map(),
    now: context.now.toISOString(),
  };
  const definition = findCompetitionDefinition(COMPETITION_CODE);
  if (!definition) throw new Error(`Competition ${COMPETITION_CODE} is not in domain/competitions.ts`);
  const competitionId = await ensureCompetition(run.db, definition);

  const tournaments = [...data.tournaments].sort((a, b) => a.year - b.year);
  const seasons = new Map<string, number>();
  for (const tournament of tournaments) {
    seasons.set(tournament.tournament_id, await findOrCreateSeason(run.db, competitionId, tournament));
  }
  for (const team of data.teams.values()) await resolveFjelstulTeam(run, team);
  await resolvePlayers(run, tournaments, seasons);

  const existingMatches = new Set(
    (
      await run.db
        .selectFrom('match')
        .select('match.id')
        .where('season_id', 'in', [...seasons.values()])
        .execute()
    ).map((row) => Number(row.id)),
  );
  for (const tournament of tournaments) {
    await importTournament(run, tournament, seasons.get(tournament.tournament_id) as number, existingMatches);
    run.counts.tournaments += 1;
  }
  await writeSquads(run, seasons);
  await run.refs.flush();
  return { ...run.counts };
}

/** The season another source made (its name and dates kept, gaps filled), else a new one. */
async function findOrCreateSeason(db: SeedDb, competitionId: number, tournament: TournamentRow): Promise<number> {
  const code = String(tournament.year);
  const existing = await db
    .selectFrom('season')
    .select(['id', 'start_date', 'end_date'])
    .where('competition_id', '=', competitionId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!existing) {
    return ensureSeason(db, {
      competitionId,
      code,
      name: `World Cup ${tournament.year}`,
      startDate: tournament.start_date,
      endDate: tournament.end_date,
      complete: true,
    });
  }
  const patch: { start_date?: string; end_date?: string } = {};
  if (existing.start_date === null) patch.start_date = tournament.start_date;
  if (existing.end_date === null) patch.end_date = tournament.end_date;
  if (Object.keys(patch).length > 0) await db.updateTable('season').set(patch).where('id', '=', existing.id).execute();
  return Number(existing.id);
}

/**
 * The local team of a teams.csv row: through its source_ref once linked; else the
 * team another source named so (team_alias), else the one with its FIFA code;
 * else a new national team. Its teams.csv name becomes an alias either way.
 */
async function resolveFjelstulTeam(run: Run, team: TeamRow): Promise<number> {
  const known = run.refs.get('team', team.team_id);
  if (known !== undefined) {
    run.teams.set(team.team_id, known);
    return known;
  }
  const code = fifaCode(team.team_name);
  const input = { name: team.team_name, shortName: team.team_name, kind: 'national' as const, code, countryCode: code };
  let id = await findTeam(run.db, team.team_name, 'national');
  if (id !== undefined) {
    await resolveTeam(run.db, input); // the same team: fills the details it lacks (code)
    run.counts.teamsLinked += 1;
  } else {
    const byCode =
      code === null
        ? undefined
        : await run.db
            .selectFrom('team')
            .select('id')
            .where('kind', '=', 'national')
            .where('code', '=', code)
            .orderBy('id')
            .executeTakeFirst();
    if (byCode) {
      id = Number(byCode.id);
      run.counts.teamsLinked += 1;
    } else {
      id = await resolveTeam(run.db, input);
      run.counts.teamsCreated += 1;
    }
  }
  await addTeamAliases(run.db, id, [team.team_name], 'national');
  run.refs.set('team', team.team_id, id);
  run.teams.set(team.team_id, id);
  return id;
}

function localTeam(run: Run, teamId: string): number {
  const id = run.teams.get(teamId);
  if (id === undefined) throw new Error(`Fjelstul team ${teamId} has no local team`);
  return id;
}

/** source_ref keys: one per Fjelstul player; one per player and tournament where another source knew him. */
const squadKey = (tournamentId: string, playerId: string) => `${tournamentId}|${playerId}`;

/**
 * Local players. Tournaments another source covered (2014, 2018, 2022), newest
 * first: each squad player is the other source's player of that squad when the
 * names fit (fjelstul-players.ts), recorded per tournament (source_ref
 * 'squad-player') so a re-run makes the same choice. Everyone else becomes one
 * new player per Fjelstul id, inserted in batches.
 */
async function resolvePlayers(run: Run, tournaments: readonly TournamentRow[], seasons: Map<string, number>) {
  const { db, data } = run;
  const fjelstulTargets = new Set<number>();
  for (const id of run.refs.externalIds('player', '')) {
    const local = run.refs.get('player', id);
    if (local !== undefined) fjelstulTargets.add(local);
  }
  const squadsByTournament = new Map<string, SquadRow[]>();
  for (const row of data.squads) {
    const list = squadsByTournament.get(row.tournament_id) ?? [];
    list.push(row);
    squadsByTournament.set(row.tournament_id, list);
  }

  const overlapping = [...tournaments].reverse();
  const linkedNow = new Set<string>();
  const pendingNew = new Map<string, string[]>();
  for (const tournament of overlapping) {
    const seasonId = seasons.get(tournament.tournament_id) as number;
    const inSquads = await loadSeasonSquads(db, seasonId, fjelstulTargets);
    // Squad rows of players this source already owns are ours, not another source's.
    const others = new Map(
      [...inSquads]
        .map(([teamId, rows]) => [teamId, rows.filter((row) => !fjelstulTargets.has(row.id))] as const)
        .filter(([, rows]) => rows.length > 0),
    );
    const squad = squadsByTournament.get(tournament.tournament_id) ?? [];
    const decided = squad.some(
      (row) => run.refs.get('squad-player', squadKey(tournament.tournament_id, row.player_id)) !== undefined,
    );
    if (others.size === 0 && !decided) continue;
    const chosen = new Map<string, number>();
    run.squadPlayers.set(tournament.tournament_id, chosen);
    const teamIds = [...new Set(squad.map((row) => row.team_id))];
    for (const teamId of teamIds) {
      const rows = squad.filter((row) => row.team_id === teamId);
      const candidates = (others.get(localTeam(run, teamId)) ?? []).filter(
        (candidate) => !fjelstulTargets.has(candidate.id),
      );
      const members = new Set((inSquads.get(localTeam(run, teamId)) ?? []).map((candidate) => candidate.id));
      const open: PlayerRow[] = [];
      for (const row of rows) {
        const earlier = run.refs.get('squad-player', squadKey(tournament.tournament_id, row.player_id));
        const global = run.refs.get('player', row.player_id);
        if (earlier !== undefined) chosen.set(row.player_id, earlier);
        else if (global !== undefined && members.has(global)) chosen.set(row.player_id, global);
        else open.push(data.players.get(row.player_id) as PlayerRow);
      }
      const links = linkSquad(
        open.map((player) => ({
          playerId: player.player_id,
          givenName: player.given_name,
          familyName: player.family_name,
        })),
        candidates.filter((candidate) => ![...chosen.values()].includes(candidate.id)),
      );
      for (const player of open) {
        const link = links.get(player.player_id);
        const global = run.refs.get('player', player.player_id);
        if (link !== undefined) {
          chosen.set(player.player_id, link);
          if (global === undefined) {
            run.refs.set('player', player.player_id, link);
            fjelstulTargets.add(link);
            linkedNow.add(player.player_id);
          }
        } else if (global !== undefined) chosen.set(player.player_id, global);
        else {
          const places = pendingNew.get(player.player_id) ?? [];
          places.push(tournament.tournament_id);
          pendingNew.set(player.player_id, places);
        }
      }
    }
  }

  // Linked players keep the other source's name; their gaps (birth date, position) are filled.
  const latestSquad = new Map<string, SquadRow>();
  for (const tournament of tournaments) {
    for (const row of squadsByTournament.get(tournament.tournament_id) ?? []) latestSquad.set(row.player_id, row);
  }
  for (const playerId of linkedNow) {
    const player = data.players.get(playerId) as PlayerRow;
    await db
      .updateTable('player')
      .set((eb) => ({
        birth_date: eb.fn.coalesce('birth_date', eb.val(player.birth_date)),
        position: eb.fn.coalesce('position', eb.val(latestSquad.get(playerId)?.position_code ?? null)),
      }))
      .where('id', '=', run.refs.get('player', playerId) as number)
      .execute();
  }
  run.counts.playersLinked += linkedNow.size;

  const created = [...data.players.values()].filter((player) => run.refs.get('player', player.player_id) === undefined);
  await insertPlayers(run, created, latestSquad);
  for (const [playerId, places] of pendingNew) {
    for (const tournamentId of places)
      run.squadPlayers.get(tournamentId)?.set(playerId, run.refs.get('player', playerId) as number);
  }
  for (const [tournamentId, chosen] of run.squadPlayers) {
    for (const [playerId, local] of chosen) run.refs.set('squad-player', squadKey(tournamentId, playerId), local);
  }
}

/**
 * Players in a season's squads, by team, with whether they play in its matches
 * (worked out only when a squad holds players this source does not own).
 */
async function loadSeasonSquads(
  db: SeedDb,
  seasonId: number,
  ours: ReadonlySet<number>,
): Promise<Map<number, LinkCandidate[]>> {
  const rows = await db
    .selectFrom('squad_member as q')
    .innerJoin('player as p', 'p.id', 'q.player_id')
    .select(['q.team_id', 'p.id', 'p.name', 'p.short_name'])
    .where('q.season_id', '=', seasonId)
    .orderBy('p.id')
    .execute();
  const byTeam = new Map<number, LinkCandidate[]>();
  const active = new Set<number>();
  if (rows.some((row) => !ours.has(Number(row.id)))) {
    const inLineups = await db
      .selectFrom('match_lineup as l')
      .innerJoin('match as m', 'm.id', 'l.match_id')
      .select('l.player_id')
      .where('m.season_id', '=', seasonId)
      .execute();
    for (const row of inLineups) active.add(Number(row.player_id));
    const inEvents = await db
      .selectFrom('match_event as e')
      .innerJoin('match as m', 'm.id', 'e.match_id')
      .select(['e.player_id', 'e.related_player_id'])
      .where('m.season_id', '=', seasonId)
      .execute();
    for (const row of inEvents) {
      if (row.player_id !== null) active.add(Number(row.player_id));
      if (row.related_player_id !== null) active.add(Number(row.related_player_id));
    }
  }
  for (const row of rows) {
    const teamId = Number(row.team_id);
    const id = Number(row.id);
    const list = byTeam.get(teamId) ?? [];
    list.push({ id, name: row.name, shortName: row.short_name, active: active.has(id) });
    byTeam.set(teamId, list);
  }
  return byTeam;
}

/**
 * One insert per batch of new players. Neither engine promises RETURNING rows in
 * VALUES order, so rows are matched back by content; rows alike in every column
 * are interchangeable.
 */
async function insertPlayers(run: Run, players: readonly PlayerRow[], latestSquad: Map<string, SquadRow>) {
  const teamNames = new Map([...run.data.teams.values()].map((team) => [team.team_id, team.team_name]));
  const rowKey = (row: Insertable<PlayerTable>) =>
    JSON.stringify([row.name, row.short_name, row.birth_date, row.country, row.position]);
  for (let start = 0; start < players.length; start += BATCH) {
    const chunk = players.slice(start, start + BATCH).map((player) => {
      const squad = latestSquad.get(player.player_id);
      const values: Insertable<PlayerTable> = {
        name: playerName(player),
        short_name: player.family_name,
        birth_date: player.birth_date,
        country: squad ? (teamNames.get(squad.team_id) ?? null) : null,
        position: squad?.position_code ?? null,
      };
      return { playerId: player.player_id, values };
    });
    const inserted = await run.db
      .insertInto('player')
      .values(chunk.map((player) => player.values))
      .returning(['id', 'name', 'short_name', 'birth_date', 'country', 'position'])
      .execute();
    const idsByKey = new Map<string, number[]>();
    for (const row of inserted) idsByKey.set(rowKey(row), [...(idsByKey.get(rowKey(row)) ?? []), Number(row.id)]);
    for (const player of chunk) {
      const id = idsByKey.get(rowKey(player.values))?.shift();
      if (id === undefined) throw new Error(`Player ${player.values.name} was not inserted`);
      run.refs.set('player', player.playerId, id);
    }
    run.counts.playersCreated += chunk.length;
  }
}

/** The local player of a Fjelstul player in one tournament. */
function localPlayer(run: Run, tournamentId: string, playerId: string): number {
  const id = run.squadPlayers.get(tournamentId)?.get(playerId) ?? run.refs.get('player', playerId);
  if (id === undefined) throw new Error(`Fjelstul player ${playerId} has no local player`);
  return id;
}

async function localVenue(run: Run, stadium: StadiumRow): Promise<number> {
  const known = run.refs.get('venue', stadium.stadium_id);
  if (known !== undefined) return known;
  const key = (name: string, city: string | null) => `${foldText(name)}|${foldText(city ?? '')}`;
  if (!run.venuesByName) {
    const rows = await run.db.selectFrom('venue').select(['id', 'name', 'city']).orderBy('id').execute();
    run.venuesByName = new Map();
    for (const row of rows) {
      const rowKey = key(row.name, row.city);
      if (!run.venuesByName.has(rowKey)) run.venuesByName.set(rowKey, Number(row.id));
    }
  }
  let id = run.venuesByName.get(key(stadium.stadium_name, stadium.city_name));
  if (id === undefined) {
    const inserted = await run.db
      .insertInto('venue')
      .values({
        name: stadium.stadium_name,
        city: stadium.city_name,
        country: stadium.country_name,
        capacity: stadium.stadium_capacity,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = Number(inserted.id);
    run.venuesByName.set(key(stadium.stadium_name, stadium.city_name), id);
    run.counts.venuesCreated += 1;
  }
  run.refs.set('venue', stadium.stadium_id, id);
  return id;
}

interface StoredMatch extends MatchIdentity {
  id: number;
  hasEvents: number;
  scores: Array<number | null>;
}

/** Another source's matches of a season: candidates for a merge. */
async function loadOtherMatches(run: Run, seasonId: number): Promise<StoredMatch[]> {
  const claimed = new Set<number>();
  for (const id of run.refs.externalIds('match', '')) claimed.add(run.refs.get('match', id) as number);
  const rows = await run.db.selectFrom('match').selectAll().where('season_id', '=', seasonId).orderBy('id').execute();
  return rows
    .filter((row) => !claimed.has(Number(row.id)))
    .map((raw) => {
      const row = toMatchRow(raw);
      return {
        id: row.id,
        homeTeamId: row.home_team_id,
        awayTeamId: row.away_team_id,
        kickoffAt: row.kickoff_at,
        kickoffTimeKnown: row.kickoff_time_known === 1,
        hasEvents: row.has_events,
        scores: [row.home_score, row.away_score, row.home_score_et, row.away_score_et, row.home_score_pen, row.away_score_pen],
      };
    });
}

/** The same match stored by another source (domain/same-match.ts; Fjelstul lists teams either way round), taken off the list. */
function takeSameMatch(stored: StoredMatch[], homeTeamId: number, awayTeamId: number, kickoffAt: string): StoredMatch | undefined {
  const found = findSameMatch(stored, { homeTeamId, awayTeamId, kickoffAt, kickoffTimeKnown: true }, { sidesFixed: false });
  if (found) stored.splice(stored.indexOf(found), 1);
  return found;
}

interface Details {
  matchId: number;
  entry: FjelstulMatch;
  derived: DerivedMatch;
  events: boolean;
  lineups: boolean;
}

async function importTournament(
  run: Run,
  tournament: TournamentRow,
  seasonId: number,
  existingMatches: ReadonlySet<number>,
): Promise<void> {
  const { db, data, counts } = run;
  const entries = data.matches.get(tournament.tournament_id) ?? [];
  const placements = placeTournament(entries.map((entry) => entry.match));
  const todo = entries.filter((entry) => {
    const known = run.refs.get('match', entry.match.match_id);
    return known === undefined || !existingMatches.has(known);
  });
  counts.matchesUnchanged += entries.length - todo.length;
  if (todo.length === 0) return;

  const stored = await loadOtherMatches(run, seasonId);
  const storedDetails = await loadDetailState(
    db,
    stored.map((match) => match.id),
  );
  const fresh: Array<{ entry: FjelstulMatch; derived: DerivedMatch; values: Insertable<MatchTable> }> = [];
  const details: Details[] = [];
  for (const entry of todo) {
    const { match } = entry;
    const derived = deriveMatch(entry);
    for (const note of derived.notes) {
      counts.problems += 1;
      run.context.log(`warning: ${note}`);
    }
    const home = localTeam(run, match.home_team_id);
    const away = localTeam(run, match.away_team_id);
    const kickoffAt = kickoffUtc(match.match_date, match.match_time, match.country_name, match.city_name);
    const existing = takeSameMatch(stored, home, away, kickoffAt);
    if (existing) {
      details.push(await mergeIntoMatch(run, entry, derived, existing, storedDetails.get(existing.id)));
      run.refs.set('match', match.match_id, existing.id);
      counts.matchesMerged += 1;
      continue;
    }
    const placement = placements.get(match.match_id) as Placement;
    const stadium = data.stadiums.get(match.stadium_id) as StadiumRow;
    const { score } = derived;
    fresh.push({
      entry,
      derived,
      values: {
        season_id: seasonId,
        stage: placement.stage,
        round: placement.round,
        group_name: placement.group,
        kickoff_at: kickoffAt,
        kickoff_time_known: 1,
        home_team_id: home,
        away_team_id: away,
        venue_id: await localVenue(run, stadium),
        status: 'finished',
        minute: null,
        home_score: score.home,
        away_score: score.away,
        home_score_ht: score.htHome,
        away_score_ht: score.htAway,
        home_score_et: score.etHome,
        away_score_et: score.etAway,
        home_score_pen: score.penHome,
        away_score_pen: score.penAway,
        has_events: derived.events.length > 0 ? 1 : 0,
        source: FJELSTUL_SOURCE,
        updated_at: run.now,
      },
    });
  }

  for (let start = 0; start < fresh.length; start += BATCH) {
    const chunk = fresh.slice(start, start + BATCH);
    // RETURNING does not promise row order: rows come back with the columns that identify them.
    const inserted = await db
      .insertInto('match')
      .values(chunk.map((match) => match.values))
      .returning(['id', 'kickoff_at', 'home_team_id', 'away_team_id'])
      .execute();
    const identity = (kickoffAt: string | Date, home: number | string, away: number | string) =>
      `${toIsoString(kickoffAt)}|${Number(home)}|${Number(away)}`;
    const ids = new Map(
      inserted.map((row) => [identity(row.kickoff_at, row.home_team_id, row.away_team_id), Number(row.id)]),
    );
    for (const match of chunk) {
      const { values } = match;
      const id = ids.get(identity(values.kickoff_at, values.home_team_id, values.away_team_id));
      if (id === undefined) throw new Error(`match ${match.entry.match.match_id} did not come back from the database`);
      run.refs.set('match', match.entry.match.match_id, id);
      details.push({ matchId: id, entry: match.entry, derived: match.derived, events: true, lineups: true });
    }
    counts.matchesCreated += chunk.length;
  }
  await writeDetails(run, tournament.tournament_id, details);
}

interface DetailState {
  eventTypes: Set<string>;
  hasLineups: boolean;
}

async function loadDetailState(db: SeedDb, matchIds: readonly number[]): Promise<Map<number, DetailState>> {
  const state = new Map<number, DetailState>();
  for (const id of matchIds) state.set(id, { eventTypes: new Set(), hasLineups: false });
  for (let start = 0; start < matchIds.length; start += BATCH) {
    const chunk = matchIds.slice(start, start + BATCH);
    const events = await db
      .selectFrom('match_event')
      .select(['match_id', 'type'])
      .distinct()
      .where('match_id', 'in', chunk)
      .execute();
    for (const row of events) state.get(Number(row.match_id))?.eventTypes.add(row.type);
    const lineups = await db
      .selectFrom('match_lineup')
      .select('match_id')
      .distinct()
      .where('match_id', 'in', chunk)
      .execute();
    for (const row of lineups) {
      const entry = state.get(Number(row.match_id));
      if (entry) entry.hasLineups = true;
    }
  }
  return state;
}

/**
 * A match another source stored first keeps its row as that source wrote it
 * (score, stage, venue, kick-off: rewriting them would make the two importers
 * undo each other on every run); a differing score is logged. Fjelstul adds
 * what the match lacks: line-ups when it has none, and its timeline when the
 * match has no events or only goals (openfootball's scorers) and the timeline
 * brings more than goals. A richer timeline (Wyscout's) is left alone.
 */
async function mergeIntoMatch(
  run: Run,
  entry: FjelstulMatch,
  derived: DerivedMatch,
  existing: StoredMatch,
  state: DetailState | undefined,
): Promise<Details> {
  const { match } = entry;
  const swapped = existing.homeTeamId !== localTeam(run, match.home_team_id);
  const { score } = derived;
  const ours = swapped
    ? [score.away, score.home, score.etAway, score.etHome, score.penAway, score.penHome]
    : [score.home, score.away, score.etHome, score.etAway, score.penHome, score.penAway];
  if (ours.some((value, index) => value !== existing.scores[index])) {
    run.counts.scoreConflicts += 1;
    run.context.log(
      `warning: ${match.match_id} merged into match ${existing.id}, which keeps its stored score ${existing.scores.join(',')} (Fjelstul ${ours.join(',')})`,
    );
  }
  const types = state?.eventTypes ?? new Set<string>();
  const onlyGoals = [...types].every((type) => GOAL_TYPES.has(type));
  const bringsMore = derived.events.some((event) => !GOAL_TYPES.has(event.type));
  const events = derived.events.length > 0 && (types.size === 0 || (onlyGoals && bringsMore));
  const lineups = !(state?.hasLineups ?? false) && derived.lineups.length > 0;
  if (events) {
    if (types.size > 0) await run.db.deleteFrom('match_event').where('match_id', '=', existing.id).execute();
    if (existing.hasEvents === 0)
      await run.db
        .updateTable('match')
        .set({ has_events: 1, updated_at: run.now })
        .where('id', '=', existing.id)
        .execute();
  }
  return { matchId: existing.id, entry, derived, events, lineups };
}

async function writeDetails(run: Run, tournamentId: string, details: readonly Details[]): Promise<void> {
  const { db, context } = run;
  const events: Insertable<MatchEventTable>[] = [];
  const lineups: Insertable<MatchLineupTable>[] = [];
  const player = (playerId: string | null) => (playerId === null ? null : localPlayer(run, tournamentId, playerId));
  for (const detail of details) {
    if (detail.events) {
      for (const event of detail.derived.events) {
        events.push({
          match_id: detail.matchId,
          seq: event.seq,
          period: event.period,
          minute: event.minute,
          added_minute: event.addedMinute,
          second: null,
          type: event.type,
          team_id: localTeam(run, event.teamId),
          player_id: player(event.playerId),
          related_player_id: player(event.relatedPlayerId),
          detail: null,
        });
      }
    }
    if (detail.lineups) {
      for (const entry of detail.derived.lineups) {
        lineups.push({
          match_id: detail.matchId,
          team_id: localTeam(run, entry.teamId),
          player_id: localPlayer(run, tournamentId, entry.playerId),
          shirt_number: entry.shirtNumber,
          position: entry.position,
          starter: entry.starter ? 1 : 0,
          captain: entry.captain ? 1 : 0,
        });
      }
    }
  }
  await insertRows(
    db,
    context.engine,
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
    events,
  );
  await insertRows(
    db,
    context.engine,
    'match_lineup',
    ['match_id', 'team_id', 'player_id', 'shirt_number', 'position', 'starter', 'captain'],
    lineups,
  );
  run.counts.events += events.length;
  run.counts.lineups += lineups.length;
}

/**
 * Every squad as squad_member rows: shirt number (none before 1954) and position
 * (GK, DF, MF, FW). A row another source wrote keeps what it has and gains what
 * it lacks; rows already as they should be are not written again.
 */
async function writeSquads(run: Run, seasons: Map<string, number>): Promise<void> {
  const key = (row: { season_id: number | string; team_id: number | string; player_id: number | string }) =>
    `${Number(row.season_id)}|${Number(row.team_id)}|${Number(row.player_id)}`;
  const wanted = new Map<string, Insertable<SquadMemberTable>>();
  for (const row of run.data.squads) {
    const values = {
      season_id: seasons.get(row.tournament_id) as number,
      team_id: localTeam(run, row.team_id),
      player_id: localPlayer(run, row.tournament_id, row.player_id),
      shirt_number: row.shirt_number > 0 ? row.shirt_number : null,
      position: row.position_code,
    };
    wanted.set(key(values), values);
  }
  const stored = await run.db
    .selectFrom('squad_member')
    .selectAll()
    .where('season_id', 'in', [...seasons.values()])
    .execute();
  const inserts: Insertable<SquadMemberTable>[] = [];
  const gaps: Insertable<SquadMemberTable>[] = [];
  const storedByKey = new Map(stored.map((row) => [key(row), row]));
  for (const [rowKey, values] of wanted) {
    const current = storedByKey.get(rowKey);
    if (!current) inserts.push(values);
    else if (
      (current.shirt_number === null && values.shirt_number !== null) ||
      (current.position === null && values.position !== null)
    )
      gaps.push(values);
  }
  await insertRows(
    run.db,
    run.context.engine,
    'squad_member',
    ['season_id', 'team_id', 'player_id', 'shirt_number', 'position'],
    inserts,
  );
  // Gaps in other sources' rows: one upsert per batch; the stored value wins where there is one.
  for (let start = 0; start < gaps.length; start += BATCH) {
    await run.db
      .insertInto('squad_member')
      .values(gaps.slice(start, start + BATCH))
      .onConflict((oc) =>
        oc.columns(['season_id', 'team_id', 'player_id']).doUpdateSet((eb) => ({
          shirt_number: eb.fn.coalesce('squad_member.shirt_number', 'excluded.shirt_number'),
          position: eb.fn.coalesce('squad_member.position', 'excluded.position'),
        })),
      )
      .execute();
  }
  run.counts.squadMembers += inserts.length;
  run.counts.squadGapsFilled += gaps.length;
}
