// Plans, orders, settlement and entitlements (issue #21; docs/payments.md).
// The one answer every module asks about "may this user…" is entitlements().
//
// Settlement is exactly once: each provider event id is recorded in the same
// transaction as the change it makes, and the order's row is held meanwhile, so
// a duplicate, a replay or a concurrent delivery changes nothing a second time.
// Late and out-of-order events are judged against the order's state:
//   pending | failed | expired --payment.succeeded--> paid   (grants the plan)
//   pending                    --payment.failed-----> failed
//   paid                       --refund.succeeded---> refunded (revokes the grant)
//   pending | failed | expired --refund.succeeded---> refunded (nothing was granted)
// and anything else (paid twice, failed after paid, paid after refunded) is ignored.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import {
  CURRENCIES,
  ENTITLEMENT_NAMES,
  ORDER_SOURCES,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  PLAN_INTERVALS,
  PLAN_KINDS,
  type Currency,
  type CreateOrderInput,
  type Entitlement,
  type EntitlementName,
  type Order,
  type OrderStatus,
  type PaymentsMe,
  type Plan,
  type Plans,
} from '../../../domain/payments-contracts.ts';
import { sandboxCardOutcome, type SandboxPayInput } from '../../../domain/sandbox-cards.ts';
import type { Clock } from '../../platform/clock.ts';
import { toAddressKey, type RateLimits } from '../../platform/rate-limit.ts';
import { PAYMENT_LINK_TTL_MS, signPaymentToken, verifyPaymentToken } from './payments.links.ts';
import type { PaymentProvider, ProviderEvent, WebhookReading } from './payments.providers.ts';
import { SANDBOX_WEBHOOK_PATH, isSandboxProvider } from './payments.sandbox.ts';
import { createPaymentsCatalogue, offeredProviders, type PaymentsCatalogue } from './payments.catalogue.ts';
import { hadPlan, insertTrial, selectTrial } from './payments.catalogue.queries.ts';
import {
  checkCoupon,
  createCouponService,
  createHouseAdService,
  normaliseCode,
  type CouponService,
  type HouseAdService,
} from './payments.coupons.ts';
import {
  assignTransferReference,
  createPaymentsStaff,
  plausibleOrderId,
  type PaymentsStaffMethods,
  type SettleOptions,
} from './payments.staff.ts';
import {
  insertGrant,
  insertOrder,
  insertOrderEvent,
  insertProcessedEvent,
  selectActiveGrants,
  selectExpirableOrders,
  selectCurrentPlanVersion,
  selectEntitlements,
  selectOrder,
  selectOrderEvents,
  selectOrderGrants,
  selectPlanVersions,
  updateGrant,
  updateOrderProviderRef,
  updateOrderStatus,
  updateOrderStatusIf,
  writeEntitlement,
  type OrderRow,
  type PlanVersionRow,
} from './payments.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Defaults of PAYMENT_ORDER_TTL_HOURS and PAYMENT_LOCAL_ORDER_TTL_DAYS. */
export const ORDER_TTL_MS = DAY_MS;
export const LOCAL_ORDER_TTL_MS = 7 * DAY_MS;
const EXPIRY_BATCH = 200;

export type CreateOrderResult =
  | { ok: true; order: Order; checkoutUrl: string }
  | {
      ok: false;
      /** provider_unavailable: the provider could not make its checkout (unreachable, refusing); nothing is left to pay. */
      code: 'unknown_plan' | 'not_for_sale' | 'unknown_provider' | 'invalid_coupon' | 'provider_unavailable';
      message: string;
    }
  /** Too many orders from this user or address: nothing was created; answer 429 with Retry-After. */
  | { ok: false; code: 'rate_limited'; message: string; retryAfterSeconds: number };

/** Who is asking for an order, beyond the user: the client address the per-address limit counts. */
export interface OrderClient {
  ip?: string;
}

export type SettleOutcome = 'applied' | 'duplicate' | 'ignored';

export type WebhookResult =
  | { ok: true; outcome: SettleOutcome }
  | {
      ok: false;
      code: 'unknown_provider' | 'invalid_signature' | 'unknown_order' | 'amount_mismatch';
      message: string;
    };

/** What the sandbox's hosted checkout did: sent its webhook (`result`), or asks for the extra confirmation. */
export type SandboxPayResult =
  | { ok: true; next: 'result' | 'confirm' }
  | {
      ok: false;
      code: 'not_found' | 'not_payable' | 'unknown_card' | 'not_delivered';
      message: string;
    };

