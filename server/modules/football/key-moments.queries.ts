// Reads for the key-moment replay (issue #22): a match's on-ball actions, its
// goals from the key events, and the names of the players involved. The
// building itself is domain/key-moments-builder.ts.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { ChalkboardAction, MatchPoint } from '../../../domain/chalkboard-actions.ts';
import { buildKeyMoments, type KeyMomentGoal, type KeyMomentPlayer } from '../../../domain/key-moments-builder.ts';
import { BIG_CHANCE_RULE, type KeyMoments } from '../../../domain/key-moments.ts';
import { parseTags } from '../../../domain/match-stats.ts';

type Db = Kysely<Database>;

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));
const GOAL_TYPES = ['goal', 'penalty_goal', 'own_goal'] as const;

async function listActions(db: Db, matchId: number): Promise<ChalkboardAction[]> {
  const rows = await db
    .selectFrom('match_action')
    .select(['seq', 'period', 'second', 'type', 'subtype', 'team_id', 'player_id', 'x', 'y', 'end_x', 'end_y', 'tags'])
    .where('match_id', '=', matchId)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({
    seq: row.seq,
    period: row.period,
    second: Number(row.second),
    type: row.type,
    subtype: row.subtype,
    teamId: nullableNumber(row.team_id),
    playerId: nullableNumber(row.player_id),
    x: nullableNumber(row.x),
    y: nullableNumber(row.y),
    endX: nullableNumber(row.end_x),
    endY: nullableNumber(row.end_y),
    tags: parseTags(row.tags),
  }));
}

async function listGoals(db: Db, matchId: number): Promise<KeyMomentGoal[]> {
  const rows = await db
    .selectFrom('match_event')
    .select(['period', 'second', 'minute', 'added_minute', 'type', 'team_id', 'player_id'])
    .where('match_id', '=', matchId)
    .where('type', 'in', [...GOAL_TYPES])
    .orderBy('seq')
    .execute();
  return rows.flatMap((row) =>
    row.team_id === null
      ? []
      : [
          {
            period: row.period,
            second: row.second === null ? null : Number(row.second),
            minute: row.minute,
            addedMinute: row.added_minute,
            type: row.type as KeyMomentGoal['type'],
            teamId: Number(row.team_id),
            playerId: nullableNumber(row.player_id),
          },
        ],
  );
}

async function listPlayers(db: Db, ids: readonly number[]): Promise<Map<number, KeyMomentPlayer>> {
  const players = new Map<number, KeyMomentPlayer>();
  if (ids.length === 0) return players;
  const rows = await db
    .selectFrom('player')
    .select(['id', 'name', 'short_name'])
    .where('id', 'in', [...ids])
    .execute();
  for (const row of rows) players.set(Number(row.id), { name: row.name, shortName: row.short_name ?? row.name });
  return players;
}

/**
 * The key moments of `sourceMatchId` (the match itself, or the original a
 * replay replays), reported under `matchId`, up to `point` (null: the whole
 * match; 'none': nothing has happened yet).
 */
export async function readKeyMoments(
  db: Db,
  matchId: number,
  sourceMatchId: number,
  teams: { homeId: number; awayId: number },
  point: MatchPoint | null | 'none',
): Promise<KeyMoments> {
  const [actions, goals] = await Promise.all([listActions(db, sourceMatchId), listGoals(db, sourceMatchId)]);
  const upTo = point === 'none' ? { period: '1H' as const, second: 0 } : point;
  const base = { matchId, hasActions: actions.length > 0, upTo, bigChanceRule: BIG_CHANCE_RULE };
  if (actions.length === 0) return { ...base, moments: [] };
  const ids = new Set<number>();
  for (const action of actions) if (action.playerId !== null) ids.add(action.playerId);
  for (const goal of goals) if (goal.playerId !== null) ids.add(goal.playerId);
  const players = await listPlayers(db, [...ids]);
  return { ...base, moments: buildKeyMoments({ ...teams, actions, goals, players, upTo }) };
}
