// The sandbox's hosted checkout (issue #21) on SQLite and PostgreSQL: each test
// card's outcome reaches the order only through the sandbox's own signed webhook,
// posted to the app's webhook route; only the order's owner can pay it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPayInput } from '../../../domain/sandbox-cards.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { verifySignature } from './payments.sandbox.ts';

const SECRET = 'webhook-secret-webhook-secret-0123456789';
const DAY = 24 * 60 * 60 * 1000;

const card = (number: string, step: SandboxPayInput['step'] = 'pay'): SandboxPayInput => ({
  card: number,
  expiry: '12/34',
  cvc: '123',
  step,
});
const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const CONFIRM = '4000000000003220';

describe.each(TEST_ENGINES)('the sandbox checkout on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const users: number[] = [];
  let premiumMonthly = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: 'http://localhost:3000', PAYMENT_WEBHOOK_SECRET: SECRET });
    for (const [index, name] of ['carol', 'dave', 'erin', 'frank'].entries()) {
      const result = await t.services.accounts.register(
        { email: `${name}@example.com`, password: 'correct horse battery staple' },
        { ip: `198.51.100.${index + 20}`, userAgent: 'vitest' },
      );
      if (!result.ok) throw new Error(result.message);
      users.push(result.session.user.id);
    }
    premiumMonthly = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-monthly')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newOrder(userId: number) {
    const result = await t.services.payments.createOrder(userId, { planId: premiumMonthly, provider: 'sandbox' });
    if (!result.ok) throw new Error(result.message);
    return result.order;
  }

  it('pays with the success card through the signed webhook: the order is paid and the plan granted', async () => {
    const userId = users[0]!;
    const order = await newOrder(userId);
    const before = Date.now();
    expect(await t.services.payments.paySandbox(userId, order.id, card(SUCCEEDS))).toEqual({
      ok: true,
      next: 'result',
    });
    expect((await t.services.payments.getOrder(userId, order.id))?.status).toBe('paid');
    const history = await t.services.payments.orderHistory(order.id);
    expect(history.at(-1)).toMatchObject({ from: 'pending', to: 'paid', cause: 'sandbox payment.succeeded' });
    expect(history.at(-1)?.providerEventId).toMatch(/^evt_/);
    const entitlements = await t.services.payments.entitlements(userId);
    expect(entitlements.map((item) => item.name).sort()).toEqual(['hd_video', 'no_ads', 'premium_media']);
    for (const item of entitlements) {
      expect(Date.parse(item.expiresAt) - before).toBeGreaterThanOrEqual(30 * DAY - 1000);
      expect(Date.parse(item.expiresAt) - before).toBeLessThan(30 * DAY + 60_000);
    }
    // Paid: the checkout refuses a second payment.
    expect(await t.services.payments.paySandbox(userId, order.id, card(SUCCEEDS))).toMatchObject({
      ok: false,
      code: 'not_payable',
    });
  });

  it('declines the declined card: the order fails, nothing is granted, and a new order then succeeds', async () => {
    const userId = users[1]!;
    const order = await newOrder(userId);
    expect(await t.services.payments.paySandbox(userId, order.id, card(DECLINED))).toEqual({
      ok: true,
      next: 'result',
    });
    expect((await t.services.payments.getOrder(userId, order.id))?.status).toBe('failed');
    expect(await t.services.payments.entitlements(userId)).toEqual([]);
    const retry = await newOrder(userId);
    expect(retry.planId).toBe(order.planId);
    await t.services.payments.paySandbox(userId, retry.id, card(SUCCEEDS));
    expect((await t.services.payments.getOrder(userId, retry.id))?.status).toBe('paid');
    expect((await t.services.payments.me(userId)).plan.code).toBe('premium-monthly');
  });

  it('asks the confirmation card for an extra step; the order stays pending until it is completed or failed', async () => {
    const userId = users[2]!;
    const completed = await newOrder(userId);
    expect(await t.services.payments.paySandbox(userId, completed.id, card(CONFIRM))).toEqual({
      ok: true,
      next: 'confirm',
    });
    expect((await t.services.payments.getOrder(userId, completed.id))?.status).toBe('pending');
    await t.services.payments.paySandbox(userId, completed.id, card(CONFIRM, 'complete'));
    expect((await t.services.payments.getOrder(userId, completed.id))?.status).toBe('paid');

    const failed = await newOrder(userId);
    await t.services.payments.paySandbox(userId, failed.id, card(CONFIRM));
    await t.services.payments.paySandbox(userId, failed.id, card(CONFIRM, 'fail'));
    expect((await t.services.payments.getOrder(userId, failed.id))?.status).toBe('failed');
  });

  it('settles only through the webhook route: the event is posted signed, and a refused one changes nothing', async () => {
    const userId = users[3]!;
    const order = await newOrder(userId);
    const posted: Array<{ path: string; signature: string | null; body: string }> = [];
    t.services.payments.connectWebhookEndpoint(async (request) => {
      posted.push({
        path: new URL(request.url).pathname,
        signature: request.headers.get('Scoreline-Signature'),
        body: await request.text(),
      });
      return Response.json({ error: { code: 'invalid_signature', message: 'refused' } }, { status: 400 });
    });
    try {
      expect(await t.services.payments.paySandbox(userId, order.id, card(SUCCEEDS))).toMatchObject({
        ok: false,
        code: 'not_delivered',
      });
    } finally {
      t.services.payments.connectWebhookEndpoint(async (request) => await t.app.fetch(request));
    }
    expect(posted).toHaveLength(1);
    expect(posted[0]!.path).toBe('/api/payments/webhooks/sandbox');
    expect(verifySignature(SECRET, posted[0]!.signature, posted[0]!.body, new Date())).toBeNull();
    expect(JSON.parse(posted[0]!.body)).toMatchObject({
      type: 'payment.succeeded',
      data: { orderId: order.id, amount: order.amountMinor, currency: order.currency },
    });
    expect((await t.services.payments.getOrder(userId, order.id))?.status).toBe('pending');
    expect(await t.services.payments.entitlements(userId)).toEqual([]);
  });

  it("refuses someone else's order as one that does not exist, and any card but the test ones", async () => {
    const [owner, other] = [users[3]!, users[0]!];
    const order = await newOrder(owner);
    expect(await t.services.payments.paySandbox(other, order.id, card(SUCCEEDS))).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(await t.services.payments.paySandbox(owner, 'ord_nothing', card(SUCCEEDS))).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(await t.services.payments.paySandbox(owner, order.id, card('5555 5555 5555 4444'))).toMatchObject({
      ok: false,
      code: 'unknown_card',
    });
    expect((await t.services.payments.getOrder(owner, order.id))?.status).toBe('pending');
    expect(await t.services.payments.entitlements(owner)).toEqual([]);
  });
});
