// The football read service: what pages and the JSON API ask about
// competitions, seasons, tables, matches and teams. Tables come from the pure
// rules engine (domain/standings.ts) over the stored results.
import { readPlayerStats, readTeamStats } from '../../../db/match-stats-rows.ts';
import { commentaryFromEvents } from '../../../domain/commentary.ts';
import { compareMatchTime } from '../../../domain/match-order.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Chalkboard } from '../../../domain/chalkboard.ts';
import type { KeyMoments } from '../../../domain/key-moments.ts';
import { replayPoint } from '../../../domain/chalkboard-actions.ts';
import {
  competitionRulesSchema,
  findCompetitionDefinition,
  rulesForSeason,
  splitForSeason,
  type SplitGroup,
} from '../../../domain/competitions.ts';
import type {
  Competition,
  HeadToHead,
  Lineups,
  MatchEvent,
  MatchSummary,
  PlayerStats,
  Season,
  Squad,
  Standings,
  StandingsPhase,
  Team,
  TeamStats,
  TopScorers,
} from '../../../domain/football-contracts.ts';
import type { CommentaryLine } from '../../../domain/live-contracts.ts';
import { isLive, type MatchStatus } from '../../../domain/match-status.ts';
import { foldText } from '../../../domain/names.ts';
import { computeSplitStandings, computeStandings, headToHeadRecord, topScorers } from '../../../domain/standings.ts';
import { utcRangeOfLocalDay } from '../../../domain/time-zones.ts';
import {
  findCompetition,
  findSeason,
  findSeasonReplay,
  findTeamRow,
  importGeneration,
  getLineups,
  listAdjustments,
  listCompetitions,
  listLatestSeasons,
  listCommentaryRows,
  listCompetitionResults,
  listCompetitionFixtures,
  findTeamIdsByName,
  searchMatchIds,
  listMatchEvents,
  listMatchSummaries,
  listSeasonGoals,
  listSeasonResults,
  listSeasons,
  listLatestSquad,
  listTeamsByIds,
  type CompetitionRow,
  type SeasonRow,
} from './football.queries.ts';
import { listAveragePositions, readChalkboard } from './chalkboard.queries.ts';
import { readKeyMoments } from './key-moments.queries.ts';
import { createSearchService } from './search.service.ts';

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
  /** One of the season's tables (`phases` of the answer); the regular season or whole tournament when absent. */
  phase?: string;
  /** A demo replay's id: the table as it stood at the replayed match's kick-off, with the replay's score as it stands. */
  replay?: number;
}

type SeasonReplay = NonNullable<Awaited<ReturnType<typeof findSeasonReplay>>>;

/**
 * The season's results as they stood when the replayed match kicked off, the replayed match
 * carrying the replay's score and status instead of its real result.
 */
function resultsAtReplay(results: SeasonResult[], replay: SeasonReplay): SeasonResult[] {
  const original = results.find((match) => match.id === replay.originalMatchId);
  if (!original) throw new NotFoundError(`Match ${replay.originalMatchId}`);
  // Every team stays in the table; what was played from that kick-off on had not been yet.
  return results.map((match) => {
    if (match.id === original.id)
      return { ...match, status: replay.status, homeScore: replay.homeScore, awayScore: replay.awayScore };
    return match.kickoffAt < original.kickoffAt
      ? match
      : { ...match, status: 'scheduled' as const, homeScore: null, awayScore: null };
  });
}

type SeasonResult = Awaited<ReturnType<typeof listSeasonResults>>[number];
/** One finished result of a competition (model odds, issue #24). */
export type CompetitionResult = Awaited<ReturnType<typeof listCompetitionResults>>[number];
/** One match of a competition, played or not, with its season's code (model odds: who is new to a season). */
export type CompetitionFixture = Awaited<ReturnType<typeof listCompetitionFixtures>>[number];

/** Stages played as groups in cups (openfootball and Fjelstul write these names). */
const CUP_GROUP_STAGES = new Set(['Group stage', 'Second group stage', 'Final round']);