export type PaymentLinkResult =
  | { ok: true; url: string; token: string; expiresAt: string; order: Order }
  | { ok: false; code: 'not_found' }
  | { ok: false; code: 'not_payable'; order: Order }
  /** A bank transfer is paid from any bank with its reference: there is no checkout to link to. */
  | { ok: false; code: 'bank_transfer'; order: Order };

/** Why a payment token opens nothing: a bad or altered token, an expired one, or no such order. */
export type TokenRefusal = 'malformed' | 'tampered' | 'expired' | 'not_found';

export type TokenOrderResult = { ok: true; order: Order; expiresAt: string } | { ok: false; reason: TokenRefusal };

/** A change of an order's status, told to listeners once its transaction has committed. */
export interface OrderChange {
  order: Order;
  userId: number;
  from: OrderStatus | null;
  to: OrderStatus;
  cause: string;
}
export type OrderChangeListener = (change: OrderChange) => void | Promise<void>;

/** A free trial started (issue #21): the order that records it and when it ends; or why not. */
export type TrialResult =
  | { ok: true; order: Order; endsAt: string }
  | { ok: false; code: 'unknown_plan' | 'no_trial' | 'trial_used' | 'had_plan'; message: string };

/** Hands a request to the site's own HTTP app (server/http.ts connects it): the webhook route answers it. */
export type WebhookEndpoint = (request: Request) => Promise<Response>;

export interface PaymentsService extends PaymentsCatalogue, PaymentsStaffMethods {
  /** The plans on sale (hidden ones left out) and the payment methods on offer, in the CMS's order. */
  listPlans(): Promise<Plans>;
  /**
   * Starts the plan's free trial for the user, without payment: once per account, and not for a plan
   * the user had. Recorded as a paid order of amount 0 from 'trial', with its history and grants.
   */
  startTrial(userId: number, planId: number): Promise<TrialResult>;
  /** The plans (ids) whose trial this user may start now. */
  trialOffers(userId: number): Promise<number[]>;
  /**
   * Makes a pending order priced from the database. Limited per user and per client address
   * (`client.ip`; PAYMENT_ORDERS_PER_USER / PAYMENT_ORDERS_PER_ADDRESS an hour): over a limit, nothing is
   * created and the answer is `rate_limited` with when to retry.
   */
  createOrder(userId: number, input: CreateOrderInput, client?: OrderClient): Promise<CreateOrderResult>;
  /** The order when it is this user's; null for anyone else's, as for one that does not exist. */
  getOrder(userId: number, orderId: string): Promise<Order | null>;
  me(userId: number): Promise<PaymentsMe>;
  /** What the user may do now: the one answer other modules ask (ads, media). */
  entitlements(userId: number): Promise<Entitlement[]>;
  /** Verifies a provider's webhook over its raw body and settles the event it carries. */
  receiveWebhook(providerId: string, rawBody: string, headers: Headers): Promise<WebhookResult>;
  /**
   * Settles one verified provider event, exactly once per (provider, event id). `options.cause` names
   * who or what caused it in the order's history; `options.within` runs in its transaction when the
   * order changed (an audit entry).
   */
  settle(providerId: string, event: ProviderEvent, options?: SettleOptions): Promise<WebhookResult>;
  /**
   * The sandbox's hosted checkout pays the user's order with a test card. It never settles the order
   * itself: it signs the event a gateway would send and posts it to the site's webhook route, which
   * verifies and settles it as it does any provider's (issue #21).
   */
  paySandbox(
    userId: number | null,
    orderId: string,
    input: SandboxPayInput,
    /** A signed payment token (a copy-link, or the checkout URL's) instead of the owner's session. */
    proof?: { token: string },
  ): Promise<SandboxPayResult>;
  /**
   * A link, valid 24 hours, to pay the user's order on another device (`/payment/link/<token>` on
   * BASE_URL). Only for the order's owner, and only while there is something to pay.
   */
  paymentLink(userId: number, orderId: string): Promise<PaymentLinkResult>;
  /** The order a payment token names, when the token is valid now (and names `orderId`, when given). */
  orderForToken(token: string, orderId?: string): Promise<TokenOrderResult>;
  /**
   * Where a payment link's holder pays: the order's provider's checkout. The sandbox's is given the
   * link's own token (so it expires with the link) and `from=link`, so it comes back to the link's page.
   */
  linkCheckoutUrl(
    token: string,
  ): Promise<{ ok: true; url: string } | { ok: false; reason: TokenRefusal | 'not_payable' }>;
  /**
   * Calls `listener` after each committed change of an order's status (mail, the live stream). A
   * listener's failure is logged by the caller's logger and never undoes the change.
   */
  onOrderChanged(listener: OrderChangeListener): () => void;
  /** Where the sandbox posts its webhooks: the HTTP app, connected once it is built. */
  connectWebhookEndpoint(endpoint: WebhookEndpoint): void;
  /**
   * Expires the open (pending or failed) orders not paid in time: ORDER_TTL for most providers, the
   * longer LOCAL_ORDER_TTL for bank transfer. Safe on every node at once: each order moves by a
   * conditional update, so exactly one node records its expiry (order_event, listeners told after
   * commit). A later payment.succeeded for an expired order is still honoured by settle().
   * Returns how many orders this call expired.
   */
  expireOrders(now?: Date): Promise<number>;
  /** Coupons (the hidden deal): checked for the pricing pages, revealed on home, managed in the CMS. */
  coupons: CouponService;
  /** The house ad: its content (set in the CMS), shown only to visitors without `no_ads`. */
  ads: HouseAdService;
  /** An order's history: every change of status with its cause (oldest first). */
  orderHistory(
    orderId: string,
  ): Promise<Array<{ from: string | null; to: string; cause: string; providerEventId: string | null; at: string }>>;
}

