// Reads for the match centre's chalkboard and line-up pitch (issue #5): the
// shots and passes among a match's on-ball actions, the players who could
// have made them, and where each player was on the ball on average.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Chalkboard } from '../../../domain/chalkboard.ts';
import {
  happenedBy,
  isMappedPass,
  passOf,
  shotsOf,
  type ChalkboardAction,
  type MatchPoint,
} from '../../../domain/chalkboard-actions.ts';
import { parseTags } from '../../../domain/match-stats.ts';
import { WYSCOUT_TAG } from '../../../domain/wyscout-tags.ts';

type Db = Kysely<Database>;

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

/** The shots and passes of a match, in order (what the chalkboard draws; not duels, touches or clearances). */
async function listShotsAndPasses(db: Db, matchId: number): Promise<ChalkboardAction[]> {
  const rows = await db
    .selectFrom('match_action')
    .select(['seq', 'period', 'second', 'type', 'subtype', 'team_id', 'player_id', 'x', 'y', 'end_x', 'end_y', 'tags'])
    .where('match_id', '=', matchId)
    .where((eb) =>
      eb.or([
        eb('type', 'in', ['Pass', 'Shot']),
        eb.and([eb('type', '=', 'Free Kick'), eb('subtype', 'in', ['Free kick shot', 'Penalty'])]),
      ]),
    )
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

/** Whether the match has any on-ball actions at all. */
async function hasActions(db: Db, matchId: number): Promise<boolean> {
  const row = await db
    .selectFrom('match_action')
    .select('seq')
    .where('match_id', '=', matchId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function listLineupPlayers(db: Db, matchId: number) {
  const rows = await db
    .selectFrom('match_lineup as l')
    .innerJoin('player as p', 'p.id', 'l.player_id')
    .select(['p.id', 'p.name', 'p.short_name', 'l.team_id', 'l.shirt_number', 'l.starter'])
    .where('l.match_id', '=', matchId)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    shortName: row.short_name,
    teamId: Number(row.team_id),
    shirtNumber: row.shirt_number,
    starter: row.starter === 1,
  }));
}

/**
 * The chalkboard of `sourceMatchId` (the match itself, or the original a
 * replay replays) as it stands at `point` (null: the whole match; 'none':
 * nothing has happened yet), with the passes of `player` (or of whoever has
 * made the most) when asked.
 */
export async function readChalkboard(
  db: Db,
  matchId: number,
  sourceMatchId: number,
  point: MatchPoint | null | 'none',
  player: number | 'most-passes' | undefined,
): Promise<Chalkboard> {
  const [actions, players, any] = await Promise.all([
    listShotsAndPasses(db, sourceMatchId),
    listLineupPlayers(db, sourceMatchId),
    hasActions(db, sourceMatchId),
  ]);
  const upTo = point === 'none' ? { period: '1H' as const, second: 0 } : point;
  const happened = actions.filter((action) => happenedBy(action.period, action.second, upTo));
  const passCounts = new Map<number, { passes: number; accurate: number }>();
  for (const action of happened) {
    if (action.playerId === null || !isMappedPass(action)) continue;
    const counts = passCounts.get(action.playerId) ?? { passes: 0, accurate: 0 };
    counts.passes += 1;
    if (action.tags.includes(WYSCOUT_TAG.accurate)) counts.accurate += 1;
    passCounts.set(action.playerId, counts);
  }
  // Starters first, then by shirt number and name: the order of a team sheet.
  players.sort(
    (a, b) =>
      Number(b.starter) - Number(a.starter) ||
      (a.shirtNumber ?? 1000) - (b.shirtNumber ?? 1000) ||
      a.name.localeCompare(b.name),
  );
  const known = new Set(players.map((player) => player.id));
  // The busiest passer so far (the first on the team sheet while nobody has passed).
  const passesOf = (id: number) => passCounts.get(id)?.passes ?? 0;
  const busiest = players.reduce<(typeof players)[number] | undefined>(
    (best, candidate) => (!best || passesOf(candidate.id) > passesOf(best.id) ? candidate : best),
    undefined,
  );
  const playerId = player === 'most-passes' ? busiest?.id : player;
  return {
    matchId,
    hasActions: any,
    upTo,
    shots: shotsOf(happened),
    players: players.map(({ starter: _starter, ...player }) => ({
      ...player,
      passes: passCounts.get(player.id)?.passes ?? 0,
      passesAccurate: passCounts.get(player.id)?.accurate ?? 0,
    })),
    passMap:
      playerId === undefined || !known.has(playerId)
        ? null
        : {
            playerId,
            passes: happened.filter((action) => action.playerId === playerId && isMappedPass(action)).map(passOf),
          },
  };
}

/**
 * Where each player was on the ball on average (mean start of their passes,
 * from their team's view): places players within a line on the line-up pitch
 * when the data names only a role (GK, DF, MF, FW), as Wyscout's does.
 */
export async function listAveragePositions(db: Db, matchId: number): Promise<Map<number, { x: number; y: number }>> {
  const rows = await db
    .selectFrom('match_action')
    .select((eb) => ['player_id', eb.fn.avg<number | string>('x').as('x'), eb.fn.avg<number | string>('y').as('y')])
    .where('match_id', '=', matchId)
    .where('type', '=', 'Pass')
    .where('player_id', 'is not', null)
    .where('x', 'is not', null)
    .groupBy('player_id')
    .execute();
  const positions = new Map<number, { x: number; y: number }>();
  for (const row of rows) {
    if (row.player_id === null) continue;
    positions.set(Number(row.player_id), {
      x: Math.round(Number(row.x) * 10) / 10,
      y: Math.round(Number(row.y) * 10) / 10,
    });
  }
  return positions;
}
