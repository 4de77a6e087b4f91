// The match centre's insight sections (issue #5): momentum over the match,
// head-to-head before it, and the competition table around both teams. Built
// from the football service (matches, head-to-head, league tables) and this
// module's own reads (actions, events, group results).
//
// Replays are handled as what they show: a replay's momentum is the original's
// actions up to the replay's clock; its head-to-head is the meetings before the
// original; its table is the one before the original match, with the replay's
// score counted as it stands (group tables) — never the real later results.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { competitionRulesSchema, findCompetitionDefinition, rulesForSeason } from '../../../domain/competitions.ts';
import type { MatchSummary, Standings } from '../../../domain/football-contracts.ts';
import { HEAD_TO_HEAD_SHOWN, rowsAround, type InsightPart, type MatchHeadToHead, type MatchInsight, type TableAround } from '../../../domain/match-insight.ts';
import { PERIOD_START_MINUTE, isPlayingPhase, type MatchPhase, type PlayingPhase } from '../../../domain/match-clock.ts';
import { isLive } from '../../../domain/match-status.ts';
import { computeMomentum, type MomentumCut } from '../../../domain/momentum.ts';
import type { Momentum } from '../../../domain/momentum-series.ts';
import { computeStandings, headToHeadRecord } from '../../../domain/standings.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FootballService } from './football.service.ts';
import { listSeasonResults, listTeamsByIds } from './football.queries.ts';
import { findMatchPlace, listMomentumActions, listMomentumEvents } from './match-insight.queries.ts';

/** The period whose minutes are all played during each break. */
const BREAK_AFTER: Partial<Record<MatchPhase, PlayingPhase>> = { HT: '1H', BET: '2H', EHT: 'E1', BP: 'E2' };

/** How far a live match has got, from its clock (null once every period is played, or when unknown). */
export function momentumCutOf(match: MatchSummary, now: Date): MomentumCut | null {
  if (!isLive(match.status)) return null;
  const clock = match.clock;
  if (!clock) {
    // A provider without a clock: the minute it reported.
    if (match.minute === null) return null;
    const period: PlayingPhase = match.minute > 105 ? 'E2' : match.minute > 90 ? 'E1' : match.minute > 45 ? '2H' : '1H';
    return { period, second: Math.max(0, match.minute - PERIOD_START_MINUTE[period] - 1) * 60 + 59 };
  }
  if (isPlayingPhase(clock.phase)) {
    if (clock.phaseStartedAt === null) return null;
    return { period: clock.phase, second: Math.max(0, ((now.getTime() - Date.parse(clock.phaseStartedAt)) / 1000) * clock.rate) };
  }
  const after = BREAK_AFTER[clock.phase];
  return after ? { period: after, second: Infinity } : null;
}

const dayBefore = (iso: string) => new Date(Date.parse(iso.slice(0, 10)) - 86_400_000).toISOString().slice(0, 10);

