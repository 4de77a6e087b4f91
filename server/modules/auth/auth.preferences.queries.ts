// The account's display settings in the database (migration 0024): one row per
// account, a column per setting, null where the account never chose. A write
// is one upsert that sets only the columns it names, so two writes of different
// settings at once both stay (PostgreSQL's ON CONFLICT DO UPDATE takes the row
// lock and re-reads it; SQLite runs writers one at a time).
import type { Kysely, Selectable } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { AccountPreferenceTable, Database } from '../../../db/schema.ts';
import {
  ACCOUNT_PREFERENCE_KEYS,
  DEFAULT_ACCOUNT_PREFERENCES,
  PREFERENCE_LIVE_DELAY_MAX_SECONDS,
  PREFERENCE_ODDS_FORMATS,
  type AccountPreferenceKey,
  type AccountPreferences,
  type AccountPreferencesState,
} from '../../../domain/account-preferences.ts';
import type { AccountPreferencesPatch } from '../../../domain/account-preferences-contracts.ts';

type Db = Kysely<Database>;
type Row = Selectable<AccountPreferenceTable>;

const flag = (value: number | null): boolean | undefined => (value === null ? undefined : value !== 0);

function teamsOf(text: string | null): number[] | undefined {
  if (text === null) return undefined;
  return text === ''
    ? []
    : text
        .split('-')
        .map(Number)
        .filter((id) => Number.isSafeInteger(id) && id > 0);
}

/** What a row holds, setting by setting; a value the schema would refuse reads as never chosen. */
function storedOf(row: Row): Partial<AccountPreferences> {
  const format = PREFERENCE_ODDS_FORMATS.find((known) => known === row.odds_format);
  const delay = row.live_delay_seconds;
  const stored: Partial<AccountPreferences> = {
    oddsHidden: flag(row.odds_hidden),
    oddsFormat: format,
    chatMask: flag(row.chat_mask),
    spoilerSafe: flag(row.spoiler_safe),
    spoilerTeams: teamsOf(row.spoiler_teams),
    liveDelaySeconds:
      delay !== null && Number.isInteger(delay) && delay >= 0 && delay <= PREFERENCE_LIVE_DELAY_MAX_SECONDS
        ? delay
        : undefined,
  };
  return Object.fromEntries(Object.entries(stored).filter(([, value]) => value !== undefined));
}

export async function readPreferences(db: Db, userId: number): Promise<AccountPreferencesState> {
  const row = await db.selectFrom('account_preference').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { preferences: { ...DEFAULT_ACCOUNT_PREFERENCES }, saved: [], updatedAt: null };
  const stored = storedOf(row);
  return {
    preferences: { ...DEFAULT_ACCOUNT_PREFERENCES, ...stored },
    saved: ACCOUNT_PREFERENCE_KEYS.filter((key: AccountPreferenceKey) => key in stored),
    updatedAt: toIsoString(row.updated_at),
  };
}

/** Writes the settings `patch` names, and only those; the account's row is made on its first write. */
export async function writePreferences(
  db: Db,
  userId: number,
  patch: AccountPreferencesPatch,
  now: Date,
): Promise<void> {
  const bit = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  const columns = {
    odds_hidden: bit(patch.oddsHidden),
    odds_format: patch.oddsFormat,
    chat_mask: bit(patch.chatMask),
    spoiler_safe: bit(patch.spoilerSafe),
    spoiler_teams: patch.spoilerTeams?.join('-'),
    live_delay_seconds: patch.liveDelaySeconds,
  };
  const updatedAt = now.toISOString();
  await db
    .insertInto('account_preference')
    .values({
      user_id: userId,
      odds_hidden: columns.odds_hidden ?? null,
      odds_format: columns.odds_format ?? null,
      chat_mask: columns.chat_mask ?? null,
      spoiler_safe: columns.spoiler_safe ?? null,
      spoiler_teams: columns.spoiler_teams ?? null,
      live_delay_seconds: columns.live_delay_seconds ?? null,
      updated_at: updatedAt,
    })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet((eb) => ({
        ...(columns.odds_hidden === undefined ? {} : { odds_hidden: eb.ref('excluded.odds_hidden') }),
        ...(columns.odds_format === undefined ? {} : { odds_format: eb.ref('excluded.odds_format') }),
        ...(columns.chat_mask === undefined ? {} : { chat_mask: eb.ref('excluded.chat_mask') }),
        ...(columns.spoiler_safe === undefined ? {} : { spoiler_safe: eb.ref('excluded.spoiler_safe') }),
        ...(columns.spoiler_teams === undefined ? {} : { spoiler_teams: eb.ref('excluded.spoiler_teams') }),
        ...(columns.live_delay_seconds === undefined
          ? {}
          : { live_delay_seconds: eb.ref('excluded.live_delay_seconds') }),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
