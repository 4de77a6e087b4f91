// What the replay provider reads: the pool of stored matches with event
// streams, and one match's whole timeline (events, actions, line-ups).
import type { Kysely } from 'kysely';
import { toIsoString } from '../../../../db/client.ts';
import { readPlayerStats, readTeamStats } from '../../../../db/match-stats-rows.ts';
import type { Database } from '../../../../db/schema.ts';
import type { PlayerStats, TeamStats } from '../../../../domain/football-contracts.ts';
import { keyEventTypeSchema } from '../../../../domain/live-contracts.ts';
import { parseTags } from '../../../../domain/match-stats.ts';
import type { ReplayAction, ReplayEvent, ReplayPeriod, ReplayTimeline } from '../../../../domain/replay.ts';

type Db = Kysely<Database>;

/** Stored matches (never replays themselves) with an on-ball event stream, in id order. */
export async function listReplayPool(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('match as m')
    .select('m.id')
    .where('m.replay_of_match_id', 'is', null)
    .where('m.has_events', '=', 1)
    .where('m.status', '=', 'finished')
    .where((eb) => eb.exists(eb.selectFrom('match_action as a').select('a.seq').whereRef('a.match_id', '=', 'm.id')))
    .orderBy('m.id')
    .execute();
  return rows.map((row) => Number(row.id));
}

export interface ReplaySource {
  timeline: ReplayTimeline;
  competitionCode: string;
  season: string;
  stage: string | null;
  round: string | null;
  group: string | null;
  kickoffAt: string;
  home: { id: number; name: string };
  away: { id: number; name: string };
  lineups: Record<'home' | 'away', { formation: string | null; coach: string | null; players: Array<{ id: number; name: string; shirtNumber: number | null; position: string | null; starter: boolean; captain: boolean }> }>;
  playerNames: Map<number, string>;
  shortNames: Map<number, string>;
  /** Whether `timeline.actions` holds every action, or only shots and free kicks (enough before kick-off and at full time). */
  full: boolean;
  /** The original's stored stats: a finished replay's stats are exactly these. */
  storedTeamStats: TeamStats[];
  storedPlayerStats: PlayerStats[];
}

const PERIODS: ReadonlySet<string> = new Set(['1H', '2H', 'E1', 'E2', 'P']);

function asPeriod(value: string): ReplayPeriod {
  if (!PERIODS.has(value)) throw new Error(`Unknown period ${value}`);
  return value as ReplayPeriod;
}

/**
 * Everything needed to replay one stored match; undefined when it does not
 * exist. `full: false` reads only the shots and free kicks among the actions
 * (for the commentary) plus the stored stats: a replay that has not started or
 * has finished needs no more, and better-sqlite3 reads block the event loop.
 */
