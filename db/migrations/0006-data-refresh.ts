// The daily refresh of the openfootball files (issue #19, docs/decisions/017-data-refresh.md): each file's
// SHA-256 as it was last imported, written in the same transaction as the import, so the next refresh
// imports only the files whose checksum upstream differs; and an index for the latest run of an import
// step (/api/health reads the latest data refresh on every call). Additive only: an older version of the
// site running beside this one never reads the table.
import { timestampType, type ScorelineMigration } from './helpers.ts';

export const dataRefreshMigration: ScorelineMigration = {
  name: '0006-data-refresh',
  async up(db, engine) {
    await db.schema
      .createTable('data_file')
      .addColumn('source', 'text', (col) => col.notNull()) // openfootball
      .addColumn('path', 'text', (col) => col.notNull()) // below the source's folder: football.json/2025-26/en.1.json
      .addColumn('sha256', 'text', (col) => col.notNull()) // hex
      .addColumn('imported_at', timestampType(engine), (col) => col.notNull())
      .addPrimaryKeyConstraint('data_file_pk', ['source', 'path'])
      .execute();
    await db.schema.createIndex('import_run_step').on('import_run').columns(['step', 'id']).execute();
  },
};
