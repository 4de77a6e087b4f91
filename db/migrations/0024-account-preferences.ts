// The display settings that follow an account (domain/account-preferences.ts):
// one row per account that chose any, one column per setting, null where it
// never chose (the default applies and a device signing in may give its own).
// A PATCH writes only its own columns in one upsert, so two changes of
// different settings at once both stay. Erasing the account erases the row
// (ON DELETE CASCADE). Only additions.
import { refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const accountPreferencesMigration: ScorelineMigration = {
  name: '0024-account-preferences',
  async up(db, engine) {
    await db.schema
      .createTable('account_preference')
      .addColumn('user_id', refType(engine), (col) =>
        col.primaryKey().references('user_account.id').onDelete('cascade'),
      )
      // Booleans as 0/1 on both engines, as elsewhere.
      .addColumn('odds_hidden', 'integer')
      .addColumn('odds_format', 'text')
      .addColumn('chat_mask', 'integer')
      .addColumn('spoiler_safe', 'integer')
      // Team ids joined by "-", as the spoiler-teams cookie holds them; "" is no team.
      .addColumn('spoiler_teams', 'text')
      .addColumn('live_delay_seconds', 'integer')
      .addColumn('updated_at', timestampType(engine), (col) => col.notNull())
      .execute();
  },
};
