import { idType, primaryId, timestampType, type ScorelineMigration } from './helpers.ts';

export const siteMigration: ScorelineMigration = {
  name: '0001-site',
  async up(db, engine) {
    await db.schema
      .createTable('contact_message')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('topic', 'text', (col) => col.notNull())
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('created_at', timestampType(engine), (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('page')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('slug', 'text', (col) => col.notNull().unique())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('published', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('updated_at', timestampType(engine), (col) => col.notNull())
      .execute();
  },
};
