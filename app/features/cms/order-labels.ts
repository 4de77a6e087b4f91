// How the CMS's orders screens name statuses and providers (issue #21).
import type { OrderStatus, PaymentProvider } from '../../../domain/payments-contracts.ts';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
};

export const PROVIDER_LABELS: Record<PaymentProvider, string> = {
  sandbox: 'Sandbox (test)',
  stripe: 'Stripe',
  local: 'Bank transfer',
};
