// The account's order history and receipts (issue #21; docs/payments.md "The
// account's orders"): a member's own orders, newest first, and the receipt of a
// paid one — what the receipt mail says and /account/orders/{id} shows. Owner
// only: someone else's order is answered as one that does not exist.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import {
  CURRENCIES,
  ORDER_SOURCES,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  type OrderPage,
  type OrderSummary,
  type Receipt,
} from '../../../domain/payments-contracts.ts';
import { vatIncluded } from '../../../domain/payments-receipt.ts';
import {
  selectLastPaidPlan,
  selectReceiptRow,
  selectUserOrders,
  type OrderListRow,
} from './payments.records.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Orders on one page of the history. */
export const ORDER_PAGE_SIZE = 10;

/** The buyer's name and address, asked of the accounts (the composition root connects it). */
export type BuyerLookup = (userId: number) => Promise<{ name: string; email: string } | null>;

export interface SellerDetails {
  name: string;
  address: string | null;
  vatId: string | null;
  /** Percent included in the prices; 0 for none. */
  vatRatePercent: number;
}

export interface PaymentRecords {
  /** The user's orders, newest first, `page` (from 1) of ORDER_PAGE_SIZE. */
  listOrders(userId: number, page: number): Promise<OrderPage>;
  /** The receipt of one of the user's paid (or since refunded) orders; null for any other order. */
  receipt(userId: number, orderId: string): Promise<Receipt | null>;
  /** The plan of the user's latest paid order, to renew once it lapsed; null when they never paid. */
  lastPaidPlan(userId: number): Promise<{ code: string; name: string } | null>;
  /** The receipt of any order (the mail, which knows whose it is); null when it was never paid. */
  receiptOf(orderId: string): Promise<(Receipt & { userId: number; entitlements: string[] }) | null>;
}

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return values.find((item) => item === value) ?? fallback;
}

/** Paid (and maybe refunded since) with money: a free trial paid nothing and has no receipt. */
function hasReceipt(row: { paidAt: string | null; status: string; provider: string }): boolean {
  return row.paidAt !== null && (row.status === 'paid' || row.status === 'refunded') && row.provider !== 'trial';
}

function toSummary(row: OrderListRow): OrderSummary {
  return {
    id: row.id,
    status: oneOf(ORDER_STATUSES, row.status, 'pending'),
    amountMinor: row.amountMinor,
    currency: oneOf(CURRENCIES, row.currency, 'EUR'),
    planId: row.planId,
    planVersion: row.planVersion,
    provider: oneOf(ORDER_SOURCES, row.provider, 'sandbox'),
    createdAt: row.createdAt,
    planCode: row.planCode,
    planName: row.planName,
    hasReceipt: hasReceipt(row),
  };
}

export function createPaymentRecords(options: {
  db: Kysely<Database>;
  seller: SellerDetails;
  buyer: BuyerLookup;
}): PaymentRecords {
  const { db, seller } = options;

  const records: PaymentRecords = {
    async listOrders(userId, page) {
      const rows = await selectUserOrders(db, userId, {
        limit: ORDER_PAGE_SIZE + 1,
        offset: (page - 1) * ORDER_PAGE_SIZE,
      });
      return {
        orders: rows.slice(0, ORDER_PAGE_SIZE).map(toSummary),
        page,
        nextPage: rows.length > ORDER_PAGE_SIZE ? page + 1 : null,
      };
    },

    lastPaidPlan: (userId) => selectLastPaidPlan(db, userId),

    async receipt(userId, orderId) {
      const receipt = await records.receiptOf(orderId);
      if (!receipt || receipt.userId !== userId) return null;
      const { userId: _owner, entitlements: _granted, ...shown } = receipt;
      return shown;
    },

    async receiptOf(orderId) {
      const row = await selectReceiptRow(db, orderId);
      if (!row || !hasReceipt(row) || row.paidAt === null) return null;
      const buyer = (await options.buyer(row.userId)) ?? { name: 'A former member', email: '' };
      // What the payment bought starts when its grant does (after any period already paid for).
      const from = row.grantFrom ?? row.paidAt;
      const until = new Date(Date.parse(from) + (row.durationDays ?? 0) * DAY_MS).toISOString();
      return {
        userId: row.userId,
        entitlements: row.entitlements,
        orderId: row.id,
        status: row.status === 'refunded' ? 'refunded' : 'paid',
        paidAt: row.paidAt,
        refundedAt: row.status === 'refunded' ? row.refundedAt : null,
        buyer,
        plan: { code: row.planCode, name: row.planName },
        period: { from, until },
        amountMinor: row.amountMinor,
        currency: oneOf(CURRENCIES, row.currency, 'EUR'),
        paymentMethod: oneOf(PAYMENT_PROVIDERS, row.provider, 'sandbox'),
        seller: { name: seller.name, address: seller.address, vatId: seller.vatId },
        vat: vatIncluded(row.amountMinor, seller.vatRatePercent),
      };
    },
  };
  return records;
}
