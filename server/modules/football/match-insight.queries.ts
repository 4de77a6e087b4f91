// Reads behind the match centre's insight sections (issue #5): the actions and
// events momentum is counted from, and where a match sits in its competition
// (a tournament group's results come from listSeasonResults).
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { MomentumAction, MomentumEvent } from '../../../domain/momentum.ts';
import { parseTags } from '../../../domain/match-stats.ts';
import { WYSCOUT_TAG } from '../../../domain/wyscout-tags.ts';

type Db = Kysely<Database>;

/** The penalty area starts at 84 % of the pitch and the final third at 66.7 % (domain/momentum.ts). */
const FINAL_THIRD_X = 66;
const BOX_X = 84;

/**
 * The on-ball actions of a match that can score threat points in
 * domain/momentum.ts: shots and set pieces, passes that end in the final third
 * or are key passes, and touches in the box. The other ~80 % (passes in the
 * team's own half, duels, fouls) count nothing, so they are not read.
 */
export async function listMomentumActions(db: Db, matchId: number): Promise<MomentumAction[]> {
  const rows = await db
    .selectFrom('match_action')
    .select(['period', 'second', 'type', 'subtype', 'team_id', 'tags', 'x', 'y', 'end_x', 'end_y'])
    .where('match_id', '=', matchId)
    .where((eb) =>
      eb.or([
        eb('type', 'in', ['Shot', 'Free Kick']),
        eb.and([eb('type', '=', 'Pass'), eb.or([eb('end_x', '>=', FINAL_THIRD_X), eb('tags', 'like', `%${WYSCOUT_TAG.keyPass}%`)])]),
        eb.and([eb('type', '=', 'Others on the ball'), eb('x', '>=', BOX_X)]),
      ]),
    )
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({
    period: row.period,
    second: Number(row.second),
    type: row.type,
    subtype: row.subtype,
    teamId: row.team_id === null ? null : Number(row.team_id),
    tags: parseTags(row.tags),
    x: row.x === null ? null : Number(row.x),
    y: row.y === null ? null : Number(row.y),
    endX: row.end_x === null ? null : Number(row.end_x),
    endY: row.end_y === null ? null : Number(row.end_y),
  }));
}

/** The key events of a match, for the lengths of its periods and the events-only momentum. */
export async function listMomentumEvents(db: Db, matchId: number): Promise<MomentumEvent[]> {
  const rows = await db
    .selectFrom('match_event')
    .select(['period', 'minute', 'added_minute', 'second', 'type', 'team_id'])
    .where('match_id', '=', matchId)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({
    period: row.period,
    minute: row.minute,
    addedMinute: row.added_minute,
    second: row.second === null ? null : Number(row.second),
    type: row.type,
    teamId: row.team_id === null ? null : Number(row.team_id),
  }));
}

/** Where a match sits: its season, competition (kind and stored rules), stage and group. */
export async function findMatchPlace(db: Db, matchId: number) {
  const row = await db
    .selectFrom('match as m')
    .innerJoin('season as s', 's.id', 'm.season_id')
    .innerJoin('competition as c', 'c.id', 's.competition_id')
    .select(['m.season_id', 'm.stage', 'm.group_name', 's.code as season_code', 'c.code', 'c.kind', 'c.rules'])
    .where('m.id', '=', matchId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    seasonId: Number(row.season_id),
    seasonCode: row.season_code,
    stage: row.stage,
    group: row.group_name,
    competitionCode: row.code,
    kind: row.kind,
    rules: row.rules,
  };
}
