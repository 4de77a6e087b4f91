// Coupons (the hidden deal, issue #21) on SQLite and PostgreSQL: the discount in
// minor units, each reason a coupon is refused at checkout, the order keeping the
// coupon and its discounted amount (which settlement then checks), and the usage
// limit holding when two users order at the same moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { discountedAmount, type AuditHook } from './payments.coupons.ts';

const SECRET = 'webhook-secret-webhook-secret-0123456789';
const DAY = 24 * 60 * 60 * 1000;
const noAudit: AuditHook = async () => undefined;
const SUCCEEDS = { card: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', step: 'pay' as const };

describe('discountedAmount', () => {
  it('takes a percent off in minor units, the fraction kept by the price', () => {
    expect(discountedAmount({ percentOff: 10, amountOff: null }, 499, 'EUR')).toBe(450);
    expect(discountedAmount({ percentOff: 25, amountOff: null }, 4499, 'EUR')).toBe(3375);
    expect(discountedAmount({ percentOff: 99, amountOff: null }, 1, 'EUR')).toBe(1);
  });
  it('takes an amount off in the currency paid, never below 0, and none in another currency', () => {
    expect(discountedAmount({ percentOff: null, amountOff: { EUR: 200 } }, 499, 'EUR')).toBe(299);
    expect(discountedAmount({ percentOff: null, amountOff: { EUR: 900 } }, 499, 'EUR')).toBe(0);
    expect(discountedAmount({ percentOff: null, amountOff: { EUR: 200 } }, 549, 'USD')).toBeNull();
  });
});

describe.each(TEST_ENGINES)('coupons on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let shift = 0;
  const clock = { now: () => new Date(Date.now() + shift) };
  const users: number[] = [];
  const plan: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: 'http://localhost:3000', PAYMENT_WEBHOOK_SECRET: SECRET }, { clock });
    for (const [index, name] of ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'].entries()) {
      const result = await t.services.accounts.register(
        { email: `${name}@example.com`, password: 'correct horse battery staple' },
        { ip: `198.51.100.${index + 40}`, userAgent: 'vitest' },
      );
      if (!result.ok) throw new Error(result.message);
      users.push(result.session.user.id);
    }
    for (const item of (await t.services.payments.listPlans()).plans) plan[item.code] = item.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function coupon(input: Record<string, unknown>) {
    const result = await t.services.payments.coupons.create({ title: 'Test deal', ...input }, noAudit);
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result.coupon;
  }
  const order = (userId: number, coupon: string | undefined, planCode = 'premium-monthly') =>
    t.services.payments.createOrder(userId, {
      planId: plan[planCode]!,
      provider: 'sandbox',
      ...(coupon === undefined ? {} : { coupon }),
    });

  it('applies the seeded WELCOME10 whatever its case: the order stores the coupon and the lower amount', async () => {
    const result = await order(users[0]!, ' welcome10 ');
    expect(result).toMatchObject({ ok: true, order: { amountMinor: 450, currency: 'EUR', status: 'pending' } });
    if (!result.ok) return;
    const row = await t.database.handle.db
      .selectFrom('payment_order')
      .select(['coupon_code', 'amount_minor'])
      .where('id', '=', result.order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ coupon_code: 'WELCOME10', amount_minor: 450 });
    expect((await t.services.payments.orderHistory(result.order.id))[0]?.cause).toContain('coupon WELCOME10');
  });

  it('settles the order at its discounted amount and refuses the full price in a webhook', async () => {
    const userId = users[1]!;
    const result = await order(userId, 'WELCOME10', 'premium-yearly');
    if (!result.ok) throw new Error(result.message);
    expect(result.order.amountMinor).toBe(4050); // 4499 less 449 (10 %, rounded down)
    const fullPrice = await t.services.payments.settle('sandbox', {
      id: 'evt_full_price',
      type: 'payment.succeeded',
      orderId: result.order.id,
      amountMinor: 4499,
      currency: 'EUR',
      createdAt: new Date(),
    });
    expect(fullPrice).toMatchObject({ ok: false, code: 'amount_mismatch' });
    expect(await t.services.payments.paySandbox(userId, result.order.id, SUCCEEDS)).toEqual({
      ok: true,
      next: 'result',
    });
    expect((await t.services.payments.getOrder(userId, result.order.id))?.status).toBe('paid');
    // Used: a second order with it is refused for this user.
    expect(await order(userId, 'WELCOME10')).toMatchObject({
      ok: false,
      code: 'invalid_coupon',
      message: 'You have already used this coupon',
    });
  });

  it('takes an amount off per currency and refuses one that would make the plan free', async () => {
    await coupon({ code: 'TWOOFF', amountOff: { EUR: 200 } });
    await coupon({ code: 'ALLOFF', amountOff: { EUR: 499 } });
    await coupon({ code: 'DOLLARS', amountOff: { USD: 100 } });
    expect(await order(users[2]!, 'twooff')).toMatchObject({ ok: true, order: { amountMinor: 299 } });
    expect(await order(users[2]!, 'ALLOFF')).toMatchObject({
      ok: false,
      code: 'invalid_coupon',
      message: 'This coupon would make the plan free, which a coupon never does',
    });
    expect(await order(users[2]!, 'DOLLARS')).toMatchObject({
      ok: false,
      message: 'This coupon is not valid in this currency',
    });
  });

  it('refuses unknown, inactive, expired, used-up and wrong-plan coupons with a message saying which, and makes no order', async () => {
    await coupon({ code: 'OLDDEAL', percentOff: 20, validUntil: new Date(Date.now() - DAY).toISOString() });
    await coupon({ code: 'PAUSED', percentOff: 20, active: false });
    await coupon({ code: 'YEARLYONLY', percentOff: 20, planId: plan['premium-yearly'] });
    await coupon({ code: 'ONEUSE', percentOff: 20, usageLimit: 1 });
    expect(await order(users[3]!, 'ONEUSE')).toMatchObject({ ok: true, order: { amountMinor: 400 } });
    const userId = users[4]!;
    const count = async () =>
      Number(
        (
          await t.database.handle.db
            .selectFrom('payment_order')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: Array<[string, string]> = [
      ['NOSUCHDEAL', 'There is no such coupon'],
      ['PAUSED', 'There is no such coupon'],
      ['OLDDEAL', 'This coupon has expired'],
      ['ONEUSE', 'This coupon has been used up'],
      ['YEARLYONLY', 'This coupon is not valid for this plan'],
    ];
    for (const [code, message] of cases) {
      expect(await order(userId, code)).toEqual({ ok: false, code: 'invalid_coupon', message });
    }
    expect(await count()).toBe(before);
    // The same user ordering again while their first order is unpaid takes no second use.
    expect(await order(users[3]!, 'ONEUSE')).toMatchObject({ ok: true });
    expect((await t.services.payments.coupons.list()).find((item) => item.code === 'ONEUSE')?.uses).toBe(1);
  });

  it('with a limit of one, two users ordering at the same moment: exactly one gets the coupon', async () => {
    await coupon({ code: 'RACE', percentOff: 50, usageLimit: 1 });
    const results = await Promise.all([order(users[5]!, 'RACE'), order(users[6]!, 'RACE')]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, code: 'invalid_coupon', message: 'This coupon has been used up' },
    ]);
    const rows = await t.database.handle.db
      .selectFrom('payment_order')
      .select('user_id')
      .where('coupon_code', '=', 'RACE')
      .execute();
    expect(rows).toHaveLength(1);
    const view = await t.services.payments.coupons.list();
    expect(view.find((item) => item.code === 'RACE')?.uses).toBe(1);
  });

  it('gives the use back when the unpaid order holding it expires', async () => {
    await coupon({ code: 'HOLD', percentOff: 15, usageLimit: 1 });
    const first = await order(users[5]!, 'HOLD');
    expect(first).toMatchObject({ ok: true });
    expect(await order(users[6]!, 'HOLD')).toMatchObject({ ok: false, message: 'This coupon has been used up' });
    // The order-expiry job, run a month later, expires the unpaid order: its use is free again.
    expect(await t.services.payments.expireOrders(new Date(Date.now() + 30 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await order(users[6]!, 'HOLD')).toMatchObject({ ok: true, order: { amountMinor: 425 } });
  });

  it("offers a 'lapsed' coupon only to a user whose paid plan has ended", async () => {
    await coupon({ code: 'COMEBACK', percentOff: 30, audience: 'lapsed' });
    const member = users[7]!;
    expect(await order(member, 'COMEBACK')).toMatchObject({
      ok: false,
      message: 'This coupon is only for members whose plan has ended',
    });
    expect(await t.services.payments.coupons.lapsedDeal(member)).toBeNull();
    const first = await order(member, undefined);
    if (!first.ok) throw new Error(first.message);
    await t.services.payments.paySandbox(member, first.order.id, SUCCEEDS);
    expect(await t.services.payments.coupons.lapsedDeal(member)).toBeNull(); // in force: not lapsed
    shift = 31 * DAY;
    try {
      expect(await t.services.payments.coupons.lapsedDeal(member)).toMatchObject({ code: 'COMEBACK', percentOff: 30 });
      expect(await order(member, 'comeback')).toMatchObject({ ok: true, order: { amountMinor: 350 } });
    } finally {
      shift = 0;
    }
  });

  it('reveals a campaign deal by its code, and says why one is not there', async () => {
    expect(await t.services.payments.coupons.deal('welcome10', null)).toMatchObject({
      ok: true,
      deal: { code: 'WELCOME10', percentOff: 10, validUntil: null, planCode: null },
    });
    expect(await t.services.payments.coupons.deal('YEARLYONLY', null)).toMatchObject({
      ok: true,
      deal: { planCode: 'premium-yearly', planName: 'Premium yearly' },
    });
    expect(await t.services.payments.coupons.deal('OLDDEAL', null)).toMatchObject({ ok: false, reason: 'expired' });
    expect(await t.services.payments.coupons.deal('nope', null)).toMatchObject({ ok: false, reason: 'unknown' });
  });

  it('refuses a coupon the CMS sends badly, and a second coupon with the same code in any case', async () => {
    const bad = await t.services.payments.coupons.create({ code: 'X', title: '', percentOff: 100 }, noAudit);
    expect(bad).toMatchObject({ ok: false, code: 'invalid_input' });
    const both = await t.services.payments.coupons.create(
      { code: 'BOTH', title: 'Both', percentOff: 10, amountOff: { EUR: 100 } },
      noAudit,
    );
    expect(both).toMatchObject({ ok: false, code: 'invalid_input' });
    const again = await t.services.payments.coupons.create(
      { code: 'welcome10', title: 'Again', percentOff: 5 },
      noAudit,
    );
    expect(again).toMatchObject({ ok: false, code: 'conflict' });
  });
});
