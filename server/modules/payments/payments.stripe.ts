// The Stripe provider (issue #21; docs/payments.md "Stripe"): a Checkout Session
// through the official SDK, settled by Stripe's webhooks, verified with
// stripe.webhooks.constructEvent over the raw body as received. Offered only when
// STRIPE_SECRET_KEY is set.
//
// The order id travels with everything Stripe makes for it: the session's
// client_reference_id and metadata, and the payment intent's metadata (Stripe
// copies it onto the charge, so a refund's charge.refunded names the order too).
// It is also the idempotency key, so asking twice for an order's checkout gives
// the same session, never a second one.
import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import type { Database } from '../../../db/schema.ts';
import type { Order } from '../../../domain/payments-contracts.ts';
import type { PaymentProvider, ProviderEvent, WebhookReading } from './payments.providers.ts';
import { selectOrderProviderRef, selectPlanVersionName } from './payments.queries.ts';

export const STRIPE_SIGNATURE_HEADER = 'Stripe-Signature';
/** Seconds a signature stays valid, as for the sandbox (the SDK's default too). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
/** The metadata key that names the order on the session, the payment intent and its charge. */
export const ORDER_METADATA_KEY = 'order_id';

/** Where the SDK sends its requests: Stripe's API by default; tests point it at a local fake. */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** The site's own address: Stripe sends the buyer back to /payment/result or /payment/failure under it. */
  baseUrl: string;
  /** The payment intent kept on a paid order (payment_order.provider_ref), for refunds. */
  paymentIntentOf(orderId: string): Promise<string | null>;
  /**
   * The name of the order's own plan version, the line the buyer pays for. Read from the order, never
   * from the caller, so asking again for an order's checkout sends the same parameters (as an
   * idempotency key requires).
   */
  planNameOf(order: Order): Promise<string>;
  /** Absent: api.stripe.com over https. */
  api?: StripeApiAddress;
  /** Per request, in milliseconds (the SDK's default is 80 s: far too long for a buyer waiting). */
  timeoutMs?: number;
  /** The SDK's automatic retries of a failed connection (idempotent: the same key each time). */
  maxNetworkRetries?: number;
}

/** The payment intent settlement kept on a paid order (payment_order.provider_ref). */
export function storedPaymentIntent(db: Kysely<Database>): (orderId: string) => Promise<string | null> {
  return (orderId) => selectOrderProviderRef(db, orderId);
}

/** The name of the plan version an order was made at. */
export function storedPlanName(db: Kysely<Database>): (order: Order) => Promise<string> {
  return async (order) => (await selectPlanVersionName(db, order.planId, order.planVersion)) ?? 'Scoreline plan';
}

/** STRIPE_API_URL as the SDK's host, port and protocol options. */
export function stripeApiAddress(url: string): StripeApiAddress {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

function orderIdOf(metadata: Stripe.Metadata | null | undefined, fallback?: string | null): string | null {
  const fromMetadata = metadata?.[ORDER_METADATA_KEY];
  if (fromMetadata) return fromMetadata;
  return fallback ?? null;
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeoutMs ?? 20_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    telemetry: false,
    ...(options.api ?? {}),
  });

  /** What a Checkout Session's event means for its order, or why it means nothing. */
  function fromSession(
    event: Stripe.Event,
    session: Stripe.Checkout.Session,
    type: ProviderEvent['type'],
  ): WebhookReading {
    const orderId = orderIdOf(session.metadata, session.client_reference_id);
    if (!orderId) return { ok: true, event: null, reason: 'A Checkout Session that is not one of this site’s orders' };
    if (session.amount_total === null || session.currency === null) {
      return { ok: true, event: null, reason: 'A Checkout Session without an amount' };
    }
    const providerRef = idOf(session.payment_intent);
    return {
      ok: true,
      event: {
        id: event.id,
        type,
        orderId,
        amountMinor: session.amount_total,
        currency: session.currency.toUpperCase(),
        createdAt: new Date(event.created * 1000),
        ...(providerRef ? { providerRef } : {}),
      },
    };
  }

  return {
    id: 'stripe',

    async checkoutUrl(order: Order) {
      const planName = await options.planNameOf(order);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.amountMinor,
                product_data: { name: planName },
              },
            },
          ],
          client_reference_id: order.id,
          metadata: { [ORDER_METADATA_KEY]: order.id },
          payment_intent_data: { metadata: { [ORDER_METADATA_KEY]: order.id } },
          success_url: `${base}/payment/result?order=${encodeURIComponent(order.id)}`,
          cancel_url: `${base}/payment/failure?order=${encodeURIComponent(order.id)}`,
        },
        { idempotencyKey: `checkout-${order.id}` },
      );
      if (!session.url) throw new Error(`Stripe made Checkout Session ${session.id} without a URL`);
      return session.url;
    },

    // Stripe gives the money back and tells the site through charge.refunded, which settles the order:
    // nothing to settle here.
    async refund(order) {
      const paymentIntent = await options.paymentIntentOf(order.id);
      if (!paymentIntent) return { ok: false, message: 'Stripe has no payment recorded for this order' };
      try {
        await stripe.refunds.create(
          { payment_intent: paymentIntent, metadata: { [ORDER_METADATA_KEY]: order.id } },
          { idempotencyKey: `refund-${order.id}` },
        );
        return { ok: true };
      } catch (error) {
        const message = error instanceof Stripe.errors.StripeError ? error.message : 'Stripe cannot be reached';
        return { ok: false, message: `Stripe refused the refund: ${message}` };
      }
    },

    readWebhook(rawBody, headers, now): WebhookReading {
      const signature = headers.get(STRIPE_SIGNATURE_HEADER);
      if (!signature) return { ok: false, message: `The ${STRIPE_SIGNATURE_HEADER} header is missing` };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          STRIPE_SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'unreadable';
        return { ok: false, message: `The Stripe signature was refused: ${reason}` };
      }
      switch (event.type) {
        case 'checkout.session.completed': {
          // Paid at once (cards); 'unpaid' waits for async_payment_succeeded or _failed.
          if (event.data.object.payment_status !== 'paid') {
            return { ok: true, event: null, reason: 'Completed, the payment still under way' };
          }
          return fromSession(event, event.data.object, 'payment.succeeded');
        }
        case 'checkout.session.async_payment_succeeded':
          return fromSession(event, event.data.object, 'payment.succeeded');
        case 'checkout.session.async_payment_failed':
          return fromSession(event, event.data.object, 'payment.failed');
        case 'charge.refunded': {
          const charge = event.data.object;
          // Only a full refund gives the order back; a partial one is the staff's own business.
          if (!charge.refunded || charge.amount_refunded !== charge.amount) {
            return { ok: true, event: null, reason: 'A partial refund' };
          }
          const orderId = orderIdOf(charge.metadata);
          if (!orderId) return { ok: true, event: null, reason: 'A charge that is not one of this site’s orders' };
          const providerRef = idOf(charge.payment_intent);
          return {
            ok: true,
            event: {
              id: event.id,
              type: 'refund.succeeded',
              orderId,
              amountMinor: charge.amount_refunded,
              currency: charge.currency.toUpperCase(),
              createdAt: new Date(event.created * 1000),
              ...(providerRef ? { providerRef } : {}),
            },
          };
        }
        default:
          return { ok: true, event: null, reason: `Stripe's ${event.type} is not used` };
      }
    },
  };
}
