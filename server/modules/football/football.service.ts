// The football read service: what pages and the JSON API ask about
// competitions, seasons, tables, matches and teams. Tables come from the pure
// rules engine (domain/standings.ts) over the stored results.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { competitionRulesSchema, findCompetitionDefinition, rulesForSeason } from '../../../domain/competitions.ts';
import type {
  Competition,
  HeadToHead,
  Lineups,
  MatchEvent,
  MatchSummary,
  PlayerStats,
  SearchResult,
  Season,
  Squad,
  Standings,
  Team,
  TeamStats,
  TopScorers,
} from '../../../domain/football-contracts.ts';
import type { CommentaryLine } from '../../../domain/live-contracts.ts';
import { isLive, type MatchStatus } from '../../../domain/match-status.ts';
import { foldText } from '../../../domain/names.ts';
import { computeStandings, headToHeadRecord, topScorers } from '../../../domain/standings.ts';
import { utcRangeOfLocalDay } from '../../../domain/time-zones.ts';
import {
  findCompetition,
  findSeason,
  findTeamRow,
  importGeneration,
  getLineups,
  listAdjustments,
  listCompetitions,
  listLatestSeasons,
  listCommentary,
  listMatchEvents,
  listMatchSummaries,
  listPlayerStats,
  listSeasonGoals,
  listSeasonResults,
  listSeasons,
  listTeamStats,
  listLatestSquad,
  listTeamsByIds,
  searchTeams,
  type CompetitionRow,
  type SeasonRow,
} from './football.queries.ts';

export class NotFoundError extends Error {
  constructor(readonly what: string) {
    super(`${what} not found`);
    this.name = 'NotFoundError';
  }
}

const publicSeason = ({ id: _id, competitionId: _competitionId, ...season }: SeasonRow): Season => season;
const publicCompetition = (row: CompetitionRow, current: SeasonRow | undefined): Competition => ({
  code: row.code,
  name: row.name,
  areaName: row.areaName,
  areaCode: row.areaCode,
  kind: row.kind,
  tier: row.tier,
  currentSeason: current ? publicSeason(current) : null,
});

/** The catalogue knows rule changes between seasons; the stored rules are the current ones. */
function seasonRules(code: string, storedRules: string, seasonCode: string) {
  const definition = findCompetitionDefinition(code);
  return definition ? rulesForSeason(definition, seasonCode) : competitionRulesSchema.parse(JSON.parse(storedRules));
}

/** Tables of complete seasons kept in memory; the whole cache is dropped when it reaches this size. */
const FINISHED_TABLE_CACHE_LIMIT = 500;

export interface StandingsQuery {
  code: string;
  season: string;
  view?: 'overall' | 'home' | 'away';
  asOf?: string;
  /** The table "as it stands": real matches now live (or at half-time) count with their current score. Ignored with asOf. */
  live?: boolean;
}

