// The sandbox provider (issue #21): the default, offline. Its hosted test
// checkout is a page of this site (or of PAYMENT_BASE_URL) and it settles through
// a webhook signed the way Stripe signs its own (docs/payments.md):
//   Scoreline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
// A signature older than five minutes (or more than five in the future) is
// refused, so a captured webhook cannot be replayed later; a replay inside the
// window is caught by its event id (payments.service.ts settle()).
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Order } from '../../../domain/payments-contracts.ts';
import type { PaymentProvider, ProviderEvent, WebhookReading } from './payments.providers.ts';
import { sandboxWebhookSchema, type SandboxWebhook } from './payments.schemas.ts';

export const SIGNATURE_HEADER = 'Scoreline-Signature';
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** PAYMENT_WEBHOOK_SECRET, or a key of its own derived from the session secret. */
export function webhookSecret(configured: string | undefined, sessionSecret: string): string {
  if (configured) return configured;
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'scoreline', 'payment-webhook-hmac', 32)).toString('hex');
}

export function signPayload(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The header value for `rawBody` signed at `timestamp` (unix seconds): what the sandbox checkout sends, and tests. */
export function signatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${signPayload(secret, timestamp, rawBody)}`;
}

/** Checks the header against the raw body; a reason when refused. Several v1 values are allowed (key rotation). */
export function verifySignature(secret: string, header: string | null, rawBody: string, now: Date): string | null {
  if (!header) return `The ${SIGNATURE_HEADER} header is missing`;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return `The ${SIGNATURE_HEADER} header is not valid`;
  if (Math.abs(Math.floor(now.getTime() / 1000) - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    return 'The signature is older than five minutes';
  }
  const expected = Buffer.from(signPayload(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
  return matches ? null : 'The signature does not match';
}

/** Where the sandbox posts its events: the site's own webhook route, as any gateway would. */
export const SANDBOX_WEBHOOK_PATH = '/api/payments/webhooks/sandbox';

export interface SandboxProvider extends PaymentProvider {
  readonly id: 'sandbox';
  /** The event the hosted test checkout sends for `order`, as raw body and signed headers. */
  signedEvent(
    order: Pick<Order, 'id' | 'amountMinor' | 'currency'>,
    type: ProviderEvent['type'],
    now: Date,
  ): { rawBody: string; headers: Record<string, string> };
}

export function isSandboxProvider(provider: PaymentProvider): provider is SandboxProvider {
  return provider.id === 'sandbox' && 'signedEvent' in provider;
}

export function createSandboxProvider(options: {
  baseUrl: string;
  secret: string;
  /**
   * A signed payment token for `order` (payments.links.ts), carried by the checkout URL: the hosted
   * checkout accepts it instead of the owner's session, which a PAYMENT_BASE_URL on another host never sees.
   */
  checkoutToken?: (order: Order) => string;
}): SandboxProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    id: 'sandbox',
    signedEvent(order, type, now) {
      const created = Math.floor(now.getTime() / 1000);
      const event: SandboxWebhook = {
        id: `evt_${randomBytes(12).toString('base64url')}`,
        type,
        created,
        data: { orderId: order.id, amount: order.amountMinor, currency: order.currency },
      };
      const rawBody = JSON.stringify(event);
      return {
        rawBody,
        headers: {
          'Content-Type': 'application/json',
          [SIGNATURE_HEADER]: signatureHeader(options.secret, created, rawBody),
        },
      };
    },
    async checkoutUrl(order) {
      const token = options.checkoutToken?.(order);
      return `${base}/payment/sandbox/${encodeURIComponent(order.id)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
    },
    // The sandbox gives money back at once: the refund settles through the same event a webhook carries.
    async refund(order, now) {
      return {
        ok: true,
        event: {
          id: `evt_${randomBytes(12).toString('base64url')}`,
          type: 'refund.succeeded',
          orderId: order.id,
          amountMinor: order.amountMinor,
          currency: order.currency,
          createdAt: now,
        },
      };
    },
    readWebhook(rawBody, headers, now): WebhookReading {
      const refused = verifySignature(options.secret, headers.get(SIGNATURE_HEADER), rawBody, now);
      if (refused) return { ok: false, message: refused };
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { ok: false, message: 'The body is not JSON' };
      }
      const parsed = sandboxWebhookSchema.safeParse(json);
      if (!parsed.success) return { ok: false, message: 'The body is not a sandbox event' };
      const { id, type, created, data } = parsed.data;
      return {
        ok: true,
        event: {
          id,
          type,
          orderId: data.orderId,
          amountMinor: data.amount,
          currency: data.currency,
          createdAt: new Date(created * 1000),
        },
      };
    },
  };
}
