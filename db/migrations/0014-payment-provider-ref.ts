// The provider's own id for an order's payment (issue #21): Stripe refunds name a
// payment intent, which exists only once the buyer pays, so the paid event's id
// is kept here for the refund to use. Only an addition: a nullable column a
// node still running the previous version never reads.
import type { ScorelineMigration } from './helpers.ts';

export const paymentProviderRefMigration: ScorelineMigration = {
  name: '0014-payment-provider-ref',
  async up(db) {
    await db.schema.alterTable('payment_order').addColumn('provider_ref', 'text').execute();
  },
};
