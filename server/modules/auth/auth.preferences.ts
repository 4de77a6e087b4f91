// The display settings that follow a signed-in account (domain/account-preferences.ts):
// read them, replace them all (PUT), or change some (PATCH; the rest are kept).
// The API validates the body before it calls here; the page's sync code
// (app/lib/preferences/account-preferences-sync.ts) goes through that API.
// Erasing the account erases them with it (ON DELETE CASCADE).
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { AccountPreferencesPatch } from '../../../domain/account-preferences-contracts.ts';
import type { AccountPreferences, AccountPreferencesState } from '../../../domain/account-preferences.ts';
import type { Clock } from '../../platform/clock.ts';
import { readPreferences, writePreferences } from './auth.preferences.queries.ts';

export interface PreferencesService {
  /** Every setting (the defaults where the account never chose) and which ones it chose. */
  get(userId: number): Promise<AccountPreferencesState>;
  /** Sets every setting; answers the account's settings after the write. */
  replace(userId: number, preferences: AccountPreferences): Promise<AccountPreferencesState>;
  /** Sets the settings given and keeps the others, even ones another request changes meanwhile. */
  update(userId: number, patch: AccountPreferencesPatch): Promise<AccountPreferencesState>;
}

export function createPreferencesService(deps: { db: Kysely<Database>; clock: Clock }): PreferencesService {
  const { db, clock } = deps;
  return {
    get: (userId) => readPreferences(db, userId),
    async replace(userId, preferences) {
      await writePreferences(db, userId, preferences, clock.now());
      return readPreferences(db, userId);
    },
    async update(userId, patch) {
      await writePreferences(db, userId, patch, clock.now());
      return readPreferences(db, userId);
    },
  };
}
