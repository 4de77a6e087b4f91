// The payments module's reads and writes (issue #21); private to the module.
// Writes take the transaction they belong to.
import type { Kysely, Transaction } from 'kysely';
import { toIsoString, type DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface PlanVersionRow {
  planId: number;
  versionId: number;
  code: string;
  kind: string;
  sport: string | null;
  version: number;
  name: string;
  interval: string | null;
  durationDays: number | null;
  trialDays: number;
  features: string[];
  entitlements: string[];
  prices: Array<{ currency: string; amountMinor: number }>;
  /** Kept off the pricing pages and out of checkout (migration 0016). */
  hidden: boolean;
  /** Where /pricing shows it: 1 is first. */
  position: number;
  createdAt: string;
}

export interface OrderRow {
  id: string;
  userId: number;
  planId: number;
  planVersionId: number;
  planVersion: number;
  provider: string;
  status: string;
  amountMinor: number;
  currency: string;
  createdAt: string;
}

export interface GrantRow {
  id: number;
  orderId: string;
  userId: number;
  name: string;
  startsAt: string;
  endsAt: string;
  revokedAt: string | null;
}

function parseList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * Plan versions with their prices: the current version of every plan (in /pricing's order) when
 * `versionIds` is absent, else exactly those versions.
 */
export async function selectPlanVersions(db: Executor, versionIds?: number[]): Promise<PlanVersionRow[]> {
  if (versionIds && versionIds.length === 0) return [];
  let query = db
    .selectFrom('plan_version as v')
    .innerJoin('plan as p', 'p.id', 'v.plan_id')
    .select([
      'p.id as plan_id',
      'v.id as version_id',
      'p.code',
      'p.kind',
      'p.sport',
      'v.version',
      'v.name',
      'v.interval',
      'v.duration_days',
      'v.trial_days',
      'v.features',
      'v.entitlements',
      'v.created_at',
      'p.hidden',
      'p.position',
    ])
    .orderBy('p.position')
    .orderBy('p.id');
  query = versionIds ? query.where('v.id', 'in', versionIds) : query.whereRef('v.version', '=', 'p.current_version');
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const prices = await db
    .selectFrom('plan_price')
    .select(['plan_version_id', 'currency', 'amount_minor'])
    .where(
      'plan_version_id',
      'in',
      rows.map((row) => row.version_id),
    )
    .orderBy('currency')
    .execute();
  return rows.map((row) => ({
    planId: Number(row.plan_id),
    versionId: Number(row.version_id),
    code: row.code,
    kind: row.kind,
    sport: row.sport,
    version: row.version,
    name: row.name,
    interval: row.interval,
    durationDays: row.duration_days,
    trialDays: row.trial_days,
    features: parseList(row.features),
    entitlements: parseList(row.entitlements),
    prices: prices
      .filter((price) => Number(price.plan_version_id) === Number(row.version_id))
      .map((price) => ({ currency: price.currency, amountMinor: price.amount_minor })),
    hidden: Number(row.hidden) === 1,
    position: row.position,
    createdAt: toIsoString(row.created_at),
  }));
}

/** The current version of one plan, or null when there is no such plan. */
export async function selectCurrentPlanVersion(db: Executor, planId: number): Promise<PlanVersionRow | null> {
  const row = await db
    .selectFrom('plan_version as v')
    .innerJoin('plan as p', 'p.id', 'v.plan_id')
    .select('v.id')
    .where('p.id', '=', planId)
    .whereRef('v.version', '=', 'p.current_version')
    .executeTakeFirst();
  if (!row) return null;
  const [version] = await selectPlanVersions(db, [Number(row.id)]);
  return version ?? null;
}

function toOrderRow(row: {
  id: string;
  user_id: number | string;
  plan_id: number | string;
  plan_version_id: number | string;
  plan_version: number;
  provider: string;
  status: string;
  amount_minor: number;
  currency: string;
  created_at: string | Date;
}): OrderRow {
  return {
    id: row.id,
    userId: Number(row.user_id),
    planId: Number(row.plan_id),
    planVersionId: Number(row.plan_version_id),
    planVersion: row.plan_version,
    provider: row.provider,
    status: row.status,
    amountMinor: row.amount_minor,
    currency: row.currency,
    createdAt: toIsoString(row.created_at),
  };
}

const ORDER_COLUMNS = [
  'id',
  'user_id',
  'plan_id',
  'plan_version_id',
  'plan_version',
  'provider',
  'status',
  'amount_minor',
  'currency',
  'created_at',
] as const;

export async function insertOrder(
  trx: Transaction<Database>,
  order: Omit<OrderRow, 'createdAt'> & { couponCode: string | null; createdAt: Date },
): Promise<void> {
  const at = order.createdAt.toISOString();
  await trx
    .insertInto('payment_order')
    .values({
      id: order.id,
      user_id: order.userId,
      plan_id: order.planId,
      plan_version_id: order.planVersionId,
      plan_version: order.planVersion,
      provider: order.provider,
      status: order.status,
      amount_minor: order.amountMinor,
      currency: order.currency,
      coupon_code: order.couponCode,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** One order; `lock` holds its row until the transaction ends (PostgreSQL; SQLite has one writer at a time). */
export async function selectOrder(
  db: Executor,
  id: string,
  options: { lock?: { engine: DatabaseEngine } } = {},
): Promise<OrderRow | null> {
  let query = db.selectFrom('payment_order').select(ORDER_COLUMNS).where('id', '=', id);
  if (options.lock?.engine === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toOrderRow(row) : null;
}

export async function updateOrderStatus(
  trx: Transaction<Database>,
  id: string,
  status: string,
  at: Date,
): Promise<void> {
  await trx.updateTable('payment_order').set({ status, updated_at: at.toISOString() }).where('id', '=', id).execute();
}

/**
 * Orders still open (pending or failed) made before their provider's cutoff: `localBefore` for bank
 * transfer ('local'), `before` for every other provider. Oldest first, at most `limit`.
 */
export async function selectExpirableOrders(
  db: Executor,
  cutoffs: { before: Date; localBefore: Date; limit: number },
): Promise<OrderRow[]> {
  const rows = await db
    .selectFrom('payment_order')
    .select(ORDER_COLUMNS)
    .where('status', 'in', ['pending', 'failed'])
    .where((eb) =>
      eb.or([
        eb.and([eb('provider', '<>', 'local'), eb('created_at', '<', cutoffs.before.toISOString())]),
        eb.and([eb('provider', '=', 'local'), eb('created_at', '<', cutoffs.localBefore.toISOString())]),
      ]),
    )
    .orderBy('created_at')
    .limit(cutoffs.limit)
    .execute();
  return rows.map(toOrderRow);
}

/**
 * Moves an order from one of `from` to `to` only if it is still in one of them: true when this call
 * made the change. Two nodes racing for the same order: exactly one gets true (PostgreSQL re-checks
 * the condition after the other's commit; SQLite has one writer at a time).
 */
export async function updateOrderStatusIf(
  trx: Transaction<Database>,
  id: string,
  from: readonly string[],
  to: string,
  at: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('payment_order')
    .set({ status: to, updated_at: at.toISOString() })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Keeps the provider's id of the order's payment (Stripe: the payment intent), for a later refund. */
export async function updateOrderProviderRef(
  trx: Transaction<Database>,
  id: string,
  providerRef: string,
): Promise<void> {
  await trx.updateTable('payment_order').set({ provider_ref: providerRef }).where('id', '=', id).execute();
}

/** The name of one version of a plan, or null when there is no such version. */
export async function selectPlanVersionName(db: Executor, planId: number, version: number): Promise<string | null> {
  const row = await db
    .selectFrom('plan_version')
    .select('name')
    .where('plan_id', '=', planId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** The provider's id of the order's payment, once paid; null before (or for providers that keep none). */
export async function selectOrderProviderRef(db: Executor, id: string): Promise<string | null> {
  const row = await db.selectFrom('payment_order').select('provider_ref').where('id', '=', id).executeTakeFirst();
  return row?.provider_ref ?? null;
}

export async function insertOrderEvent(
  trx: Transaction<Database>,
  event: { orderId: string; from: string | null; to: string; cause: string; providerEventId: string | null; at: Date },
): Promise<void> {
  await trx
    .insertInto('order_event')
    .values({
      order_id: event.orderId,
      from_status: event.from,
      to_status: event.to,
      cause: event.cause,
      provider_event_id: event.providerEventId,
      created_at: event.at.toISOString(),
    })
    .execute();
}

export async function selectOrderEvents(db: Executor, orderId: string) {
  const rows = await db
    .selectFrom('order_event')
    .select(['from_status', 'to_status', 'cause', 'provider_event_id', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    from: row.from_status,
    to: row.to_status,
    cause: row.cause,
    providerEventId: row.provider_event_id,
    at: toIsoString(row.created_at),
  }));
}

/**
 * Records that a provider event is being settled. False when that event id was settled before: the
 * caller then changes nothing. Inside the settling transaction, so the record and the change commit
 * together; on PostgreSQL a second transaction inserting the same id waits for the first and then
 * finds it.
 */
export async function insertProcessedEvent(
  trx: Transaction<Database>,
  event: { provider: string; eventId: string; type: string; orderId: string | null; at: Date },
): Promise<boolean> {
  const result = await trx
    .insertInto('processed_provider_event')
    .values({
      provider: event.provider,
      event_id: event.eventId,
      type: event.type,
      order_id: event.orderId,
      processed_at: event.at.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

function toGrantRow(row: {
  id: number | string;
  order_id: string;
  user_id: number | string;
  name: string;
  starts_at: string | Date;
  ends_at: string | Date;
  revoked_at: string | Date | null;
}): GrantRow {
  return {
    id: Number(row.id),
    orderId: row.order_id,
    userId: Number(row.user_id),
    name: row.name,
    startsAt: toIsoString(row.starts_at),
    endsAt: toIsoString(row.ends_at),
    revokedAt: row.revoked_at === null ? null : toIsoString(row.revoked_at),
  };
}

const GRANT_COLUMNS = ['id', 'order_id', 'user_id', 'name', 'starts_at', 'ends_at', 'revoked_at'] as const;

/** A user's grants not revoked, of one entitlement or of all. */
export async function selectActiveGrants(db: Executor, userId: number, name?: string): Promise<GrantRow[]> {
  let query = db
    .selectFrom('entitlement_grant')
    .select(GRANT_COLUMNS)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (name !== undefined) query = query.where('name', '=', name);
  return (await query.orderBy('id').execute()).map(toGrantRow);
}

export async function selectOrderGrants(db: Executor, orderId: string): Promise<GrantRow[]> {
  return (
    await db
      .selectFrom('entitlement_grant')
      .select(GRANT_COLUMNS)
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
  ).map(toGrantRow);
}

export async function insertGrant(
  trx: Transaction<Database>,
  grant: { orderId: string; userId: number; name: string; startsAt: Date; endsAt: Date },
): Promise<void> {
  await trx
    .insertInto('entitlement_grant')
    .values({
      order_id: grant.orderId,
      user_id: grant.userId,
      name: grant.name,
      starts_at: grant.startsAt.toISOString(),
      ends_at: grant.endsAt.toISOString(),
      revoked_at: null,
    })
    .execute();
}

export async function updateGrant(
  trx: Transaction<Database>,
  id: number,
  change: { startsAt?: Date; endsAt?: Date; revokedAt?: Date },
): Promise<void> {
  await trx
    .updateTable('entitlement_grant')
    .set({
      ...(change.startsAt ? { starts_at: change.startsAt.toISOString() } : {}),
      ...(change.endsAt ? { ends_at: change.endsAt.toISOString() } : {}),
      ...(change.revokedAt ? { revoked_at: change.revokedAt.toISOString() } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Sets when a user's entitlement ends, or removes it (null). */
export async function writeEntitlement(
  trx: Transaction<Database>,
  userId: number,
  name: string,
  expiresAt: Date | null,
): Promise<void> {
  await trx.deleteFrom('entitlement').where('user_id', '=', userId).where('name', '=', name).execute();
  if (expiresAt) {
    await trx
      .insertInto('entitlement')
      .values({ user_id: userId, name, expires_at: expiresAt.toISOString() })
      .execute();
  }
}

/** A user's entitlements that end after `now`. */
export async function selectEntitlements(db: Executor, userId: number, now: Date) {
  const rows = await db
    .selectFrom('entitlement')
    .select(['name', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('name')
    .execute();
  return rows
    .map((row) => ({ name: row.name, expiresAt: toIsoString(row.expires_at) }))
    .filter((row) => Date.parse(row.expiresAt) > now.getTime());
}
