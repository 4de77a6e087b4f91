// The local payment provider (issue #21): a bank transfer. Its checkout is a page
// of this site, /payment/transfer/{orderId} (app/features/local_payment), showing
// the account to pay into and the order's reference; the order stays pending
// until staff see the money arrive and confirm it in the CMS, which settles a
// payment.succeeded event whose id comes from the order (`local-confirm-<id>`), so
// two confirmations grant once. A bank sends no webhooks: readWebhook refuses all.
// A refund is staff paying the money back by transfer: refund() returns the
// refund.succeeded event to settle at once.
import type { Order } from '../../../domain/payments-contracts.ts';
import { compactIban } from '../../../domain/transfer-reference.ts';
import type { PaymentProvider, ProviderEvent } from './payments.providers.ts';

/** The account the payer transfers to (LOCAL_PAYMENT_* settings). */
export interface BankAccount {
  accountName: string;
  /** Compact, upper case. */
  iban: string;
  bic: string;
  bank: string;
}

export interface LocalProvider extends PaymentProvider {
  readonly id: 'local';
  readonly account: BankAccount;
}

export function isLocalProvider(provider: PaymentProvider): provider is LocalProvider {
  return provider.id === 'local' && 'account' in provider;
}

/** The event staff's confirmation settles: one id per order, so confirming twice settles once. */
export function confirmationEvent(order: Pick<Order, 'id' | 'amountMinor' | 'currency'>, now: Date): ProviderEvent {
  return {
    id: `local-confirm-${order.id}`,
    type: 'payment.succeeded',
    orderId: order.id,
    amountMinor: order.amountMinor,
    currency: order.currency,
    createdAt: now,
  };
}

export function createLocalProvider(options: { baseUrl: string; account: BankAccount }): LocalProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const account = { ...options.account, iban: compactIban(options.account.iban) };
  return {
    id: 'local',
    account,
    async checkoutUrl(order) {
      return `${base}/payment/transfer/${encodeURIComponent(order.id)}`;
    },
    readWebhook() {
      return { ok: false, message: 'Bank transfers have no webhooks: staff confirm them in the CMS' };
    },
    // Staff have transferred the money back: the refund is done, settle it now (one per order).
    async refund(order, now) {
      return {
        ok: true,
        event: {
          id: `local-refund-${order.id}`,
          type: 'refund.succeeded',
          orderId: order.id,
          amountMinor: order.amountMinor,
          currency: order.currency,
          createdAt: now,
        },
      };
    },
  };
}