/** "3 minutes", "1 minute", "40 seconds". */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((item) => item === value) ?? fallback;
}

function toPlan(row: PlanVersionRow): Plan {
  return {
    id: row.planId,
    code: row.code,
    name: row.name,
    kind: oneOf(PLAN_KINDS, row.kind, 'premium'),
    sport: row.sport,
    interval: row.interval === null ? null : oneOf(PLAN_INTERVALS, row.interval, 'month'),
    durationDays: row.durationDays,
    prices: row.prices.flatMap((price) => {
      const currency = CURRENCIES.find((item) => item === price.currency);
      return currency ? [{ currency, amountMinor: price.amountMinor }] : [];
    }),
    features: row.features,
    entitlements: row.entitlements.filter((name): name is EntitlementName =>
      (ENTITLEMENT_NAMES as readonly string[]).includes(name),
    ),
    trialDays: row.trialDays,
    version: row.version,
  };
}

function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    status: oneOf(ORDER_STATUSES, row.status, 'pending'),
    amountMinor: row.amountMinor,
    currency: oneOf(CURRENCIES, row.currency, 'EUR'),
    planId: row.planId,
    planVersion: row.planVersion,
    provider: oneOf(ORDER_SOURCES, row.provider, 'sandbox'),
    createdAt: row.createdAt,
  };
}

/** Thrown to roll a trial back when the account's one trial was taken meanwhile. */
class TrialTaken extends Error {}

/** 'ord_' and 128 random bits: an order's id cannot be guessed from another's. */
function newOrderId(): string {
  return `ord_${randomBytes(16).toString('base64url')}`;
}

/** What an event does to an order in `status`: the new status, or null for nothing. */
export function nextStatus(status: OrderStatus, type: ProviderEvent['type']): OrderStatus | null {
  switch (type) {
    case 'payment.succeeded':
      return status === 'pending' || status === 'failed' || status === 'expired' ? 'paid' : null;
    case 'payment.failed':
      return status === 'pending' ? 'failed' : null;
    case 'refund.succeeded':
      return status === 'refunded' ? null : 'refunded';
  }
}

