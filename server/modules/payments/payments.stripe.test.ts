// The Stripe provider (issue #21) through the real app on SQLite and PostgreSQL,
// with no internet: the official SDK pointed at a local fake of Stripe's API
// (tests/helpers/fake-stripe.ts), webhooks signed with
// stripe.webhooks.generateTestHeaderString. Checkout at the database's price,
// whatever the browser sends; each event settles once; forged, stale and
// altered webhooks and replays change nothing; a refund through Stripe revokes
// the plan; Stripe unreachable is a clear 502 and nothing left to pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createdOrderSchema,
  orderSchema,
  paymentsMeSchema,
  plansSchema,
  type Order,
} from '../../../domain/payments-contracts.ts';
import {
  closedPortUrl,
  signedHeaders,
  signedStripeEvent,
  startFakeStripe,
  type FakeStripe,
} from '../../../tests/helpers/fake-stripe.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { createStripeProvider, storedPaymentIntent, storedPlanName, stripeApiAddress } from './payments.stripe.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const SECRET_KEY = 'sk_test_scoreline0123456789';
const WEBHOOK_SECRET = 'whsec_scorelinetestsecret0123456789';
const DAY = 24 * 60 * 60 * 1000;

type Built = Awaited<ReturnType<typeof createTestApp>>;

