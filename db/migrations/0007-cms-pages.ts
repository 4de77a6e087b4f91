// Pages written in the CMS (issue #20): scheduled publication and revision
// history. Only additions (STYLE.md §6, widen first): a node still running the
// previous version keeps reading `published` and ignores the rest — it would
// show a scheduled page before its time, so roll a release out before
// scheduling pages with it.
//
// A page is public when `published` is 1 and `publish_at` is empty or has
// passed: scheduling is a future `publish_at`, and the public read honours it
// (no job has to run at that moment). Every save of a page's text keeps a
// revision; a restore copies an old revision into a new one, so history only
// grows. `page.revision` is the number of the latest, which an edit names to
// find out whether someone else saved in between.
import { sql } from 'kysely';
import { idType, primaryId, refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const cmsPagesMigration: ScorelineMigration = {
  name: '0007-cms-pages',
  async up(db, engine) {
    const ts = timestampType(engine);

    await db.schema.alterTable('page').addColumn('publish_at', ts).execute();
    await db.schema.alterTable('page').addColumn('created_at', ts).execute();
    await db.schema
      .alterTable('page')
      .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('page_revision')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('page_id', refType(engine), (col) => col.notNull().references('page.id').onDelete('cascade'))
      .addColumn('number', 'integer', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('body', 'text', (col) => col.notNull())
      // The revision this one restored, when it was a restore.
      .addColumn('restored_from', 'integer')
      // No foreign key: a revision outlives its author's account, as audit entries do.
      .addColumn('created_by', refType(engine))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addUniqueConstraint('page_revision_number', ['page_id', 'number'])
      .execute();

    // Pages written before this migration start their history with what they say now.
    await sql`INSERT INTO page_revision (page_id, number, title, description, body, created_at)
      SELECT id, 1, title, description, body, updated_at FROM page`.execute(db);
    await sql`UPDATE page SET created_at = updated_at`.execute(db);
  },
};
