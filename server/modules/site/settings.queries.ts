// The site_setting table (migration 0010, issue #20): the settings staff
// override, one row per field, each value JSON (a string, or null for "none").
import type { Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database>;

export interface SettingRow {
  key: string;
  value: string | null;
  updatedAt: string;
}

export async function listSettingRows(db: Db): Promise<SettingRow[]> {
  const rows = await db.selectFrom('site_setting').select(['key', 'value', 'updated_at']).execute();
  return rows.flatMap((row) => {
    const value: unknown = JSON.parse(row.value);
    // A row this version cannot read (written by a later one) counts as no override.
    if (value !== null && typeof value !== 'string') return [];
    return [{ key: row.key, value, updatedAt: toIsoString(row.updated_at) }];
  });
}

export async function upsertSetting(db: Db, setting: { key: string; value: string | null; by: number; at: Date }): Promise<void> {
  const row = { value: JSON.stringify(setting.value), updated_by: setting.by, updated_at: setting.at.toISOString() };
  await db
    .insertInto('site_setting')
    .values({ key: setting.key, ...row })
    .onConflict((conflict) => conflict.column('key').doUpdateSet(row))
    .execute();
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.deleteFrom('site_setting').where('key', '=', key).execute();
}