export function createFootballService(db: Kysely<Database>) {
  async function requireCompetition(code: string) {
    const competition = await findCompetition(db, code);
    if (!competition) throw new NotFoundError(`Competition ${code}`);
    return competition;
  }

  async function requireSeason(code: string, season: string) {
    const competition = await requireCompetition(code);
    const row = await findSeason(db, competition.id, season);
    if (!row) throw new NotFoundError(`Season ${season} of ${code}`);
    return { competition, season: row };
  }

  async function requireMatch(id: number): Promise<MatchSummary> {
    const [match] = await listMatchSummaries(db, { ids: [id] });
    if (!match) throw new NotFoundError(`Match ${id}`);
    return match;
  }

  async function computeTable(
    competition: CompetitionRow,
    season: SeasonRow,
    view: NonNullable<StandingsQuery['view']>,
    asOf: string | undefined,
    live = false,
  ): Promise<Standings> {
    const [allResults, adjustments] = await Promise.all([listSeasonResults(db, season.id), listAdjustments(db, season.id)]);
    // A league table counts the regular season only: play-offs, finals and split rounds are not in it.
    const seasonResults = competition.kind === 'league' ? allResults.filter((match) => match.stage === null || match.stage === 'Regular season') : allResults;
    // As it stands: a live match counts as if it ended now (replays are never in the results: listSeasonResults).
    const liveMatchIds = live && !asOf ? seasonResults.filter((match) => isLive(match.status)).map((match) => match.id) : [];
    const results =
      liveMatchIds.length === 0
        ? seasonResults
        : seasonResults.map((match) =>
            isLive(match.status) ? { ...match, status: 'finished' as const, homeScore: match.homeScore ?? 0, awayScore: match.awayScore ?? 0 } : match,
          );
    const teamIds = [...new Set(results.flatMap((match) => [match.homeTeamId, match.awayTeamId]))];
    const teams = await listTeamsByIds(db, teamIds);
    const applicable = adjustments.filter((adjustment) => !asOf || !adjustment.effectiveDate || adjustment.effectiveDate <= asOf);
    const rows = computeStandings({
      teams: [...teams.values()].map((team) => ({ id: team.id, name: team.name })),
      matches: results,
      rules: seasonRules(competition.code, competition.rules, season.code),
      adjustments: applicable.map((adjustment) => ({ teamId: adjustment.teamId, points: adjustment.points })),
      asOf: asOf,
      view,
    });
    return {
      competition: { code: competition.code, name: competition.name, areaName: competition.areaName },
      season: publicSeason(season),
      view,
      asOf: asOf ?? null,
      ...(live && !asOf ? { liveMatchIds } : {}),
      adjustments: applicable.map(({ teamId, points, reason, source }) => ({ teamId, points, reason, source })),
      rows: rows.map(({ teamId, teamName, ...numbers }) => {
        const team = teams.get(teamId);
        return { ...numbers, team: { id: teamId, name: team?.name ?? teamName, shortName: team?.shortName ?? teamName } };
      }),
    };
  }

  const finishedTables = new Map<string, Standings>();
  let tableGeneration = -1;

  return {
    async listCompetitions(): Promise<Competition[]> {
      const [rows, latest] = await Promise.all([listCompetitions(db), listLatestSeasons(db)]);
      return rows.map((row) => publicCompetition(row, latest.get(row.id)));
    },

    async getCompetition(code: string): Promise<Competition & { seasons: Season[] }> {
      const competition = await requireCompetition(code);
      const seasons = await listSeasons(db, competition.id);
      return { ...publicCompetition(competition, seasons[0]), seasons: seasons.map(publicSeason) };
    },

    async listSeasons(code: string): Promise<Season[]> {
      const competition = await requireCompetition(code);
      return (await listSeasons(db, competition.id)).map(publicSeason);
    },

    /** The table of a season: overall, home or away, optionally as it stood at the end of a date. */
    async getStandings(query: StandingsQuery): Promise<Standings> {
      const { competition, season } = await requireSeason(query.code, query.season);
      const view = query.view ?? 'overall';
      if (query.live && !query.asOf) return computeTable(competition, season, view, undefined, true);
      // A complete season's table changes only when an import runs (replays never count): cache it per import.
      if (!season.complete) return computeTable(competition, season, view, query.asOf);
      const generation = await importGeneration(db);
      if (generation !== tableGeneration) {
        finishedTables.clear();
        tableGeneration = generation;
      }
      const key = `${season.id}:${view}:${query.asOf ?? ''}`;
      const cached = finishedTables.get(key);
      if (cached) return cached;
      const table = await computeTable(competition, season, view, query.asOf);
      if (finishedTables.size >= FINISHED_TABLE_CACHE_LIMIT) finishedTables.clear();
      finishedTables.set(key, table);
      return table;
    },

    /** Goals per player where the data names scorers; own goals do not count for the scorer. */
    async getTopScorers(code: string, seasonCode: string, limit = 50): Promise<TopScorers> {
      const { competition, season } = await requireSeason(code, seasonCode);
      const goals = await listSeasonGoals(db, season.id);
      const ranked = topScorers(goals).slice(0, limit);
      const teams = await listTeamsByIds(db, [...new Set(ranked.map((scorer) => scorer.teamId))]);
      let rank = 0;
      let previousGoals = Number.POSITIVE_INFINITY;
      const scorers = ranked.flatMap((scorer, index) => {
        const team = teams.get(scorer.teamId);
        if (!team) return [];
        if (scorer.goals < previousGoals) rank = index + 1;
        previousGoals = scorer.goals;
        return [{ rank, player: { id: scorer.playerId, name: scorer.playerName }, team, goals: scorer.goals, penalties: scorer.penalties }];
      });
      return { competition: { code: competition.code, name: competition.name, areaName: competition.areaName }, season: publicSeason(season), scorers };
    },

    async listSeasonMatches(code: string, season: string, filter: { round?: string; teamId?: number; status?: MatchStatus }): Promise<MatchSummary[]> {
      const found = await requireSeason(code, season);
      return listMatchSummaries(db, { seasonId: found.season.id, ...filter });
    },

    /** Every match kicking off on `date` as the day is lived in `timeZone`. */
    async listMatchesOnDay(date: string, timeZone: string): Promise<MatchSummary[]> {
      const { start, end } = utcRangeOfLocalDay(date, timeZone);
      return listMatchSummaries(db, { from: start, to: end, replays: 'demo' });
    },

    /**
     * Matches in play at `now` (kicked off within the last day): real ones and
     * the demo schedule's replays; on-demand replays too when asked (the
     * /live-sports page lists everything running, each replay labelled).
     */
    async listLiveMatches(now: Date, options: { onDemandReplays?: boolean } = {}): Promise<MatchSummary[]> {
      const range = {
        from: new Date(now.getTime() - 24 * 60 * 60_000),
        to: new Date(now.getTime() + 60_000),
        replays: options.onDemandReplays ? ('all' as const) : ('demo' as const),
      };
      const [live, halfTime] = await Promise.all([
        listMatchSummaries(db, { ...range, status: 'live' }),
        listMatchSummaries(db, { ...range, status: 'half-time' }),
      ]);
      return [...live, ...halfTime].sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt) || a.id - b.id);
    },

    /** The latest finished real matches that have an event stream, newest first. */
    async listRecentMatchesWithEvents(limit: number): Promise<MatchSummary[]> {
      const rows = await db
        .selectFrom('match')
        .select('id')
        .where('has_events', '=', 1)
        .where('status', '=', 'finished')
        .where('replay_of_match_id', 'is', null)
        .orderBy('kickoff_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      const matches = await listMatchSummaries(db, { ids: rows.map((row) => Number(row.id)), replays: 'exclude' });
      return matches.reverse();
    },

    getMatch: requireMatch,

    async listMatchEvents(id: number): Promise<MatchEvent[]> {
      await requireMatch(id);
      return listMatchEvents(db, id);
    },

    async listCommentary(id: number): Promise<CommentaryLine[]> {
      await requireMatch(id);
      return listCommentary(db, id);
    },

    async getLineups(id: number): Promise<Lineups> {
      const match = await requireMatch(id);
      return getLineups(db, id, match.home.id, match.away.id);
    },

    async getStats(id: number): Promise<{ teams: TeamStats[]; players: PlayerStats[] }> {
      await requireMatch(id);
      const [teams, players] = await Promise.all([listTeamStats(db, id), listPlayerStats(db, id)]);
      return { teams, players };
    },

    async getTeam(id: number): Promise<Team> {
      const team = await findTeamRow(db, id);
      if (!team) throw new NotFoundError(`Team ${id}`);
      return team;
    },

    /** A team's matches; `from`/`to` bound the kick-off (from inclusive, to exclusive). */
    async listTeamMatches(id: number, options: { limit?: number; order?: 'asc' | 'desc'; from?: Date; to?: Date } = {}): Promise<MatchSummary[]> {
      const team = await findTeamRow(db, id);
      if (!team) throw new NotFoundError(`Team ${id}`);
      return listMatchSummaries(db, { teamId: id, ...options });
    },

    /** The team's squad in the latest season that lists one (squad_member rows); empty when the data names none. */
    async getSquad(id: number): Promise<Squad> {
      const team = await findTeamRow(db, id);
      if (!team) throw new NotFoundError(`Team ${id}`);
      return listLatestSquad(db, id);
    },

    async getHeadToHead(first: number, second: number): Promise<HeadToHead> {
      const teams = await listTeamsByIds(db, [first, second]);
      const teamA = teams.get(first);
      const teamB = teams.get(second);
      if (!teamA) throw new NotFoundError(`Team ${first}`);
      if (!teamB) throw new NotFoundError(`Team ${second}`);
      const matches = await listMatchSummaries(db, { pair: [first, second], order: 'desc' });
      const record = headToHeadRecord(
        first,
        second,
        matches.map((match) => ({
          id: match.id,
          kickoffAt: match.kickoffAt,
          homeTeamId: match.home.id,
          awayTeamId: match.away.id,
          homeScore: match.score.home,
          awayScore: match.score.away,
          status: match.status,
        })),
      );
      return {
        teams: [teamA, teamB],
        record: { played: record.played, winsFirst: record.winsA, winsSecond: record.winsB, draws: record.draws, goalsFirst: record.goalsA, goalsSecond: record.goalsB },
        matches,
      };
    },

    /** Teams and competitions, accent- and case-insensitive. */
    async search(query: string, limit = 10): Promise<SearchResult> {
      const folded = foldText(query);
      if (folded.length === 0) return { teams: [], competitions: [] };
      const [teams, competitions] = await Promise.all([searchTeams(db, folded, limit), listCompetitions(db)]);
      return {
        teams,
        competitions: competitions
          .filter((row) => foldText(`${row.name} ${row.areaName} ${row.code}`).includes(folded))
          .slice(0, limit)
          .map((row) => ({ code: row.code, name: row.name, areaName: row.areaName })),
      };
    },
  };
}

export type FootballService = ReturnType<typeof createFootballService>;
