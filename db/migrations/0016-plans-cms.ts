// Plans and payment methods managed in the CMS, and free trials (issue #21;
// docs/payments.md). Only additions: a node still running the previous version
// reads none of these and keeps working.
//
// plan.hidden: 1 keeps a plan off the pricing pages and out of checkout (Free
// is never hidden). payment_method: the providers staff enabled and their order
// on /pricing; the three known ones are seeded enabled (a provider added later
// without a row counts as enabled, after them), so a fresh install offers every
// provider the server is configured for.
// plan_trial: one free trial per account (the primary key is the user), with
// the order that recorded it.
import { refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const plansCmsMigration: ScorelineMigration = {
  name: '0016-plans-cms',
  async up(db, engine) {
    const ts = timestampType(engine);
    const ref = refType(engine);

    await db.schema
      .alterTable('plan')
      .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('payment_method')
      .addColumn('provider', 'text', (col) => col.primaryKey())
      .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('updated_by', ref)
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    const now = new Date().toISOString();
    await db
      .insertInto('payment_method')
      .values(
        ['sandbox', 'stripe', 'local'].map((provider, index) => ({
          provider,
          enabled: 1,
          position: index + 1,
          updated_by: null,
          updated_at: now,
        })),
      )
      .execute();

    await db.schema
      .createTable('plan_trial')
      .addColumn('user_id', ref, (col) => col.primaryKey())
      .addColumn('plan_id', ref, (col) => col.notNull().references('plan.id'))
      .addColumn('order_id', 'text', (col) => col.notNull().references('payment_order.id'))
      .addColumn('started_at', ts, (col) => col.notNull())
      .execute();
  },
};
