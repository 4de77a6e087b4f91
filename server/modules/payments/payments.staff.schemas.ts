// What staff see of orders and send about them (issue #21): the CMS's orders
// screen and /api/cms/payments/orders read these shapes.
import { z } from 'zod';
import { isPlainLine } from '../../../domain/text.ts';
import { CURRENCIES, ORDER_STATUSES, ORDER_SOURCES } from '../../../domain/payments-contracts.ts';

export const ORDERS_PAGE_SIZE = 25;

/** `createdAt~id` of the last order of a page: the next page starts after it (newest first). */
const cursorSchema = z
  .string()
  .max(120)
  .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z~ord_[A-Za-z0-9_-]{1,60}$/, 'Not a cursor this list gave');

export const orderSearchSchema = z.object({
  /** An order id (ord_…), a transfer reference (SL-…), or the start of the buyer's email address. */
  q: z.string().trim().max(100).refine(isPlainLine, 'Use one line of plain text').optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  provider: z.enum(ORDER_SOURCES).optional(),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ORDERS_PAGE_SIZE),
});
export type OrderSearch = z.infer<typeof orderSearchSchema>;

export const staffOrderSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  provider: z.enum(ORDER_SOURCES),
  amountMinor: z.number().int().nonnegative(),
  currency: z.enum(CURRENCIES),
  planId: z.number().int(),
  planName: z.string(),
  planVersion: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  /** The bank-transfer reference as the payer quotes it (SL-XXXX-XXXX-C); null for other providers. */
  reference: z.string().nullable(),
  user: z.object({
    id: z.number().int(),
    /** null once the account has been erased: the order, a financial record, stays. */
    email: z.string().nullable(),
    displayName: z.string().nullable(),
  }),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const orderPageSchema = z.object({
  orders: z.array(staffOrderSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** Said about the search itself, e.g. a reference whose check character does not match (a typo). */
  notice: z.string().nullable(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderHistoryEntrySchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
  cause: z.string(),
  providerEventId: z.string().nullable(),
  at: z.iso.datetime(),
});

export const staffOrderDetailSchema = staffOrderSchema.extend({
  /** When it was paid (the last change to paid); null if never. */
  paidAt: z.iso.datetime().nullable(),
  history: z.array(orderHistoryEntrySchema),
  refund: z.object({ staffId: z.number().int(), reason: z.string(), requestedAt: z.iso.datetime() }).nullable(),
  /** Whether "Confirm transfer received" applies: a local order that is pending, failed or expired. */
  confirmable: z.boolean(),
  /** Why the refund policy refuses a refund now; null when staff may refund it. */
  refundRefusal: z.string().nullable(),
  /** The last moment the policy allows a refund; null when never paid. */
  refundDeadline: z.iso.datetime().nullable(),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;

export const refundInputSchema = z.object({
  reason: z
    .string({ error: 'Give a reason for the refund' })
    .trim()
    .min(3, 'Give a reason of at least 3 characters')
    .max(300, 'Use at most 300 characters')
    .refine(isPlainLine, 'Use one line of plain text'),
});
export type RefundInput = z.infer<typeof refundInputSchema>;

/** Who is acting, as the order's history names them. */
export interface StaffMember {
  id: number;
  name: string;
}
