// The rows of match_team_stats and match_player_stats for the domain's counts
// (domain/match-stats.ts), both ways: written by the Wyscout importer and the
// live pipeline, read by the football module and the demo replays.
import type { Kysely, Transaction } from 'kysely';
import type { PlayerStats as PlayerStatsRead, TeamStats as TeamStatsRead } from '../domain/football-contracts.ts';
import type { PlayerStats, TeamStats } from '../domain/match-stats.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function teamStatsRow(matchId: number, stats: TeamStats) {
  return {
    match_id: matchId,
    team_id: stats.teamId,
    shots: stats.shots,
    shots_on_target: stats.shotsOnTarget,
    possession: stats.possession,
    passes: stats.passes,
    passes_accurate: stats.passesAccurate,
    corners: stats.corners,
    fouls: stats.fouls,
    offsides: stats.offsides,
    yellow_cards: stats.yellowCards,
    red_cards: stats.redCards,
  };
}

export function playerStatsRow(matchId: number, stats: PlayerStats) {
  return {
    match_id: matchId,
    player_id: stats.playerId,
    team_id: stats.teamId,
    minutes: stats.minutes,
    goals: stats.goals,
    assists: stats.assists,
    shots: stats.shots,
    shots_on_target: stats.shotsOnTarget,
    passes: stats.passes,
    passes_accurate: stats.passesAccurate,
    key_passes: stats.keyPasses,
    duels: stats.duels,
    duels_won: stats.duelsWon,
    fouls: stats.fouls,
    yellow_cards: stats.yellowCards,
    red_cards: stats.redCards,
  };
}

/** A match's team stats, one per team. */
export async function readTeamStats(db: Db, matchId: number): Promise<TeamStatsRead[]> {
  const rows = await db.selectFrom('match_team_stats').selectAll().where('match_id', '=', matchId).execute();
  return rows.map((row) => ({
    teamId: Number(row.team_id),
    shots: row.shots,
    shotsOnTarget: row.shots_on_target,
    possession: row.possession,
    passes: row.passes,
    passesAccurate: row.passes_accurate,
    corners: row.corners,
    fouls: row.fouls,
    offsides: row.offsides,
    yellowCards: row.yellow_cards,
    redCards: row.red_cards,
  }));
}

/** A match's player stats, by team, most minutes first. */
export async function readPlayerStats(db: Db, matchId: number): Promise<PlayerStatsRead[]> {
  const rows = await db
    .selectFrom('match_player_stats as s')
    .innerJoin('player as p', 'p.id', 's.player_id')
    .selectAll('s')
    .select('p.name')
    .where('s.match_id', '=', matchId)
    .orderBy('s.team_id')
    .orderBy('s.minutes', 'desc')
    .execute();
  return rows.map((row) => ({
    playerId: Number(row.player_id),
    name: row.name,
    teamId: Number(row.team_id),
    minutes: row.minutes,
    goals: row.goals,
    assists: row.assists,
    shots: row.shots,
    shotsOnTarget: row.shots_on_target,
    passes: row.passes,
    passesAccurate: row.passes_accurate,
    keyPasses: row.key_passes,
    duels: row.duels,
    duelsWon: row.duels_won,
    fouls: row.fouls,
    yellowCards: row.yellow_cards,
    redCards: row.red_cards,
  }));
}
