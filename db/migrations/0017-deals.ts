// Coupons (the hidden deal) and the house ad (issue #21; docs/payments.md). Only
// additions: a node still running the previous version never reads these tables.
//
// coupon: code is stored upper-case and unique, so codes compare without regard
// to case. Either percent_off (1–99) or amount_off (JSON { "EUR": 200 }, minor
// units per currency). Its uses are not a counter: they are counted from
// payment_order.coupon_code (one per user with an order that is not expired),
// under a lock on the coupon's row, so an order and its use commit together.
// house_ad: the site's own ad, one row (id 1), shown to visitors without no_ads.
//
// Seeded so a fresh install shows both: the campaign coupon WELCOME10 (10 % off
// every paid plan, no limit, no end; /?deal=WELCOME10) and a house ad for Premium.
import { idType, primaryId, refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const dealsMigration: ScorelineMigration = {
  name: '0017-deals',
  async up(db, engine) {
    const ts = timestampType(engine);
    const ref = refType(engine);

    await db.schema
      .createTable('coupon')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('code', 'text', (col) => col.notNull().unique())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('percent_off', 'integer')
      .addColumn('amount_off', 'text') // JSON object: currency -> minor units
      .addColumn('plan_id', ref, (col) => col.references('plan.id'))
      .addColumn('usage_limit', 'integer')
      .addColumn('valid_until', ts)
      .addColumn('audience', 'text', (col) => col.notNull().defaultTo('campaign'))
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();

    await db.schema
      .createIndex('payment_order_coupon')
      .on('payment_order')
      .columns(['coupon_code', 'user_id'])
      .execute();

    await db.schema
      .createTable('house_ad')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('link', 'text', (col) => col.notNull())
      .addColumn('image_url', 'text')
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();

    const now = new Date().toISOString();
    await db
      .insertInto('coupon')
      .values({
        code: 'WELCOME10',
        title: 'Welcome offer',
        percent_off: 10,
        amount_off: null,
        plan_id: null,
        usage_limit: null,
        valid_until: null,
        audience: 'campaign',
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('house_ad')
      .values({
        id: 1,
        title: 'Scoreline Premium',
        text: 'No ads, premium match media and HD video, from €3.75 a month with the yearly plan.',
        link: '/pricing',
        image_url: null,
        active: 1,
        updated_at: now,
      })
      .execute();
  },
};
