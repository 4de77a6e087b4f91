// The rows of match_team_stats and match_player_stats for the domain's counts
// (domain/match-stats.ts), shared by the Wyscout importer and the live pipeline.
import type { PlayerStats, TeamStats } from '../domain/match-stats.ts';

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
