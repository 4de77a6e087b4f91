// Payment mail sent once (issue #21; docs/payments.md "Mail"). Only additions.
//
// payment_mail: one row per order and kind of mail (receipt, refund), claimed
// before the mail goes out, so a second delivery of the same change — another
// node, a retry — finds the row and sends nothing.
// payment_reminder: one row per member and plan end (the "3 days before expiry"
// reminder), claimed the same way: two nodes or two runs of the job at once send
// one reminder; a renewal moves the plan's end, and the new end gets its own.
import { timestampType, refType, type ScorelineMigration } from './helpers.ts';

export const paymentMailMigration: ScorelineMigration = {
  name: '0019-payment-mail',
  async up(db, engine) {
    const ts = timestampType(engine);
    await db.schema
      .createTable('payment_mail')
      .addColumn('order_id', 'text', (col) => col.notNull().references('payment_order.id'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('sent_at', ts, (col) => col.notNull())
      .addPrimaryKeyConstraint('payment_mail_pk', ['order_id', 'kind'])
      .execute();

    await db.schema
      .createTable('payment_reminder')
      .addColumn('user_id', refType(engine), (col) => col.notNull())
      .addColumn('ends_at', ts, (col) => col.notNull())
      .addColumn('plan_code', 'text', (col) => col.notNull())
      .addColumn('sent_at', ts, (col) => col.notNull())
      .addPrimaryKeyConstraint('payment_reminder_pk', ['user_id', 'ends_at'])
      .execute();
  },
};