async function call(
  t: Built,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Response> {
  return await t.app.request(`${ORIGIN}/api${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

async function deliver(t: Built, rawBody: string, headers: Record<string, string>): Promise<Response> {
  return await t.app.request(`${ORIGIN}/api/payments/webhooks/stripe`, { method: 'POST', headers, body: rawBody });
}

async function register(t: Built, name: string, index: number): Promise<{ token: string; id: number }> {
  const result = await t.services.accounts.register(
    { email: `${name}@example.com`, password: PASSWORD },
    { ip: `198.51.100.${index + 40}`, userAgent: 'vitest' },
  );
  if (!result.ok) throw new Error(result.message);
  return { token: result.session.token.access_token, id: result.session.user.id };
}

describe.each(TEST_ENGINES)('the Stripe provider on %s', (engine) => {
  let t: Built;
  let fake: FakeStripe;
  let plans: ReturnType<typeof plansSchema.parse>['plans'] = [];
  const users: Array<{ token: string; id: number }> = [];
  const planId = (code: string) => plans.find((plan) => plan.code === code)!.id;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(engine, {
      BASE_URL: ORIGIN,
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
    for (const [index, name] of ['sid', 'tess', 'ursula', 'viktor', 'wanda', 'xavier'].entries()) {
      users.push(await register(t, name, index));
    }
    plans = plansSchema.parse(await (await call(t, 'GET', '/plans')).json()).plans;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function stripeOrder(token: string, code = 'premium-monthly'): Promise<{ order: Order; checkoutUrl: string }> {
    const response = await call(t, 'POST', '/payments/orders', {
      token,
      body: { planId: planId(code), provider: 'stripe' },
    });
    expect(response.status).toBe(201);
    return createdOrderSchema.parse(await response.json());
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

  async function grantsOf(order: Order) {
    return await t.database.handle.db
      .selectFrom('entitlement_grant')
      .select(['name', 'ends_at'])
      .where('order_id', '=', order.id)
      .execute();
  }

  function completed(order: Order, options: { eventId?: string; timestamp?: number } = {}) {
    return signedStripeEvent(
      WEBHOOK_SECRET,
      'checkout.session.completed',
      fake.pay(fake.sessionOf(order.id).id),
      options,
    );
  }

  it('is offered in GET /api/plans once configured', async () => {
    const body = plansSchema.parse(await (await call(t, 'GET', '/plans')).json());
    expect(body.providers).toEqual(['sandbox', 'stripe', 'local']);
  });

  it('opens a Checkout Session at the database’s price, whatever the browser sends', async () => {
    const before = fake.requests.length;
    const response = await call(t, 'POST', '/payments/orders', {
      token: users[0]!.token,
      body: { planId: planId('premium-monthly'), provider: 'stripe', amountMinor: 1, amount: 1, currency: 'USD' },
    });
    expect(response.status).toBe(201);
    const { order, checkoutUrl } = createdOrderSchema.parse(await response.json());
    expect(order).toMatchObject({ status: 'pending', amountMinor: 499, currency: 'EUR', provider: 'stripe' });

    const session = fake.sessionOf(order.id);
    expect(checkoutUrl).toBe(session.url);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: `checkout-${order.id}`,
      authorization: `Bearer ${SECRET_KEY}`,
    });
    expect(Object.fromEntries(request.form)).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '499',
      'line_items[0][price_data][product_data][name]': 'Premium monthly',
      client_reference_id: order.id,
      'metadata[order_id]': order.id,
      'payment_intent_data[metadata][order_id]': order.id,
      success_url: `${ORIGIN}/payment/result?order=${order.id}`,
      cancel_url: `${ORIGIN}/payment/failure?order=${order.id}`,
    });

    // Asked again for the same order (a copy-link on another device): the same session, not a second one.
    const provider = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      baseUrl: ORIGIN,
      api: stripeApiAddress(fake.url),
      paymentIntentOf: storedPaymentIntent(t.database.handle.db),
      planNameOf: storedPlanName(t.database.handle.db),
    });
    expect(await provider.checkoutUrl(order)).toBe(checkoutUrl);
    expect([...fake.sessions.values()].filter((item) => item.client_reference_id === order.id)).toHaveLength(1);
    expect(fake.requests.at(-1)).toMatchObject({ idempotencyKey: `checkout-${order.id}` });
  });

  it('pays the order on a signed checkout.session.completed, once, and /me grants the plan', async () => {
    const user = users[1]!;
    const { order } = await stripeOrder(user.token);
    expect(await statusOf(user.token, order)).toBe('pending');
    expect((await meOf(user.token)).entitlements).toEqual([]);

    const event = completed(order);
    const started = Date.now();
    const first = await deliver(t, event.rawBody, event.headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ outcome: 'applied' });
    expect(await statusOf(user.token, order)).toBe('paid');

    const me = await meOf(user.token);
    expect(me.plan.code).toBe('premium-monthly');
    expect(me.entitlements.map((item) => item.name).sort()).toEqual(['hd_video', 'no_ads', 'premium_media']);
    expect(Date.parse(me.expiresAt!) - started).toBeGreaterThanOrEqual(30 * DAY - 1000);
    expect(Date.parse(me.expiresAt!) - started).toBeLessThan(30 * DAY + 60_000);

    const history = await t.services.payments.orderHistory(order.id);
    expect(history.at(-1)).toMatchObject({
      from: 'pending',
      to: 'paid',
      cause: 'stripe payment.succeeded',
      providerEventId: event.eventId,
    });
    // The payment intent is kept for the refund.
    const row = await t.database.handle.db
      .selectFrom('payment_order')
      .select('provider_ref')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.provider_ref).toBe(fake.sessionOf(order.id).payment_intent);

    // Stripe delivers the same event again: nothing twice.
    const again = await deliver(t, event.rawBody, event.headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ outcome: 'duplicate' });
    expect(await grantsOf(order)).toHaveLength(3);
    expect((await meOf(user.token)).expiresAt).toBe(me.expiresAt);

    // Replayed with a new timestamp (a fresh, valid signature), the same event id: no second grant.
    const replay = await deliver(
      t,
      event.rawBody,
      signedHeaders(WEBHOOK_SECRET, event.rawBody, Math.floor(Date.now() / 1000) + 5),
    );
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ outcome: 'duplicate' });
    expect(await grantsOf(order)).toHaveLength(3);
    expect((await meOf(user.token)).expiresAt).toBe(me.expiresAt);
    expect((await t.services.payments.orderHistory(order.id)).map((item) => item.to)).toEqual(['pending', 'paid']);
  });

  it('settles two deliveries of one event arriving at once exactly once', async () => {
    const user = users[2]!;
    const { order } = await stripeOrder(user.token);
    const event = completed(order);
    const answers = await Promise.all([
      deliver(t, event.rawBody, event.headers),
      deliver(t, event.rawBody, event.headers),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const outcomes = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { outcome: string }).outcome),
    );
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    expect(await grantsOf(order)).toHaveLength(3);
    expect((await t.services.payments.orderHistory(order.id)).map((item) => item.to)).toEqual(['pending', 'paid']);
  });

  it('refuses a forged, an old or an altered webhook with 400, and nothing changes', async () => {
    const user = users[3]!;
    const { order } = await stripeOrder(user.token);
    const event = completed(order);

    const forged = signedStripeEvent(
      'whsec_notthesecret0123456789',
      'checkout.session.completed',
      fake.sessionOf(order.id),
    );
    const old = signedHeaders(WEBHOOK_SECRET, event.rawBody, Math.floor(Date.now() / 1000) - 6 * 60);
    const altered = event.rawBody.replace('"amount_total":499', '"amount_total":1');
    expect(altered).not.toBe(event.rawBody);
    const { 'Stripe-Signature': _unsigned, ...unsigned } = event.headers;

    for (const [rawBody, headers] of [
      [forged.rawBody, forged.headers],
      [event.rawBody, old],
      [altered, event.headers],
      [event.rawBody, unsigned],
    ] as const) {
      const response = await deliver(t, rawBody, headers);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_signature');
    }
    expect(await statusOf(user.token, order)).toBe('pending');
    expect((await meOf(user.token)).entitlements).toEqual([]);
    const processed = await t.database.handle.db
      .selectFrom('processed_provider_event')
      .select('event_id')
      .where('order_id', '=', order.id)
      .execute();
    expect(processed).toEqual([]);

    // The genuine one still pays it.
    expect(await (await deliver(t, event.rawBody, event.headers)).json()).toEqual({ outcome: 'applied' });
    expect(await statusOf(user.token, order)).toBe('paid');
  });

  it('waits for an asynchronous payment: completed unpaid is ignored, async_payment_succeeded pays, _failed fails', async () => {
    const user = users[4]!;
    const { order } = await stripeOrder(user.token);
    const pending = signedStripeEvent(
      WEBHOOK_SECRET,
      'checkout.session.completed',
      fake.pay(fake.sessionOf(order.id).id, 'unpaid'),
    );
    expect(await (await deliver(t, pending.rawBody, pending.headers)).json()).toEqual({ outcome: 'ignored' });
    expect(await statusOf(user.token, order)).toBe('pending');
    const succeeded = signedStripeEvent(
      WEBHOOK_SECRET,
      'checkout.session.async_payment_succeeded',
      fake.pay(fake.sessionOf(order.id).id, 'paid'),
    );
    expect(await (await deliver(t, succeeded.rawBody, succeeded.headers)).json()).toEqual({ outcome: 'applied' });
    expect(await statusOf(user.token, order)).toBe('paid');

    const { order: second } = await stripeOrder(user.token, 'premium-yearly');
    const failed = signedStripeEvent(
      WEBHOOK_SECRET,
      'checkout.session.async_payment_failed',
      fake.pay(fake.sessionOf(second.id).id, 'unpaid'),
    );
    expect(await (await deliver(t, failed.rawBody, failed.headers)).json()).toEqual({ outcome: 'applied' });
    expect(await statusOf(user.token, second)).toBe('failed');
    expect((await meOf(user.token)).plan.code).toBe('premium-monthly');

    // Events the site does not use, and sessions that are not its orders: 200 ignored (Stripe stops retrying).
    const other = signedStripeEvent(WEBHOOK_SECRET, 'payment_intent.created', {
      id: 'pi_test_other',
      object: 'payment_intent',
    });
    expect(await (await deliver(t, other.rawBody, other.headers)).json()).toEqual({ outcome: 'ignored' });
    const foreign = signedStripeEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
      ...fake.sessionOf(order.id),
      client_reference_id: null,
      metadata: {},
    });
    expect(await (await deliver(t, foreign.rawBody, foreign.headers)).json()).toEqual({ outcome: 'ignored' });
  });

  it('refunds through Stripe: the refund names the payment intent, charge.refunded refunds and revokes', async () => {
    const user = users[5]!;
    const { order } = await stripeOrder(user.token, 'premium-yearly');
    const paid = completed(order);
    expect(await (await deliver(t, paid.rawBody, paid.headers)).json()).toEqual({ outcome: 'applied' });
    expect((await meOf(user.token)).plan.code).toBe('premium-yearly');
    const session = fake.sessionOf(order.id);

    // The provider as the CMS's refund uses it, against the same fake and database.
    const provider = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      baseUrl: ORIGIN,
      api: stripeApiAddress(fake.url),
      paymentIntentOf: storedPaymentIntent(t.database.handle.db),
      planNameOf: storedPlanName(t.database.handle.db),
    });
    const paidOrder = { ...order, status: 'paid' as const };
    const before = fake.requests.length;
    expect(await provider.refund(paidOrder, new Date())).toEqual({ ok: true });
    const [refundRequest] = fake.requests.slice(before);
    expect(refundRequest).toMatchObject({ path: '/v1/refunds', idempotencyKey: `refund-${order.id}` });
    expect(refundRequest!.form.get('payment_intent')).toBe(session.payment_intent);
    // Nothing settles until Stripe says the charge was refunded.
    expect(await statusOf(user.token, order)).toBe('paid');

    // A partial refund gives nothing back.
    const partial = signedStripeEvent(WEBHOOK_SECRET, 'charge.refunded', fake.refundedCharge(session, 100));
    expect(await (await deliver(t, partial.rawBody, partial.headers)).json()).toEqual({ outcome: 'ignored' });
    expect(await statusOf(user.token, order)).toBe('paid');

    const refunded = signedStripeEvent(WEBHOOK_SECRET, 'charge.refunded', fake.refundedCharge(session));
    expect(await (await deliver(t, refunded.rawBody, refunded.headers)).json()).toEqual({ outcome: 'applied' });
    expect(await statusOf(user.token, order)).toBe('refunded');
    const me = await meOf(user.token);
    expect(me.plan.code).toBe('free');
    expect(me.entitlements).toEqual([]);
    expect((await t.services.payments.orderHistory(order.id)).at(-1)).toMatchObject({
      from: 'paid',
      to: 'refunded',
      cause: 'stripe refund.succeeded',
      providerEventId: refunded.eventId,
    });
    // The payment's event again, after the refund: nothing.
    const late = completed(order, { eventId: paid.eventId });
    expect(await (await deliver(t, late.rawBody, late.headers)).json()).toEqual({ outcome: 'duplicate' });
    expect(await statusOf(user.token, order)).toBe('refunded');

    // Stripe refusing, or no payment to refund: a message, not an exception.
    const { order: unpaid } = await stripeOrder(user.token);
    expect(await provider.refund(unpaid, new Date())).toEqual({
      ok: false,
      message: 'Stripe has no payment recorded for this order',
    });
    await t.database.handle.db
      .updateTable('payment_order')
      .set({ provider_ref: 'pi_test_unknown' })
      .where('id', '=', unpaid.id)
      .execute();
    const refused = await provider.refund(unpaid, new Date());
    expect(refused).toMatchObject({ ok: false });
    expect(refused.ok ? '' : refused.message).toContain("No such payment_intent: 'pi_test_unknown'");
  });

  it('refuses an event for an order that does not exist, and one with another amount', async () => {
    const user = users[0]!;
    const { order } = await stripeOrder(user.token);
    const session = fake.pay(fake.sessionOf(order.id).id);
    const unknown = signedStripeEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
      ...session,
      client_reference_id: 'ord_nosuchorder',
      metadata: { order_id: 'ord_nosuchorder' },
    });
    const unknownAnswer = await deliver(t, unknown.rawBody, unknown.headers);
    expect(unknownAnswer.status).toBe(400);
    const cheaper = signedStripeEvent(WEBHOOK_SECRET, 'checkout.session.completed', { ...session, amount_total: 1 });
    const cheaperAnswer = await deliver(t, cheaper.rawBody, cheaper.headers);
    expect(cheaperAnswer.status).toBe(400);
    expect(((await cheaperAnswer.json()) as { error: { code: string } }).error.code).toBe('amount_mismatch');
    expect(await statusOf(user.token, order)).toBe('pending');
  });

  it('answers 502 provider_unavailable and leaves nothing payable when Stripe fails', async () => {
    const user = users[3]!;
    const ordersOf = async () =>
      await t.database.handle.db
        .selectFrom('payment_order')
        .select(['id', 'status'])
        .where('user_id', '=', user.id)
        .execute();
    const before = await ordersOf();
    fake.failWith(500);
    try {
      const response = await call(t, 'POST', '/payments/orders', {
        token: user.token,
        body: { planId: planId('premium-monthly'), provider: 'stripe' },
      });
      expect(response.status).toBe(502);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('provider_unavailable');
      expect(body.error.message).toContain('nothing was charged');
    } finally {
      fake.failWith(null);
    }
    // The order written for the checkout expired at once, with the cause; nothing else changed.
    const after = await ordersOf();
    expect(after).toHaveLength(before.length + 1);
    const made = after.find((row) => !before.some((old) => old.id === row.id))!;
    expect(made.status).toBe('expired');
    expect((await t.services.payments.orderHistory(made.id)).map((item) => [item.from, item.to, item.cause])).toEqual([
      [null, 'pending', expect.stringContaining('with stripe')],
      ['pending', 'expired', 'stripe could not make a checkout'],
    ]);
    expect(after.filter((row) => row.status === 'pending')).toEqual(before.filter((row) => row.status === 'pending'));
  });
});

describe.each(TEST_ENGINES)('Stripe on %s when it is not configured or cannot be reached', (engine) => {
  let plain: Built;
  let unreachable: Built;
  let token = '';

  beforeAll(async () => {
    plain = await createTestApp(engine, { BASE_URL: ORIGIN });
    unreachable = await createTestApp(engine, {
      BASE_URL: ORIGIN,
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: await closedPortUrl(),
    });
    token = (await register(unreachable, 'yusuf', 90)).token;
  });
  afterAll(async () => {
    await plain?.close();
    await unreachable?.close();
  });

  it('is not offered, its orders are refused and its webhook is 404 without STRIPE_SECRET_KEY', async () => {
    const { providers, plans } = plansSchema.parse(await (await call(plain, 'GET', '/plans')).json());
    expect(providers).toEqual(['sandbox', 'local']);
    const user = await register(plain, 'zoe', 91);
    const refused = await call(plain, 'POST', '/payments/orders', {
      token: user.token,
      body: { planId: plans.find((plan) => plan.code === 'premium-monthly')!.id, provider: 'stripe' },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unknown_provider');
    const event = signedStripeEvent(WEBHOOK_SECRET, 'checkout.session.completed', { object: 'checkout.session' });
    expect((await deliver(plain, event.rawBody, event.headers)).status).toBe(404);
  });

  it('answers 502 provider_unavailable, with nothing left to pay, when Stripe cannot be reached', async () => {
    const { plans } = plansSchema.parse(await (await call(unreachable, 'GET', '/plans')).json());
    const response = await call(unreachable, 'POST', '/payments/orders', {
      token,
      body: { planId: plans.find((plan) => plan.code === 'premium-monthly')!.id, provider: 'stripe' },
    });
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('provider_unavailable');
    const rows = await unreachable.database.handle.db.selectFrom('payment_order').select(['id', 'status']).execute();
    expect(rows.map((row) => row.status)).toEqual(['expired']);
    const read = await call(unreachable, 'GET', `/payments/orders/${rows[0]!.id}`, { token });
    expect(orderSchema.parse(((await read.json()) as { order: unknown }).order).status).toBe('expired');
  });
});
