// Reads of the football data. Each function answers one question; rows are
// turned into the API's shapes (domain/football-contracts.ts) here, so
// engine differences (bigint ids as strings, Date vs ISO text) stop at this file.
import { sql, type Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import { matchColumnsOf } from '../../../db/match-rows.ts';
import type { Database } from '../../../db/schema.ts';
import type {
  CompetitionRef,
  Lineups,
  MatchEvent,
  MatchSummary,
  Season,
  Squad,
  TeamRef,
} from '../../../domain/football-contracts.ts';
import { commentaryLineSchema, type CommentaryLine } from '../../../domain/live-contracts.ts';
import type { MatchClock } from '../../../domain/match-clock.ts';
import { matchPhaseSchema, matchStatusSchema } from '../../../domain/match-schemas.ts';
import type { MatchStatus } from '../../../domain/match-status.ts';
import { defaultBadgeCode } from '../../../domain/badge-codes.ts';
import { matchColours } from '../../../domain/team-colours.ts';
import { foldText } from '../../../domain/names.ts';

type Db = Kysely<Database>;

export interface CompetitionRow extends CompetitionRef {
  id: number;
  areaCode: string | null;
  kind: 'league' | 'cup';
  tier: number | null;
  importance: number;
  rules: string;
}

export interface SeasonRow extends Season {
  id: number;
  competitionId: number;
}

const nullablePair = (home: number | null, away: number | null) =>
  home === null || away === null ? null : { home, away };

function toSeason(row: {
  id: number | string;
  competition_id: number | string;
  code: string;
  name: string;
  start_date: string | null;
  end_date: string | null;
  complete: number;
  synthetic: number;
}): SeasonRow {
  return {
    id: Number(row.id),
    competitionId: Number(row.competition_id),
    code: row.code,
    name: row.name,
    startDate: row.start_date,
    endDate: row.end_date,
    complete: row.complete === 1,
    synthetic: row.synthetic === 1,
  };
}

export async function listCompetitions(db: Db): Promise<CompetitionRow[]> {
  const rows = await db.selectFrom('competition').selectAll().orderBy('importance', 'desc').orderBy('name').execute();
  return rows.map((row) => ({
    id: Number(row.id),
    code: row.code,
    name: row.name,
    areaName: row.area_name,
    areaCode: row.area_code,
    kind: row.kind,
    tier: row.tier,
    importance: row.importance,
    rules: row.rules,
  }));
}

export async function findCompetition(db: Db, code: string): Promise<CompetitionRow | undefined> {
  const row = await db.selectFrom('competition').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    areaName: row.area_name,
    areaCode: row.area_code,
    kind: row.kind,
    tier: row.tier,
    importance: row.importance,
    rules: row.rules,
  };
}

/** Seasons of a competition, newest first. */
export async function listSeasons(db: Db, competitionId: number): Promise<SeasonRow[]> {
  const rows = await db
    .selectFrom('season')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .orderBy('start_date', 'desc')
    .orderBy('code', 'desc')
    .execute();
  return rows.map(toSeason);
}

/** The latest season of every competition, for the competitions list. */
export async function listLatestSeasons(db: Db): Promise<Map<number, SeasonRow>> {
  const rows = await db
    .selectFrom('season')
    .selectAll()
    .orderBy('start_date', 'desc')
    .orderBy('code', 'desc')
    .execute();
  const latest = new Map<number, SeasonRow>();
  for (const row of rows) {
    const season = toSeason(row);
    if (!latest.has(season.competitionId)) latest.set(season.competitionId, season);
  }
  return latest;
}

export async function findSeason(db: Db, competitionId: number, code: string): Promise<SeasonRow | undefined> {
  const row = await db
    .selectFrom('season')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? toSeason(row) : undefined;
}

