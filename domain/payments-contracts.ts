// Plans, orders and entitlements as the browser and the server both see them
// (issue #21, DESIGN.md §7): the pricing pages, the payment pages and the
// account page read these shapes, and server/modules/payments validates its
// answers against them. Money is always in minor units (cents) of an ISO 4217
// currency, so no float ever rounds a price. docs/payments.md describes the API.
import { z } from 'zod';

/** Free (with ads), the Premium tiers, and the passes /pricing-sport lists. */
export const PLAN_KINDS = ['free', 'premium', 'sport-pass'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** How a plan's price is quoted: per month, per year, per season; null for Free. */
export const PLAN_INTERVALS = ['month', 'year', 'season'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/** What a paid plan grants; other modules ask `payments.entitlements(userId)` for these. */
export const ENTITLEMENT_NAMES = ['no_ads', 'premium_media', 'hd_video'] as const;
export type EntitlementName = (typeof ENTITLEMENT_NAMES)[number];

/**
 * pending: created, not paid yet; paid: settled, the plan is granted; failed: the payment was declined
 * (the order may still be paid by a later attempt); expired: never paid in time; refunded: paid and
 * given back, what it granted is revoked. refunded is final.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Payment providers a site may offer; which ones this site offers is GET /api/plans' `providers`. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'local'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * Where an order came from: a provider's checkout, or a free trial (issue #21), which is recorded as a paid
 * order of amount 0 so the history of what a user had is honest. A trial is never a way to pay.
 */
export const ORDER_SOURCES = [...PAYMENT_PROVIDERS, 'trial'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const CURRENCIES = ['EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const priceSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** In minor units: 499 is €4.99. */
  amountMinor: z.number().int().nonnegative(),
});

export const planSchema = z.object({
  /** Stable across versions: an order names the plan by id and the version it was made at. */
  id: z.number().int(),
  /** A stable name for links and tests: 'free', 'premium-monthly', 'premium-yearly', 'football-season'. */
  code: z.string(),
  name: z.string(),
  kind: z.enum(PLAN_KINDS),
  /** The sport a sport pass is for ('football'); null for the others. */
  sport: z.string().nullable(),
  interval: z.enum(PLAN_INTERVALS).nullable(),
  /** How long one payment grants the plan; null for Free, which never expires. */
  durationDays: z.number().int().positive().nullable(),
  /** One price per currency the plan is sold in; an empty list for Free. */
  prices: z.array(priceSchema),
  /** Lines the pricing pages show, in order. */
  features: z.array(z.string()),
  entitlements: z.array(z.enum(ENTITLEMENT_NAMES)),
  /** 0 for none. */
  trialDays: z.number().int().nonnegative(),
  /** Grows by one each time the plan's price or terms change; orders keep the version they were made at. */
  version: z.number().int().positive(),
});

export const plansSchema = z.object({
  /** In the order the pricing pages show them: Free first, then cheapest first. */
  plans: z.array(planSchema),
  /** The providers this site offers at checkout, in the order to show them. */
  providers: z.array(z.enum(PAYMENT_PROVIDERS)),
});

export const orderSchema = z.object({
  /** Random and unguessable; only its owner can read the order. */
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** What the order costs, read from the plan version's price when the order was made. */
  amountMinor: z.number().int().nonnegative(),
  currency: z.enum(CURRENCIES),
  planId: z.number().int(),
  planVersion: z.number().int().positive(),
  /** The provider it was paid with; 'trial' for a free trial. */
  provider: z.enum(ORDER_SOURCES),
  createdAt: z.iso.datetime(),
});

/** POST /api/payments/orders' body. Price, currency and plan version are the server's to decide; sent ones are ignored. */
export const createOrderInputSchema = z.object({
  planId: z.number().int().positive(),
  provider: z.string().min(1).max(40),
  coupon: z.string().max(60).optional(),
});

export const createdOrderSchema = z.object({
  order: orderSchema,
  /** Where to send the browser to pay: the provider's hosted checkout. */
  checkoutUrl: z.string(),
});

export const entitlementSchema = z.object({
  name: z.enum(ENTITLEMENT_NAMES),
  expiresAt: z.iso.datetime(),
});

/** GET /api/payments/me: the signed-in user's plan today. */
export const paymentsMeSchema = z.object({
  /** The paid plan in force, else the Free plan. */
  plan: planSchema,
  /** When the paid plan ends; null on Free. */
  expiresAt: z.iso.datetime().nullable(),
  /** Only the ones in force now. */
  entitlements: z.array(entitlementSchema),
});

/** One line of the account's order history (GET /api/payments/orders): the order and its plan's name. */
export const orderSummarySchema = orderSchema.extend({
  planCode: z.string(),
  planName: z.string(),
  /** True once the order was paid (paid, or refunded after it): /account/orders/{id} shows its receipt. */
  hasReceipt: z.boolean(),
});

/** GET /api/payments/orders: the signed-in user's orders, newest first, a page at a time. */
export const orderPageSchema = z.object({
  orders: z.array(orderSummarySchema),
  page: z.number().int().positive(),
  /** The next (older) page's number; null on the last page. */
  nextPage: z.number().int().positive().nullable(),
});

/** VAT included in a receipt's gross amount, in minor units: net + vat = gross exactly. */
export const receiptVatSchema = z.object({
  /** Percent, e.g. 20 or 7.7. */
  ratePercent: z.number().nonnegative(),
  netMinor: z.number().int().nonnegative(),
  vatMinor: z.number().int().nonnegative(),
  grossMinor: z.number().int().nonnegative(),
});

/** A paid order's receipt: what the receipt mail says and /account/orders/{id} shows. */
export const receiptSchema = z.object({
  /** The order number. */
  orderId: z.string(),
  status: z.enum(['paid', 'refunded']),
  paidAt: z.iso.datetime(),
  /** When the money was given back; null while the order stands paid. */
  refundedAt: z.iso.datetime().nullable(),
  buyer: z.object({ name: z.string(), email: z.string() }),
  plan: z.object({ code: z.string(), name: z.string() }),
  /** The period the payment bought: from the later of the payment and the previous period's end. */
  period: z.object({ from: z.iso.datetime(), until: z.iso.datetime() }),
  amountMinor: z.number().int().nonnegative(),
  currency: z.enum(CURRENCIES),
  paymentMethod: z.enum(PAYMENT_PROVIDERS),
  /** PAYMENT_SELLER_NAME (or the site's name), PAYMENT_SELLER_ADDRESS and PAYMENT_VAT_ID; null when not set. */
  seller: z.object({ name: z.string(), address: z.string().nullable(), vatId: z.string().nullable() }),
  /** null when PAYMENT_VAT_RATE is 0. */
  vat: receiptVatSchema.nullable(),
});

export type Price = z.infer<typeof priceSchema>;
export type Plan = z.infer<typeof planSchema>;
export type Plans = z.infer<typeof plansSchema>;
export type Order = z.infer<typeof orderSchema>;
export type CreateOrderInput = z.infer<typeof createOrderInputSchema>;
export type CreatedOrder = z.infer<typeof createdOrderSchema>;
export type Entitlement = z.infer<typeof entitlementSchema>;
export type PaymentsMe = z.infer<typeof paymentsMeSchema>;
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type OrderPage = z.infer<typeof orderPageSchema>;
export type ReceiptVat = z.infer<typeof receiptVatSchema>;
export type Receipt = z.infer<typeof receiptSchema>;
