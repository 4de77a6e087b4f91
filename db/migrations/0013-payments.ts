// Plans, orders and entitlements (issue #21; docs/payments.md). Only additions:
// a node still running the previous version never reads these tables.
//
// plan / plan_version / plan_price: a plan keeps its id for ever; a change of
// price or terms adds a version (plan.current_version moves on) and orders keep
// the version they were made at. Prices are integers in minor units per currency.
//
// payment_order: one checkout; the amount and currency are copied from the plan
// version's price when the order is made. No foreign key to user_account: an
// order is a financial record and outlives the account, as audit entries do.
// order_event: every change of an order's status, with its cause.
// processed_provider_event: each provider event id settles once (the primary key
// is written in the same transaction as the change it made).
// entitlement_grant: what each paid order granted (one row per entitlement),
// so a refund revokes exactly that; entitlement: per user and name, when it ends.
//
// The default plans are seeded here so a fresh install shows them on /pricing.
import type { Kysely } from 'kysely';
import { idType, primaryId, refType, timestampType, type ScorelineMigration } from './helpers.ts';

interface SeedPlan {
  code: string;
  kind: string;
  sport: string | null;
  interval: string | null;
  name: string;
  durationDays: number | null;
  features: string[];
  entitlements: string[];
  prices: Array<[currency: string, amountMinor: number]>;
}

const ALL_ENTITLEMENTS = ['no_ads', 'premium_media', 'hd_video'];

/** Yearly costs less per month than monthly (44.99 / 12 = 3.75 against 4.99). */
const DEFAULT_PLANS: SeedPlan[] = [
  {
    code: 'free',
    kind: 'free',
    sport: null,
    interval: null,
    name: 'Free',
    durationDays: null,
    features: [
      'Live scores, fixtures and results',
      'Tables and the match centre',
      'Follow teams and matches',
      'With ads',
    ],
    entitlements: [],
    prices: [],
  },
  {
    code: 'premium-monthly',
    kind: 'premium',
    sport: null,
    interval: 'month',
    name: 'Premium monthly',
    durationDays: 30,
    features: ['Everything in Free', 'No ads', 'Premium match media', 'HD video'],
    entitlements: ALL_ENTITLEMENTS,
    prices: [
      ['EUR', 499],
      ['USD', 549],
    ],
  },
  {
    code: 'premium-yearly',
    kind: 'premium',
    sport: null,
    interval: 'year',
    name: 'Premium yearly',
    durationDays: 365,
    features: ['Everything in Free', 'No ads', 'Premium match media', 'HD video', 'Two months free against monthly'],
    entitlements: ALL_ENTITLEMENTS,
    prices: [
      ['EUR', 4499],
      ['USD', 4999],
    ],
  },
  {
    code: 'football-season',
    kind: 'sport-pass',
    sport: 'football',
    interval: 'season',
    name: 'Football season pass',
    durationDays: 300,
    features: [
      'Everything in Free',
      'No ads',
      'Premium football media',
      'HD football video',
      'One payment for the whole season',
    ],
    entitlements: ALL_ENTITLEMENTS,
    prices: [
      ['EUR', 2999],
      ['USD', 3299],
    ],
  },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function seedDefaultPlans(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  for (const [index, plan] of DEFAULT_PLANS.entries()) {
    const { id: planId } = (await db
      .insertInto('plan')
      .values({
        code: plan.code,
        kind: plan.kind,
        sport: plan.sport,
        position: index + 1,
        current_version: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number | string };
    const { id: versionId } = (await db
      .insertInto('plan_version')
      .values({
        plan_id: planId,
        version: 1,
        name: plan.name,
        interval: plan.interval,
        duration_days: plan.durationDays,
        trial_days: 0,
        features: JSON.stringify(plan.features),
        entitlements: JSON.stringify(plan.entitlements),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number | string };
    for (const [currency, amountMinor] of plan.prices) {
      await db
        .insertInto('plan_price')
        .values({ plan_version_id: versionId, currency, amount_minor: amountMinor })
        .execute();
    }
  }
}

export const paymentsMigration: ScorelineMigration = {
  name: '0013-payments',
  async up(db, engine) {
    const ts = timestampType(engine);
    const ref = refType(engine);

    await db.schema
      .createTable('plan')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('code', 'text', (col) => col.notNull().unique())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('sport', 'text')
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('current_version', 'integer', (col) => col.notNull())
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('plan_version')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('plan_id', ref, (col) => col.notNull().references('plan.id'))
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('interval', 'text')
      .addColumn('duration_days', 'integer')
      .addColumn('trial_days', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('features', 'text', (col) => col.notNull()) // JSON array of strings
      .addColumn('entitlements', 'text', (col) => col.notNull()) // JSON array of entitlement names
      .addColumn('created_at', ts, (col) => col.notNull())
      .addUniqueConstraint('plan_version_plan_version', ['plan_id', 'version'])
      .execute();

    await db.schema
      .createTable('plan_price')
      .addColumn('plan_version_id', ref, (col) => col.notNull().references('plan_version.id'))
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('amount_minor', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('plan_price_pk', ['plan_version_id', 'currency'])
      .execute();

    await db.schema
      .createTable('payment_order')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', ref, (col) => col.notNull())
      .addColumn('plan_id', ref, (col) => col.notNull().references('plan.id'))
      .addColumn('plan_version_id', ref, (col) => col.notNull().references('plan_version.id'))
      .addColumn('plan_version', 'integer', (col) => col.notNull())
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('amount_minor', 'integer', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('coupon_code', 'text')
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('payment_order_user').on('payment_order').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('order_event')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('order_id', 'text', (col) => col.notNull().references('payment_order.id'))
      .addColumn('from_status', 'text') // null when the order was created
      .addColumn('to_status', 'text', (col) => col.notNull())
      .addColumn('cause', 'text', (col) => col.notNull())
      .addColumn('provider_event_id', 'text')
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('order_event_order').on('order_event').columns(['order_id', 'id']).execute();

    await db.schema
      .createTable('processed_provider_event')
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('event_id', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('order_id', 'text')
      .addColumn('processed_at', ts, (col) => col.notNull())
      .addPrimaryKeyConstraint('processed_provider_event_pk', ['provider', 'event_id'])
      .execute();

    await db.schema
      .createTable('entitlement_grant')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('order_id', 'text', (col) => col.notNull().references('payment_order.id'))
      .addColumn('user_id', ref, (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('starts_at', ts, (col) => col.notNull())
      .addColumn('ends_at', ts, (col) => col.notNull())
      .addColumn('revoked_at', ts)
      // One grant per order and entitlement, whatever happens: the last guard against activating twice.
      .addUniqueConstraint('entitlement_grant_order_name', ['order_id', 'name'])
      .execute();
    await db.schema
      .createIndex('entitlement_grant_user')
      .on('entitlement_grant')
      .columns(['user_id', 'name'])
      .execute();

    await db.schema
      .createTable('entitlement')
      .addColumn('user_id', ref, (col) => col.notNull().references('user_account.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('expires_at', ts, (col) => col.notNull())
      .addPrimaryKeyConstraint('entitlement_pk', ['user_id', 'name'])
      .execute();

    await seedDefaultPlans(db);
  },
};
