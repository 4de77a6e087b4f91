// Runs every migration not yet applied, in order. The list is explicit (no
// folder scanning, STYLE.md "Not to copy"): add a new migration to MIGRATIONS.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './client.ts';
import type { ScorelineMigration } from './migrations/helpers.ts';
import { siteMigration } from './migrations/0001-site.ts';
import { footballMigration } from './migrations/0002-football.ts';
import { liveMigration } from './migrations/0003-live.ts';
import { accountsMigration } from './migrations/0004-accounts.ts';
import { cmsStaffMigration } from './migrations/0005-cms-staff.ts';
import { dataRefreshMigration } from './migrations/0006-data-refresh.ts';
import { cmsPagesMigration } from './migrations/0007-cms-pages.ts';
import { staffSecurityMigration } from './migrations/0008-staff-security.ts';
import { cmsPeopleMigration } from './migrations/0009-cms-people.ts';
import { hotMatchesSettingsMigration } from './migrations/0010-hot-matches-settings.ts';
import { matchCorrectionsMigration } from './migrations/0011-match-corrections.ts';
import { matchSearchIndexMigration } from './migrations/0012-match-search-index.ts';
import { paymentsMigration } from './migrations/0013-payments.ts';
import { paymentProviderRefMigration } from './migrations/0014-payment-provider-ref.ts';
import { localPaymentMigration } from './migrations/0015-local-payment.ts';
import { plansCmsMigration } from './migrations/0016-plans-cms.ts';
import { dealsMigration } from './migrations/0017-deals.ts';
import { paymentMailMigration } from './migrations/0019-payment-mail.ts';
import { mediaMigration } from './migrations/0020-media.ts';
import { mediaUploadsMigration } from './migrations/0021-media-uploads.ts';
import { chatMigration } from './migrations/0022-chat.ts';
import { oddsMigration } from './migrations/0023-odds.ts';
import { accountPreferencesMigration } from './migrations/0024-account-preferences.ts';

export const MIGRATIONS: readonly ScorelineMigration[] = [
  siteMigration,
  footballMigration,
  liveMigration,
  accountsMigration,
  cmsStaffMigration,
  dataRefreshMigration,
  cmsPagesMigration,
  staffSecurityMigration,
  cmsPeopleMigration,
  hotMatchesSettingsMigration,
  matchCorrectionsMigration,
  matchSearchIndexMigration,
  paymentsMigration,
  paymentProviderRefMigration,
  localPaymentMigration,
  plansCmsMigration,
  dealsMigration,
  paymentMailMigration,
  mediaMigration,
  mediaUploadsMigration,
  chatMigration,
  oddsMigration,
  accountPreferencesMigration,
];

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const migration of MIGRATIONS) {
        migrations[migration.name] = { up: (db) => migration.up(db, handle.engine) };
      }
      return migrations;
    },
  };
  // Migrations are developed on parallel branches; one that lands later with a
  // lower number still runs (names stay unique, each is forward-only).
  const migrator = new Migrator({ db: handle.db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
