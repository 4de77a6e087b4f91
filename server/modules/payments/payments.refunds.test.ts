// Staff refunds through a provider that refunds by its own webhook (issue #21),
// as Stripe does, on SQLite and PostgreSQL: the refund is asked, the order stays
// paid until the provider's refund.succeeded event settles it, and a second
// refund is refused meanwhile; a provider that refuses leaves nothing behind
// (no refund row, no audit entry, the order paid), so staff can try again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../domain/payments-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import type { PaymentProvider, RefundRequest } from './payments.providers.ts';
import { createSandboxProvider } from './payments.sandbox.ts';
import { createPaymentsService, type PaymentsService } from './payments.service.ts';

const STAFF = { id: 4242, name: 'Rita Refunds' };

describe.each(TEST_ENGINES)('refunds settled by the provider’s webhook on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let payments: PaymentsService;
  let answer: RefundRequest = { ok: true };
  const asked: Order[] = [];
  let userId = 0;
  let premiumMonthly = 0;

  const fakeGateway: PaymentProvider = {
    id: 'stripe',
    async checkoutUrl(order) {
      return `https://gateway.example/pay/${order.id}`;
    },
    readWebhook() {
      return { ok: false, message: 'not in this test' };
    },
    async refund(order) {
      asked.push(order);
      return answer;
    },
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: 'http://localhost:3000' });
    payments = createPaymentsService({
      db: t.database.handle.db,
      engine,
      clock: t.services.clock,
      currency: 'EUR',
      providers: [createSandboxProvider({ baseUrl: 'http://localhost:3000', secret: 'x'.repeat(40) }), fakeGateway],
    });
    const registered = await t.services.accounts.register(
      { email: 'gina@example.com', password: 'correct horse battery staple' },
      { ip: '198.51.100.90', userAgent: 'vitest' },
    );
    if (!registered.ok) throw new Error(registered.message);
    userId = registered.session.user.id;
    premiumMonthly = (await payments.listPlans()).plans.find((plan) => plan.code === 'premium-monthly')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function paidGatewayOrder() {
    const created = await payments.createOrder(userId, { planId: premiumMonthly, provider: 'stripe' });
    if (!created.ok) throw new Error(created.message);
    const { order } = created;
    const event = {
      id: `evt_paid_${order.id}`,
      type: 'payment.succeeded' as const,
      orderId: order.id,
      amountMinor: order.amountMinor,
      currency: order.currency,
      createdAt: new Date(),
    };
    expect(await payments.settle('stripe', event)).toEqual({ ok: true, outcome: 'applied' });
    return order;
  }

  async function auditRows(orderId: string) {
    return t.database.handle.db.selectFrom('audit_entry').select('action').where('target_id', '=', orderId).execute();
  }

  it('leaves nothing behind when the provider refuses: staff may try again', async () => {
    const order = await paidGatewayOrder();
    answer = { ok: false, message: 'charge already disputed' };
    const refused = await payments.refundOrder(order.id, STAFF, { reason: 'Asked in time' }, async (trx) => {
      await t.services.cms.audit.record(
        trx,
        { id: STAFF.id, role: 'admin', ip: '127.0.0.1' },
        {
          action: 'order.refund',
          target: { kind: 'order', id: order.id },
        },
      );
    });
    expect(refused).toMatchObject({
      ok: false,
      code: 'conflict',
      message: expect.stringContaining('charge already disputed'),
    });
    expect(await auditRows(order.id)).toEqual([]);
    const after = await payments.staffOrder(order.id);
    expect(after).toMatchObject({ status: 'paid', refund: null, refundRefusal: null });

    answer = { ok: true };
    expect(await payments.refundOrder(order.id, STAFF, { reason: 'Asked in time' })).toMatchObject({
      ok: true,
      outcome: 'refund_requested',
    });
  });

  it('asks the provider once; the order stays paid until its refund.succeeded event settles', async () => {
    const order = await paidGatewayOrder();
    answer = { ok: true };
    asked.length = 0;
    const requested = await payments.refundOrder(order.id, STAFF, { reason: 'Double charge' });
    expect(requested).toMatchObject({
      ok: true,
      outcome: 'refund_requested',
      order: { status: 'paid', refund: { staffId: STAFF.id, reason: 'Double charge' } },
    });
    expect(asked.map((item) => item.id)).toEqual([order.id]);
    expect((await payments.entitlements(userId)).length).toBe(3);
    // One refund per order: a second at once is refused before the provider is asked again.
    expect(await payments.refundOrder(order.id, STAFF, { reason: 'Again' })).toMatchObject({
      ok: false,
      code: 'conflict',
      message: expect.stringMatching(/under way/),
    });
    expect(asked).toHaveLength(1);
    expect(await payments.staffOrder(order.id)).toMatchObject({ status: 'paid', refund: { reason: 'Double charge' } });
    // A minute on with no webhook yet: asking again asks the provider for the same refund (Stripe's
    // idempotency key makes it one) and says it waits for the provider; the order stays paid.
    await t.database.handle.db
      .updateTable('order_refund')
      .set({ requested_at: new Date(Date.now() - 2 * 60_000).toISOString() })
      .where('order_id', '=', order.id)
      .execute();
    expect(await payments.refundOrder(order.id, STAFF, { reason: 'Again' })).toMatchObject({
      ok: false,
      code: 'conflict',
      message: expect.stringMatching(/waiting for the provider/),
    });
    expect(asked.map((item) => item.id)).toEqual([order.id, order.id]);
    expect((await payments.getOrder(userId, order.id))?.status).toBe('paid');

    const refunded = await payments.settle('stripe', {
      id: `evt_refund_${order.id}`,
      type: 'refund.succeeded',
      orderId: order.id,
      amountMinor: order.amountMinor,
      currency: order.currency,
      createdAt: new Date(),
    });
    expect(refunded).toEqual({ ok: true, outcome: 'applied' });
    expect((await payments.getOrder(userId, order.id))?.status).toBe('refunded');
  });
});