const slug = (text: string) =>
  foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A table of a season, with the matches it counts. */
interface PhasePlan {
  phase: StandingsPhase;
  /** Split group: the regular season carried over as the competition's split format says. */
  split?: { group: SplitGroup; cumulativeRecord: boolean };
  matches: (results: readonly SeasonResult[]) => SeasonResult[];
}

const isRegularSeason = (match: SeasonResult) => match.stage === null || match.stage === 'Regular season';

/**
 * The tables a season offers: a league's regular season, then the groups of its
 * split (domain/competitions.ts `splits`) that have matches; a cup's whole
 * tournament, then each group of its group stages (a group's play-off, 1954 and
 * 1958, is not in the group's table).
 */
function seasonPhases(competition: CompetitionRow, seasonCode: string, results: readonly SeasonResult[]): PhasePlan[] {
  if (competition.kind === 'league') {
    const plans: PhasePlan[] = [
      {
        phase: { code: 'regular', name: 'Regular season', carryOver: null },
        matches: (all) => all.filter(isRegularSeason),
      },
    ];
    const definition = findCompetitionDefinition(competition.code);
    const split = definition ? splitForSeason(definition, seasonCode) : undefined;
    for (const group of split?.groups ?? []) {
      if (!results.some((match) => match.stage === group.stage)) continue;
      plans.push({
        phase: { code: group.code, name: group.name, carryOver: group.carryOver },
        split: { group, cumulativeRecord: split?.cumulativeRecord ?? false },
        matches: (all) => all.filter((match) => match.stage === group.stage),
      });
    }
    return plans;
  }
  const plans: PhasePlan[] = [
    { phase: { code: 'tournament', name: 'Whole tournament', carryOver: null }, matches: (all) => [...all] },
  ];
  const groups = new Map<string, { stage: string; group: string | null; first: string }>();
  for (const match of results) {
    if (match.stage === null || !CUP_GROUP_STAGES.has(match.stage) || match.round === 'Play-off') continue;
    const key = `${match.stage}|${match.group ?? ''}`;
    const known = groups.get(key);
    if (!known || match.kickoffAt < known.first)
      groups.set(key, {
        stage: match.stage,
        group: match.group,
        first: known && known.first < match.kickoffAt ? known.first : match.kickoffAt,
      });
  }
  const ordered = [...groups.values()].sort((a, b) => {
    const byStage =
      a.stage === b.stage
        ? 0
        : a.stage === 'Group stage'
          ? -1
          : b.stage === 'Group stage'
            ? 1
            : a.first.localeCompare(b.first);
    return byStage || (a.group ?? '').localeCompare(b.group ?? '', 'en', { numeric: true });
  });
  for (const { stage, group } of ordered) {
    const name = stage === 'Group stage' && group ? group : group ? `${stage}, ${group}` : stage;
    plans.push({
      phase: { code: slug(name), name, carryOver: null },
      matches: (all) =>
        all.filter((match) => match.stage === stage && match.group === group && match.round !== 'Play-off'),
    });
  }
  return plans;
}

