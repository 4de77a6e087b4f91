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
  /**
   * The provider's own id of the payment (Stripe: the payment intent), kept on the order when it is
   * paid so a later refund can name it. Absent for providers that need none (the sandbox).
   */
  providerRef?: string;
}

/**
 * A verified webhook: the event it carries, or `event: null` for one the site does not act on (a
 * type it does not use, another integration's payment on the same account), answered 200 "ignored"
 * so the provider does not retry it. Unverified: refused, and nothing changes.
 */
export type WebhookReading =
  { ok: true; event: ProviderEvent } | { ok: true; event: null; reason: string } | { ok: false; message: string };

export interface PaymentProvider {
  readonly id: ProviderId;
  /**
   * Where the browser goes to pay `order` (the provider's hosted checkout). Called once the order is
   * stored: when it throws (the provider cannot be reached), the order expires at once and the buyer is
   * told provider_unavailable. Calling it again for the same order (a copy-link) gives the same checkout
   * (Stripe: the order id is the idempotency key); it may throw there too.
   */
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
