// Paying an order with a payment link's token (issue #21) on SQLite and PostgreSQL: the owner alone gets
// a link, and only while there is something to pay; the token pays exactly its order, without a session;
// two payments through one link at the same moment grant the plan once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';

const DAY = 24 * 60 * 60 * 1000;
const SUCCEEDS = { card: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', step: 'pay' as const };

describe.each(TEST_ENGINES)('payment links on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const users: number[] = [];
  let planId = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: 'http://localhost:3000' });
    for (const [index, name] of ['pia', 'quinn'].entries()) {
      const result = await t.services.accounts.register(
        { email: `${name}@example.com`, password: 'correct horse battery staple' },
        { ip: `198.51.100.${index + 90}`, userAgent: 'vitest' },
      );
      if (!result.ok) throw new Error(result.message);
      users.push(result.session.user.id);
    }
    planId = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-monthly')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newOrder(userId: number) {
    const result = await t.services.payments.createOrder(userId, { planId, provider: 'sandbox' });
    if (!result.ok) throw new Error(result.message);
    return result.order;
  }

  it('gives the owner alone a link to the site, valid 24 hours', async () => {
    const [pia, quinn] = users as [number, number];
    const order = await newOrder(pia);
    expect(await t.services.payments.paymentLink(quinn, order.id)).toEqual({ ok: false, code: 'not_found' });
    const before = Date.now();
    const link = await t.services.payments.paymentLink(pia, order.id);
    if (!link.ok) throw new Error('no link');
    expect(link.url).toBe(`http://localhost:3000/payment/link/${link.token}`);
    expect(Date.parse(link.expiresAt) - before).toBeGreaterThan(DAY - 2000);
    expect(Date.parse(link.expiresAt) - before).toBeLessThanOrEqual(DAY);
    expect(await t.services.payments.orderForToken(link.token)).toMatchObject({ ok: true, order: { id: order.id } });
    expect(await t.services.payments.orderForToken(link.token, 'ord_another')).toEqual({
      ok: false,
      reason: 'tampered',
    });
  });

  it('pays exactly its order without a session, and makes no link for a paid order', async () => {
    const [pia] = users as [number];
    const order = await newOrder(pia);
    const other = await newOrder(pia);
    const link = await t.services.payments.paymentLink(pia, order.id);
    if (!link.ok) throw new Error('no link');
    // No session and no token, or another order's token: nothing.
    expect(await t.services.payments.paySandbox(null, order.id, SUCCEEDS)).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(await t.services.payments.paySandbox(null, other.id, SUCCEEDS, { token: link.token })).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect((await t.services.payments.getOrder(pia, other.id))?.status).toBe('pending');

    expect(await t.services.payments.paySandbox(null, order.id, SUCCEEDS, { token: link.token })).toEqual({
      ok: true,
      next: 'result',
    });
    expect((await t.services.payments.getOrder(pia, order.id))?.status).toBe('paid');
    expect(await t.services.payments.paySandbox(null, order.id, SUCCEEDS, { token: link.token })).toMatchObject({
      ok: false,
      code: 'not_payable',
    });
    expect(await t.services.payments.paymentLink(pia, order.id)).toMatchObject({ ok: false, code: 'not_payable' });
    expect(await t.services.payments.linkCheckoutUrl(link.token)).toEqual({ ok: false, reason: 'not_payable' });
  });

  it('makes no link for a bank transfer: its reference pays it from any bank', async () => {
    const [pia] = users as [number];
    const created = await t.services.payments.createOrder(pia, { planId, provider: 'local' });
    if (!created.ok) throw new Error(created.message);
    expect(await t.services.payments.paymentLink(pia, created.order.id)).toMatchObject({
      ok: false,
      code: 'bank_transfer',
    });
  });

  it('grants the plan once when one link pays twice at the same moment', async () => {
    const [, quinn] = users as [number, number];
    const order = await newOrder(quinn);
    const link = await t.services.payments.paymentLink(quinn, order.id);
    if (!link.ok) throw new Error('no link');
    const before = Date.now();
    await Promise.all([
      t.services.payments.paySandbox(null, order.id, SUCCEEDS, { token: link.token }),
      t.services.payments.paySandbox(null, order.id, SUCCEEDS, { token: link.token }),
    ]);
    const history = await t.services.payments.orderHistory(order.id);
    expect(history.filter((row) => row.to === 'paid')).toHaveLength(1);
    const [noAds] = (await t.services.payments.entitlements(quinn)).filter((item) => item.name === 'no_ads');
    expect(Date.parse(noAds!.expiresAt) - before).toBeLessThan(30 * DAY + 60_000);
  });
});