export function createFootballService(db: Kysely<Database>) {
  const search = createSearchService(db);
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
    phaseCode?: string,
    replay?: SeasonReplay,
  ): Promise<Standings> {
    const [seasonResultsNow, adjustments] = await Promise.all([
      listSeasonResults(db, season.id),
      listAdjustments(db, season.id),
    ]);
    const allResults = replay ? resultsAtReplay(seasonResultsNow, replay) : seasonResultsNow;
    const plans = seasonPhases(competition, season.code, allResults);
    const plan = phaseCode === undefined ? plans[0] : plans.find((candidate) => candidate.phase.code === phaseCode);
    if (!plan) throw new NotFoundError(`Table ${phaseCode ?? ''} of ${competition.code} ${season.code}`);
    // A league's regular-season table counts the regular season only: play-offs, finals and split rounds are not in it.
    const seasonResults = plan.matches(allResults);
    // A split group starts from the regular season's table.
    const regularResults = plan.split ? allResults.filter(isRegularSeason) : [];
    // As it stands: a live match counts as if it ended now (replays are never in the results: listSeasonResults).
    const liveMatchIds =
      live && !asOf
        ? [...regularResults, ...seasonResults].filter((match) => isLive(match.status)).map((match) => match.id)
        : [];
    const asItStands = (matches: SeasonResult[]) =>
      liveMatchIds.length === 0
        ? matches
        : matches.map((match) =>
            isLive(match.status)
              ? {
                  ...match,
                  status: 'finished' as const,
                  homeScore: match.homeScore ?? 0,
                  awayScore: match.awayScore ?? 0,
                }
              : match,
          );
    const results = asItStands(seasonResults);
    const regular = asItStands(regularResults);
    const teamIds = [...new Set([...regular, ...results].flatMap((match) => [match.homeTeamId, match.awayTeamId]))];
    const teams = await listTeamsByIds(db, teamIds);
    // Deductions belong to the season's table (and so to what a split group carries), not to a cup's group.
    const applicable =
      competition.kind === 'cup' && plan !== plans[0]
        ? []
        : adjustments.filter((adjustment) => !asOf || !adjustment.effectiveDate || adjustment.effectiveDate <= asOf);
    const teamList = [...teams.values()].map((team) => ({ id: team.id, name: team.name }));
    const rules = seasonRules(competition.code, competition.rules, season.code);
    const points = applicable.map((adjustment) => ({ teamId: adjustment.teamId, points: adjustment.points }));
    const rows = plan.split
      ? computeSplitStandings({
          teams: teamList,
          regularMatches: regular,
          groupMatches: results,
          rules,
          carryOver: plan.split.group.carryOver,
          cumulativeRecord: plan.split.cumulativeRecord,
          adjustments: points,
          asOf,
          view,
        })
      : computeStandings({ teams: teamList, matches: results, rules, adjustments: points, asOf, view });
    return {
      competition: { code: competition.code, name: competition.name, areaName: competition.areaName },
      season: publicSeason(season),
      phase: plan.phase.code,
      phases: plans.map((candidate) => candidate.phase),
      view,
      asOf: asOf ?? null,
      ...(live && !asOf
        ? { liveMatchIds: liveMatchIds.map((id) => (replay && id === replay.originalMatchId ? replay.id : id)) }
        : {}),
      ...(replay
        ? {
            replay: {
              matchId: replay.id,
              originalMatchId: replay.originalMatchId,
              originalKickoffAt: allResults.find((match) => match.id === replay.originalMatchId)?.kickoffAt ?? '',
            },
          }
        : {}),
      adjustments: applicable.map(({ teamId, points, reason, source }) => ({ teamId, points, reason, source })),
      rows: rows.map(({ teamId, teamName, ...numbers }) => {
        const team = teams.get(teamId);
        return {
          ...numbers,
          team: { id: teamId, name: team?.name ?? teamName, shortName: team?.shortName ?? teamName },
        };
      }),
    };
  }

  const finishedTables = new Map<string, Standings>();
  let tableGeneration = '';

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

    /**
     * A competition's finished results over every season, oldest first, with its kind and every season's
     * fixtures (model odds, issue #24: the fit reads these and picks the days it may use). Replays are never
     * results.
     */
    async listCompetitionResults(
      code: string,
    ): Promise<{ kind: 'league' | 'cup'; results: CompetitionResult[]; fixtures: CompetitionFixture[] }> {
      const competition = await requireCompetition(code);
      const [results, fixtures] = await Promise.all([
        listCompetitionResults(db, competition.id),
        listCompetitionFixtures(db, competition.id),
      ]);
      return { kind: competition.kind, results, fixtures };
    },

    async listSeasons(code: string): Promise<Season[]> {
      const competition = await requireCompetition(code);
      return (await listSeasons(db, competition.id)).map(publicSeason);
    },

    /** The table of a season: overall, home or away, optionally as it stood at the end of a date. */
    async getStandings(query: StandingsQuery): Promise<Standings> {
      const { competition, season } = await requireSeason(query.code, query.season);
      const view = query.view ?? 'overall';
      if (query.replay !== undefined) {
        const replay = await findSeasonReplay(db, season.id, query.replay);
        if (!replay) throw new NotFoundError(`Replay ${query.replay} of ${competition.code} ${season.code}`);
        return computeTable(competition, season, view, undefined, true, query.phase, replay);
      }
      if (query.live && !query.asOf) return computeTable(competition, season, view, undefined, true, query.phase);
      // A complete season's table changes only when an import runs (replays never count): cache it per import.
      if (!season.complete) return computeTable(competition, season, view, query.asOf, false, query.phase);
      const generation = await importGeneration(db);
      if (generation !== tableGeneration) {
        finishedTables.clear();
        tableGeneration = generation;
      }
      const key = `${season.id}:${view}:${query.asOf ?? ''}:${query.phase ?? ''}`;
      const cached = finishedTables.get(key);
      if (cached) return cached;
      const table = await computeTable(competition, season, view, query.asOf, false, query.phase);
      if (finishedTables.size >= FINISHED_TABLE_CACHE_LIMIT) finishedTables.clear();
      finishedTables.set(key, table);
      return table;
    },

    /** Goals per player where the data names scorers; own goals do not count for the scorer. */
    async getTopScorers(code: string, seasonCode: string, limit = 50): Promise<TopScorers> {
      const { competition, season } = await requireSeason(code, seasonCode);
      const goals = await listSeasonGoals(db, season.id);
      const ranked = topScorers(goals).slice(0, limit);
      const shortNames = new Map(goals.map((goal) => [goal.playerId, goal.playerShortName]));
      const teams = await listTeamsByIds(db, [...new Set(ranked.map((scorer) => scorer.teamId))]);
      let rank = 0;
      let previousGoals = Number.POSITIVE_INFINITY;
      const scorers = ranked.flatMap((scorer, index) => {
        const team = teams.get(scorer.teamId);
        if (!team) return [];
        if (scorer.goals < previousGoals) rank = index + 1;
        previousGoals = scorer.goals;
        return [
          {
            rank,
            player: {
              id: scorer.playerId,
              name: scorer.playerName,
              shortName: shortNames.get(scorer.playerId) ?? scorer.playerName,
            },
            team,
            goals: scorer.goals,
            penalties: scorer.penalties,
          },
        ];
      });
      return {
        competition: { code: competition.code, name: competition.name, areaName: competition.areaName },
        season: publicSeason(season),
        scorers,
      };
    },

    async listSeasonMatches(
      code: string,
      season: string,
      filter: { round?: string; teamId?: number; status?: MatchStatus },
    ): Promise<MatchSummary[]> {
      const found = await requireSeason(code, season);
      return listMatchSummaries(db, { seasonId: found.season.id, ...filter });
    },

    /**
     * The CMS's match search (issue #20): by part of a team's name, a competition and a UTC day, newest
     * first, a page at a time after `cursor` (the last match of the previous page), replays left out.
     */
    async searchMatches(filter: {
      team?: string;
      competition?: string;
      date?: string;
      cursor?: { kickoffAt: string; id: number };
      limit: number;
    }): Promise<{ matches: MatchSummary[]; nextCursor: { kickoffAt: string; id: number } | null }> {
      const day = filter.date ? utcRangeOfLocalDay(filter.date, 'UTC') : null;
      const teamIds = filter.team ? await findTeamIdsByName(db, filter.team, 500) : undefined;
      const ids = await searchMatchIds(db, {
        ...(teamIds ? { teamIds } : {}),
        ...(filter.competition ? { competitionCode: filter.competition } : {}),
        ...(day ? { from: day.start, to: day.end } : {}),
        ...(filter.cursor ? { before: filter.cursor } : {}),
        limit: filter.limit,
      });
      const byId = new Map((await listMatchSummaries(db, { ids })).map((match) => [match.id, match]));
      const matches = ids.flatMap((id) => byId.get(id) ?? []);
      const last = matches.at(-1);
      return { matches, nextCursor: matches.length === filter.limit && last ? { kickoffAt: last.kickoffAt, id: last.id } : null };
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
      const match = await requireMatch(id);
      const stored = await listCommentaryRows(db, id);
      // A finished match that was never followed live here has events but no written commentary: the same
      // lines are generated from its events (issue #19), followed by any staff correction's line (issue #20,
      // numbered from 100,000 so it never takes a generated line's place). Live matches get theirs from the pipeline.
      const written = stored.filter((row) => !row.staff);
      if (written.length > 0 || !match.hasEvents || (match.status !== 'finished' && match.status !== 'awarded')) return stored.map((row) => row.line);
      const events = (await listMatchEvents(db, id)).sort(compareMatchTime);
      const generated = commentaryFromEvents(events, { homeId: match.home.id, awayId: match.away.id }, { home: match.home.name, away: match.away.name }, true);
      return [...generated, ...stored.map((row) => row.line)];
    },

    async getLineups(id: number): Promise<Lineups> {
      const match = await requireMatch(id);
      // A replay's players were on the ball in the original: their average positions come from it.
      const [lineups, positions] = await Promise.all([
        getLineups(db, id, match.home.id, match.away.id),
        listAveragePositions(db, match.replayOf?.matchId ?? id),
      ]);
      if (positions.size === 0) return lineups;
      const withPositions = (side: Lineups['home']) => ({
        ...side,
        players: side.players.map((player) => ({ ...player, averagePosition: positions.get(player.id) ?? null })),
      });
      return { home: withPositions(lineups.home), away: withPositions(lineups.away) };
    },

    /**
     * Shots and one player's passes (issue #5). A replay shows its original's
     * actions up to the point its clock has reached at `now`.
     */
    async getChalkboard(
      id: number,
      options: { playerId?: number | 'most-passes'; now?: Date } = {},
    ): Promise<Chalkboard> {
      const match = await requireMatch(id);
      const point = match.replayOf ? replayPoint(match.clock, match.status, options.now ?? new Date()) : null;
      return readChalkboard(db, id, match.replayOf?.matchId ?? id, point, options.playerId);
    },

    /**
     * The goals and big chances of a match with the actions that led to each
     * (issue #22, the key-moment replay). A replay shows only the moments its
     * clock has reached at `now`, as the chalkboard does.
     */
    async getKeyMoments(id: number, options: { now?: Date } = {}): Promise<KeyMoments> {
      const match = await requireMatch(id);
      const point = match.replayOf ? replayPoint(match.clock, match.status, options.now ?? new Date()) : null;
      const teams = { homeId: match.home.id, awayId: match.away.id };
      return readKeyMoments(db, id, match.replayOf?.matchId ?? id, teams, point);
    },

    async getStats(id: number): Promise<{ teams: TeamStats[]; players: PlayerStats[] }> {
      await requireMatch(id);
      const [teams, players] = await Promise.all([readTeamStats(db, id), readPlayerStats(db, id)]);
      return { teams, players };
    },

    async getTeam(id: number): Promise<Team> {
      const team = await findTeamRow(db, id);
      if (!team) throw new NotFoundError(`Team ${id}`);
      return team;
    },

    /** A team's matches; `from`/`to` bound the kick-off (from inclusive, to exclusive). */
    async listTeamMatches(
      id: number,
      options: { limit?: number; order?: 'asc' | 'desc'; from?: Date; to?: Date } = {},
    ): Promise<MatchSummary[]> {
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
        record: {
          played: record.played,
          winsFirst: record.winsA,
          winsSecond: record.winsB,
          draws: record.draws,
          goalsFirst: record.goalsA,
          goalsSecond: record.goalsB,
        },
        matches,
      };
    },

    /** Teams, competitions, players and matches (issue #19): search.service.ts. */
    search: search.search,
    /** Rebuilds the search index now when the data changed (after an import). */
    refreshSearch: search.refresh,
  };
}

export type FootballService = ReturnType<typeof createFootballService>;
