// Live chat per match (issue #23; docs/chat.md). Only additions.
//
// chat_room: one per match, made the first time anyone needs it. Its window (open, read-only) comes from
// the match; only what staff set is stored: slow mode, the pinned message, closed (by whom, why).
// chat_message: plain text as posted (normalised, never HTML); soft-deleted so a report, the audit log and
// a reply's "replying to" keep pointing at something. The author's display name is kept with the message:
// history is read without reaching into the accounts module's tables.
// chat_report: a user reporting a message, once per user and message; staff resolve or dismiss it.
// chat_sanction: a timeout or ban, in one room (match_id) or in all chat (null); `until` null = for good.
import { idType, primaryId, refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const chatMigration: ScorelineMigration = {
  name: '0022-chat',
  async up(db, engine) {
    const ts = timestampType(engine);
    await db.schema
      .createTable('chat_room')
      .addColumn('match_id', refType(engine), (col) => col.primaryKey())
      .addColumn('slow_mode_seconds', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('pinned_message_id', refType(engine))
      .addColumn('closed_at', ts)
      .addColumn('closed_by', refType(engine))
      .addColumn('closed_reason', 'text')
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('chat_message')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('match_id', refType(engine), (col) => col.notNull().references('chat_room.match_id'))
      .addColumn('user_id', refType(engine), (col) => col.notNull())
      .addColumn('display_name', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('reply_to_id', refType(engine), (col) => col.references('chat_message.id'))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('deleted_at', ts)
      .addColumn('deleted_by', refType(engine))
      .addColumn('deleted_reason', 'text')
      .execute();
    await db.schema.createIndex('chat_message_room_idx').on('chat_message').columns(['match_id', 'id']).execute();
    await db.schema
      .createIndex('chat_message_user_idx')
      .on('chat_message')
      .columns(['user_id', 'match_id', 'id'])
      .execute();

    await db.schema
      .createTable('chat_report')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('message_id', refType(engine), (col) => col.notNull().references('chat_message.id'))
      .addColumn('match_id', refType(engine), (col) => col.notNull())
      .addColumn('reporter_id', refType(engine), (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('resolved_at', ts)
      .addColumn('resolved_by', refType(engine))
      .addColumn('resolution_note', 'text')
      .addUniqueConstraint('chat_report_once', ['message_id', 'reporter_id'])
      .execute();
    await db.schema.createIndex('chat_report_status_idx').on('chat_report').columns(['status', 'id']).execute();

    await db.schema
      .createTable('chat_sanction')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('user_id', refType(engine), (col) => col.notNull())
      .addColumn('match_id', refType(engine))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('until', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('created_by', refType(engine), (col) => col.notNull())
      .addColumn('lifted_at', ts)
      .addColumn('lifted_by', refType(engine))
      .execute();
    await db.schema
      .createIndex('chat_sanction_user_idx')
      .on('chat_sanction')
      .columns(['user_id', 'lifted_at'])
      .execute();
  },
};
