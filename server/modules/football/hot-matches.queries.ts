// The hot-match pins table (migration 0010, issue #20) and the match search of
// the CMS's hot-matches screen. Private to the football module: the CMS reaches
// pins through hot-matches.service.ts.
import { sql, type Kysely } from 'kysely';
import { toIsoString, type DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database>;

export interface PinRow {
  matchId: number;
  position: number;
  label: string | null;
  pinnedBy: number;
  pinnedAt: string;
}

/** Arbitrary constant naming the pins' write lock (PostgreSQL advisory locks take a bigint). */
const PIN_LOCK = 7_240_010;

/**
 * Serialises writers of the pins until the transaction ends, so two editors pinning or moving at once
 * each see the other's result and positions stay 1, 2, 3…. SQLite has one writer at a time already.
 */
export async function lockPins(trx: Db, engine: DatabaseEngine): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${PIN_LOCK})`.execute(trx);
}

/** Every pin in the order the hot lists show them. */
export async function listPins(db: Db): Promise<PinRow[]> {
  const rows = await db
    .selectFrom('hot_match_pin')
    .select(['match_id', 'position', 'label', 'pinned_by', 'pinned_at'])
    .orderBy('position')
    .orderBy('pinned_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    matchId: Number(row.match_id),
    position: row.position,
    label: row.label,
    pinnedBy: Number(row.pinned_by),
    pinnedAt: toIsoString(row.pinned_at),
  }));
}

export async function insertPin(
  db: Db,
  pin: { matchId: number; position: number; label: string | null; by: number; at: Date },
): Promise<void> {
  await db
    .insertInto('hot_match_pin')
    .values({
      match_id: pin.matchId,
      position: pin.position,
      label: pin.label,
      pinned_by: pin.by,
      pinned_at: pin.at.toISOString(),
      updated_at: pin.at.toISOString(),
    })
    .execute();
}

export async function deletePin(db: Db, matchId: number): Promise<void> {
  await db.deleteFrom('hot_match_pin').where('match_id', '=', matchId).execute();
}

export async function setPinLabel(db: Db, matchId: number, label: string | null, at: Date): Promise<void> {
  await db.updateTable('hot_match_pin').set({ label, updated_at: at.toISOString() }).where('match_id', '=', matchId).execute();
}

/** Numbers the pins 1, 2, 3… in the order given, writing only the rows whose position changes. */
export async function renumberPins(db: Db, before: readonly PinRow[], orderedMatchIds: readonly number[], at: Date): Promise<void> {
  const current = new Map(before.map((pin) => [pin.matchId, pin.position]));
  for (const [index, matchId] of orderedMatchIds.entries()) {
    if (current.get(matchId) === index + 1) continue;
    await db
      .updateTable('hot_match_pin')
      .set({ position: index + 1, updated_at: at.toISOString() })
      .where('match_id', '=', matchId)
      .execute();
  }
}

/**
 * The matches staff look for to pin: those of any of `teamIds` or `competitionCodes` (or every match when
 * neither is given) kicking off in [from, to), earliest first — the site's matches and the demo schedule's
 * replays, never a visitor's on-demand replay. Served by the kick-off index; the team and competition
 * conditions filter that range.
 */
export async function findMatchIdsToPin(
  db: Db,
  filter: { teamIds: readonly number[]; competitionCodes: readonly string[]; from: Date; to: Date; limit: number },
): Promise<number[]> {
  let query = db
    .selectFrom('match as m')
    .innerJoin('season as s', 's.id', 'm.season_id')
    .innerJoin('competition as c', 'c.id', 's.competition_id')
    .select('m.id')
    .where('m.kickoff_at', '>=', filter.from.toISOString())
    .where('m.kickoff_at', '<', filter.to.toISOString())
    .where('m.source', '!=', 'relive');
  const { teamIds, competitionCodes } = filter;
  if (teamIds.length > 0 || competitionCodes.length > 0) {
    query = query.where((eb) =>
      eb.or([
        ...(teamIds.length > 0 ? [eb('m.home_team_id', 'in', [...teamIds]), eb('m.away_team_id', 'in', [...teamIds])] : []),
        ...(competitionCodes.length > 0 ? [eb('c.code', 'in', [...competitionCodes])] : []),
      ]),
    );
  }
  const rows = await query.orderBy('m.kickoff_at').orderBy('m.id').limit(filter.limit).execute();
  return rows.map((row) => Number(row.id));
}
