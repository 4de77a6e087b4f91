// Payment providers behind one interface (issue #21), as ingest's data providers
// are (server/ingest/provider.ts): the service makes orders and settles them;
// a provider only says where the browser goes to pay and reads its own webhooks.
// The sandbox (payments.sandbox.ts) is the default and works offline; Stripe and
// bank transfer follow the same shape.
import type { Order, PaymentProvider as ProviderId } from '../../../domain/payments-contracts.ts';

/** What a provider tells the service happened to an order, once its webhook is verified. */
export interface ProviderEvent {
  /** The provider's own event id: each settles once (processed_provider_event). */
  id: string;
  type: 'payment.succeeded' | 'payment.failed' | 'refund.succeeded';
  orderId: string;
  /** What the provider says it took or gave back, checked against the order. */
  amountMinor: number;
  currency: string;
  createdAt: Date;
}

export type WebhookReading = { ok: true; event: ProviderEvent } | { ok: false; message: string };

export interface PaymentProvider {
  readonly id: ProviderId;
  /** Where the browser goes to pay `order` (the provider's hosted checkout). */
  checkoutUrl(order: Order): Promise<string>;
  /** Verifies a webhook over its raw body, as received, and reads it; refuses anything else. */
  readWebhook(rawBody: string, headers: Headers, now: Date): WebhookReading;
  /**
   * Asks the provider to give a paid order's money back. The order becomes refunded only when the
   * provider's refund.succeeded event is settled (its webhook, or the event this returns for a provider
   * that sends none, e.g. a bank transfer staff repaid by hand): settlement stays exactly once.
   */
  refund(order: Order, now: Date): Promise<RefundRequest>;
}

export type RefundRequest =
  | {
      ok: true;
      /** Settle this at once (providers without a refund webhook); absent: wait for the webhook. */ event?: ProviderEvent;
    }
  | { ok: false; message: string };
