// Coupons: the hidden deal (issue #21; docs/payments.md "Coupons and the hidden
// deal"). A coupon takes a percent (1–99) or an amount per currency off a plan's
// price; it may be limited to one plan, to a number of users and in time, and it
// is revealed by a campaign link or to signed-in users whose paid plan lapsed.
//
// It is checked again on the server in the transaction that makes the order,
// with the coupon's row held: so with a limit of one, two users ordering at the
// same moment get one use between them. A use is not a counter but the orders
// themselves: each user with an order made with the coupon that is not expired
// holds one use (a pending order holds its use until it expires; a declined one
// may still be paid, so it keeps it too). A user's second order with the same
// coupon, while the first is unpaid, takes no second use; once one of their
// orders with it is paid, the coupon is used for them.
import type { Kysely, Transaction } from 'kysely';
import { toIsoString, type DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import {
  COUPON_AUDIENCES,
  amountOffSchema,
  couponChangeSchema,
  couponInputSchema,
  houseAdInputSchema,
  type Coupon,
  type CouponUse,
  type Deal,
  type HouseAd,
} from '../../../domain/deals-contracts.ts';
import { PLAN_KINDS } from '../../../domain/payments-contracts.ts';
import type { Clock } from '../../platform/clock.ts';
import { selectActiveGrants } from './payments.queries.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface CouponRow {
  id: number;
  code: string;
  title: string;
  percentOff: number | null;
  amountOff: Partial<Record<string, number>> | null;
  planId: number | null;
  usageLimit: number | null;
  validUntil: string | null;
  audience: (typeof COUPON_AUDIENCES)[number];
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

const COUPON_COLUMNS = [
  'id',
  'code',
  'title',
  'percent_off',
  'amount_off',
  'plan_id',
  'usage_limit',
  'valid_until',
  'audience',
  'active',
  'created_at',
  'updated_at',
] as const;

function toCouponRow(row: {
  id: number | string;
  code: string;
  title: string;
  percent_off: number | null;
  amount_off: string | null;
  plan_id: number | string | null;
  usage_limit: number | null;
  valid_until: string | Date | null;
  audience: string;
  active: number | boolean;
  created_at: string | Date;
  updated_at: string | Date;
}): CouponRow {
  const amount = row.amount_off === null ? null : amountOffSchema.safeParse(JSON.parse(row.amount_off));
  return {
    id: Number(row.id),
    code: row.code,
    title: row.title,
    percentOff: row.percent_off,
    amountOff: amount?.success ? amount.data : null,
    planId: row.plan_id === null ? null : Number(row.plan_id),
    usageLimit: row.usage_limit,
    validUntil: row.valid_until === null ? null : toIsoString(row.valid_until),
    audience: COUPON_AUDIENCES.find((item) => item === row.audience) ?? 'campaign',
    active: Boolean(Number(row.active)),
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
  };
}

/** Codes compare without regard to case or surrounding spaces. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

async function selectCoupon(
  db: Executor,
  where: { code: string } | { id: number },
  lock?: DatabaseEngine,
): Promise<CouponRow | null> {
  let query = db.selectFrom('coupon').select(COUPON_COLUMNS);
  query = 'code' in where ? query.where('code', '=', normaliseCode(where.code)) : query.where('id', '=', where.id);
  if (lock === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toCouponRow(row) : null;
}

/** The users holding a use of the coupon: with an order made with it that is not expired. */
async function holders(db: Executor, code: string): Promise<Array<{ userId: number; paid: boolean }>> {
  const rows = await db
    .selectFrom('payment_order')
    .select(['user_id', 'status'])
    .where('coupon_code', '=', code)
    .where('status', '!=', 'expired')
    .execute();
  const users = new Map<number, boolean>();
  for (const row of rows) {
    const userId = Number(row.user_id);
    const paid = row.status === 'paid' || row.status === 'refunded';
    users.set(userId, (users.get(userId) ?? false) || paid);
  }
  return [...users].map(([userId, paid]) => ({ userId, paid }));
}

/**
 * The price after the coupon, in minor units of `currency`; null when the coupon has no amount for that
 * currency. A percent is taken off rounded down (the discount, never the price, loses the fraction).
 */
export function discountedAmount(
  coupon: Pick<CouponRow, 'percentOff' | 'amountOff'>,
  amountMinor: number,
  currency: string,
): number | null {
  if (coupon.percentOff !== null) return amountMinor - Math.floor((amountMinor * coupon.percentOff) / 100);
  const off = coupon.amountOff?.[currency];
  if (off === undefined) return null;
  return Math.max(0, amountMinor - off);
}

/** Why a coupon cannot be used, said to the user as it is. */
export type CouponRefusal =
  'unknown' | 'expired' | 'used_up' | 'already_used' | 'wrong_plan' | 'wrong_currency' | 'not_eligible' | 'whole_price';

export const REFUSAL_MESSAGES: Record<CouponRefusal, string> = {
  unknown: 'There is no such coupon',
  expired: 'This coupon has expired',
  used_up: 'This coupon has been used up',
  already_used: 'You have already used this coupon',
  wrong_plan: 'This coupon is not valid for this plan',
  wrong_currency: 'This coupon is not valid in this currency',
  not_eligible: 'This coupon is only for members whose plan has ended',
  whole_price: 'This coupon would make the plan free, which a coupon never does',
};

export type CouponCheck =
  { ok: true; coupon: CouponRow; amountMinor: number } | { ok: false; reason: CouponRefusal; message: string };

function refuse(reason: CouponRefusal): { ok: false; reason: CouponRefusal; message: string } {
  return { ok: false, reason, message: REFUSAL_MESSAGES[reason] };
}

/** Whether the user had a paid plan that has ended, and none is in force now. */
async function hasLapsed(db: Executor, userId: number, now: Date): Promise<boolean> {
  const grants = await selectActiveGrants(db, userId);
  if (grants.length === 0) return false;
  return grants.every((grant) => Date.parse(grant.endsAt) <= now.getTime());
}

/**
 * Checks a coupon for one user, plan and price. With `lock`, the coupon's row is held until the
 * transaction ends (PostgreSQL; SQLite has one writer at a time), so the uses counted stay true until
 * the order that takes one is written in the same transaction.
 */
export async function checkCoupon(
  db: Executor,
  input: {
    code: string;
    userId: number | null;
    planId: number | null;
    amountMinor: number | null;
    currency: string;
    now: Date;
  },
  lock?: DatabaseEngine,
): Promise<CouponCheck> {
  const coupon = await selectCoupon(db, { code: input.code }, lock);
  if (!coupon || !coupon.active) return refuse('unknown');
  if (coupon.validUntil !== null && Date.parse(coupon.validUntil) <= input.now.getTime()) return refuse('expired');
  if (input.planId !== null && coupon.planId !== null && coupon.planId !== input.planId) return refuse('wrong_plan');
  if (coupon.audience === 'lapsed' && input.userId !== null && !(await hasLapsed(db, input.userId, input.now))) {
    return refuse('not_eligible');
  }
  const users = await holders(db, coupon.code);
  const mine = users.find((holder) => holder.userId === input.userId);
  if (mine?.paid) return refuse('already_used');
  if (!mine && coupon.usageLimit !== null && users.length >= coupon.usageLimit) return refuse('used_up');
  if (coupon.percentOff === null && coupon.amountOff?.[input.currency] === undefined) return refuse('wrong_currency');
  if (input.amountMinor === null) return { ok: true, coupon, amountMinor: 0 };
  const amountMinor = discountedAmount(coupon, input.amountMinor, input.currency);
  if (amountMinor === null) return refuse('wrong_currency');
  if (amountMinor <= 0) return refuse('whole_price');
  return { ok: true, coupon, amountMinor };
}

type PlanNames = Map<number, { code: string; name: string; kind: string }>;

async function selectPlanNames(db: Executor): Promise<PlanNames> {
  const rows = await db
    .selectFrom('plan as p')
    .innerJoin('plan_version as v', (join) =>
      join.onRef('v.plan_id', '=', 'p.id').onRef('v.version', '=', 'p.current_version'),
    )
    .select(['p.id', 'p.code', 'p.kind', 'v.name'])
    .execute();
  return new Map(rows.map((row) => [Number(row.id), { code: row.code, name: row.name, kind: row.kind }]));
}

function toDeal(coupon: CouponRow, plans: PlanNames): Deal {
  const plan = coupon.planId === null ? undefined : plans.get(coupon.planId);
  return {
    code: coupon.code,
    title: coupon.title,
    audience: coupon.audience,
    percentOff: coupon.percentOff,
    amountOff: coupon.amountOff,
    planCode: plan?.code ?? null,
    planName: plan?.name ?? null,
    planKind: PLAN_KINDS.find((kind) => kind === plan?.kind) ?? null,
    validUntil: coupon.validUntil,
  };
}

/** What a write of the CMS records in its transaction (the audit log's entry). */
export type AuditHook = (
  trx: Transaction<Database>,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
) => Promise<void>;

export type CouponWrite =
  | { ok: true; coupon: Coupon }
  | {
      ok: false;
      code: 'invalid_input';
      message: string;
      issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>;
    }
  | { ok: false; code: 'not_found' | 'conflict'; message: string };

export interface CouponService {
  /**
   * The deal a campaign link names, as the visitor may use it now: null with the reason when it is
   * unknown, inactive, expired, used up, or already used by this user.
   */
  deal(
    code: string,
    userId: number | null,
  ): Promise<{ ok: true; deal: Deal } | { ok: false; reason: CouponRefusal; message: string }>;
  /** The deal home shows a signed-in user whose paid plan lapsed: the newest valid 'lapsed' coupon. */
  lapsedDeal(userId: number): Promise<Deal | null>;
  /** The price after the deal for this user, or the refusal (for the pricing pages). */
  price(
    code: string,
    userId: number | null,
    planId: number,
    amountMinor: number,
    currency: string,
  ): Promise<CouponCheck>;
  /** The coupon an order was made with (null for none): a retry after a declined payment keeps it. */
  orderCoupon(orderId: string): Promise<string | null>;
  list(): Promise<Coupon[]>;
  get(id: number): Promise<{ coupon: Coupon; uses: CouponUse[] } | null>;
  create(input: unknown, audit: AuditHook): Promise<CouponWrite>;
  change(id: number, input: unknown, audit: AuditHook): Promise<CouponWrite>;
}

export interface HouseAdService {
  /** The ad as set in the CMS. */
  view(): Promise<HouseAd>;
  /** The ad for this visitor: null when they have `no_ads` or the ad is switched off. */
  forViewer(userId: number | null): Promise<HouseAd | null>;
  change(
    input: unknown,
    audit: AuditHook,
  ): Promise<{ ok: true; ad: HouseAd } | Extract<CouponWrite, { code: 'invalid_input' }>>;
}

function couponView(row: CouponRow, uses: number): Coupon {
  return { ...row, uses };
}

function plainCoupon(row: CouponRow): Record<string, unknown> {
  const { createdAt: _created, updatedAt: _updated, ...rest } = row;
  return rest;
}

export function createCouponService(deps: { db: Kysely<Database>; clock: Clock }): CouponService {
  const { db, clock } = deps;

  async function withUses(row: CouponRow): Promise<Coupon> {
    return couponView(row, (await holders(db, row.code)).length);
  }

  async function checkPlan(trx: Executor, planId: number | null): Promise<boolean> {
    if (planId === null) return true;
    const plan = await trx.selectFrom('plan').select(['id', 'kind']).where('id', '=', planId).executeTakeFirst();
    return plan !== undefined && plan.kind !== 'free';
  }

  return {
    async deal(code, userId) {
      const check = await checkCoupon(db, {
        code,
        userId,
        planId: null,
        amountMinor: null,
        currency: 'EUR',
        now: clock.now(),
      });
      if (!check.ok && check.reason !== 'wrong_currency') return check;
      const coupon = check.ok ? check.coupon : await selectCoupon(db, { code });
      if (!coupon) return refuse('unknown');
      return { ok: true, deal: toDeal(coupon, await selectPlanNames(db)) };
    },

    async lapsedDeal(userId) {
      const now = clock.now();
      if (!(await hasLapsed(db, userId, now))) return null;
      const rows = await db
        .selectFrom('coupon')
        .select(COUPON_COLUMNS)
        .where('audience', '=', 'lapsed')
        .where('active', '=', 1)
        .orderBy('id', 'desc')
        .execute();
      for (const row of rows.map(toCouponRow)) {
        const check = await checkCoupon(db, {
          code: row.code,
          userId,
          planId: null,
          amountMinor: null,
          currency: 'EUR',
          now,
        });
        if (check.ok || check.reason === 'wrong_currency') return toDeal(row, await selectPlanNames(db));
      }
      return null;
    },

    price: (code, userId, planId, amountMinor, currency) =>
      checkCoupon(db, { code, userId, planId, amountMinor, currency, now: clock.now() }),

    async orderCoupon(orderId) {
      const row = await db
        .selectFrom('payment_order')
        .select('coupon_code')
        .where('id', '=', orderId)
        .executeTakeFirst();
      return row?.coupon_code ?? null;
    },

    async list() {
      const rows = (await db.selectFrom('coupon').select(COUPON_COLUMNS).orderBy('id', 'desc').execute()).map(
        toCouponRow,
      );
      return Promise.all(rows.map(withUses));
    },

    async get(id) {
      const row = await selectCoupon(db, { id });
      if (!row) return null;
      const orders = await db
        .selectFrom('payment_order')
        .select(['id', 'user_id', 'status', 'amount_minor', 'currency', 'created_at'])
        .where('coupon_code', '=', row.code)
        .orderBy('created_at', 'desc')
        .limit(200)
        .execute();
      return {
        coupon: await withUses(row),
        uses: orders.map((order) => ({
          orderId: order.id,
          userId: Number(order.user_id),
          status: order.status,
          amountMinor: order.amount_minor,
          currency: order.currency,
          createdAt: toIsoString(order.created_at),
        })),
      };
    },

    async create(input, audit) {
      const parsed = couponInputSchema.safeParse(input);
      if (!parsed.success) {
        return {
          ok: false,
          code: 'invalid_input',
          message: 'Please correct the fields marked below',
          issues: parsed.error.issues,
        };
      }
      const value = parsed.data;
      return inTransaction(db, async (trx): Promise<CouponWrite> => {
        if (!(await checkPlan(trx, value.planId))) {
          return {
            ok: false,
            code: 'invalid_input',
            message: 'Please correct the fields marked below',
            issues: [{ path: ['planId'], message: 'Choose a paid plan' }],
          };
        }
        if (await selectCoupon(trx, { code: value.code })) {
          return { ok: false, code: 'conflict', message: `There is already a coupon ${value.code}` };
        }
        const now = clock.now().toISOString();
        const inserted = await trx
          .insertInto('coupon')
          .values({
            code: value.code,
            title: value.title,
            percent_off: value.percentOff,
            amount_off: value.amountOff === null ? null : JSON.stringify(value.amountOff),
            plan_id: value.planId,
            usage_limit: value.usageLimit,
            valid_until: value.validUntil === null ? null : new Date(value.validUntil).toISOString(),
            audience: value.audience,
            active: value.active ? 1 : 0,
            created_at: now,
            updated_at: now,
          })
          .onConflict((conflict) => conflict.column('code').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return { ok: false, code: 'conflict', message: `There is already a coupon ${value.code}` };
        const row = await selectCoupon(trx, { id: Number(inserted.id) });
        if (!row) throw new Error('The coupon just written is not there');
        await audit(trx, undefined, plainCoupon(row));
        return { ok: true, coupon: couponView(row, 0) };
      });
    },

    async change(id, input, audit) {
      const parsed = couponChangeSchema.safeParse(input);
      if (!parsed.success) {
        return {
          ok: false,
          code: 'invalid_input',
          message: 'Please correct the fields marked below',
          issues: parsed.error.issues,
        };
      }
      const result = await inTransaction(db, async (trx): Promise<CouponWrite | { ok: true; row: CouponRow }> => {
        const before = await selectCoupon(trx, { id });
        if (!before) return { ok: false, code: 'not_found', message: 'There is no such coupon' };
        // The change is checked as a whole, with the code kept: a coupon's code never changes (orders name it).
        const merged = couponInputSchema.safeParse({ ...before, ...parsed.data, code: before.code });
        if (!merged.success) {
          return {
            ok: false,
            code: 'invalid_input',
            message: 'Please correct the fields marked below',
            issues: merged.error.issues,
          };
        }
        const value = merged.data;
        if (!(await checkPlan(trx, value.planId))) {
          return {
            ok: false,
            code: 'invalid_input',
            message: 'Please correct the fields marked below',
            issues: [{ path: ['planId'], message: 'Choose a paid plan' }],
          };
        }
        await trx
          .updateTable('coupon')
          .set({
            title: value.title,
            percent_off: value.percentOff,
            amount_off: value.amountOff === null ? null : JSON.stringify(value.amountOff),
            plan_id: value.planId,
            usage_limit: value.usageLimit,
            valid_until: value.validUntil === null ? null : new Date(value.validUntil).toISOString(),
            audience: value.audience,
            active: value.active ? 1 : 0,
            updated_at: clock.now().toISOString(),
          })
          .where('id', '=', id)
          .execute();
        const after = await selectCoupon(trx, { id });
        if (!after) throw new Error('The coupon just written is not there');
        await audit(trx, plainCoupon(before), plainCoupon(after));
        return { ok: true, row: after };
      });
      if (!result.ok) return result;
      if ('row' in result) return { ok: true, coupon: await withUses(result.row) };
      return result;
    },
  };
}

function toHouseAd(row: {
  title: string;
  text: string;
  link: string;
  image_url: string | null;
  active: number | boolean;
}): HouseAd {
  return {
    title: row.title,
    text: row.text,
    link: row.link,
    imageUrl: row.image_url,
    active: Boolean(Number(row.active)),
  };
}

export function createHouseAdService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  hasNoAds: (userId: number) => Promise<boolean>;
}): HouseAdService {
  const { db, clock } = deps;
  async function view(executor: Executor = db): Promise<HouseAd> {
    const row = await executor
      .selectFrom('house_ad')
      .select(['title', 'text', 'link', 'image_url', 'active'])
      .where('id', '=', 1)
      .executeTakeFirst();
    return row ? toHouseAd(row) : { title: '', text: '', link: '/pricing', imageUrl: null, active: false };
  }
  return {
    view: () => view(),
    async forViewer(userId) {
      if (userId !== null && (await deps.hasNoAds(userId))) return null;
      const ad = await view();
      return ad.active ? ad : null;
    },
    async change(input, audit) {
      const parsed = houseAdInputSchema.safeParse(input);
      if (!parsed.success) {
        return {
          ok: false,
          code: 'invalid_input',
          message: 'Please correct the fields marked below',
          issues: parsed.error.issues,
        };
      }
      const value = parsed.data;
      await inTransaction(db, async (trx) => {
        const before = await view(trx);
        const row = {
          title: value.title,
          text: value.text,
          link: value.link,
          image_url: value.imageUrl === '' ? null : value.imageUrl,
          active: value.active ? 1 : 0,
          updated_at: clock.now().toISOString(),
        };
        const updated = await trx.updateTable('house_ad').set(row).where('id', '=', 1).executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0)
          await trx
            .insertInto('house_ad')
            .values({ id: 1, ...row })
            .execute();
        const { updated_at: _at, ...after } = row;
        await audit(trx, { ...before }, { ...toHouseAd(after) });
      });
      return { ok: true, ad: await view() };
    },
  };
}
