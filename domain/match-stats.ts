// Team and player match stats counted from on-ball actions and key events
// (issues #3 and #4). The importer counts a whole match; a live replay counts
// the actions up to the minute it has reached, with the same rules.
import { WYSCOUT_TAG } from './wyscout-tags.ts';

/** One on-ball action as stored in `match_action` (Wyscout naming). */
export interface StatsAction {
  period: string;
  type: string;
  subtype: string | null;
  teamId: number | null;
  playerId: number | null;
  tags: readonly number[];
}

export interface StatsKeyEvent {
  type: string;
  minute: number;
  addedMinute: number | null;
  teamId: number | null;
  playerId: number | null;
  relatedPlayerId: number | null;
}

export interface StatsLineupEntry {
  teamId: number;
  playerId: number;
  starter: boolean;
}

export interface TeamStats {
  teamId: number;
  shots: number;
  shotsOnTarget: number;
  possession: number;
  passes: number;
  passesAccurate: number;
  corners: number;
  fouls: number;
  offsides: number;
  yellowCards: number;
  redCards: number;
}

export interface PlayerStats {
  playerId: number;
  teamId: number;
  minutes: number;
  goals: number;
  assists: number;
  shots: number;
  shotsOnTarget: number;
  passes: number;
  passesAccurate: number;
  keyPasses: number;
  duels: number;
  duelsWon: number;
  fouls: number;
  yellowCards: number;
  redCards: number;
}

const PLAYING_PERIODS: ReadonlySet<string> = new Set(['1H', '2H', 'E1', 'E2']);

/** Foul events that are not fouls on an opponent (dissent, diving, time-wasting): kept as actions, not counted as fouls. */
const NOT_A_FOUL = new Set(['Protest', 'Simulation', 'Time lost foul']);

/** Shots, direct free-kick shots and penalties in play. */
export function isShotLike(action: Pick<StatsAction, 'type' | 'subtype'>): boolean {
  return (
    action.type === 'Shot' ||
    (action.type === 'Free Kick' && (action.subtype === 'Free kick shot' || action.subtype === 'Penalty'))
  );
}

/** Parses the comma-separated tag ids stored in `match_action.tags`. */
export function parseTags(tags: string): number[] {
  return tags === '' ? [] : tags.split(',').map(Number);
}

function emptyTeamStats(teamId: number): TeamStats {
  return {
    teamId,
    shots: 0,
    shotsOnTarget: 0,
    possession: 0,
    passes: 0,
    passesAccurate: 0,
    corners: 0,
    fouls: 0,
    offsides: 0,
    yellowCards: 0,
    redCards: 0,
  };
}

function emptyPlayerStats(playerId: number, teamId: number): PlayerStats {
  return {
    playerId,
    teamId,
    minutes: 0,
    goals: 0,
    assists: 0,
    shots: 0,
    shotsOnTarget: 0,
    passes: 0,
    passesAccurate: 0,
    keyPasses: 0,
    duels: 0,
    duelsWon: 0,
    fouls: 0,
    yellowCards: 0,
    redCards: 0,
  };
}

/**
 * The counting rules:
 * - shots: Shot events, direct free-kick shots and penalties in play (not the shoot-out);
 *   on target: tagged accurate (1801) or a goal (101);
 * - passes: Pass events; accurate: tag 1801; key passes: tag 302;
 * - possession: the team's share of the match's passes ("possession share from
 *   passes"), to one decimal, the pair summing to 100 (50–50 before any pass);
 * - corners: Free Kick / Corner; offsides: Offside events; fouls: Foul events except
 *   protests, simulation and time-wasting;
 * - duels: Duel events; won: tag 703;
 * - goals and assists: the key goal events (own goals count for nobody's tally);
 * - cards: yellow = first yellows; red = straight reds and second yellows;
 * - minutes: from coming on (0 for starters, the substitution minute) to going off
 *   (substitution or red card), capped at `minutesPlayed` (90 or 120 at full time;
 *   the minute reached so far during a live replay); a substitute who came on gets at least 1.
 */
