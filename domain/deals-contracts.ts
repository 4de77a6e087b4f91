// Coupons (the hidden deal) and the house ad as the browser, the CMS and the
// server see them (issue #21; docs/payments.md "Coupons and the hidden deal").
// Money is in minor units per currency, as everywhere in payments.
import { z } from 'zod';
import { CURRENCIES, PLAN_KINDS } from './payments-contracts.ts';

/** campaign: revealed by a link (`/?deal=CODE`); lapsed: shown on home to signed-in users whose paid plan ended. */
export const COUPON_AUDIENCES = ['campaign', 'lapsed'] as const;
export type CouponAudience = (typeof COUPON_AUDIENCES)[number];

/** Letters, digits, '-' and '_'; compared without regard to case (stored upper-case). */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(3, 'At least 3 characters')
  .max(40, 'At most 40 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Only letters, digits, - and _')
  .transform((code) => code.toUpperCase());

/** Amount off per currency, in minor units: `{ EUR: 200 }` is €2.00 off when paying in euros. */
export const amountOffSchema = z.partialRecord(z.enum(CURRENCIES), z.number().int().positive().max(10_000_000));

export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** Shown on the deal banner, e.g. "Welcome offer". */
  title: z.string(),
  /** 1–99; null for an amount-off coupon. A 100 % coupon is not allowed: every order goes through a provider. */
  percentOff: z.number().int().nullable(),
  /** Null for a percent-off coupon. */
  amountOff: amountOffSchema.nullable(),
  /** Only this plan; null for every paid plan. */
  planId: z.number().int().nullable(),
  /** How many users may use it; null for no limit. */
  usageLimit: z.number().int().nullable(),
  /** After this instant it is no longer valid; null for no end. */
  validUntil: z.iso.datetime().nullable(),
  audience: z.enum(COUPON_AUDIENCES),
  active: z.boolean(),
  /** Users holding a use now (a paid order, or one not yet expired). */
  uses: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** What the CMS sends to create a coupon, or to change one (every field then optional). */
export const couponInputSchema = z
  .object({
    code: couponCodeSchema,
    title: z.string().trim().min(1, 'Give the deal a title').max(80, 'At most 80 characters'),
    percentOff: z
      .number()
      .int()
      .min(1, 'From 1 to 99')
      .max(99, 'From 1 to 99 (a coupon never makes a plan free)')
      .nullable()
      .default(null),
    amountOff: amountOffSchema.nullable().default(null),
    planId: z.number().int().positive().nullable().default(null),
    usageLimit: z.number().int().positive('At least 1; empty for no limit').max(1_000_000).nullable().default(null),
    validUntil: z.iso.datetime({ offset: true }).nullable().default(null),
    audience: z.enum(COUPON_AUDIENCES).default('campaign'),
    active: z.boolean().default(true),
  })
  .superRefine((input, ctx) => {
    const amount = input.amountOff !== null && Object.keys(input.amountOff).length > 0;
    if ((input.percentOff === null) === !amount) {
      ctx.addIssue({
        code: 'custom',
        path: ['percentOff'],
        message: 'Give either a percent off or an amount off, not both',
      });
    }
  });

export const couponChangeSchema = z.object({
  title: z.string().trim().min(1).max(80).optional(),
  percentOff: z.number().int().min(1).max(99).nullable().optional(),
  amountOff: amountOffSchema.nullable().optional(),
  planId: z.number().int().positive().nullable().optional(),
  usageLimit: z.number().int().positive().max(1_000_000).nullable().optional(),
  validUntil: z.iso.datetime({ offset: true }).nullable().optional(),
  audience: z.enum(COUPON_AUDIENCES).optional(),
  active: z.boolean().optional(),
});

/** One user's use of a coupon: an order made with it. */
export const couponUseSchema = z.object({
  orderId: z.string(),
  userId: z.number().int(),
  status: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  createdAt: z.iso.datetime(),
});

/** The deal as a visitor sees it: what, how much, until when. */
export const dealSchema = z.object({
  code: z.string(),
  title: z.string(),
  audience: z.enum(COUPON_AUDIENCES),
  percentOff: z.number().int().nullable(),
  amountOff: amountOffSchema.nullable(),
  /** The plan's code when the deal is for one plan only. */
  planCode: z.string().nullable(),
  planName: z.string().nullable(),
  /** Which pricing page lists that plan: 'sport-pass' is on /pricing-sport. */
  planKind: z.enum(PLAN_KINDS).nullable(),
  validUntil: z.iso.datetime().nullable(),
});

export const houseAdSchema = z.object({
  title: z.string(),
  text: z.string(),
  /** A path on this site (/pricing) or an https:// address. */
  link: z.string(),
  imageUrl: z.string().nullable(),
  active: z.boolean(),
});

const linkSchema = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => /^\/(?!\/)/.test(value) || /^https:\/\/[^\s]+$/.test(value),
    'A path on this site such as /pricing, or an https:// address',
  );

export const houseAdInputSchema = z.object({
  title: z.string().trim().min(1, 'Give the ad a title').max(80, 'At most 80 characters'),
  text: z.string().trim().min(1, 'Give the ad a line of text').max(240, 'At most 240 characters'),
  link: linkSchema,
  imageUrl: z
    .string()
    .trim()
    .max(500)
    .refine(
      (value) => /^https:\/\/[^\s]+$/.test(value) || /^\/(?!\/)\S+$/.test(value),
      'An https:// address or a path on this site',
    )
    .nullable()
    .default(null),
  active: z.boolean().default(true),
});

export type Coupon = z.infer<typeof couponSchema>;
export type CouponInput = z.input<typeof couponInputSchema>;
export type CouponChange = z.infer<typeof couponChangeSchema>;
export type CouponUse = z.infer<typeof couponUseSchema>;
export type Deal = z.infer<typeof dealSchema>;
export type HouseAd = z.infer<typeof houseAdSchema>;
export type HouseAdInput = z.input<typeof houseAdInputSchema>;
