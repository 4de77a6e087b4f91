// Staff's reads and writes of orders (issue #21): the orders list with its
// search, transfer references and refunds. Private to the payments module.
import { sql, type Kysely, type Transaction } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface StaffOrderRow {
  id: string;
  userId: number;
  status: string;
  provider: string;
  amountMinor: number;
  currency: string;
  planId: number;
  planName: string;
  planVersion: number;
  createdAt: string;
  reference: string | null;
  email: string | null;
  displayName: string | null;
}

export interface OrderFilter {
  orderIdPrefix?: string;
  reference?: string;
  emailPrefix?: string;
  status?: string;
  provider?: string;
  /** Only orders older than this one (newest first). */
  after?: { createdAt: string; id: string };
  limit: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export async function selectStaffOrders(db: Executor, filter: OrderFilter, orderId?: string): Promise<StaffOrderRow[]> {
  let query = db
    .selectFrom('payment_order as o')
    .innerJoin('plan_version as v', 'v.id', 'o.plan_version_id')
    .leftJoin('transfer_reference as r', 'r.order_id', 'o.id')
    .leftJoin('user_account as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.user_id',
      'o.status',
      'o.provider',
      'o.amount_minor',
      'o.currency',
      'o.plan_id',
      'o.plan_version',
      'o.created_at',
      'v.name as plan_name',
      'r.reference',
      'u.email',
      'u.display_name',
    ]);
  if (orderId !== undefined) query = query.where('o.id', '=', orderId);
  if (filter.orderIdPrefix) {
    query = query.where(sql<boolean>`${sql.ref('o.id')} like ${`${escapeLike(filter.orderIdPrefix)}%`} escape '\\'`);
  }
  if (filter.reference) query = query.where('r.reference', '=', filter.reference);
  if (filter.emailPrefix) {
    const pattern = `${escapeLike(filter.emailPrefix.toLowerCase())}%`;
    query = query.where(sql<boolean>`${sql.ref('u.email')} like ${pattern} escape '\\'`);
  }
  if (filter.status) query = query.where('o.status', '=', filter.status);
  if (filter.provider) query = query.where('o.provider', '=', filter.provider);
  if (filter.after) {
    const { createdAt, id } = filter.after;
    query = query.where((eb) =>
      eb.or([eb('o.created_at', '<', createdAt), eb.and([eb('o.created_at', '=', createdAt), eb('o.id', '<', id)])]),
    );
  }
  const rows = await query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(filter.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    userId: Number(row.user_id),
    status: row.status,
    provider: row.provider,
    amountMinor: row.amount_minor,
    currency: row.currency,
    planId: Number(row.plan_id),
    planName: row.plan_name,
    planVersion: row.plan_version,
    createdAt: toIsoString(row.created_at),
    reference: row.reference ?? null,
    email: row.email ?? null,
    displayName: row.display_name ?? null,
  }));
}

/**
 * Stores a new reference for the order; false when another order holds it already (the caller draws
 * again). On PostgreSQL a clash must not abort the transaction, hence on-conflict-do-nothing.
 */
export async function insertTransferReference(
  trx: Transaction<Database>,
  row: { orderId: string; reference: string; at: Date },
): Promise<boolean> {
  const result = await trx
    .insertInto('transfer_reference')
    .values({ order_id: row.orderId, reference: row.reference, created_at: row.at.toISOString() })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function selectTransferReference(db: Executor, orderId: string): Promise<string | null> {
  const row = await db
    .selectFrom('transfer_reference')
    .select('reference')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.reference ?? null;
}

export async function selectRefund(db: Executor, orderId: string) {
  const row = await db
    .selectFrom('order_refund')
    .select(['staff_id', 'reason', 'requested_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row ? { staffId: Number(row.staff_id), reason: row.reason, requestedAt: toIsoString(row.requested_at) } : null;
}

/** The refund of an order, once: false when it has one already (a concurrent request got there first). */
export async function insertRefund(
  trx: Transaction<Database>,
  row: { orderId: string; staffId: number; reason: string; amountMinor: number; currency: string; at: Date },
): Promise<boolean> {
  const result = await trx
    .insertInto('order_refund')
    .values({
      order_id: row.orderId,
      staff_id: row.staffId,
      reason: row.reason,
      amount_minor: row.amountMinor,
      currency: row.currency,
      requested_at: row.at.toISOString(),
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteRefund(db: Executor, orderId: string): Promise<void> {
  await db.deleteFrom('order_refund').where('order_id', '=', orderId).execute();
}

/** When the order last became paid; null if it never was. */
export async function selectPaidAt(db: Executor, orderId: string): Promise<string | null> {
  const row = await db
    .selectFrom('order_event')
    .select('created_at')
    .where('order_id', '=', orderId)
    .where('to_status', '=', 'paid')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? toIsoString(row.created_at) : null;
}
