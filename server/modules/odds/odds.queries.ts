// The odds_setting table (migration 0023, issue #24): what staff set for betting content site-wide.
// One row, key `site`; no row means the defaults (odds shown, the environment's margin).
import type { Kysely } from 'kysely';
import { toIsoString, type DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database>;

const KEY = 'site';

export interface OddsSettingRow {
  enabled: boolean;
  /** Basis points; null: the environment's margin. */
  marginBp: number | null;
  updatedAt: string;
  updatedBy: number | null;
}

export async function readOddsSetting(db: Db): Promise<OddsSettingRow | null> {
  const row = await db.selectFrom('odds_setting').selectAll().where('key', '=', KEY).executeTakeFirst();
  return row ? toRow(row) : null;
}

/**
 * The row, locked until the caller's transaction ends (PostgreSQL; SQLite runs one write transaction at a
 * time): two saves at once are applied one after the other, each seeing the other's result. Made first when
 * missing, with the defaults, so there is a row to lock.
 */
export async function lockOddsSetting(
  trx: Db,
  engine: DatabaseEngine,
  defaults: { at: Date },
): Promise<OddsSettingRow> {
  await trx
    .insertInto('odds_setting')
    .values({ key: KEY, enabled: 1, margin_bp: null, updated_by: null, updated_at: defaults.at.toISOString() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  let query = trx.selectFrom('odds_setting').selectAll().where('key', '=', KEY);
  if (engine === 'postgres') query = query.forUpdate();
  return toRow(await query.executeTakeFirstOrThrow());
}

export async function writeOddsSetting(
  trx: Db,
  values: { enabled: boolean; marginBp: number | null; by: number; at: Date },
): Promise<void> {
  await trx
    .updateTable('odds_setting')
    .set({
      enabled: values.enabled ? 1 : 0,
      margin_bp: values.marginBp,
      updated_by: values.by,
      updated_at: values.at.toISOString(),
    })
    .where('key', '=', KEY)
    .execute();
}

function toRow(row: {
  enabled: number;
  margin_bp: number | null;
  updated_at: string | Date;
  updated_by: number | string | null;
}): OddsSettingRow {
  return {
    enabled: Number(row.enabled) === 1,
    marginBp: row.margin_bp === null ? null : Number(row.margin_bp),
    updatedAt: toIsoString(row.updated_at),
    updatedBy: row.updated_by === null ? null : Number(row.updated_by),
  };
}
