// The staff area's people screens (issue #20): the contact form's inbox —
// read, handled, replied to — and the indexes that keep the Users and Messages
// tables fast at hundreds of thousands of rows (bench/cms-tables.bench.ts).
// Only additions (STYLE.md §6, widen first): a node still running the previous
// version writes messages without the new columns, which then count as unread.
import { sql } from 'kysely';
import { idType, primaryId, refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const cmsPeopleMigration: ScorelineMigration = {
  name: '0009-cms-people',
  async up(db, engine) {
    const ts = timestampType(engine);
    const ref = refType(engine);

    // When a staff member first opened the message, and when one marked it handled (null: still open).
    await db.schema.alterTable('contact_message').addColumn('read_at', ts).execute();
    await db.schema.alterTable('contact_message').addColumn('handled_at', ts).execute();
    // No foreign key: the message's history outlives an erased staff account (as the audit log does).
    await db.schema.alterTable('contact_message').addColumn('handled_by', ref).execute();
    // The inbox's filters, newest (highest id) first: unread, and open or handled.
    await db.schema.createIndex('contact_message_unread').on('contact_message').columns(['read_at', 'id']).execute();
    await db.schema.createIndex('contact_message_handled').on('contact_message').columns(['handled_at', 'id']).execute();
    // Erasing an account finds the messages sent from its address, however it was typed.
    await sql`CREATE INDEX contact_message_email ON contact_message (lower(email))`.execute(db);

    // Staff replies, sent by mail and kept in the message's thread.
    await db.schema
      .createTable('contact_reply')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('message_id', ref, (col) => col.notNull().references('contact_message.id').onDelete('cascade'))
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('sent_by', ref, (col) => col.notNull()) // no foreign key, as handled_by
      .addColumn('created_at', ts, (col) => col.notNull())
      // 'smtp' | 'outbox' once handed to the mailer; null in the moment between.
      .addColumn('delivery', 'text')
      .execute();
    await db.schema.createIndex('contact_reply_message').on('contact_reply').columns(['message_id', 'id']).execute();

    // The Users table, sorted by sign-up and paged by (created_at, id), filtered by
    // name, address, role and ban: every column the filter reads is in the index,
    // so a search that matches few accounts walks the index, never the wider rows.
    await db.schema
      .createIndex('user_account_directory')
      .on('user_account')
      .columns(['created_at', 'id', 'email', 'display_name', 'role', 'suspended_at'])
      .execute();
    // An address prefix (`ann@`) is a range of the email index; PostgreSQL needs
    // pattern ordering for LIKE 'ann@%' under a non-C collation. SQLite's
    // binary-ordered unique index serves the range as it is.
    if (engine === 'postgres') {
      await sql`CREATE INDEX user_account_email_prefix ON user_account (email text_pattern_ops)`.execute(db);
    }
  },
};
