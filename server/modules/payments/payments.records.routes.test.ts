// The order history and receipts API (issue #21) through the real app on SQLite
// and PostgreSQL: newest first, ten a page, a receipt once an order was paid;
// the owner's only (anyone else's is a 404, as is an unpaid one), 401 without a
// session, 400 for a page that is not one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPageSchema, receiptSchema, type Order } from '../../../domain/payments-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import type { Clock } from '../../platform/clock.ts';

const ORIGIN = 'http://localhost:3000';
const START = new Date('2026-03-01T12:00:00.000Z');
const MINUTE = 60_000;

describe.each(TEST_ENGINES)('the order history API on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let now = START;
  const clock: Clock = { now: () => now };
  const users: Record<string, { id: number; token: string }> = {};
  const orders: Order[] = [];

  const get = (path: string, as?: string) =>
    t.app.request(`${ORIGIN}/api${path}`, {
      headers: as ? { Authorization: `Bearer ${users[as]!.token}` } : {},
    });

  async function order(userId: number, code: string): Promise<Order> {
    now = new Date(now.getTime() + MINUTE);
    const plan = (await t.services.payments.listPlans()).plans.find((item) => item.code === code)!;
    const result = await t.services.payments.createOrder(userId, { planId: plan.id, provider: 'sandbox' });
    if (!result.ok) throw new Error(result.message);
    return result.order;
  }

  async function settle(paid: Order, type: 'payment.succeeded' | 'payment.failed' | 'refund.succeeded') {
    const result = await t.services.payments.settle('sandbox', {
      id: `evt_${paid.id}_${type}`,
      type,
      orderId: paid.id,
      amountMinor: paid.amountMinor,
      currency: paid.currency,
      createdAt: now,
    });
    expect(result).toEqual({ ok: true, outcome: 'applied' });
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { BASE_URL: ORIGIN, PAYMENT_VAT_RATE: '21', PAYMENT_SELLER_NAME: 'Goal Line BV', PAYMENT_VAT_ID: 'NL0001' },
      { clock },
    );
    for (const [index, name] of ['ann', 'ben'].entries()) {
      const result = await t.services.accounts.register(
        { email: `${name}@example.com`, password: 'correct horse battery staple', displayName: name.toUpperCase() },
        { ip: `198.51.100.${index + 1}`, userAgent: 'vitest' },
      );
      if (!result.ok) throw new Error(result.message);
      users[name] = { id: result.session.user.id, token: result.session.token.access_token };
    }
    // Ann's 12 orders, oldest first: paid, declined, refunded, then pending ones and a paid yearly last.
    const ann = users.ann!.id;
    orders.push(await order(ann, 'premium-monthly'));
    await settle(orders[0]!, 'payment.succeeded');
    orders.push(await order(ann, 'premium-monthly'));
    await settle(orders[1]!, 'payment.failed');
    orders.push(await order(ann, 'football-season'));
    await settle(orders[2]!, 'payment.succeeded');
    await settle(orders[2]!, 'refund.succeeded');
    for (let index = 0; index < 8; index += 1) orders.push(await order(ann, 'premium-monthly'));
    orders.push(await order(ann, 'premium-yearly'));
    await settle(orders[11]!, 'payment.succeeded');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the user’s orders newest first, ten a page, with the plan and whether a receipt exists', async () => {
    const first = await get('/payments/orders', 'ann');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const page1 = orderPageSchema.parse(await first.json());
    expect(page1.page).toBe(1);
    expect(page1.nextPage).toBe(2);
    expect(page1.orders.map((item) => item.id)).toEqual(
      orders
        .slice(2)
        .reverse()
        .map((item) => item.id),
    );
    expect(page1.orders[0]).toMatchObject({
      planCode: 'premium-yearly',
      planName: 'Premium yearly',
      status: 'paid',
      amountMinor: 4499,
      currency: 'EUR',
      provider: 'sandbox',
      hasReceipt: true,
    });
    expect(page1.orders[1]).toMatchObject({ status: 'pending', hasReceipt: false });
    expect(page1.orders.at(-1)).toMatchObject({
      planName: 'Football season pass',
      status: 'refunded',
      hasReceipt: true,
    });

    const page2 = orderPageSchema.parse(await (await get('/payments/orders?page=2', 'ann')).json());
    expect(page2.nextPage).toBeNull();
    expect(page2.orders.map((item) => [item.id, item.status, item.hasReceipt])).toEqual([
      [orders[1]!.id, 'failed', false],
      [orders[0]!.id, 'paid', true],
    ]);
    const page3 = orderPageSchema.parse(await (await get('/payments/orders?page=3', 'ann')).json());
    expect(page3).toEqual({ orders: [], page: 3, nextPage: null });

    // Ben has none of Ann's.
    expect(await (await get('/payments/orders', 'ben')).json()).toEqual({ orders: [], page: 1, nextPage: null });
  });

  it('refuses a page that is not one, and anyone signed out', async () => {
    for (const page of ['0', '-1', 'two', '1.5']) {
      const response = await get(`/payments/orders?page=${page}`, 'ann');
      expect(response.status, page).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
    }
    expect((await get('/payments/orders')).status).toBe(401);
    expect((await get(`/payments/orders/${orders[0]!.id}/receipt`)).status).toBe(401);
  });

  it('answers the receipt of a paid order, VAT worked out from the total, to its owner only', async () => {
    const response = await get(`/payments/orders/${orders[11]!.id}/receipt`, 'ann');
    expect(response.status).toBe(200);
    const { receipt } = (await response.json()) as { receipt: unknown };
    const parsed = receiptSchema.parse(receipt);
    expect(parsed).toMatchObject({
      orderId: orders[11]!.id,
      status: 'paid',
      refundedAt: null,
      buyer: { name: 'ANN', email: 'ann@example.com' },
      plan: { code: 'premium-yearly', name: 'Premium yearly' },
      amountMinor: 4499,
      currency: 'EUR',
      paymentMethod: 'sandbox',
      seller: { name: 'Goal Line BV', address: null, vatId: 'NL0001' },
      // 4499 / 1.21 = 3718.18 → 3718; VAT 781.
      vat: { ratePercent: 21, netMinor: 3718, vatMinor: 781, grossMinor: 4499 },
    });
    // Bought after the month paid by the first order: it starts when that one ends.
    expect(Date.parse(parsed.period.from)).toBe(Date.parse(orders[0]!.createdAt) + 30 * 24 * 60 * MINUTE);
    expect(Date.parse(parsed.period.until) - Date.parse(parsed.period.from)).toBe(365 * 24 * 60 * MINUTE);

    const refunded = receiptSchema.parse(
      ((await (await get(`/payments/orders/${orders[2]!.id}/receipt`, 'ann')).json()) as { receipt: unknown }).receipt,
    );
    expect(refunded.status).toBe('refunded');
    expect(refunded.refundedAt).not.toBeNull();

    for (const [id, as] of [
      [orders[11]!.id, 'ben'], // someone else's
      [orders[1]!.id, 'ann'], // declined
      [orders[5]!.id, 'ann'], // pending
      ['ord_nothing', 'ann'],
    ] as const) {
      const refused = await get(`/payments/orders/${id}/receipt`, as);
      expect(refused.status, `${id} as ${as}`).toBe(404);
    }
  });

  it('lists a free trial as an order of nothing, with no receipt', async () => {
    const monthly = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-monthly')!;
    await t.database.handle.db
      .updateTable('plan_version')
      .set({ trial_days: 7 })
      .where('plan_id', '=', monthly.id)
      .execute();
    const trial = await t.services.payments.startTrial(users.ben!.id, monthly.id);
    expect(trial.ok).toBe(true);
    const page = orderPageSchema.parse(await (await get('/payments/orders', 'ben')).json());
    expect(page.orders).toHaveLength(1);
    expect(page.orders[0]).toMatchObject({ provider: 'trial', amountMinor: 0, status: 'paid', hasReceipt: false });
    expect((await get(`/payments/orders/${page.orders[0]!.id}/receipt`, 'ben')).status).toBe(404);
  });

  it('describes both routes in the OpenAPI document', async () => {
    const doc = (await (await t.app.request(`${ORIGIN}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(doc.paths['/payments/orders']?.get?.summary).toMatch(/orders, newest first/);
    expect(doc.paths['/payments/orders/{id}/receipt']?.get?.summary).toMatch(/receipt/);
  });
});