/** What the standings engine needs: every real (never replayed) match of a season, or of one of its groups, with its result. */
export async function listSeasonResults(db: Db, seasonId: number, filter: { group?: string } = {}) {
  let query = db
    .selectFrom('match')
    .select([
      'id',
      'kickoff_at',
      'home_team_id',
      'away_team_id',
      'home_score',
      'away_score',
      'status',
      'stage',
      'round',
      'group_name',
    ])
    .where('season_id', '=', seasonId)
    .where('replay_of_match_id', 'is', null);
  if (filter.group !== undefined) query = query.where('group_name', '=', filter.group);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kickoffAt: toIsoString(row.kickoff_at),
    homeTeamId: Number(row.home_team_id),
    awayTeamId: Number(row.away_team_id),
    homeScore: row.home_score,
    awayScore: row.away_score,
    status: matchStatusSchema.parse(row.status),
    stage: row.stage,
    round: row.round,
    group: row.group_name,
  }));
}

/** The regular-time (90-minute) periods; goals in E1/E2 are extra time's. */
const REGULAR_PERIODS = ['1H', '2H'];
const GOAL_EVENT_TYPES = ['goal', 'own_goal', 'penalty_goal'];

/**
 * Every finished result of a competition over all its seasons (model odds, issue #24), oldest first:
 * real matches only (never a replay), `extraTime` when the stored score includes extra-time goals, and then
 * `regularTime`, the score after 90 minutes, where the match's goals are stored with their periods and add
 * up to the stored score (else null: the 90-minute score is not known). With who played where: the venue's
 * country (null when the venue is not known), the teams' names and whether they are national teams (a
 * tournament's host nation plays at home).
 */
export async function listCompetitionResults(db: Db, competitionId: number) {
  const rows = await db
    .selectFrom('match as m')
    .innerJoin('season as s', 's.id', 'm.season_id')
    .innerJoin('team as th', 'th.id', 'm.home_team_id')
    .innerJoin('team as ta', 'ta.id', 'm.away_team_id')
    .leftJoin('venue as v', 'v.id', 'm.venue_id')
    .select([
      'm.id',
      'm.kickoff_at',
      'm.home_team_id',
      'm.away_team_id',
      'm.home_score',
      'm.away_score',
      'm.home_score_et',
      'm.has_events',
      'm.stage',
      'm.round',
      'v.country as venue_country',
      'th.name as home_name',
      'ta.name as away_name',
      'th.kind as home_kind',
      'ta.kind as away_kind',
    ])
    .where('s.competition_id', '=', competitionId)
    .where('m.status', '=', 'finished')
    .where('m.replay_of_match_id', 'is', null)
    .where('m.home_score', 'is not', null)
    .where('m.away_score', 'is not', null)
    .orderBy('m.kickoff_at')
    .orderBy('m.id')
    .execute();
  // The goals of the matches that went to extra time, to take the 90-minute score from.
  const goals = await db
    .selectFrom('match_event as e')
    .innerJoin('match as m', 'm.id', 'e.match_id')
    .innerJoin('season as s', 's.id', 'm.season_id')
    .select(['e.match_id', 'e.team_id', 'e.period', 'm.home_team_id', 'm.away_team_id'])
    .where('s.competition_id', '=', competitionId)
    .where('m.status', '=', 'finished')
    .where('m.replay_of_match_id', 'is', null)
    .where('m.home_score_et', 'is not', null)
    .where('e.type', 'in', GOAL_EVENT_TYPES)
    .execute();
  const tally = new Map<number, { home: number; away: number; regularHome: number; regularAway: number }>();
  for (const goal of goals) {
    const id = Number(goal.match_id);
    const count = tally.get(id) ?? { home: 0, away: 0, regularHome: 0, regularAway: 0 };
    const team = goal.team_id === null ? null : Number(goal.team_id);
    const regular = REGULAR_PERIODS.includes(goal.period);
    if (team === Number(goal.home_team_id)) {
      count.home += 1;
      if (regular) count.regularHome += 1;
    } else if (team === Number(goal.away_team_id)) {
      count.away += 1;
      if (regular) count.regularAway += 1;
    }
    tally.set(id, count);
  }
  return rows.map((row) => {
    const id = Number(row.id);
    const homeScore = Number(row.home_score);
    const awayScore = Number(row.away_score);
    const extraTime = row.home_score_et !== null;
    const count = extraTime && Number(row.has_events) ? tally.get(id) : undefined;
    const regularTime =
      count && count.home === homeScore && count.away === awayScore
        ? { home: count.regularHome, away: count.regularAway }
        : null;
    return {
      id,
      kickoffAt: toIsoString(row.kickoff_at),
      homeTeamId: Number(row.home_team_id),
      awayTeamId: Number(row.away_team_id),
      homeScore,
      awayScore,
      extraTime,
      regularTime,
      stage: row.stage,
      round: row.round,
      venueCountry: row.venue_country,
      homeName: row.home_name,
      awayName: row.away_name,
      national: row.home_kind === 'national' && row.away_kind === 'national',
    };
  });
}

