// Reads and claims of the order history, receipts and payment mail (issue #21;
// docs/payments.md "Mail" and "The account's orders"); private to the module.
import type { Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';

export interface OrderListRow {
  id: string;
  userId: number;
  planId: number;
  planVersion: number;
  planCode: string;
  planName: string;
  provider: string;
  status: string;
  amountMinor: number;
  currency: string;
  createdAt: string;
  paidAt: string | null;
}

function orderList(db: Kysely<Database>) {
  return db
    .selectFrom('payment_order as o')
    .innerJoin('plan as p', 'p.id', 'o.plan_id')
    .innerJoin('plan_version as v', 'v.id', 'o.plan_version_id')
    .select((eb) => [
      'o.id',
      'o.user_id',
      'o.plan_id',
      'o.plan_version',
      'p.code',
      'v.name',
      'o.provider',
      'o.status',
      'o.amount_minor',
      'o.currency',
      'o.created_at',
      // The moment the order was paid: its one change to `paid`, if any.
      eb
        .selectFrom('order_event as e')
        .select((inner) => inner.fn.min('e.created_at').as('at'))
        .whereRef('e.order_id', '=', 'o.id')
        .where('e.to_status', '=', 'paid')
        .as('paid_at'),
    ]);
}

function toListRow(row: {
  id: string;
  user_id: number | string;
  plan_id: number | string;
  plan_version: number;
  code: string;
  name: string;
  provider: string;
  status: string;
  amount_minor: number;
  currency: string;
  created_at: string | Date;
  paid_at: string | Date | null;
}): OrderListRow {
  return {
    id: row.id,
    userId: Number(row.user_id),
    planId: Number(row.plan_id),
    planVersion: row.plan_version,
    planCode: row.code,
    planName: row.name,
    provider: row.provider,
    status: row.status,
    amountMinor: row.amount_minor,
    currency: row.currency,
    createdAt: toIsoString(row.created_at),
    paidAt: row.paid_at === null ? null : toIsoString(row.paid_at),
  };
}

/** A user's orders, newest first; `limit` + 1 rows are asked for so the caller knows whether more follow. */
export async function selectUserOrders(
  db: Kysely<Database>,
  userId: number,
  options: { limit: number; offset: number },
): Promise<OrderListRow[]> {
  const rows = await orderList(db)
    .where('o.user_id', '=', userId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return rows.map(toListRow);
}

/** The plan of the user's latest paid order (not refunded): what a lapsed member renews. */
export async function selectLastPaidPlan(
  db: Kysely<Database>,
  userId: number,
): Promise<{ code: string; name: string } | null> {
  const row = await orderList(db)
    .where('o.user_id', '=', userId)
    .where('o.status', '=', 'paid')
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { code: row.code, name: row.name } : null;
}

export interface ReceiptRow extends OrderListRow {
  durationDays: number | null;
  entitlements: string[];
  refundedAt: string | null;
  /** When what the order bought starts: its first grant's start (null: it granted nothing). */
  grantFrom: string | null;
}

export async function selectReceiptRow(db: Kysely<Database>, orderId: string): Promise<ReceiptRow | null> {
  const row = await orderList(db)
    .select((eb) => [
      'v.duration_days',
      'v.entitlements',
      eb
        .selectFrom('order_event as r')
        .select((inner) => inner.fn.min('r.created_at').as('at'))
        .whereRef('r.order_id', '=', 'o.id')
        .where('r.to_status', '=', 'refunded')
        .as('refunded_at'),
      eb
        .selectFrom('entitlement_grant as g')
        .select((inner) => inner.fn.min('g.starts_at').as('at'))
        .whereRef('g.order_id', '=', 'o.id')
        .as('grant_from'),
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!row) return null;
  const entitlements: unknown = JSON.parse(row.entitlements);
  return {
    ...toListRow(row),
    durationDays: row.duration_days,
    entitlements: Array.isArray(entitlements) ? entitlements.filter((item) => typeof item === 'string') : [],
    refundedAt: row.refunded_at === null ? null : toIsoString(row.refunded_at),
    grantFrom: row.grant_from === null ? null : toIsoString(row.grant_from),
  };
}

/**
 * Claims the sending of one mail about one order: true for the first caller, false for any later
 * one (another node, a retry). The primary key decides, so two callers at once get one true.
 */
export async function claimPaymentMail(
  db: Kysely<Database>,
  mail: { orderId: string; kind: string; at: Date },
): Promise<boolean> {
  const result = await db
    .insertInto('payment_mail')
    .values({ order_id: mail.orderId, kind: mail.kind, sent_at: mail.at.toISOString() })
    .onConflict((conflict) => conflict.columns(['order_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Gives a claim back when the mail could not even be kept (so a later attempt may send it). */
export async function releasePaymentMail(db: Kysely<Database>, mail: { orderId: string; kind: string }) {
  await db.deleteFrom('payment_mail').where('order_id', '=', mail.orderId).where('kind', '=', mail.kind).execute();
}

export interface ExpiringPlanRow {
  userId: number;
  endsAt: string;
  orderId: string;
  planCode: string;
  planName: string;
}

/**
 * Members whose paid plan — the latest end of their grants in force — falls in (after, until]. A
 * member who renewed has a later end and is not among them until that one comes near.
 */
export async function selectPlansEndingBetween(
  db: Kysely<Database>,
  after: Date,
  until: Date,
): Promise<ExpiringPlanRow[]> {
  const ends = await db
    .selectFrom('entitlement_grant')
    .select((eb) => ['user_id', eb.fn.max('ends_at').as('ends_at')])
    .where('revoked_at', 'is', null)
    .groupBy('user_id')
    .having((eb) => eb.fn.max('ends_at'), '>', after.toISOString())
    .having((eb) => eb.fn.max('ends_at'), '<=', until.toISOString())
    .orderBy('user_id')
    .execute();
  const rows: ExpiringPlanRow[] = [];
  for (const end of ends) {
    const endsAt = toIsoString(end.ends_at);
    const last = await db
      .selectFrom('entitlement_grant as g')
      .innerJoin('payment_order as o', 'o.id', 'g.order_id')
      .innerJoin('plan as p', 'p.id', 'o.plan_id')
      .innerJoin('plan_version as v', 'v.id', 'o.plan_version_id')
      .select(['g.order_id', 'p.code', 'v.name'])
      .where('g.user_id', '=', end.user_id)
      .where('g.revoked_at', 'is', null)
      .where('g.ends_at', '=', endsAt)
      .orderBy('g.id', 'desc')
      .executeTakeFirst();
    if (last) {
      rows.push({
        userId: Number(end.user_id),
        endsAt,
        orderId: last.order_id,
        planCode: last.code,
        planName: last.name,
      });
    }
  }
  return rows;
}

/** Claims the reminder for one member's plan end: true once, whoever asks and however often. */
export async function claimReminder(
  db: Kysely<Database>,
  reminder: { userId: number; endsAt: string; planCode: string; at: Date },
): Promise<boolean> {
  const result = await db
    .insertInto('payment_reminder')
    .values({
      user_id: reminder.userId,
      ends_at: reminder.endsAt,
      plan_code: reminder.planCode,
      sent_at: reminder.at.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'ends_at']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function releaseReminder(db: Kysely<Database>, reminder: { userId: number; endsAt: string }) {
  await db
    .deleteFrom('payment_reminder')
    .where('user_id', '=', reminder.userId)
    .where('ends_at', '=', reminder.endsAt)
    .execute();
}
