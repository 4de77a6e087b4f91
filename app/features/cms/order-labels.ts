// How the CMS's orders screens name statuses and providers (issue #21).
import type { OrderSource, OrderStatus } from '../../../domain/payments-contracts.ts';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
};

/** Where an order came from: a payment provider, or a free trial (no payment). */
export const PROVIDER_LABELS: Record<OrderSource, string> = {
  sandbox: 'Sandbox (test)',
  stripe: 'Stripe',
  local: 'Bank transfer',
  trial: 'Free trial',
};
