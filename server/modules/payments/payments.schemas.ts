// The payments API's own shapes (issue #21); what the browser shares is in
// domain/payments-contracts.ts.
import { z } from 'zod';

/** The sandbox's webhook body (docs/payments.md); `amount` in minor units, `created` in unix seconds. */
export const sandboxWebhookSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['payment.succeeded', 'payment.failed', 'refund.succeeded']),
  created: z.number().int().nonnegative(),
  data: z.object({
    orderId: z.string().min(1).max(100),
    amount: z.number().int().nonnegative(),
    currency: z.string().min(3).max(3),
  }),
});

/**
 * The envelope of a Stripe event (https://docs.stripe.com/api/events/object), for the API's description;
 * the provider reads the raw body itself, after its signature is verified.
 */
export const stripeWebhookSchema = z.looseObject({
  id: z.string().min(1).max(255),
  object: z.literal('event'),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  data: z.looseObject({ object: z.looseObject({}) }),
});

export const orderIdParamSchema = z.object({
  id: z.string().min(1).max(100),
});

export const webhookAnswerSchema = z.object({
  /** applied: the order changed; duplicate: this event id was settled before; ignored: too late to change anything. */
  outcome: z.enum(['applied', 'duplicate', 'ignored']),
});

export type SandboxWebhook = z.infer<typeof sandboxWebhookSchema>;
