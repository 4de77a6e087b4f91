// The plans and payment methods as staff manage them in the CMS (issue #21,
// scope cms:payments; docs/payments.md): what /api/cms/payments/... accept and
// answer, and what the CMS screens show. Prices travel in minor units; the
// screens take decimals ("4.99") and turn them into minor units here, so no
// float ever rounds a price.
import { z } from 'zod';
import {
  CURRENCIES,
  ENTITLEMENT_NAMES,
  PAYMENT_PROVIDERS,
  PLAN_INTERVALS,
  planSchema,
  priceSchema,
} from './payments-contracts.ts';

/** The most a price may be, in minor units (9,999.99). */
export const MAX_PRICE_MINOR = 999_999;

const featureSchema = z.string().trim().min(1, 'A feature cannot be empty').max(120, 'At most 120 characters');

/** A plan's terms: every edit of them adds a version (the Free plan has no price, duration, trial or entitlements). */
export const planTermsSchema = z.object({
  name: z.string().trim().min(2, 'At least 2 characters').max(60, 'At most 60 characters'),
  features: z.array(featureSchema).min(1, 'At least one feature').max(12, 'At most 12 features'),
  /** How long one payment grants the plan; null only for Free. */
  durationDays: z.number().int().min(1, 'At least 1 day').max(3660, 'At most 3,660 days').nullable(),
  /** Days free before the first payment, once per account; 0 for none. */
  trialDays: z.number().int().min(0, 'Not negative').max(90, 'At most 90 days'),
  entitlements: z.array(z.enum(ENTITLEMENT_NAMES)).max(ENTITLEMENT_NAMES.length),
  prices: z
    .array(
      priceSchema.extend({
        amountMinor: z.number().int().min(1, 'A price is more than 0').max(MAX_PRICE_MINOR, 'At most 9,999.99'),
      }),
    )
    .max(CURRENCIES.length)
    .refine(
      (prices) => new Set(prices.map((price) => price.currency)).size === prices.length,
      'One price per currency',
    ),
});
export type PlanTerms = z.infer<typeof planTermsSchema>;

/** PUT /api/cms/payments/plans/{id}: new terms, made from the version the editor read. */
export const planRevisionSchema = planTermsSchema.extend({
  /** The version the form showed: a save made from an older one is refused (409), nothing changes. */
  expectedVersion: z.number().int().positive(),
});
export type PlanRevision = z.infer<typeof planRevisionSchema>;

/** POST /api/cms/payments/plans: a new plan (e.g. another sport pass), shown last and visible. */
export const newPlanSchema = planTermsSchema.extend({
  code: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes, like basketball-season')
    .min(3, 'At least 3 characters')
    .max(40, 'At most 40 characters'),
  kind: z.enum(['premium', 'sport-pass']),
  sport: z
    .string()
    .trim()
    .regex(/^[a-z-]{2,30}$/, 'A sport in lower case, like basketball')
    .nullable(),
  interval: z.enum(PLAN_INTERVALS),
});
export type NewPlan = z.infer<typeof newPlanSchema>;

/** PATCH /api/cms/payments/plans/{id}: show or hide it on the pricing pages, and/or move it (1 is first). */
export const planPlacementSchema = z
  .object({ hidden: z.boolean().optional(), position: z.number().int().min(1).max(1000).optional() })
  .refine((value) => value.hidden !== undefined || value.position !== undefined, 'Give hidden or position');
export type PlanPlacement = z.infer<typeof planPlacementSchema>;

/** A plan as staff see it: its current version, and whether and where the pricing pages show it. */
export const adminPlanSchema = planSchema.extend({
  hidden: z.boolean(),
  /** 1 is first on /pricing. */
  position: z.number().int().positive(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

/** One version of a plan's terms, as it was (never changed once made). */
export const planVersionViewSchema = z.object({
  version: z.number().int().positive(),
  name: z.string(),
  durationDays: z.number().int().nullable(),
  trialDays: z.number().int().nonnegative(),
  features: z.array(z.string()),
  entitlements: z.array(z.enum(ENTITLEMENT_NAMES)),
  prices: z.array(priceSchema),
  createdAt: z.iso.datetime(),
});
export type PlanVersionView = z.infer<typeof planVersionViewSchema>;

export const planDetailSchema = z.object({
  plan: adminPlanSchema,
  /** Newest first. */
  versions: z.array(planVersionViewSchema),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

/** A payment method staff may offer: enabled or not, its place, and whether this server can use it. */
export const paymentMethodSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  enabled: z.boolean(),
  /** 1 is first on /pricing. */
  position: z.number().int().positive(),
  /** False when the server lacks what the provider needs (e.g. stripe without STRIPE_SECRET_KEY): never offered. */
  configured: z.boolean(),
  /** Enabled and configured: offered on /pricing and accepted at checkout. */
  offered: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** PATCH /api/cms/payments/providers/{provider}. */
export const paymentMethodChangeSchema = z
  .object({
    enabled: z.boolean().optional(),
    position: z.number().int().min(1).max(PAYMENT_PROVIDERS.length).optional(),
  })
  .refine((value) => value.enabled !== undefined || value.position !== undefined, 'Give enabled or position');
export type PaymentMethodChange = z.infer<typeof paymentMethodChangeSchema>;

/**
 * A price typed as a decimal ("4.99", "5", "1,250.00" is refused) in minor units; null when empty;
 * undefined when it is not a price. Two decimals at most, read as text so no float rounds it.
 */
export function parseDecimalPrice(text: string): number | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
}

/** Minor units as the form shows them: 499 → "4.99". */
export function decimalPrice(amountMinor: number): string {
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
}
