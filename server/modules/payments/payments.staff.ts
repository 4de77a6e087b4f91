// What staff do with orders (issue #21), for the CMS (scope cms:payments), which
// calls these and never the tables: find orders, read one with its history,
// confirm that a bank transfer arrived, and refund within the refund policy
// (domain/refund-policy.ts). Both settle through payments.settle(), so
// settlement stays exactly once:
// - confirming settles `local-confirm-<orderId>` (payment.succeeded): two staff
//   confirming at once grant once, the second is told it was done already;
// - a refund first takes the order's one refund row (order_refund, keyed by the
//   order) under the policy's checks, with the order's row held, and asks the
//   provider; the refund.succeeded event a provider returns (sandbox, local) is
//   settled at once, otherwise (stripe) the provider's webhook settles it.
// The caller's `within(trx)` runs in the transaction of the change: the CMS
// writes its audit entry there.
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import {
  CURRENCIES,
  ORDER_STATUSES,
  ORDER_SOURCES,
  type Order,
  type OrderStatus,
} from '../../../domain/payments-contracts.ts';
import { refundDeadline, refundRefusal } from '../../../domain/refund-policy.ts';
import { formatReference, readReference, referenceFromBytes } from '../../../domain/transfer-reference.ts';
import type { Clock } from '../../platform/clock.ts';
import { confirmationEvent, isLocalProvider, type BankAccount } from './payments.local.ts';
import type { PaymentProvider, ProviderEvent } from './payments.providers.ts';
import type { WebhookResult } from './payments.service.ts';
import { selectOrder, selectOrderEvents, type OrderRow } from './payments.queries.ts';
import {
  deleteRefund,
  insertRefund,
  insertTransferReference,
  selectPaidAt,
  selectRefund,
  selectStaffOrders,
  selectTransferReference,
  type OrderFilter,
  type StaffOrderRow,
} from './payments.staff.queries.ts';
import {
  orderSearchSchema,
  refundInputSchema,
  type OrderPage,
  type OrderSearch,
  type StaffMember,
  type StaffOrder,
  type StaffOrderDetail,
} from './payments.staff.schemas.ts';

type Trx = Transaction<Database>;
/** Work of the caller's (the audit entry) in the transaction of the change. */
export type Within = (trx: Trx) => Promise<void>;

export interface SettleOptions {
  /** The order history's cause instead of "<provider> <event type>" (e.g. who confirmed it). */
  cause?: string;
  /** Runs in the settling transaction when the event changed the order. */
  within?: Within;
}

export type StaffOrderFailure =
  | { ok: false; code: 'invalid_input'; message: string; fields: Record<string, string> }
  | { ok: false; code: 'not_found'; message: string }
  | { ok: false; code: 'conflict'; message: string };

export type StaffOrderResult =
  { ok: true; outcome: 'confirmed' | 'refunded' | 'refund_requested'; order: StaffOrderDetail } | StaffOrderFailure;

/** What the transfer page shows the payer. */
export interface TransferDetails {
  order: Order;
  /** SL-XXXX-XXXX-C */
  reference: string;
  account: BankAccount;
}

export interface PaymentsStaffMethods {
  /** The bank-transfer details of the user's own local order; null for anyone else's or another provider's. */
  transferDetails(userId: number, orderId: string): Promise<TransferDetails | null>;
  /** Orders newest first, by order id, transfer reference or email, status and provider; paged by cursor. */
  searchOrders(query: OrderSearch): Promise<OrderPage>;
  /** For the page: the address bar's filters; unreadable ones show the first page of all orders and say so. */
  searchOrdersFromParams(
    params: Record<string, string>,
  ): Promise<{ page: OrderPage; query: OrderSearch; invalid: boolean }>;
  /** One order as staff see it: the buyer, the history with causes, what may be done with it. */
  staffOrder(orderId: string): Promise<StaffOrderDetail | null>;
  /** Staff saw the transfer arrive: settles `local-confirm-<orderId>`; a pending, failed or expired local order only. */
  confirmTransfer(orderId: string, staff: StaffMember, within?: Within): Promise<StaffOrderResult>;
  /** A refund within the policy, with a reason: asks the order's provider, settles its event when it returns one. */
  refundOrder(orderId: string, staff: StaffMember, input: unknown, within?: Within): Promise<StaffOrderResult>;
}

/**
 * Whether `id` could be an order's id ('ord_' and base64url): anything else, a NUL byte included (which
 * PostgreSQL refuses in text), is no order, answered without asking the database.
 */
export function plausibleOrderId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,100}$/.test(id);
}

const NOT_FOUND = { ok: false, code: 'not_found', message: 'There is no order with this id' } as const;
const CONFIRMABLE: readonly OrderStatus[] = ['pending', 'failed', 'expired'];

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return values.find((item) => item === value) ?? fallback;
}

