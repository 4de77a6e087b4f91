// The payments API (issue #21) through the real app on SQLite and PostgreSQL:
// the plans a fresh install shows, checkout with the price read from the
// database whatever the browser sends, orders only their owner can read, the
// sandbox webhook's signature (forged, stale, replayed with a new timestamp),
// and settlement granting then revoking the plan, each change with its cause.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createdOrderSchema,
  orderSchema,
  paymentsMeSchema,
  plansSchema,
  type Order,
} from '../../../domain/payments-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { signatureHeader } from './payments.sandbox.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const SECRET = 'webhook-secret-webhook-secret-0123456789';
const DAY = 24 * 60 * 60 * 1000;

type Built = Awaited<ReturnType<typeof createTestApp>>;

async function call(
  t: Built,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  return await t.app.request(`${ORIGIN}/api${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      'X-Forwarded-For': '198.51.100.77',
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

async function webhook(
  t: Built,
  event: unknown,
  options: { secret?: string; at?: number; raw?: string } = {},
): Promise<Response> {
  const raw = options.raw ?? JSON.stringify(event);
  const at = options.at ?? Math.floor(Date.now() / 1000);
  return await t.app.request(`${ORIGIN}/api/payments/webhooks/sandbox`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Scoreline-Signature': signatureHeader(options.secret ?? SECRET, at, raw),
    },
    body: raw,
  });
}

function paymentEvent(id: string, type: string, order: Order) {
  return {
    id,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { orderId: order.id, amount: order.amountMinor, currency: order.currency },
  };
}

describe.each(TEST_ENGINES)('the payments API on %s', (engine) => {
  let t: Built;
  let alice = '';
  let bob = '';
  let plans: ReturnType<typeof plansSchema.parse>['plans'] = [];
  const planId = (code: string) => plans.find((plan) => plan.code === code)!.id;

  async function orderOf(token: string, code = 'premium-monthly'): Promise<Order> {
    const response = await call(t, 'POST', '/payments/orders', {
      token,
      body: { planId: planId(code), provider: 'sandbox' },
    });
    expect(response.status).toBe(201);
    return createdOrderSchema.parse(await response.json()).order;
  }

  async function statusOf(token: string, order: Order) {
    const response = await call(t, 'GET', `/payments/orders/${order.id}`, { token });
    return orderSchema.parse(((await response.json()) as { order: unknown }).order).status;
  }

  async function meOf(token: string) {
    const response = await call(t, 'GET', '/payments/me', { token });
    expect(response.status).toBe(200);
    return paymentsMeSchema.parse(await response.json());
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: ORIGIN, TRUST_PROXY: '1', PAYMENT_WEBHOOK_SECRET: SECRET });
    for (const [index, name] of ['alice', 'bob'].entries()) {
      const result = await t.services.accounts.register(
        { email: `${name}@example.com`, password: PASSWORD },
        { ip: `198.51.100.${index + 10}`, userAgent: 'vitest' },
      );
      if (!result.ok) throw new Error(result.message);
      if (name === 'alice') alice = result.session.token.access_token;
      else bob = result.session.token.access_token;
    }
    plans = plansSchema.parse(await (await call(t, 'GET', '/plans')).json()).plans;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the default plans of a fresh install, Free first, yearly cheaper per month, in EUR and USD', async () => {
    const response = await call(t, 'GET', '/plans');
    expect(response.status).toBe(200);
    const body = plansSchema.parse(await response.json());
    expect(body.providers).toEqual(['sandbox', 'local']);
    expect(body.plans.map((plan) => [plan.code, plan.kind, plan.version])).toEqual([
      ['free', 'free', 1],
      ['premium-monthly', 'premium', 1],
      ['premium-yearly', 'premium', 1],
      ['football-season', 'sport-pass', 1],
    ]);
    const eur = (code: string) =>
      body.plans.find((plan) => plan.code === code)!.prices.find((price) => price.currency === 'EUR')!.amountMinor;
    expect(eur('premium-yearly') / 12).toBeLessThan(eur('premium-monthly'));
    for (const plan of body.plans.slice(1)) expect(plan.prices.map((price) => price.currency)).toEqual(['EUR', 'USD']);
    expect(body.plans[0]!.prices).toEqual([]);
  });

  it('refuses checkout to a visitor who is not signed in', async () => {
    const response = await call(t, 'POST', '/payments/orders', {
      body: { planId: planId('premium-monthly'), provider: 'sandbox' },
    });
    expect(response.status).toBe(401);
    expect(await call(t, 'GET', '/payments/me').then((r) => r.status)).toBe(401);
  });

  it('reads the price from the database: a tampered amount, currency or plan version is ignored', async () => {
    const response = await call(t, 'POST', '/payments/orders', {
      token: alice,
      body: {
        planId: planId('premium-monthly'),
        provider: 'sandbox',
        amountMinor: 1,
        amount: 1,
        currency: 'USD',
        planVersion: 99,
      },
    });
    expect(response.status).toBe(201);
    const { order, checkoutUrl } = createdOrderSchema.parse(await response.json());
    expect(order).toMatchObject({
      status: 'pending',
      amountMinor: 499,
      currency: 'EUR',
      planVersion: 1,
      provider: 'sandbox',
    });
    expect(order.id).toMatch(/^ord_[\w-]{22}$/);
    // The checkout carries a signed token for this order (it works on another host: docs/payments.md).
    expect(checkoutUrl).toMatch(
      new RegExp(`^${ORIGIN}/payment/sandbox/${order.id}\\?token=${order.id}\\.[0-9a-z]+\\.[\\w-]{22}$`),
    );
  });

  it('answers an unknown plan or provider, the free plan and an unknown coupon with a clear 400', async () => {
    const cases: Array<[unknown, string]> = [
      [{ planId: 9999, provider: 'sandbox' }, 'unknown_plan'],
      [{ planId: planId('premium-monthly'), provider: 'paypal' }, 'unknown_provider'],
      [{ planId: planId('free'), provider: 'sandbox' }, 'not_for_sale'],
      [{ planId: planId('premium-monthly'), provider: 'sandbox', coupon: 'FREE100' }, 'invalid_coupon'],
      [{ planId: 'premium', provider: 'sandbox' }, 'invalid_input'],
    ];
    for (const [body, code] of cases) {
      const response = await call(t, 'POST', '/payments/orders', { token: alice, body });
      expect(response.status, code).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
    }
  });

  it("shows an order to its owner only: someone else's is a 404, as is one that does not exist", async () => {
    const order = await orderOf(alice);
    expect(await call(t, 'GET', `/payments/orders/${order.id}`, { token: alice }).then((r) => r.status)).toBe(200);
    expect(await call(t, 'GET', `/payments/orders/${order.id}`, { token: bob }).then((r) => r.status)).toBe(404);
    expect(await call(t, 'GET', '/payments/orders/ord_nothing', { token: alice }).then((r) => r.status)).toBe(404);
    expect(await call(t, 'GET', `/payments/orders/${order.id}`).then((r) => r.status)).toBe(401);
  });

  it('knows the signed-in user by the session cookie too', async () => {
    const cookie = { Cookie: `scoreline_access=${bob}`, Origin: ORIGIN };
    expect(
      paymentsMeSchema.parse(await (await call(t, 'GET', '/payments/me', { headers: cookie })).json()).plan.code,
    ).toBe('free');
    const response = await call(t, 'POST', '/payments/orders', {
      headers: cookie,
      body: { planId: planId('premium-yearly'), provider: 'sandbox' },
    });
    expect(response.status).toBe(201);
  });

  it('refuses a forged, stale or missing signature with 400 and changes nothing', async () => {
    const order = await orderOf(alice);
    const event = paymentEvent('evt_forged_1', 'payment.succeeded', order);
    const forged = await webhook(t, event, { secret: 'not-the-secret-not-the-secret-not-the-secret' });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('invalid_signature');
    const stale = await webhook(t, event, { at: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(400);
    // The signature covers the raw body: the same JSON re-spaced is not what was signed.
    const raw = JSON.stringify(event);
    const header = signatureHeader(SECRET, Math.floor(Date.now() / 1000), raw);
    const altered = await t.app.request(`${ORIGIN}/api/payments/webhooks/sandbox`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Scoreline-Signature': header },
      body: JSON.stringify(event, null, 2),
    });
    expect(altered.status).toBe(400);
    const missing = await t.app.request(`${ORIGIN}/api/payments/webhooks/sandbox`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: raw,
    });
    expect(missing.status).toBe(400);
    expect(await statusOf(alice, order)).toBe('pending');
    expect((await meOf(alice)).entitlements).toEqual([]);
    const processed = await t.database.handle.db.selectFrom('processed_provider_event').select('event_id').execute();
    expect(processed.map((row) => row.event_id)).not.toContain('evt_forged_1');
  });

  it('refuses an event whose amount or currency is not the order’s', async () => {
    const order = await orderOf(alice);
    const event = paymentEvent('evt_cheap', 'payment.succeeded', order);
    const response = await webhook(t, { ...event, data: { ...event.data, amount: 1 } });
    expect(response.status).toBe(400);
    expect(await statusOf(alice, order)).toBe('pending');
  });

  it('settles a payment once: a replay with a new timestamp and the same event id changes nothing; a refund revokes it', async () => {
    const started = Date.now();
    const order = await orderOf(bob, 'premium-monthly');
    const event = paymentEvent('evt_paid_bob', 'payment.succeeded', order);
    const paid = await webhook(t, event);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ outcome: 'applied' });
    expect(await statusOf(bob, order)).toBe('paid');
    const me = await meOf(bob);
    expect(me.plan.code).toBe('premium-monthly');
    expect(me.entitlements.map((item) => item.name)).toEqual(['hd_video', 'no_ads', 'premium_media']);
    const expiresAt = Date.parse(me.expiresAt!);
    expect(expiresAt).toBeGreaterThanOrEqual(started + 30 * DAY);
    expect(expiresAt).toBeLessThan(Date.now() + 30 * DAY + 1000);

    const replay = await webhook(t, event, { at: Math.floor(Date.now() / 1000) + 2 });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ outcome: 'duplicate' });
    expect((await meOf(bob)).expiresAt).toBe(me.expiresAt);

    // A second paid event with another id (the provider said it twice): nothing more is granted.
    expect(await (await webhook(t, paymentEvent('evt_paid_bob_again', 'payment.succeeded', order))).json()).toEqual({
      outcome: 'ignored',
    });
    expect(await (await webhook(t, paymentEvent('evt_failed_late', 'payment.failed', order))).json()).toEqual({
      outcome: 'ignored',
    });
    expect((await meOf(bob)).expiresAt).toBe(me.expiresAt);

    expect(await (await webhook(t, paymentEvent('evt_refund_bob', 'refund.succeeded', order))).json()).toEqual({
      outcome: 'applied',
    });
    expect(await statusOf(bob, order)).toBe('refunded');
    const after = await meOf(bob);
    expect(after).toMatchObject({ expiresAt: null, entitlements: [] });
    expect(after.plan.code).toBe('free');
    // Paid after refunded: too late.
    expect(await (await webhook(t, paymentEvent('evt_paid_bob_late', 'payment.succeeded', order))).json()).toEqual({
      outcome: 'ignored',
    });
    expect((await meOf(bob)).entitlements).toEqual([]);

    const history = await t.services.payments.orderHistory(order.id);
    expect(history.map((row) => [row.from, row.to, row.cause, row.providerEventId])).toEqual([
      [null, 'pending', expect.stringMatching(/^checkout by user \d+ with sandbox$/), null],
      ['pending', 'paid', 'sandbox payment.succeeded', 'evt_paid_bob'],
      ['paid', 'refunded', 'sandbox refund.succeeded', 'evt_refund_bob'],
    ]);
  });

  it('extends from the current expiry when a plan is bought again before it ends', async () => {
    const first = await orderOf(alice, 'premium-monthly');
    await webhook(t, paymentEvent('evt_alice_1', 'payment.succeeded', first));
    const once = Date.parse((await meOf(alice)).expiresAt!);
    const second = await orderOf(alice, 'premium-yearly');
    await webhook(t, paymentEvent('evt_alice_2', 'payment.succeeded', second));
    const me = await meOf(alice);
    expect(Date.parse(me.expiresAt!)).toBe(once + 365 * DAY);
    expect(me.plan.code).toBe('premium-yearly');
  });

  it('keeps the plan version an order was made at when the price changes', async () => {
    const before = await orderOf(alice, 'football-season');
    const db = t.database.handle.db;
    const plan = planId('football-season');
    const now = new Date().toISOString();
    const { id: versionId } = await db
      .insertInto('plan_version')
      .values({
        plan_id: plan,
        version: 2,
        name: 'Football season pass',
        interval: 'season',
        duration_days: 300,
        trial_days: 0,
        features: '[]',
        entitlements: '["no_ads"]',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('plan_price')
      .values([
        { plan_version_id: versionId, currency: 'EUR', amount_minor: 3499 },
        { plan_version_id: versionId, currency: 'USD', amount_minor: 3799 },
      ])
      .execute();
    await db
      .updateTable('plan')
      .set({ current_version: sql`current_version + 1` })
      .where('id', '=', plan)
      .execute();

    const after = await orderOf(alice, 'football-season');
    expect(after).toMatchObject({ planVersion: 2, amountMinor: 3499 });
    const kept = orderSchema.parse(
      ((await (await call(t, 'GET', `/payments/orders/${before.id}`, { token: alice })).json()) as { order: unknown })
        .order,
    );
    expect(kept).toMatchObject({ planVersion: 1, amountMinor: 2999 });
    // Settled at its own version's price.
    expect(await (await webhook(t, paymentEvent('evt_old_price', 'payment.succeeded', before))).json()).toEqual({
      outcome: 'applied',
    });
  });

  it('describes its routes in /api/openapi.json', async () => {
    const doc = (await (await call(t, 'GET', '/openapi.json')).json()) as { paths: Record<string, unknown> };
    for (const path of [
      '/plans',
      '/payments/orders',
      '/payments/orders/{id}',
      '/payments/me',
      '/payments/webhooks/sandbox',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