/**
 * Who plays whom in each season of a competition, played or not (model odds, issue #24: the teams new to a
 * season are known from its fixtures before a ball is kicked), with each match's kick-off, and where it is
 * played as `listCompetitionResults` tells it (the venue's country, the teams' names and kinds, the round).
 */
export async function listCompetitionFixtures(db: Db, competitionId: number) {
  const rows = await db
    .selectFrom('match as m')
    .innerJoin('season as s', 's.id', 'm.season_id')
    .innerJoin('team as th', 'th.id', 'm.home_team_id')
    .innerJoin('team as ta', 'ta.id', 'm.away_team_id')
    .leftJoin('venue as v', 'v.id', 'm.venue_id')
    .select([
      'm.id',
      's.code as season',
      'm.home_team_id',
      'm.away_team_id',
      'm.kickoff_at',
      'm.stage',
      'm.round',
      'v.country as venue_country',
      'th.name as home_name',
      'ta.name as away_name',
      'th.kind as home_kind',
      'ta.kind as away_kind',
    ])
    .where('s.competition_id', '=', competitionId)
    .where('m.replay_of_match_id', 'is', null)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    season: row.season,
    homeTeamId: Number(row.home_team_id),
    awayTeamId: Number(row.away_team_id),
    kickoffAt: toIsoString(row.kickoff_at),
    stage: row.stage,
    round: row.round,
    venueCountry: row.venue_country,
    homeName: row.home_name,
    awayName: row.away_name,
    national: row.home_kind === 'national' && row.away_kind === 'national',
  }));
}

/** A demo replay of one of the season's matches, with its score so far; undefined when `replayId` is not that. */
export async function findSeasonReplay(db: Db, seasonId: number, replayId: number) {
  const row = await db
    .selectFrom('match')
    .select(['id', 'replay_of_match_id', 'status', 'home_score', 'away_score'])
    .where('id', '=', replayId)
    .where('season_id', '=', seasonId)
    .where('replay_of_match_id', 'is not', null)
    .executeTakeFirst();
  if (!row || row.replay_of_match_id === null) return undefined;
  return {
    id: Number(row.id),
    originalMatchId: Number(row.replay_of_match_id),
    status: matchStatusSchema.parse(row.status),
    homeScore: row.home_score,
    awayScore: row.away_score,
  };
}

export async function listTeamsByIds(db: Db, ids: number[]): Promise<Map<number, TeamRef>> {
  const map = new Map<number, TeamRef>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('team')
    .select(['id', 'name', 'short_name', 'code', 'colour_primary', 'colour_secondary'])
    .where('id', 'in', ids)
    .execute();
  for (const row of rows) {
    map.set(Number(row.id), {
      id: Number(row.id),
      name: row.name,
      shortName: row.short_name,
      code: row.code ?? defaultBadgeCode(row.short_name),
      colours: { primary: row.colour_primary, secondary: row.colour_secondary },
    });
  }
  return map;
}

