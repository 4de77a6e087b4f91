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
  Standings,
  Team,
  TeamStats,
  TopScorers,
} from '../../../domain/football-contracts.ts';
import type { MatchStatus } from '../../../domain/match-status.ts';
import { foldText } from '../../../domain/names.ts';
import { computeStandings, headToHeadRecord, topScorers } from '../../../domain/standings.ts';
import { utcRangeOfLocalDay } from '../../../domain/time-zones.ts';
import {
  findCompetition,
  findSeason,
  findTeamRow,
  getLineups,
  listAdjustments,
  listCompetitions,
  listLatestSeasons,
  listMatchEvents,
  listMatchSummaries,
  listPlayerStats,
  listSeasonGoals,
  listSeasonResults,
  listSeasons,
  listTeamStats,
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

export interface StandingsQuery {
  code: string;
  season: string;
  view?: 'overall' | 'home' | 'away';
  asOf?: string;
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
      const [allResults, adjustments] = await Promise.all([listSeasonResults(db, season.id), listAdjustments(db, season.id)]);
      // A league table counts the regular season only: play-offs, finals and split rounds are not in it.
      const results = competition.kind === 'league' ? allResults.filter((match) => match.stage === null || match.stage === 'Regular season') : allResults;
      const teamIds = [...new Set(results.flatMap((match) => [match.homeTeamId, match.awayTeamId]))];
      const teams = await listTeamsByIds(db, teamIds);
      const applicable = adjustments.filter((adjustment) => !query.asOf || !adjustment.effectiveDate || adjustment.effectiveDate <= query.asOf);
      const rows = computeStandings({
        teams: [...teams.values()].map((team) => ({ id: team.id, name: team.name })),
        matches: results,
        rules: seasonRules(competition.code, competition.rules, season.code),
        adjustments: applicable.map((adjustment) => ({ teamId: adjustment.teamId, points: adjustment.points })),
        asOf: query.asOf,
        view,
      });
      return {
        competition: { code: competition.code, name: competition.name, areaName: competition.areaName },
        season: publicSeason(season),
        view,
        asOf: query.asOf ?? null,
        adjustments: applicable.map(({ teamId, points, reason, source }) => ({ teamId, points, reason, source })),
        rows: rows.map(({ teamId, teamName, ...numbers }) => {
          const team = teams.get(teamId);
          return { ...numbers, team: { id: teamId, name: team?.name ?? teamName, shortName: team?.shortName ?? teamName } };
        }),
      };
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
      return listMatchSummaries(db, { from: start, to: end });
    },

    getMatch: requireMatch,

    async listMatchEvents(id: number): Promise<MatchEvent[]> {
      await requireMatch(id);
      return listMatchEvents(db, id);
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

    async listTeamMatches(id: number, options: { limit?: number; order?: 'asc' | 'desc' } = {}): Promise<MatchSummary[]> {
      const team = await findTeamRow(db, id);
      if (!team) throw new NotFoundError(`Team ${id}`);
      return listMatchSummaries(db, { teamId: id, ...options });
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
