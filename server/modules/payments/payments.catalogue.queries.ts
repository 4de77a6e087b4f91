// The catalogue's reads and writes (issue #21, migration 0016): plans, their
// versions and places, and the payment methods staff enabled. Private to the
// payments module; writes take the transaction they belong to.
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The ids of every version of a plan, newest first. */
export async function selectPlanVersionIds(db: Executor, planId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('plan_version')
    .select('id')
    .where('plan_id', '=', planId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Every plan's id in /pricing's order; `lock` holds the rows until the transaction ends (PostgreSQL). */
export async function selectPlanOrder(db: Executor, lock?: { engine: DatabaseEngine }): Promise<number[]> {
  let query = db.selectFrom('plan').select('id').orderBy('position').orderBy('id');
  if (lock?.engine === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((row) => Number(row.id));
}

export async function updatePlanPositions(trx: Transaction<Database>, order: readonly number[]): Promise<void> {
  for (const [index, id] of order.entries()) {
    await trx
      .updateTable('plan')
      .set({ position: index + 1 })
      .where('id', '=', id)
      .execute();
  }
}

export async function updatePlanHidden(trx: Transaction<Database>, planId: number, hidden: boolean): Promise<void> {
  await trx
    .updateTable('plan')
    .set({ hidden: hidden ? 1 : 0 })
    .where('id', '=', planId)
    .execute();
}

/**
 * Moves a plan to its next version only if it is still at `expected`: false when another save moved it
 * first. The row's lock (PostgreSQL) or the single writer (SQLite) makes the second of two saves wait
 * and then find the version moved.
 */
export async function advancePlanVersion(
  trx: Transaction<Database>,
  planId: number,
  expected: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('plan')
    .set({ current_version: expected + 1 })
    .where('id', '=', planId)
    .where('current_version', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface VersionValues {
  planId: number;
  version: number;
  name: string;
  interval: string | null;
  durationDays: number | null;
  trialDays: number;
  features: string[];
  entitlements: string[];
  prices: Array<{ currency: string; amountMinor: number }>;
  at: Date;
}

export async function insertPlanVersion(trx: Transaction<Database>, values: VersionValues): Promise<void> {
  const { id } = await trx
    .insertInto('plan_version')
    .values({
      plan_id: values.planId,
      version: values.version,
      name: values.name,
      interval: values.interval,
      duration_days: values.durationDays,
      trial_days: values.trialDays,
      features: JSON.stringify(values.features),
      entitlements: JSON.stringify(values.entitlements),
      created_at: values.at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const price of values.prices) {
    await trx
      .insertInto('plan_price')
      .values({ plan_version_id: id, currency: price.currency, amount_minor: price.amountMinor })
      .execute();
  }
}

/** A new plan at version 1, last on its page; null when the code is taken. */
export async function insertPlan(
  trx: Transaction<Database>,
  plan: { code: string; kind: string; sport: string | null; at: Date },
): Promise<number | null> {
  const last = await trx
    .selectFrom('plan')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  const row = await trx
    .insertInto('plan')
    .values({
      code: plan.code,
      kind: plan.kind,
      sport: plan.sport,
      position: Number(last?.position ?? 0) + 1,
      current_version: 1,
      created_at: plan.at.toISOString(),
    })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export interface MethodRow {
  provider: string;
  enabled: boolean;
  position: number;
}

/** The payment methods staff set; `lock` holds them until the transaction ends (PostgreSQL). */
export async function selectMethodRows(db: Executor, lock?: { engine: DatabaseEngine }): Promise<MethodRow[]> {
  let query = db.selectFrom('payment_method').select(['provider', 'enabled', 'position']).orderBy('position');
  if (lock?.engine === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((row) => ({
    provider: row.provider,
    enabled: Number(row.enabled) === 1,
    position: row.position,
  }));
}

export async function writeMethodRows(
  trx: Transaction<Database>,
  rows: readonly MethodRow[],
  by: number,
  at: Date,
): Promise<void> {
  for (const row of rows) {
    const values = {
      enabled: row.enabled ? 1 : 0,
      position: row.position,
      updated_by: by,
      updated_at: at.toISOString(),
    };
    await trx
      .insertInto('payment_method')
      .values({ provider: row.provider, ...values })
      .onConflict((conflict) => conflict.column('provider').doUpdateSet(values))
      .execute();
  }
}

/** Whether the user ever had the plan: an order of it that was paid (refunded ones were paid too). */
export async function hadPlan(db: Executor, userId: number, planId: number): Promise<boolean> {
  const row = await db
    .selectFrom('payment_order')
    .select('id')
    .where('user_id', '=', userId)
    .where('plan_id', '=', planId)
    .where('status', 'in', ['paid', 'refunded'])
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's trial, if it took one. */
export async function selectTrial(db: Executor, userId: number) {
  const row = await db
    .selectFrom('plan_trial')
    .select(['plan_id', 'order_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { planId: Number(row.plan_id), orderId: row.order_id } : null;
}

/** Records the account's one trial; false when it has one already (the user is the primary key). */
export async function insertTrial(
  trx: Transaction<Database>,
  trial: { userId: number; planId: number; orderId: string; at: Date },
): Promise<boolean> {
  const result = await trx
    .insertInto('plan_trial')
    .values({
      user_id: trial.userId,
      plan_id: trial.planId,
      order_id: trial.orderId,
      started_at: trial.at.toISOString(),
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