export async function loadReplaySource(db: Db, matchId: number, options: { full: boolean }): Promise<ReplaySource | undefined> {
  const match = await db
    .selectFrom('match as m')
    .innerJoin('season as s', 's.id', 'm.season_id')
    .innerJoin('competition as c', 'c.id', 's.competition_id')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .select(['m.id', 'm.stage', 'm.round', 'm.group_name', 'm.kickoff_at', 'c.code', 's.code as season', 'h.id as home_id', 'h.name as home_name', 'a.id as away_id', 'a.name as away_name'])
    .where('m.id', '=', matchId)
    .executeTakeFirst();
  if (!match) return undefined;

  const [eventRows, actionRows, lineupRows, sideRows] = await Promise.all([
    db
      .selectFrom('match_event as e')
      .leftJoin('player as p', 'p.id', 'e.player_id')
      .leftJoin('player as r', 'r.id', 'e.related_player_id')
      .select(['e.seq', 'e.period', 'e.minute', 'e.added_minute', 'e.second', 'e.type', 'e.team_id', 'e.player_id', 'p.name as player_name', 'p.short_name as player_short', 'e.related_player_id', 'r.name as related_name', 'r.short_name as related_short', 'e.detail'])
      .where('e.match_id', '=', matchId)
      .orderBy('e.seq')
      .execute(),
    (options.full
      ? db.selectFrom('match_action').select(['seq', 'period', 'second', 'type', 'subtype', 'team_id', 'player_id', 'tags']).where('match_id', '=', matchId)
      : db
          .selectFrom('match_action')
          .select(['seq', 'period', 'second', 'type', 'subtype', 'team_id', 'player_id', 'tags'])
          .where('match_id', '=', matchId)
          .where('type', 'in', ['Shot', 'Free Kick'])
    )
      .orderBy('seq')
      .execute(),
    db
      .selectFrom('match_lineup as l')
      .innerJoin('player as p', 'p.id', 'l.player_id')
      .select(['l.team_id', 'l.player_id', 'p.name', 'p.short_name', 'l.shirt_number', 'l.position', 'l.starter', 'l.captain'])
      .where('l.match_id', '=', matchId)
      .orderBy('l.starter', 'desc')
      .orderBy('l.shirt_number')
      .execute(),
    db.selectFrom('match_side').select(['side', 'formation', 'coach']).where('match_id', '=', matchId).execute(),
  ]);
  const [storedTeamStats, storedPlayerStats] = options.full ? [[], []] : await Promise.all([readTeamStats(db, matchId), readPlayerStats(db, matchId)]);

  const homeId = Number(match.home_id);
  const awayId = Number(match.away_id);
  const playerNames = new Map<number, string>();
  const shortNames = new Map<number, string>();
  for (const row of lineupRows) {
    playerNames.set(Number(row.player_id), row.name);
    shortNames.set(Number(row.player_id), row.short_name);
  }
  const person = (id: number | string | null, name: string | null, shortName: string | null) => {
    if (id === null || name === null) return null;
    playerNames.set(Number(id), name);
    if (shortName) shortNames.set(Number(id), shortName);
    return shortName ? { id: Number(id), name, shortName } : { id: Number(id), name };
  };

  const events: ReplayEvent[] = eventRows.map((row) => ({
    seq: row.seq,
    period: asPeriod(row.period),
    minute: row.minute,
    addedMinute: row.added_minute,
    second: row.second === null ? null : Number(row.second),
    type: keyEventTypeSchema.parse(row.type),
    teamId: row.team_id === null ? null : Number(row.team_id),
    player: person(row.player_id, row.player_name, row.player_short),
    relatedPlayer: person(row.related_player_id, row.related_name, row.related_short),
    detail: row.detail,
  }));
  const actions: ReplayAction[] = actionRows.map((row) => ({
    seq: row.seq,
    period: asPeriod(row.period),
    second: Number(row.second),
    type: row.type,
    subtype: row.subtype,
    teamId: row.team_id === null ? null : Number(row.team_id),
    playerId: row.player_id === null ? null : Number(row.player_id),
    tags: parseTags(row.tags),
  }));
  const side = (teamId: number, which: 'home' | 'away') => {
    const info = sideRows.find((row) => row.side === which);
    return {
      formation: info?.formation ?? null,
      coach: info?.coach ?? null,
      players: lineupRows
        .filter((row) => Number(row.team_id) === teamId)
        .map((row) => ({
          id: Number(row.player_id),
          name: row.name,
          shirtNumber: row.shirt_number,
          position: row.position,
          starter: row.starter === 1,
          captain: row.captain === 1,
        })),
    };
  };

  return {
    timeline: {
      matchId,
      homeTeamId: homeId,
      awayTeamId: awayId,
      events,
      actions,
      lineups: lineupRows.map((row) => ({ teamId: Number(row.team_id), playerId: Number(row.player_id), starter: row.starter === 1 })),
    },
    competitionCode: match.code,
    season: match.season,
    stage: match.stage,
    round: match.round,
    group: match.group_name,
    kickoffAt: toIsoString(match.kickoff_at),
    home: { id: homeId, name: match.home_name },
    away: { id: awayId, name: match.away_name },
    lineups: { home: side(homeId, 'home'), away: side(awayId, 'away') },
    playerNames,
    shortNames,
    full: options.full,
    storedTeamStats,
    storedPlayerStats,
  };
}

/** Replays (demo or on demand) that have not finished yet, by external id. */
export async function listUnfinishedReplays(db: Db): Promise<Array<{ matchId: number; source: string; externalId: string; kickoffAt: string }>> {
  const rows = await db
    .selectFrom('match as m')
    .innerJoin('source_ref as r', (join) => join.onRef('r.local_id', '=', 'm.id').on('r.source', 'in', ['replay', 'relive']).on('r.kind', '=', 'match'))
    .select(['m.id', 'r.source', 'r.external_id', 'm.kickoff_at'])
    .where('m.replay_of_match_id', 'is not', null)
    .where('m.status', 'not in', ['finished', 'abandoned', 'cancelled'])
    .execute();
  return rows.map((row) => ({ matchId: Number(row.id), source: row.source, externalId: row.external_id, kickoffAt: toIsoString(row.kickoff_at) }));
}

/** Which of these replay ids already have a match row. */
export async function knownReplayIds(db: Db, externalIds: readonly string[]): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('source_ref')
    .select('external_id')
    .where('source', '=', 'replay')
    .where('kind', '=', 'match')
    .where('external_id', 'in', [...externalIds])
    .execute();
  return new Set(rows.map((row) => row.external_id));
}
