// The refund policy (issue #21) in one place: the CMS's refund action enforces
// these rules (payments.staff.ts) and /policy/refund states them, from the same
// constants, so the page can never promise what the action refuses.
import type { OrderStatus } from './payments-contracts.ts';

export const REFUND_POLICY = {
  /** A refund is possible for this many days after the payment was received. */
  windowDays: 14,
  /** Only a paid order can be refunded. */
  refundableStatus: 'paid' satisfies OrderStatus,
  /** Always the whole amount the order cost: never a part. */
  fullAmountOnly: true,
  /** One refund per order. */
  refundsPerOrder: 1,
  /** Staff give a reason, kept in the order's history and the audit log. */
  reasonRequired: true,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export type RefundRefusal = { code: 'not_paid' | 'already_refunded' | 'window_passed'; message: string };

/** Why the policy refuses to refund this order now; null when it allows it. */
export function refundRefusal(
  order: { status: OrderStatus; paidAt: string | null; refundRequestedAt: string | null },
  now: Date,
): RefundRefusal | null {
  if (order.refundRequestedAt !== null || order.status === 'refunded') {
    return { code: 'already_refunded', message: 'This order has been refunded already: one refund per order' };
  }
  if (order.status !== REFUND_POLICY.refundableStatus || order.paidAt === null) {
    return { code: 'not_paid', message: `This order is ${order.status}: only a paid order can be refunded` };
  }
  if (now.getTime() - Date.parse(order.paidAt) > REFUND_POLICY.windowDays * DAY_MS) {
    return {
      code: 'window_passed',
      message: `This order was paid more than ${REFUND_POLICY.windowDays} days ago: the refund policy allows a refund within ${REFUND_POLICY.windowDays} days of the payment`,
    };
  }
  return null;
}

/** The last moment the policy allows a refund of an order paid at `paidAt`. */
export function refundDeadline(paidAt: string): string {
  return new Date(Date.parse(paidAt) + REFUND_POLICY.windowDays * DAY_MS).toISOString();
}

/** The rules as /policy/refund and the CMS state them, one sentence each. */
export const REFUND_RULES: readonly string[] = [
  `You can get a refund within ${REFUND_POLICY.windowDays} days of your payment, counted from the moment it reached us.`,
  'A refund is always the full amount you paid for the order, never a part of it.',
  'Only an order that has been paid can be refunded, and each order can be refunded once.',
  'When the refund is made, the plan that order paid for ends at once; time that other orders paid for stays yours.',
];
