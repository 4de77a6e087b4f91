// The live engine (issue #4, DESIGN.md §1 and §5). Every live update is first a
// row of `live_event` (append-only; its id is the SSE event id), then a bus
// message. Matches gain their clock (phase, when it started, its rate) and, for
// demo replays, the stored match they replay.
import { idType, primaryId, refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const liveMigration: ScorelineMigration = {
  name: '0003-live',
  async up(db, engine) {
    const id = idType(engine);
    const ts = timestampType(engine);
    const ref = refType(engine);

    await db.schema
      .alterTable('match')
      .addColumn('replay_of_match_id', ref, (col) => col.references('match.id'))
      .execute();
    await db.schema.alterTable('match').addColumn('clock_phase', 'text').execute(); // domain/match-clock.ts
    await db.schema.alterTable('match').addColumn('phase_started_at', ts).execute();
    await db.schema.alterTable('match').addColumn('clock_rate', 'real', (col) => col.notNull().defaultTo(1)).execute();
    // The provider's time of the last snapshot applied: an older one never moves a score backwards.
    await db.schema.alterTable('match').addColumn('observed_at', ts).execute();
    await db.schema.createIndex('match_replay_of').on('match').column('replay_of_match_id').execute();
    await db.schema.createIndex('match_status').on('match').columns(['status', 'kickoff_at']).execute();

    // The provider's key of a key event, so a later snapshot's same goal is recognised (and a missing one is a correction).
    await db.schema.alterTable('match_event').addColumn('source_key', 'text').execute();
    await db.schema.createIndex('match_event_source_key').on('match_event').columns(['match_id', 'source_key']).execute();

    await db.schema
      .createTable('match_commentary')
      .addColumn('match_id', ref, (col) => col.notNull().references('match.id'))
      .addColumn('seq', 'integer', (col) => col.notNull())
      .addColumn('source_key', 'text', (col) => col.notNull())
      .addColumn('period', 'text', (col) => col.notNull())
      .addColumn('minute', 'integer', (col) => col.notNull())
      .addColumn('added_minute', 'integer')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('match_commentary_pk', ['match_id', 'seq'])
      .execute();
    await db.schema
      .createIndex('match_commentary_key')
      .on('match_commentary')
      .columns(['match_id', 'source_key'])
      .unique()
      .execute();

    await db.schema
      .createTable('live_event')
      .addColumn('id', id, primaryId(engine))
      .addColumn('topic', 'text', (col) => col.notNull()) // match:{id} | chat:{matchId}
      .addColumn('type', 'text', (col) => col.notNull()) // domain/live-contracts.ts LIVE_EVENT_TYPES
      .addColumn('match_id', ref)
      .addColumn('data', 'text', (col) => col.notNull()) // JSON, validated by the shared contract
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('live_event_created').on('live_event').column('created_at').execute();
  },
};
