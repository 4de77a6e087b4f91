// Model odds (issue #24; docs/odds.md). Only additions.
//
// odds_setting: what staff set for betting content site-wide (scope cms:odds), one row per key (only
// `site` for now): `enabled` 0 hides every odds panel and makes the odds API answer 404 odds_disabled;
// `margin_bp` is the margin put on prices in basis points (500 = 5 %), null = the environment's ODDS_MARGIN.
// No row: odds shown, the environment's margin.
import { refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const oddsMigration: ScorelineMigration = {
  name: '0023-odds',
  async up(db, engine) {
    await db.schema
      .createTable('odds_setting')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('enabled', 'integer', (col) => col.notNull())
      .addColumn('margin_bp', 'integer')
      .addColumn('updated_by', refType(engine))
      .addColumn('updated_at', timestampType(engine), (col) => col.notNull())
      .execute();
  },
};
