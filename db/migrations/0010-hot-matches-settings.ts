// Hot-match pins and site settings (issue #20). Only additions: a node still
// running the previous version ignores both tables (it shows the automatic hot
// list and the environment's settings until it is replaced).
//
// hot_match_pin: the matches staff put first on /hot-match-today and home's hot
// section, in `position` order (1, 2, 3…; ties, which two editors pinning at
// the same instant could leave, fall back to pinned_at and id). A pin goes with
// its match when an import deletes the match.
//
// site_setting: the settings staff override, one row per key (site name,
// support email, social links, analytics id, the announcement banner), each
// value JSON. A key without a row takes the environment's default
// (server/modules/site/settings.service.ts).
import { idType, primaryId, refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const hotMatchesSettingsMigration: ScorelineMigration = {
  name: '0010-hot-matches-settings',
  async up(db, engine) {
    const ts = timestampType(engine);
    const ref = refType(engine);

    await db.schema
      .createTable('hot_match_pin')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('match_id', ref, (col) => col.notNull().unique().references('match.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('label', 'text')
      // Ids only, no foreign key: a pin outlives its author's account, as audit entries do.
      .addColumn('pinned_by', ref, (col) => col.notNull())
      .addColumn('pinned_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('site_setting')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull()) // JSON
      .addColumn('updated_by', ref, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
  },
};
