// Bank transfer and staff refunds (issue #21; docs/payments.md). Only additions.
//
// transfer_reference: the reference a bank-transfer payer quotes, one per
// order of the local provider, unique (so staff matching a statement line find
// exactly one order). Stored compact: eight Crockford base32 characters and a
// check character (domain/transfer-reference.ts).
// order_refund: a refund staff made or asked the provider for, one per order
// (the primary key is the refund policy's "one refund per order", under
// concurrency too). The order becomes refunded when the provider's
// refund.succeeded event is settled.
import { refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const localPaymentMigration: ScorelineMigration = {
  name: '0015-local-payment',
  async up(db, engine) {
    const ts = timestampType(engine);
    const ref = refType(engine);

    await db.schema
      .createTable('transfer_reference')
      .addColumn('order_id', 'text', (col) => col.primaryKey().references('payment_order.id'))
      .addColumn('reference', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('order_refund')
      .addColumn('order_id', 'text', (col) => col.primaryKey().references('payment_order.id'))
      .addColumn('staff_id', ref, (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('amount_minor', 'integer', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('requested_at', ts, (col) => col.notNull())
      .execute();
  },
};