function toStaffOrder(row: StaffOrderRow): StaffOrder {
  return {
    id: row.id,
    status: oneOf(ORDER_STATUSES, row.status, 'pending'),
    provider: oneOf(ORDER_SOURCES, row.provider, 'sandbox'),
    amountMinor: row.amountMinor,
    currency: oneOf(CURRENCIES, row.currency, 'EUR'),
    planId: row.planId,
    planName: row.planName,
    planVersion: row.planVersion,
    createdAt: row.createdAt,
    reference: row.reference === null ? null : formatReference(row.reference),
    user: { id: row.userId, email: row.email, displayName: row.displayName },
  };
}

/** Draws references until one is free (a clash is one in a trillion per order; five tries are plenty). */
export async function assignTransferReference(trx: Trx, orderId: string, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const reference = referenceFromBytes(randomBytes(5));
    if (await insertTransferReference(trx, { orderId, reference, at: now })) return reference;
  }
  throw new Error('Could not draw a free transfer reference');
}

export function createPaymentsStaff(deps: {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  clock: Clock;
  providerOf: (id: string) => PaymentProvider | undefined;
  orderOf: (row: OrderRow) => Order;
  settle: (providerId: string, event: ProviderEvent, options: SettleOptions) => Promise<WebhookResult>;
}): PaymentsStaffMethods {
  const { db, engine, clock, providerOf, orderOf } = deps;

  async function staffOrder(orderId: string): Promise<StaffOrderDetail | null> {
    if (!plausibleOrderId(orderId)) return null;
    const [row] = await selectStaffOrders(db, { limit: 1 }, orderId);
    if (!row) return null;
    const order = toStaffOrder(row);
    const [paidAt, refund, history] = await Promise.all([
      selectPaidAt(db, orderId),
      selectRefund(db, orderId),
      selectOrderEvents(db, orderId),
    ]);
    const refusal = refundRefusal(
      { status: order.status, paidAt, refundRequestedAt: refund?.requestedAt ?? null },
      clock.now(),
    );
    return {
      ...order,
      paidAt,
      history,
      refund,
      confirmable: order.provider === 'local' && CONFIRMABLE.includes(order.status),
      refundRefusal: refusal?.message ?? null,
      refundDeadline: paidAt === null ? null : refundDeadline(paidAt),
    };
  }

  async function searchOrders(query: OrderSearch): Promise<OrderPage> {
    const filter: OrderFilter = { limit: query.limit };
    if (query.status) filter.status = query.status;
    if (query.provider) filter.provider = query.provider;
    if (query.cursor) {
      const at = query.cursor.lastIndexOf('~');
      filter.after = { createdAt: query.cursor.slice(0, at), id: query.cursor.slice(at + 1) };
    }
    const q = query.q?.trim() ?? '';
    if (q.startsWith('ord_')) filter.orderIdPrefix = q;
    else if (q.includes('@')) filter.emailPrefix = q;
    else if (q !== '') {
      const reading = readReference(q);
      if (reading.kind === 'valid') filter.reference = reading.compact;
      else if (reading.kind === 'typo') {
        return {
          orders: [],
          nextCursor: null,
          notice: `${formatReference(reading.compact)} is not a reference this site gives: its last character does not match the others. Check it for a typo.`,
        };
      } else filter.emailPrefix = q;
    }
    const rows = await selectStaffOrders(db, filter);
    const last = rows.at(-1);
    return {
      orders: rows.map(toStaffOrder),
      nextCursor: rows.length === query.limit && last ? `${last.createdAt}~${last.id}` : null,
      notice: null,
    };
  }

  return {
    async transferDetails(userId, orderId) {
      if (!plausibleOrderId(orderId)) return null;
      const row = await selectOrder(db, orderId);
      const provider = row ? providerOf(row.provider) : undefined;
      if (!row || row.userId !== userId || !provider || !isLocalProvider(provider)) return null;
      const reference = await selectTransferReference(db, orderId);
      if (!reference) return null;
      return { order: orderOf(row), reference: formatReference(reference), account: provider.account };
    },

    searchOrders,

    async searchOrdersFromParams(params) {
      const parsed = orderSearchSchema.safeParse(params);
      const query = parsed.success ? parsed.data : orderSearchSchema.parse({});
      return { page: await searchOrders(query), query, invalid: !parsed.success };
    },

    staffOrder,

    async confirmTransfer(orderId, staff, within) {
      if (!plausibleOrderId(orderId)) return NOT_FOUND;
      const row = await selectOrder(db, orderId);
      if (!row) return NOT_FOUND;
      if (row.provider !== 'local') {
        return { ok: false, code: 'conflict', message: 'Only bank-transfer orders are confirmed by staff' };
      }
      const status = oneOf(ORDER_STATUSES, row.status, 'pending');
      if (!CONFIRMABLE.includes(status)) {
        return {
          ok: false,
          code: 'conflict',
          message:
            status === 'paid'
              ? 'This transfer was confirmed already: the order is paid'
              : `This order is ${status}: it cannot be confirmed`,
        };
      }
      const settled = await deps.settle('local', confirmationEvent(orderOf(row), clock.now()), {
        cause: `transfer received, confirmed by ${staff.name} (staff #${staff.id})`,
        ...(within ? { within } : {}),
      });
      if (!settled.ok) return { ok: false, code: 'conflict', message: `${settled.message}` };
      if (settled.outcome !== 'applied') {
        return { ok: false, code: 'conflict', message: 'This transfer was confirmed already: the order is paid' };
      }
      const order = await staffOrder(orderId);
      return order ? { ok: true, outcome: 'confirmed', order } : NOT_FOUND;
    },

    async refundOrder(orderId, staff, input, within) {
      const parsed = refundInputSchema.safeParse(input);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'reason')] ??= issue.message;
        return { ok: false, code: 'invalid_input', message: 'Please correct the fields marked below', fields };
      }
      const { reason } = parsed.data;
      if (!plausibleOrderId(orderId)) return NOT_FOUND;
      const now = clock.now();
      type Asked = { ok: true; event?: ProviderEvent; provider: string; again: boolean } | StaffOrderFailure;
      const asked = await inTransaction(db, async (trx): Promise<Asked> => {
        const row = await selectOrder(trx, orderId, { lock: { engine } });
        if (!row) return NOT_FOUND;
        const provider = providerOf(row.provider);
        if (!provider) {
          return {
            ok: false,
            code: 'conflict',
            message: `This site no longer offers ${row.provider}: it cannot refund through it`,
          };
        }
        const [paidAt, refund] = await Promise.all([selectPaidAt(trx, orderId), selectRefund(trx, orderId)]);
        const status = oneOf(ORDER_STATUSES, row.status, 'pending');
        if (refund && status === 'paid' && now.getTime() - Date.parse(refund.requestedAt) < REFUND_RETRY_AFTER_MS) {
          return {
            ok: false,
            code: 'conflict',
            message: 'A refund of this order is under way: it has been refunded already once the provider confirms',
          };
        }
        if (refund && status === 'paid') {
          // Asked before and still paid: the process stopped before it settled the refund, or the provider's
          // webhook has not come yet. Asking again is safe (providers refund an order once: Stripe by its
          // idempotency key); a provider that answers with the event gets it settled now.
          const answer = await provider.refund(orderOf(row), now);
          if (!answer.ok) throw new ProviderRefusal(answer.message);
          if (!answer.event) {
            return {
              ok: false,
              code: 'conflict',
              message: 'A refund of this order was asked already: it is waiting for the provider to confirm it',
            };
          }
          return { ok: true, provider: provider.id, event: answer.event, again: true };
        }
        const refusal = refundRefusal({ status, paidAt, refundRequestedAt: refund?.requestedAt ?? null }, now);
        if (refusal) return { ok: false, code: 'conflict', message: refusal.message };
        const taken = await insertRefund(trx, {
          orderId,
          staffId: staff.id,
          reason,
          amountMinor: row.amountMinor,
          currency: row.currency,
          at: now,
        });
        if (!taken)
          return { ok: false, code: 'conflict', message: 'This order has been refunded already: one refund per order' };
        // Asked inside the transaction: if the provider refuses, the refund row and the audit entry roll back.
        const answer = await provider.refund(orderOf(row), now);
        if (!answer.ok) throw new ProviderRefusal(answer.message);
        if (within) await within(trx);
        return { ok: true, provider: provider.id, again: false, ...(answer.event ? { event: answer.event } : {}) };
      }).catch((error: unknown) => {
        if (error instanceof ProviderRefusal) {
          return {
            ok: false,
            code: 'conflict',
            message: `The provider refused the refund (${error.message}): nothing was refunded`,
          } as const;
        }
        throw error;
      });
      if (!asked.ok) return asked;
      if (asked.event) {
        const settled = await deps.settle(asked.provider, asked.event, {
          cause: `refund by ${staff.name} (staff #${staff.id}): ${reason}`,
        });
        if (!settled.ok) {
          // The provider's event does not fit the order (it cannot, from our own providers): let staff try again.
          if (!asked.again) await deleteRefund(db, orderId);
          return { ok: false, code: 'conflict', message: settled.message };
        }
        // Asked again while another request settled it: that one refunded the order.
        if (asked.again && settled.outcome !== 'applied') {
          return { ok: false, code: 'conflict', message: 'This order has been refunded already: one refund per order' };
        }
      }
      const order = await staffOrder(orderId);
      if (!order) return NOT_FOUND;
      return { ok: true, outcome: asked.event ? 'refunded' : 'refund_requested', order };
    },
  };
}

class ProviderRefusal extends Error {}

/** A refund asked this long ago whose order is still paid may be asked again (the one before never settled). */
const REFUND_RETRY_AFTER_MS = 60_000;