export function createPaymentsService(options: {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  clock: Clock;
  providers: readonly PaymentProvider[];
  currency: Currency;
  /** Signs and checks payment links (payments.links.ts); the links point at `siteBaseUrl`. */
  linkKey?: Uint8Array;
  siteBaseUrl?: string;
  /** How long an order may stay unpaid before it expires; bank transfer ('local') has its own. */
  orderTtl?: { defaultMs: number; localMs: number };
  /** Order creation limits (server/platform/rate-limit.ts); absent: none (unit tests). */
  orderLimits?: { rateLimits: RateLimits; perUserPerHour: number; perAddressPerHour: number };
  /** Where a failing order-change listener is reported (the logger). */
  onListenerError?: (error: unknown, change: OrderChange) => void;
  /** Where a provider's failure to make a checkout is reported (the logger); the buyer gets provider_unavailable. */
  onProviderError?: (error: unknown, provider: string) => void;
}): PaymentsService {
  const { db, engine, clock, providers } = options;
  let webhookEndpoint: WebhookEndpoint | null = null;
  const listeners = new Set<OrderChangeListener>();
  const limits = options.orderLimits
    ? {
        user: options.orderLimits.rateLimits.create('payment-orders-user', {
          points: options.orderLimits.perUserPerHour,
          durationSeconds: 3600,
        }),
        address: options.orderLimits.rateLimits.create('payment-orders-address', {
          points: options.orderLimits.perAddressPerHour,
          durationSeconds: 3600,
        }),
      }
    : null;

  /** Spends one order of the user's and the address's hourly allowance; the wait when either is spent. */
  async function spendOrderAllowance(userId: number, client: OrderClient): Promise<number | null> {
    if (!limits) return null;
    const byUser = await limits.user.consume(`user:${userId}`);
    if (!byUser.ok) return byUser.retryAfterSeconds;
    if (client.ip) {
      const byAddress = await limits.address.consume(toAddressKey(client.ip));
      if (!byAddress.ok) {
        // Not the user's doing alone: their point goes back.
        await limits.user.reward(`user:${userId}`);
        return byAddress.retryAfterSeconds;
      }
    }
    return null;
  }

  /** Tells every listener, after commit; one listener failing neither stops the others nor the caller. */
  async function announce(change: OrderChange): Promise<void> {
    for (const listener of listeners) {
      try {
        await listener(change);
      } catch (error) {
        options.onListenerError?.(error, change);
      }
    }
  }

  function providerOf(id: string): PaymentProvider | undefined {
    return providers.find((provider) => provider.id === id);
  }

  async function freePlan(): Promise<Plan> {
    const plans = (await selectPlanVersions(db)).map(toPlan);
    const free = plans.find((plan) => plan.kind === 'free');
    if (!free) throw new Error('No Free plan: migration 0013 seeds one');
    return free;
  }

  /**
   * Extends each entitlement of the order's plan from the later of now and its current end, for the
   * plan's duration (or `days`: a trial's). Answers when the last of them ends.
   */
  async function grant(
    trx: Parameters<typeof insertGrant>[0],
    order: OrderRow,
    now: Date,
    days?: number,
  ): Promise<Date | null> {
    const [version] = await selectPlanVersions(trx, [order.planVersionId]);
    const length = days ?? version?.durationDays;
    if (!version || !length) return null;
    let last: Date | null = null;
    for (const name of version.entitlements) {
      const grants = await selectActiveGrants(trx, order.userId, name);
      const currentEnd = Math.max(now.getTime(), ...grants.map((row) => Date.parse(row.endsAt)));
      const startsAt = new Date(currentEnd);
      const endsAt = new Date(currentEnd + length * DAY_MS);
      if (last === null || endsAt > last) last = endsAt;
      await insertGrant(trx, { orderId: order.id, userId: order.userId, name, startsAt, endsAt });
      await writeEntitlement(trx, order.userId, name, endsAt);
    }
    return last;
  }

  /**
   * Takes back what the order granted and has not been used yet: its grant ends now (or never
   * starts), and the grants queued after it move earlier by as much, so the user keeps exactly what
   * the other orders paid for.
   */
  async function revoke(trx: Parameters<typeof insertGrant>[0], order: OrderRow, now: Date): Promise<void> {
    for (const row of await selectOrderGrants(trx, order.id)) {
      if (row.revokedAt !== null) continue;
      const startsAt = Date.parse(row.startsAt);
      const endsAt = Date.parse(row.endsAt);
      const cut = Math.max(now.getTime(), startsAt);
      const removed = Math.max(0, endsAt - cut);
      if (removed > 0) {
        for (const later of await selectActiveGrants(trx, order.userId, row.name)) {
          if (later.id === row.id || Date.parse(later.startsAt) < endsAt) continue;
          await updateGrant(trx, later.id, {
            startsAt: new Date(Date.parse(later.startsAt) - removed),
            endsAt: new Date(Date.parse(later.endsAt) - removed),
          });
        }
      }
      await updateGrant(trx, row.id, { endsAt: new Date(Math.min(endsAt, cut)), revokedAt: now });
      const remaining = await selectActiveGrants(trx, order.userId, row.name);
      const end = Math.max(0, ...remaining.map((item) => Date.parse(item.endsAt)));
      await writeEntitlement(trx, order.userId, row.name, end > now.getTime() ? new Date(end) : null);
    }
  }

  const configured = PAYMENT_PROVIDERS.filter((id) => providerOf(id) !== undefined);
  const catalogue = createPaymentsCatalogue({ db, engine, configured, toPlan });

  /** The plan the user may start a trial of, or why not (read outside the transaction; insertTrial decides). */
  async function trialRefusal(userId: number, version: PlanVersionRow | null): Promise<TrialResult | null> {
    if (!version || version.hidden) return { ok: false, code: 'unknown_plan', message: 'There is no such plan' };
    if (version.kind === 'free' || version.trialDays <= 0) {
      return { ok: false, code: 'no_trial', message: 'This plan has no free trial' };
    }
    if (await selectTrial(db, userId)) {
      return {
        ok: false,
        code: 'trial_used',
        message: 'You have had your free trial already: there is one per account',
      };
    }
    if (await hadPlan(db, userId, version.planId)) {
      return {
        ok: false,
        code: 'had_plan',
        message: 'You have had this plan before: the free trial is for new subscribers',
      };
    }
    return null;
  }

  const service: PaymentsService = {
    ...catalogue,

    async listPlans() {
      return {
        plans: (await selectPlanVersions(db)).filter((row) => !row.hidden).map(toPlan),
        providers: await offeredProviders(db, configured),
      };
    },

    async startTrial(userId, planId) {
      const version = await selectCurrentPlanVersion(db, planId);
      const refusal = await trialRefusal(userId, version);
      if (refusal || !version) return refusal ?? { ok: false, code: 'unknown_plan', message: 'There is no such plan' };
      const now = clock.now();
      const price = version.prices.find((item) => item.currency === options.currency) ?? version.prices[0];
      const cause = `free trial of ${version.trialDays} days started by user ${userId}`;
      const row: OrderRow = {
        id: newOrderId(),
        userId,
        planId: version.planId,
        planVersionId: version.versionId,
        planVersion: version.version,
        provider: 'trial',
        status: 'paid',
        amountMinor: 0,
        currency: price?.currency ?? options.currency,
        createdAt: now.toISOString(),
      };
      const endsAt = await inTransaction(db, async (trx) => {
        await insertOrder(trx, { ...row, couponCode: null, createdAt: now });
        // The account's one trial: of two requests at once, the second finds the first's row and rolls back.
        if (!(await insertTrial(trx, { userId, planId: version.planId, orderId: row.id, at: now }))) {
          throw new TrialTaken();
        }
        await insertOrderEvent(trx, { orderId: row.id, from: null, to: 'paid', cause, providerEventId: null, at: now });
        return grant(trx, row, now, version.trialDays);
      }).catch((error: unknown) => {
        if (error instanceof TrialTaken) return null;
        throw error;
      });
      if (!endsAt) {
        return {
          ok: false,
          code: 'trial_used',
          message: 'You have had your free trial already: there is one per account',
        };
      }
      return { ok: true, order: toOrder(row), endsAt: endsAt.toISOString() };
    },

    async trialOffers(userId) {
      const offers: number[] = [];
      for (const version of (await selectPlanVersions(db)).filter((row) => !row.hidden && row.trialDays > 0)) {
        if ((await trialRefusal(userId, version)) === null) offers.push(version.planId);
      }
      return offers;
    },

    async createOrder(userId, input, client = {}) {
      const provider = providerOf(input.provider);
      if (!provider || !(await offeredProviders(db, configured)).includes(provider.id)) {
        return {
          ok: false,
          code: 'unknown_provider',
          message: `This site does not offer the payment provider “${input.provider}”`,
        };
      }
      const version = await selectCurrentPlanVersion(db, input.planId);
      if (!version) return { ok: false, code: 'unknown_plan', message: 'There is no such plan' };
      if (version.hidden) return { ok: false, code: 'not_for_sale', message: 'This plan is not on sale' };
      if (version.kind === 'free' || version.durationDays === null) {
        return { ok: false, code: 'not_for_sale', message: 'This plan is free: there is nothing to pay' };
      }
      const price = version.prices.find((item) => item.currency === options.currency) ?? version.prices[0];
      if (!price) return { ok: false, code: 'not_for_sale', message: 'This plan has no price' };
      const retryAfterSeconds = await spendOrderAllowance(userId, client);
      if (retryAfterSeconds !== null) {
        return {
          ok: false,
          code: 'rate_limited',
          message: `Too many checkouts started in the last hour: try again in ${waitText(retryAfterSeconds)}`,
          retryAfterSeconds,
        };
      }
      const now = clock.now();
      const couponCode = input.coupon !== undefined && input.coupon.trim() !== '' ? normaliseCode(input.coupon) : null;
      const row: OrderRow = {
        id: newOrderId(),
        userId,
        planId: version.planId,
        planVersionId: version.versionId,
        planVersion: version.version,
        provider: provider.id,
        status: 'pending',
        amountMinor: price.amountMinor,
        currency: price.currency,
        createdAt: now.toISOString(),
      };
      const refusal = await inTransaction(db, async (trx): Promise<string | null> => {
        if (couponCode !== null) {
          // Checked again here, with the coupon's row held until the order that takes its use is written.
          const check = await checkCoupon(
            trx,
            {
              code: couponCode,
              userId,
              planId: version.planId,
              amountMinor: price.amountMinor,
              currency: price.currency,
              now,
            },
            engine,
          );
          if (!check.ok) return check.message;
          row.amountMinor = check.amountMinor;
        }
        await insertOrder(trx, { ...row, couponCode, createdAt: now });
        // A bank transfer's reference is stored with the order, unique: the payer quotes it.
        if (provider.id === 'local') await assignTransferReference(trx, row.id, now);
        await insertOrderEvent(trx, {
          orderId: row.id,
          from: null,
          to: 'pending',
          cause: `checkout by user ${userId} with ${provider.id}${couponCode ? ` and coupon ${couponCode}` : ''}`,
          providerEventId: null,
          at: now,
        });
        return null;
      });
      if (refusal !== null) return { ok: false, code: 'invalid_coupon', message: refusal };
      const order = toOrder(row);
      // The provider's checkout, once the order (and the coupon's use) is written. When it cannot be made
      // (Stripe unreachable or refusing), the order expires at once, with the cause: nothing is left that the
      // buyer would see as payable, and a coupon's use is given back.
      let checkoutUrl: string;
      try {
        checkoutUrl = await provider.checkoutUrl(order);
      } catch (error) {
        options.onProviderError?.(error, provider.id);
        await inTransaction(db, async (trx) => {
          const at = clock.now();
          if (!(await updateOrderStatusIf(trx, row.id, ['pending'], 'expired', at))) return;
          await insertOrderEvent(trx, {
            orderId: row.id,
            from: 'pending',
            to: 'expired',
            cause: `${provider.id} could not make a checkout`,
            providerEventId: null,
            at,
          });
        });
        return {
          ok: false,
          code: 'provider_unavailable',
          message: 'The payment provider cannot be reached just now: nothing was charged, try again in a moment',
        };
      }
      await announce({ order, userId, from: null, to: 'pending', cause: `checkout with ${provider.id}` });
      return { ok: true, order, checkoutUrl };
    },

    async getOrder(userId, orderId) {
      if (!plausibleOrderId(orderId)) return null;
      const row = await selectOrder(db, orderId);
      return row && row.userId === userId ? toOrder(row) : null;
    },

    async me(userId) {
      const now = clock.now();
      const active = (await selectActiveGrants(db, userId)).filter((row) => Date.parse(row.endsAt) > now.getTime());
      if (active.length === 0) return { plan: await freePlan(), expiresAt: null, entitlements: [] };
      const latest = active.reduce((best, row) => (Date.parse(row.endsAt) > Date.parse(best.endsAt) ? row : best));
      const order = await selectOrder(db, latest.orderId);
      const [version] = order ? await selectPlanVersions(db, [order.planVersionId]) : [];
      return {
        plan: version ? toPlan(version) : await freePlan(),
        expiresAt: latest.endsAt,
        entitlements: await service.entitlements(userId),
      };
    },

    async entitlements(userId) {
      const rows = await selectEntitlements(db, userId, clock.now());
      return rows.flatMap((row) => {
        const name = ENTITLEMENT_NAMES.find((item) => item === row.name);
        return name ? [{ name, expiresAt: row.expiresAt }] : [];
      });
    },

    async receiveWebhook(providerId, rawBody, headers) {
      const provider = providerOf(providerId);
      if (!provider) return { ok: false, code: 'unknown_provider', message: 'No such payment provider' };
      const reading: WebhookReading = provider.readWebhook(rawBody, headers, clock.now());
      if (!reading.ok) return { ok: false, code: 'invalid_signature', message: reading.message };
      if (reading.event === null) return { ok: true, outcome: 'ignored' };
      return service.settle(provider.id, reading.event);
    },

    async settle(providerId, event, settleOptions = {}) {
      const now = clock.now();
      let change: OrderChange | null = null;
      const result = await inTransaction(db, async (trx): Promise<WebhookResult> => {
        const order = await selectOrder(trx, event.orderId, { lock: { engine } });
        if (!order || order.provider !== providerId) {
          return { ok: false, code: 'unknown_order', message: 'There is no such order for this provider' };
        }
        if (event.amountMinor !== order.amountMinor || event.currency.toUpperCase() !== order.currency) {
          return { ok: false, code: 'amount_mismatch', message: 'The amount or currency does not match the order' };
        }
        const first = await insertProcessedEvent(trx, {
          provider: providerId,
          eventId: event.id,
          type: event.type,
          orderId: order.id,
          at: now,
        });
        if (!first) return { ok: true, outcome: 'duplicate' };
        const from = oneOf(ORDER_STATUSES, order.status, 'pending');
        const to = nextStatus(from, event.type);
        if (to === null) return { ok: true, outcome: 'ignored' };
        const cause = settleOptions.cause ?? `${providerId} ${event.type}`;
        await updateOrderStatus(trx, order.id, to, now);
        await insertOrderEvent(trx, {
          orderId: order.id,
          from,
          to,
          cause,
          providerEventId: event.id,
          at: now,
        });
        if (to === 'paid') {
          if (event.providerRef) await updateOrderProviderRef(trx, order.id, event.providerRef);
          await grant(trx, order, now);
        }
        if (to === 'refunded' && from === 'paid') await revoke(trx, order, now);
        if (settleOptions.within) await settleOptions.within(trx);
        change = { order: toOrder({ ...order, status: to }), userId: order.userId, from, to, cause };
        return { ok: true, outcome: 'applied' };
      });
      if (change) await announce(change);
      return result;
    },

    async paySandbox(userId, orderId, input, proof) {
      const row = await selectOrder(db, orderId);
      const sandbox = providers.find(isSandboxProvider);
      // The owner's session, or a valid token for this very order: either proves the right to pay it.
      const allowed =
        row !== null &&
        (row.userId === userId ||
          (proof !== undefined &&
            options.linkKey !== undefined &&
            verifyPaymentToken(options.linkKey, proof.token, clock.now(), row.id).ok));
      if (!row || !allowed || row.provider !== 'sandbox' || !sandbox) {
        return { ok: false, code: 'not_found', message: 'There is no such order' };
      }
      // A declined order may be paid by a later attempt, as with a real gateway.
      if (row.status !== 'pending' && row.status !== 'failed') {
        return { ok: false, code: 'not_payable', message: `This order is ${row.status}: there is nothing to pay` };
      }
      const outcome = sandboxCardOutcome(input.card);
      if (outcome === null) {
        return { ok: false, code: 'unknown_card', message: 'Use one of the test cards listed on this page' };
      }
      if (outcome === 'confirm' && input.step === 'pay') return { ok: true, next: 'confirm' };
      const succeeds = outcome === 'succeeds' || (outcome === 'confirm' && input.step === 'complete');
      const { rawBody, headers } = sandbox.signedEvent(
        toOrder(row),
        succeeds ? 'payment.succeeded' : 'payment.failed',
        clock.now(),
      );
      if (!webhookEndpoint) {
        return { ok: false, code: 'not_delivered', message: 'The sandbox has no webhook endpoint to post to' };
      }
      const answer = await webhookEndpoint(
        new Request(new URL(SANDBOX_WEBHOOK_PATH, 'http://localhost'), { method: 'POST', headers, body: rawBody }),
      );
      if (!answer.ok) {
        return { ok: false, code: 'not_delivered', message: `The webhook was refused (${answer.status})` };
      }
      return { ok: true, next: 'result' };
    },

    async paymentLink(userId, orderId) {
      const row = await selectOrder(db, orderId);
      if (!row || row.userId !== userId || !options.linkKey) return { ok: false, code: 'not_found' };
      const order = toOrder(row);
      if (order.status !== 'pending' && order.status !== 'failed') return { ok: false, code: 'not_payable', order };
      if (order.provider === 'local') return { ok: false, code: 'bank_transfer', order };
      const expiresAt = new Date(clock.now().getTime() + PAYMENT_LINK_TTL_MS);
      const token = signPaymentToken(options.linkKey, order.id, expiresAt);
      const base = (options.siteBaseUrl ?? '').replace(/\/+$/, '');
      return {
        ok: true,
        url: `${base}/payment/link/${encodeURIComponent(token)}`,
        token,
        expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000).toISOString(),
        order,
      };
    },

    async orderForToken(token, orderId) {
      if (!options.linkKey) return { ok: false, reason: 'malformed' };
      const check = verifyPaymentToken(options.linkKey, token, clock.now(), orderId);
      if (!check.ok) return { ok: false, reason: check.reason };
      const row = await selectOrder(db, check.orderId);
      if (!row) return { ok: false, reason: 'not_found' };
      return { ok: true, order: toOrder(row), expiresAt: check.expiresAt.toISOString() };
    },

    async linkCheckoutUrl(token) {
      const found = await service.orderForToken(token);
      if (!found.ok) return found;
      const { order } = found;
      if (order.status !== 'pending' && order.status !== 'failed') return { ok: false, reason: 'not_payable' };
      const provider = providerOf(order.provider);
      if (!provider) return { ok: false, reason: 'not_found' };
      const url = await provider.checkoutUrl(order);
      if (!isSandboxProvider(provider)) return { ok: true, url };
      const sandboxUrl = new URL(url);
      sandboxUrl.searchParams.set('token', token);
      sandboxUrl.searchParams.set('from', 'link');
      return { ok: true, url: sandboxUrl.toString() };
    },

    onOrderChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    connectWebhookEndpoint(endpoint) {
      webhookEndpoint = endpoint;
    },

    async expireOrders(at) {
      const now = at ?? clock.now();
      const ttl = options.orderTtl ?? { defaultMs: ORDER_TTL_MS, localMs: LOCAL_ORDER_TTL_MS };
      let expired = 0;
      // In batches, so a long backlog neither holds one huge transaction nor loads every row at once.
      for (;;) {
        const rows = await selectExpirableOrders(db, {
          before: new Date(now.getTime() - ttl.defaultMs),
          localBefore: new Date(now.getTime() - ttl.localMs),
          limit: EXPIRY_BATCH,
        });
        let movedInBatch = 0;
        for (const row of rows) {
          const from = oneOf(ORDER_STATUSES, row.status, 'pending');
          const hours = Math.round((row.provider === 'local' ? ttl.localMs : ttl.defaultMs) / 3_600_000);
          const cause = `expired: not paid within ${hours} h`;
          // Only if it is still what we read: another node, or a payment, that got there first wins.
          const moved = await inTransaction(db, async (trx) => {
            if (!(await updateOrderStatusIf(trx, row.id, [from], 'expired', now))) return false;
            await insertOrderEvent(trx, {
              orderId: row.id,
              from,
              to: 'expired',
              cause,
              providerEventId: null,
              at: now,
            });
            return true;
          });
          if (!moved) continue;
          movedInBatch += 1;
          await announce({
            order: toOrder({ ...row, status: 'expired' }),
            userId: row.userId,
            from,
            to: 'expired',
            cause,
          });
        }
        expired += movedInBatch;
        // A short batch was the last; a batch another node took entirely is left to it.
        if (rows.length < EXPIRY_BATCH || movedInBatch === 0) return expired;
      }
    },

    coupons: createCouponService({ db, clock }),

    ads: createHouseAdService({
      db,
      clock,
      hasNoAds: async (userId) => (await service.entitlements(userId)).some((item) => item.name === 'no_ads'),
    }),

    orderHistory: (orderId) => selectOrderEvents(db, orderId),

    ...createPaymentsStaff({
      db,
      engine,
      clock,
      providerOf,
      orderOf: toOrder,
      settle: (providerId, event, settleOptions) => service.settle(providerId, event, settleOptions),
    }),
  };
  return service;
}
