// Staff corrections of matches (issue #20, docs/decisions/019): what staff set by
// hand, why, and whether it still holds against the provider's snapshots. At most
// one correction per match holds at a time (a new one takes over the fields of the
// one before); history stays.
import { idType, primaryId, refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const matchCorrectionsMigration: ScorelineMigration = {
  name: '0011-match-corrections',
  async up(db, engine) {
    const ts = timestampType(engine);
    await db.schema
      .createTable('match_correction')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('match_id', refType(engine), (col) => col.notNull().references('match.id').onDelete('cascade'))
      .addColumn('fields', 'text', (col) => col.notNull()) // JSON: the corrected fields held (score, status, kick-off)
      .addColumn('before', 'text', (col) => col.notNull()) // JSON: the match's facts before this correction
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('actor_id', refType(engine), (col) => col.notNull()) // no foreign key: kept when the account is erased
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('released_at', ts)
      .addColumn('released_reason', 'text') // provider-agrees | staff | superseded
      .execute();
    await db.schema.createIndex('match_correction_match').on('match_correction').columns(['match_id', 'released_at']).execute();
  },
};