export function createMatchInsightService(options: { db: Kysely<Database>; football: FootballService; clock: Clock }) {
  const { db, football, clock } = options;

  async function momentumOf(match: MatchSummary): Promise<Momentum | null> {
    if (match.status === 'scheduled' || match.status === 'postponed' || match.status === 'cancelled') return null;
    // A replay draws the original's actions; its own events are the ones played so far.
    const actionsOf = match.replayOf?.matchId ?? match.id;
    const [actions, events] = await Promise.all([listMomentumActions(db, actionsOf), listMomentumEvents(db, match.id)]);
    const cut = momentumCutOf(match, clock.now());
    const momentum = computeMomentum({ homeTeamId: match.home.id, awayTeamId: match.away.id, actions, events, cut });
    // Penalties or an unclocked live match: every period is drawn but the match is not over.
    return momentum && isLive(match.status) ? { ...momentum, complete: false } : momentum;
  }

  async function headToHeadOf(match: MatchSummary): Promise<MatchHeadToHead> {
    const all = await football.getHeadToHead(match.home.id, match.away.id);
    const reference = match.replayOf?.kickoffAt ?? match.kickoffAt;
    const excluded = new Set([match.id, match.replayOf?.matchId]);
    const earlier = all.matches.filter((meeting) => !excluded.has(meeting.id) && meeting.kickoffAt < reference && meeting.status === 'finished');
    const record = headToHeadRecord(
      match.home.id,
      match.away.id,
      earlier.map((meeting) => ({
        id: meeting.id,
        kickoffAt: meeting.kickoffAt,
        homeTeamId: meeting.home.id,
        awayTeamId: meeting.away.id,
        homeScore: meeting.score.home,
        awayScore: meeting.score.away,
        status: meeting.status,
      })),
    );
    return {
      record: { played: record.played, homeWins: record.winsA, draws: record.draws, awayWins: record.winsB, homeGoals: record.goalsA, awayGoals: record.goalsB },
      matches: earlier.slice(0, HEAD_TO_HEAD_SHOWN),
    };
  }

  /** A tournament group's table; for a replay, the results before the original with the replay's score in its place. */
  async function groupTable(match: MatchSummary, place: NonNullable<Awaited<ReturnType<typeof findMatchPlace>>>, group: string): Promise<TableAround> {
    const results = await listSeasonResults(db, place.seasonId, { group });
    const original = match.replayOf;
    const replayCounts = original !== null && match.status !== 'scheduled' && match.score.home !== null && match.score.away !== null;
    const counted = original
      ? results
          .filter((result) => result.kickoffAt < original.kickoffAt)
          .concat(
            replayCounts
              ? [{ id: match.id, kickoffAt: original.kickoffAt, homeTeamId: match.home.id, awayTeamId: match.away.id, homeScore: match.score.home, awayScore: match.score.away, status: 'finished' as const, stage: match.stage, round: match.round, group }]
              : [],
          )
      : results.map((result) => (isLive(result.status) ? { ...result, status: 'finished' as const, homeScore: result.homeScore ?? 0, awayScore: result.awayScore ?? 0 } : result));
    const teamIds = [...new Set(results.flatMap((result) => [result.homeTeamId, result.awayTeamId]))];
    const teams = await listTeamsByIds(db, teamIds);
    const definition = findCompetitionDefinition(place.competitionCode);
    const rules = definition ? rulesForSeason(definition, place.seasonCode) : competitionRulesSchema.parse(JSON.parse(place.rules));
    const rows = computeStandings({ teams: [...teams.values()].map((team) => ({ id: team.id, name: team.name })), matches: counted, rules });
    return {
      competition: match.competition,
      season: match.season,
      scope: 'group',
      title: group,
      asItStands: original ? isLive(match.status) : results.some((result) => isLive(result.status)),
      replayOf: original ? original.kickoffAt : null,
      totalTeams: rows.length,
      rows: rows.map(({ teamId, teamName, ...numbers }) => {
        const team = teams.get(teamId);
        return { ...numbers, team: { id: teamId, name: team?.name ?? teamName, shortName: team?.shortName ?? teamName } };
      }),
    };
  }

  async function tableOf(match: MatchSummary): Promise<TableAround | null> {
    const place = await findMatchPlace(db, match.id);
    if (!place) return null;
    if (place.group) return groupTable(match, place, place.group);
    // A cup's knock-out rounds have no table; a league phase (one table of every team) has.
    if (place.kind === 'cup' && !/league/i.test(place.stage ?? '')) return null;
    const original = match.replayOf;
    let standings: Standings;
    try {
      standings = await football.getStandings(
        original
          ? { code: place.competitionCode, season: place.seasonCode, asOf: dayBefore(original.kickoffAt) }
          : { code: place.competitionCode, season: place.seasonCode, live: isLive(match.status) },
      );
    } catch (error) {
      if (error instanceof Error && error.name === 'NotFoundError') return null;
      throw error;
    }
    if (!standings.rows.some((row) => row.team.id === match.home.id || row.team.id === match.away.id)) return null;
    return {
      competition: match.competition,
      season: match.season,
      scope: 'league',
      title: place.kind === 'cup' ? (place.stage ?? 'Table') : 'Table',
      asItStands: (standings.liveMatchIds?.length ?? 0) > 0,
      replayOf: original ? original.kickoffAt : null,
      totalTeams: standings.rows.length,
      rows: rowsAround(standings.rows, [match.home.id, match.away.id]),
    };
  }

  return {
    /** The asked parts of a match's insight (all by default); NotFoundError for an unknown match. */
    async getInsight(matchId: number, parts: readonly InsightPart[] = ['momentum', 'h2h', 'table']): Promise<MatchInsight> {
      const match = await football.getMatch(matchId);
      const [momentum, headToHead, table] = await Promise.all([
        parts.includes('momentum') ? momentumOf(match) : undefined,
        parts.includes('h2h') ? headToHeadOf(match) : undefined,
        parts.includes('table') ? tableOf(match) : undefined,
      ]);
      return {
        matchId,
        ...(momentum !== undefined ? { momentum } : {}),
        ...(headToHead !== undefined ? { headToHead } : {}),
        ...(table !== undefined ? { table } : {}),
      };
    },
  };
}

export type MatchInsightService = ReturnType<typeof createMatchInsightService>;