export function countMatchStats(input: {
  actions: readonly StatsAction[];
  keyEvents: readonly StatsKeyEvent[];
  lineups: readonly StatsLineupEntry[];
  teamIds: readonly [number, number];
  minutesPlayed: number;
}): { teamStats: [TeamStats, TeamStats]; playerStats: PlayerStats[] } {
  const { actions, keyEvents, lineups, teamIds, minutesPlayed: length } = input;
  const team = new Map<number, TeamStats>(teamIds.map((teamId) => [teamId, emptyTeamStats(teamId)]));
  const players = new Map<number, PlayerStats>();
  const teamOfPlayer = new Map(lineups.map((entry) => [entry.playerId, entry.teamId]));
  const playerStats = (playerId: number, teamId: number) => {
    let stats = players.get(playerId);
    if (!stats) {
      stats = emptyPlayerStats(playerId, teamOfPlayer.get(playerId) ?? teamId);
      players.set(playerId, stats);
    }
    return stats;
  };

  // Who played, and for how long.
  const onAt = new Map<number, number>();
  const offAt = new Map<number, number>();
  for (const entry of lineups) if (entry.starter) onAt.set(entry.playerId, 0);
  for (const event of keyEvents) {
    const clock = event.minute + (event.addedMinute ?? 0);
    if (event.type === 'substitution' && event.playerId !== null && event.relatedPlayerId !== null) {
      onAt.set(event.playerId, Math.min(clock, length));
      offAt.set(event.relatedPlayerId, Math.min(clock, length));
    } else if ((event.type === 'red_card' || event.type === 'second_yellow') && event.playerId !== null) {
      offAt.set(event.playerId, Math.min(clock, offAt.get(event.playerId) ?? length, length));
    }
  }
  for (const [playerId, on] of onAt) {
    const off = offAt.get(playerId) ?? length;
    playerStats(playerId, teamIds[0]).minutes = on === 0 ? Math.max(0, off) : Math.max(1, off - on);
  }

  const acted = new Set<number>();
  for (const action of actions) {
    if (action.playerId !== null) acted.add(action.playerId);
    if (action.teamId === null) continue;
    const stats = team.get(action.teamId);
    if (!stats) continue;
    const player = action.playerId === null ? undefined : playerStats(action.playerId, action.teamId);
    const accurate = action.tags.includes(WYSCOUT_TAG.accurate);
    if (isShotLike(action) && PLAYING_PERIODS.has(action.period)) {
      const onTarget = accurate || action.tags.includes(WYSCOUT_TAG.goal);
      stats.shots += 1;
      if (onTarget) stats.shotsOnTarget += 1;
      if (player) {
        player.shots += 1;
        if (onTarget) player.shotsOnTarget += 1;
      }
    }
    if (action.tags.includes(WYSCOUT_TAG.keyPass) && player) player.keyPasses += 1;
    switch (action.type) {
      case 'Pass':
        stats.passes += 1;
        if (accurate) stats.passesAccurate += 1;
        if (player) {
          player.passes += 1;
          if (accurate) player.passesAccurate += 1;
        }
        break;
      case 'Free Kick':
        if (action.subtype === 'Corner') stats.corners += 1;
        break;
      case 'Foul':
        if (action.subtype !== null && NOT_A_FOUL.has(action.subtype)) break;
        stats.fouls += 1;
        if (player) player.fouls += 1;
        break;
      case 'Offside':
        stats.offsides += 1;
        break;
      case 'Duel':
        if (player) {
          player.duels += 1;
          if (action.tags.includes(WYSCOUT_TAG.won)) player.duelsWon += 1;
        }
        break;
    }
  }

  for (const event of keyEvents) {
    if (event.playerId === null) continue;
    const scorer = event.type === 'goal' || event.type === 'penalty_goal';
    if (scorer) playerStats(event.playerId, event.teamId ?? teamIds[0]).goals += 1;
    if (scorer && event.relatedPlayerId !== null)
      playerStats(event.relatedPlayerId, event.teamId ?? teamIds[0]).assists += 1;
    const yellow = event.type === 'yellow_card';
    const red = event.type === 'red_card' || event.type === 'second_yellow';
    if (!yellow && !red) continue;
    const stats = team.get(event.teamId ?? -1);
    const player = playerStats(event.playerId, event.teamId ?? teamIds[0]);
    if (yellow) {
      player.yellowCards += 1;
      if (stats) stats.yellowCards += 1;
    } else {
      player.redCards += 1;
      if (stats) stats.redCards += 1;
    }
  }

  const home = team.get(teamIds[0]) as TeamStats;
  const away = team.get(teamIds[1]) as TeamStats;
  const passes = home.passes + away.passes;
  home.possession = passes === 0 ? 50 : Math.round((home.passes / passes) * 1000) / 10;
  away.possession = Math.round((100 - home.possession) * 10) / 10;

  // Only players who were on the pitch (starters and substitutes who came on, or anyone with an action).
  const played = [...players.values()].filter((stats) => onAt.has(stats.playerId) || acted.has(stats.playerId));
  return { teamStats: [home, away], playerStats: played };
}