export async function listAdjustments(db: Db, seasonId: number) {
  const rows = await db
    .selectFrom('point_adjustment')
    .selectAll()
    .where('season_id', '=', seasonId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    teamId: Number(row.team_id),
    points: row.points,
    reason: row.reason,
    source: row.source,
    effectiveDate: row.effective_date,
  }));
}

export interface MatchFilter {
  seasonId?: number;
  from?: Date;
  to?: Date;
  teamId?: number;
  /** Both teams, in either order (head-to-head). */
  pair?: [number, number];
  round?: string;
  status?: MatchStatus;
  ids?: number[];
  limit?: number;
  order?: 'asc' | 'desc';
  /**
   * Demo replays (issue #4) are not real results: lists leave them out unless
   * asked. 'demo' adds the day's scheduled replays (not on-demand ones).
   */
  replays?: 'exclude' | 'demo' | 'all';
}

/**
 * Teams whose name or short name holds `fragment`, any case (the CMS's match search, issue #20): the
 * team table is small, so matches are then found through their team indexes rather than by reading every
 * match's team names.
 */
export async function findTeamIdsByName(db: Db, fragment: string, limit: number): Promise<number[]> {
  const pattern = `%${fragment.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .selectFrom('team')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(short_name)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * The CMS's match search (issue #20): ids of real matches (no replays), newest first by kick-off then id,
 * after `before` (keyset paging: a deep page costs what the first does). Read from the match table alone,
 * so SQLite walks the kick-off or team index and stops at `limit`; the summaries are read for those ids.
 */
export async function searchMatchIds(
  db: Db,
  filter: {
    teamIds?: number[];
    competitionCode?: string;
    from?: Date;
    to?: Date;
    before?: { kickoffAt: string; id: number };
    limit: number;
  },
): Promise<number[]> {
  let query = db.selectFrom('match as m').select('m.id').where('m.replay_of_match_id', 'is', null);
  if (filter.teamIds !== undefined) {
    const ids = filter.teamIds.length > 0 ? filter.teamIds : [-1];
    query = query.where((eb) => eb.or([eb('m.home_team_id', 'in', ids), eb('m.away_team_id', 'in', ids)]));
  }
  if (filter.competitionCode !== undefined) {
    const code = filter.competitionCode;
    query = query.where('m.season_id', 'in', (eb) =>
      eb
        .selectFrom('season as s')
        .innerJoin('competition as c', 'c.id', 's.competition_id')
        .select('s.id')
        .where('c.code', '=', code),
    );
  }
  if (filter.from) query = query.where('m.kickoff_at', '>=', filter.from.toISOString());
  if (filter.to) query = query.where('m.kickoff_at', '<', filter.to.toISOString());
  if (filter.before) {
    const kickoffAt = new Date(filter.before.kickoffAt).toISOString();
    const id = filter.before.id;
    query = query.where((eb) =>
      eb.or([eb('m.kickoff_at', '<', kickoffAt), eb.and([eb('m.kickoff_at', '=', kickoffAt), eb('m.id', '<', id)])]),
    );
  }
  const rows = await query.orderBy('m.kickoff_at', 'desc').orderBy('m.id', 'desc').limit(filter.limit).execute();
  return rows.map((row) => Number(row.id));
}

/** Match summaries with competition, teams and venue, in kick-off order. */
export async function listMatchSummaries(db: Db, filter: MatchFilter): Promise<MatchSummary[]> {
  let query = db
    .selectFrom('match as m')
    .innerJoin('season as s', 's.id', 'm.season_id')
    .innerJoin('competition as c', 'c.id', 's.competition_id')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .leftJoin('venue as v', 'v.id', 'm.venue_id')
    .leftJoin('match as o', 'o.id', 'm.replay_of_match_id')
    .select([
      ...matchColumnsOf('m'),
      'o.kickoff_at as replay_kickoff_at',
      's.code as season_code',
      'c.code as competition_code',
      'c.name as competition_name',
      'c.area_name',
      'h.id as home_id',
      'h.name as home_name',
      'h.short_name as home_short',
      'h.code as home_code',
      'h.colour_primary as home_c1',
      'h.colour_secondary as home_c2',
      'a.id as away_id',
      'a.name as away_name',
      'a.short_name as away_short',
      'a.code as away_code',
      'a.colour_primary as away_c1',
      'a.colour_secondary as away_c2',
      'v.name as venue_name',
    ]);
  const replays = filter.replays ?? (filter.ids !== undefined ? 'all' : 'exclude');
  if (replays === 'exclude') query = query.where('m.replay_of_match_id', 'is', null);
  if (replays === 'demo') query = query.where('m.source', '!=', 'relive');
  if (filter.seasonId !== undefined) query = query.where('m.season_id', '=', filter.seasonId);
  if (filter.from) query = query.where('m.kickoff_at', '>=', filter.from.toISOString());
  if (filter.to) query = query.where('m.kickoff_at', '<', filter.to.toISOString());
  if (filter.round !== undefined) query = query.where('m.round', '=', filter.round);
  if (filter.status !== undefined) query = query.where('m.status', '=', filter.status);
  if (filter.ids !== undefined) query = query.where('m.id', 'in', filter.ids.length > 0 ? filter.ids : [-1]);
  if (filter.teamId !== undefined) {
    const teamId = filter.teamId;
    query = query.where((eb) => eb.or([eb('m.home_team_id', '=', teamId), eb('m.away_team_id', '=', teamId)]));
  }
  if (filter.pair) {
    const [first, second] = filter.pair;
    query = query.where((eb) =>
      eb.or([
        eb.and([eb('m.home_team_id', '=', first), eb('m.away_team_id', '=', second)]),
        eb.and([eb('m.home_team_id', '=', second), eb('m.away_team_id', '=', first)]),
      ]),
    );
  }
  const direction = filter.order ?? 'asc';
  query = query.orderBy('m.kickoff_at', direction).orderBy('c.importance', 'desc').orderBy('m.id', direction);
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  const rows = await query.execute();
  return rows.map((row) => {
    // The two sides are never drawn in colours too close to tell apart (issue #19).
    const colours = matchColours(
      { primary: row.home_c1, secondary: row.home_c2 },
      { primary: row.away_c1, secondary: row.away_c2 },
    );
    return {
      id: Number(row.id),
      competition: { code: row.competition_code, name: row.competition_name, areaName: row.area_name },
      season: row.season_code,
      stage: row.stage,
      round: row.round,
      group: row.group_name,
      kickoffAt: toIsoString(row.kickoff_at),
      kickoffTimeKnown: row.kickoff_time_known === 1,
      status: matchStatusSchema.parse(row.status),
      minute: row.minute,
      home: {
        id: Number(row.home_id),
        name: row.home_name,
        shortName: row.home_short,
        code: row.home_code ?? defaultBadgeCode(row.home_short),
        colours: colours.home,
      },
      away: {
        id: Number(row.away_id),
        name: row.away_name,
        shortName: row.away_short,
        code: row.away_code ?? defaultBadgeCode(row.away_short),
        colours: colours.away,
      },
      score: {
        home: row.home_score,
        away: row.away_score,
        halfTime: nullablePair(row.home_score_ht, row.away_score_ht),
        extraTime: nullablePair(row.home_score_et, row.away_score_et),
        penalties: nullablePair(row.home_score_pen, row.away_score_pen),
      },
      hasEvents: row.has_events === 1,
      venue: row.venue_name ?? null,
      clock: matchClockOf(row.clock_phase, row.phase_started_at, row.clock_rate),
      replayOf:
        row.replay_of_match_id === null || row.replay_kickoff_at === null
          ? null
          : { matchId: Number(row.replay_of_match_id), kickoffAt: toIsoString(row.replay_kickoff_at) },
    };
  });
}

export async function listMatchEvents(db: Db, matchId: number): Promise<MatchEvent[]> {
  const rows = await db
    .selectFrom('match_event as e')
    .leftJoin('player as p', 'p.id', 'e.player_id')
    .leftJoin('player as r', 'r.id', 'e.related_player_id')
    .select([
      'e.seq',
      'e.period',
      'e.minute',
      'e.added_minute',
      'e.type',
      'e.team_id',
      'e.detail',
      'p.id as player_id',
      'p.name as player_name',
      'p.short_name as player_short',
      'r.id as related_id',
      'r.name as related_name',
      'r.short_name as related_short',
    ])
    .where('e.match_id', '=', matchId)
    .orderBy('e.seq')
    .execute();
  return rows.map((row) => ({
    seq: row.seq,
    period: row.period,
    minute: row.minute,
    addedMinute: row.added_minute,
    type: row.type,
    teamId: row.team_id === null ? null : Number(row.team_id),
    player:
      row.player_id === null || row.player_name === null
        ? null
        : { id: Number(row.player_id), name: row.player_name, shortName: row.player_short ?? row.player_name },
    relatedPlayer:
      row.related_id === null || row.related_name === null
        ? null
        : { id: Number(row.related_id), name: row.related_name, shortName: row.related_short ?? row.related_name },
    detail: row.detail,
  }));
}

export async function getLineups(db: Db, matchId: number, homeTeamId: number, awayTeamId: number): Promise<Lineups> {
  const sides = await db.selectFrom('match_side').selectAll().where('match_id', '=', matchId).execute();
  const players = await db
    .selectFrom('match_lineup as l')
    .innerJoin('player as p', 'p.id', 'l.player_id')
    .select(['l.team_id', 'p.id', 'p.name', 'p.short_name', 'l.shirt_number', 'l.position', 'l.starter', 'l.captain'])
    .where('l.match_id', '=', matchId)
    .orderBy('l.starter', 'desc')
    .orderBy('l.shirt_number')
    .execute();
  const side = (teamId: number) => {
    const info = sides.find((row) => Number(row.team_id) === teamId);
    return {
      teamId,
      formation: info?.formation ?? null,
      coach: info?.coach ?? null,
      players: players
        .filter((row) => Number(row.team_id) === teamId)
        .map((row) => ({
          id: Number(row.id),
          name: row.name,
          shortName: row.short_name,
          shirtNumber: row.shirt_number,
          position: row.position,
          starter: row.starter === 1,
          captain: row.captain === 1,
        })),
    };
  };
  return { home: side(homeTeamId), away: side(awayTeamId) };
}

export async function findTeamRow(db: Db, teamId: number) {
  const row = await db.selectFrom('team').selectAll().where('id', '=', teamId).executeTakeFirst();
  if (!row) return undefined;
  const aliases = await db
    .selectFrom('team_alias')
    .select('alias')
    .where('team_id', '=', teamId)
    .orderBy('alias')
    .execute();
  return {
    id: Number(row.id),
    name: row.name,
    shortName: row.short_name,
    colours: { primary: row.colour_primary, secondary: row.colour_secondary },
    kind: row.kind,
    code: row.code,
    countryCode: row.country_code,
    city: row.city,
    stadium: row.stadium,
    founded: row.founded,
    aliases: aliases.map((alias) => alias.alias).filter((alias) => alias !== row.name),
  };
}

/** Every goal of a season with its scorer, for the top-scorers list (own goals included, flagged). */
export async function listSeasonGoals(db: Db, seasonId: number) {
  const rows = await db
    .selectFrom('match_event as e')
    .innerJoin('match as m', 'm.id', 'e.match_id')
    .innerJoin('player as p', 'p.id', 'e.player_id')
    .select([
      'e.type',
      'e.minute',
      'e.team_id',
      'p.id as player_id',
      'p.name as player_name',
      'p.short_name as player_short',
    ])
    .where('m.season_id', '=', seasonId)
    .where('m.replay_of_match_id', 'is', null)
    .where('e.type', 'in', ['goal', 'penalty_goal', 'own_goal'])
    .where('e.team_id', 'is not', null)
    .execute();
  return rows.map((row) => ({
    playerId: Number(row.player_id),
    playerName: row.player_name,
    playerShortName: row.player_short,
    teamId: Number(row.team_id),
    minute: row.minute,
    ownGoal: row.type === 'own_goal',
    penalty: row.type === 'penalty_goal',
  }));
}

/** The stored clock of a match, when it has been seen live (domain/match-clock.ts). */
function matchClockOf(phase: string | null, startedAt: string | Date | null, rate: number | string): MatchClock | null {
  const parsed = matchPhaseSchema.safeParse(phase);
  if (!parsed.success) return null;
  return { phase: parsed.data, phaseStartedAt: startedAt === null ? null : toIsoString(startedAt), rate: Number(rate) };
}

/** The generated commentary of a match, in order (issue #4). */
/** The stored commentary with which lines staff corrections wrote (issue #20: they join generated lines). */
export async function listCommentaryRows(
  db: Db,
  matchId: number,
): Promise<Array<{ line: CommentaryLine; staff: boolean }>> {
  const rows = await db
    .selectFrom('match_commentary')
    .select(['seq', 'period', 'minute', 'added_minute', 'kind', 'text', 'source_key'])
    .where('match_id', '=', matchId)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({
    line: commentaryLineSchema.parse({
      seq: row.seq,
      period: row.period,
      minute: row.minute,
      addedMinute: row.added_minute,
      kind: row.kind,
      text: row.text,
    }),
    staff: row.source_key.startsWith('staff-correction:'),
  }));
}

/**
 * What a finished season's cached table depends on besides its matches' rows: the
 * latest finished import and the latest staff correction (issue #20). Either one
 * moving on drops the cached tables.
 */
export async function importGeneration(db: Db): Promise<string> {
  const [imported, corrected] = await Promise.all([
    db
      .selectFrom('import_run')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('finished_at', 'is not', null)
      .executeTakeFirst(),
    db
      .selectFrom('match_correction')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst(),
  ]);
  return `${imported?.id == null ? 0 : Number(imported.id)}:${corrected?.id == null ? 0 : Number(corrected.id)}`;
}

/** A team's squad in the latest season (by start date) that has squad rows for it. */
export async function listLatestSquad(db: Db, teamId: number): Promise<Squad> {
  const latest = await db
    .selectFrom('squad_member as q')
    .innerJoin('season as s', 's.id', 'q.season_id')
    .innerJoin('competition as c', 'c.id', 's.competition_id')
    .select(['s.id as season_id', 's.code as season_code', 's.name as season_name', 'c.code', 'c.name', 'c.area_name'])
    .where('q.team_id', '=', teamId)
    .orderBy('s.start_date', 'desc')
    .orderBy('c.importance', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return { season: null, players: [] };
  const rows = await db
    .selectFrom('squad_member as q')
    .innerJoin('player as p', 'p.id', 'q.player_id')
    .select(['p.id', 'p.name', 'p.short_name', 'q.shirt_number', 'q.position', 'p.position as player_position'])
    .where('q.team_id', '=', teamId)
    .where('q.season_id', '=', latest.season_id)
    .execute();
  // A short name two of the squad share (Fjelstul's "Martínez" for Lautaro, Emiliano and Lisandro) tells neither apart.
  const sharing = new Map<string, number>();
  for (const row of rows) sharing.set(foldText(row.short_name), (sharing.get(foldText(row.short_name)) ?? 0) + 1);
  // Shirt numbers first (engines differ on where nulls sort), then by name.
  rows.sort((a, b) => (a.shirt_number ?? 1000) - (b.shirt_number ?? 1000) || a.name.localeCompare(b.name));
  return {
    season: {
      competition: { code: latest.code, name: latest.name, areaName: latest.area_name },
      code: latest.season_code,
      name: latest.season_name,
    },
    players: rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      shortName: (sharing.get(foldText(row.short_name)) ?? 0) > 1 ? row.name : row.short_name,
      shirtNumber: row.shirt_number,
      position: row.position ?? row.player_position,
    })),
  };
}
