// Bank transfer (issue #21) on SQLite and PostgreSQL: the local provider's order
// gets a unique, checkable reference and stays pending; staff confirming it
// settles `local-confirm-<id>` once even when two confirm at once; refunds follow
// the refund policy (domain/refund-policy.ts) and revoke what the order granted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReference } from '../../../domain/transfer-reference.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';

const DAY = 24 * 60 * 60 * 1000;
const STAFF = { id: 999, name: 'Pat Payments' };

describe.each(TEST_ENGINES)('bank transfer and staff refunds on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  const users: number[] = [];
  let premiumMonthly = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: 'http://localhost:3000' }, { clock });
    for (const [index, name] of ['lena', 'marco', 'nadia', 'oskar', 'petra', 'quinn'].entries()) {
      const result = await t.services.accounts.register(
        { email: `${name}@example.com`, password: 'correct horse battery staple' },
        { ip: `198.51.100.${index + 60}`, userAgent: 'vitest' },
      );
      if (!result.ok) throw new Error(result.message);
      users.push(result.session.user.id);
    }
    premiumMonthly = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-monthly')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function localOrder(userId: number) {
    const result = await t.services.payments.createOrder(userId, { planId: premiumMonthly, provider: 'local' });
    if (!result.ok) throw new Error(result.message);
    return result;
  }

  async function sandboxPaidOrder(userId: number) {
    const result = await t.services.payments.createOrder(userId, { planId: premiumMonthly, provider: 'sandbox' });
    if (!result.ok) throw new Error(result.message);
    const paid = await t.services.payments.settle('sandbox', {
      id: `evt_test_${result.order.id}`,
      type: 'payment.succeeded',
      orderId: result.order.id,
      amountMinor: result.order.amountMinor,
      currency: result.order.currency,
      createdAt: clock.now(),
    });
    expect(paid).toEqual({ ok: true, outcome: 'applied' });
    return result.order;
  }

  it('is offered by default, sends the payer to the transfer page, and stores a unique checkable reference', async () => {
    expect((await t.services.payments.listPlans()).providers).toContain('local');
    const userId = users[0]!;
    const first = await localOrder(userId);
    const second = await localOrder(userId);
    expect(first.checkoutUrl).toBe(`http://localhost:3000/payment/transfer/${first.order.id}`);
    expect(first.order).toMatchObject({ status: 'pending', provider: 'local', amountMinor: 499, currency: 'EUR' });

    const details = await t.services.payments.transferDetails(userId, first.order.id);
    expect(details?.reference).toMatch(/^SL-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]$/);
    expect(readReference(details!.reference)).toMatchObject({ kind: 'valid' });
    expect(details?.account).toEqual({
      accountName: 'Scoreline Demo (not a real account)',
      iban: 'NL93DEMO0123456789',
      bic: 'DEMONL2A',
      bank: 'Demo Bank (test details, no real account)',
    });
    const other = await t.services.payments.transferDetails(userId, second.order.id);
    expect(other?.reference).not.toBe(details?.reference);
    // Only the owner sees the details; a sandbox order has none.
    expect(await t.services.payments.transferDetails(users[1]!, first.order.id)).toBeNull();
    const sandbox = await t.services.payments.createOrder(userId, { planId: premiumMonthly, provider: 'sandbox' });
    expect(sandbox.ok && (await t.services.payments.transferDetails(userId, sandbox.order.id))).toBeNull();

    // The reference finds the order, typed loosely; one typo is caught by the check character.
    const found = await t.services.payments.searchOrders({
      q: details!.reference.toLowerCase().replace(/-/g, ' '),
      limit: 25,
    });
    expect(found.orders.map((order) => order.id)).toEqual([first.order.id]);
    const body = details!.reference.replace(/-/g, '').slice(2);
    const typo = `${body.slice(0, 3)}${body[3] === '7' ? '8' : '7'}${body.slice(4)}`;
    const refused = await t.services.payments.searchOrders({ q: typo, limit: 25 });
    expect(refused.orders).toEqual([]);
    expect(refused.notice).toMatch(/typo/);
  });

  it('refuses webhooks: a bank sends none', async () => {
    const result = await t.services.payments.receiveWebhook('local', '{}', new Headers());
    expect(result).toMatchObject({ ok: false, code: 'invalid_signature' });
  });

  it('stays pending until staff confirm; two staff confirming at once grant once', async () => {
    const userId = users[1]!;
    const { order } = await localOrder(userId);
    expect(await t.services.payments.entitlements(userId)).toEqual([]);
    const before = Date.now();
    const results = await Promise.all([
      t.services.payments.confirmTransfer(order.id, STAFF),
      t.services.payments.confirmTransfer(order.id, { id: 998, name: 'Sam Second' }),
    ]);
    const applied = results.filter((result) => result.ok);
    expect(applied).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({
      ok: false,
      code: 'conflict',
      message: expect.stringMatching(/confirmed already/),
    });
    expect((await t.services.payments.getOrder(userId, order.id))?.status).toBe('paid');

    const history = await t.services.payments.orderHistory(order.id);
    expect(history.map((entry) => entry.to)).toEqual(['pending', 'paid']);
    expect(history[1]).toMatchObject({
      providerEventId: `local-confirm-${order.id}`,
      cause: expect.stringMatching(
        /^transfer received, confirmed by (Pat Payments \(staff #999\)|Sam Second \(staff #998\))$/,
      ),
    });

    const entitlements = await t.services.payments.entitlements(userId);
    expect(entitlements).toHaveLength(3);
    for (const item of entitlements) {
      expect(Date.parse(item.expiresAt) - before).toBeGreaterThanOrEqual(30 * DAY - 1000);
      expect(Date.parse(item.expiresAt) - before).toBeLessThan(30 * DAY + 60_000);
    }
    // Confirmed once more later: refused, nothing changes.
    expect(await t.services.payments.confirmTransfer(order.id, STAFF)).toMatchObject({ ok: false, code: 'conflict' });
    expect(await t.services.payments.entitlements(userId)).toEqual(entitlements);
  });

  it('confirms only bank-transfer orders, and refuses unknown ones', async () => {
    const order = await sandboxPaidOrder(users[2]!);
    expect(await t.services.payments.confirmTransfer(order.id, STAFF)).toMatchObject({
      ok: false,
      code: 'conflict',
      message: expect.stringMatching(/bank-transfer/),
    });
    expect(await t.services.payments.confirmTransfer('ord_nothing', STAFF)).toMatchObject({
      ok: false,
      code: 'not_found',
    });
  });

  it('refunds a confirmed transfer: the order is refunded, the plan revoked, the reason in its history', async () => {
    const userId = users[3]!;
    const { order } = await localOrder(userId);
    expect((await t.services.payments.confirmTransfer(order.id, STAFF)).ok).toBe(true);
    expect((await t.services.payments.me(userId)).plan.code).toBe('premium-monthly');

    // A reason is required: nothing changes without one.
    const noReason = await t.services.payments.refundOrder(order.id, STAFF, { reason: ' ' });
    expect(noReason).toMatchObject({ ok: false, code: 'invalid_input', fields: { reason: expect.any(String) } });
    expect((await t.services.payments.getOrder(userId, order.id))?.status).toBe('paid');

    const refunded = await t.services.payments.refundOrder(order.id, STAFF, { reason: 'Paid twice by mistake' });
    expect(refunded).toMatchObject({
      ok: true,
      outcome: 'refunded',
      order: { status: 'refunded', refund: { staffId: 999, reason: 'Paid twice by mistake' } },
    });
    expect(await t.services.payments.entitlements(userId)).toEqual([]);
    expect((await t.services.payments.me(userId)).plan.code).toBe('free');
    const history = await t.services.payments.orderHistory(order.id);
    expect(history.at(-1)).toMatchObject({
      from: 'paid',
      to: 'refunded',
      cause: 'refund by Pat Payments (staff #999): Paid twice by mistake',
      providerEventId: `local-refund-${order.id}`,
    });
    // One refund per order.
    expect(await t.services.payments.refundOrder(order.id, STAFF, { reason: 'Again' })).toMatchObject({
      ok: false,
      code: 'conflict',
      message: expect.stringMatching(/refunded already/),
    });
  });

  it('refunds a sandbox order once when two staff refund it at once', async () => {
    const userId = users[4]!;
    const order = await sandboxPaidOrder(userId);
    const results = await Promise.all([
      t.services.payments.refundOrder(order.id, STAFF, { reason: 'Asked within 14 days' }),
      t.services.payments.refundOrder(order.id, { id: 998, name: 'Sam Second' }, { reason: 'Asked within 14 days' }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ code: 'conflict' });
    const history = await t.services.payments.orderHistory(order.id);
    expect(history.filter((entry) => entry.to === 'refunded')).toHaveLength(1);
    expect(await t.services.payments.entitlements(userId)).toEqual([]);
  });

  it('finishes a refund whose process stopped before it settled: asking again settles it once', async () => {
    const userId = users[4]!;
    const order = await sandboxPaidOrder(userId);
    // The refund was recorded and committed, then the process stopped before settling the provider's event.
    await t.database.handle.db
      .insertInto('order_refund')
      .values({
        order_id: order.id,
        staff_id: STAFF.id,
        reason: 'Asked before the restart',
        amount_minor: order.amountMinor,
        currency: order.currency,
        requested_at: new Date(clock.now().getTime() - 2 * 60_000).toISOString(),
      })
      .execute();
    expect((await t.services.payments.getOrder(userId, order.id))?.status).toBe('paid');
    const again = await t.services.payments.refundOrder(order.id, STAFF, { reason: 'Asked before the restart' });
    expect(again).toMatchObject({ ok: true, outcome: 'refunded', order: { status: 'refunded' } });
    const history = await t.services.payments.orderHistory(order.id);
    expect(history.filter((entry) => entry.to === 'refunded')).toHaveLength(1);
    expect(await t.services.payments.refundOrder(order.id, STAFF, { reason: 'Third time' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/refunded already/),
    });
  });

  it('refuses what the policy does not allow and changes nothing: pending, and paid more than 14 days ago', async () => {
    const userId = users[5]!;
    const { order: pending } = await localOrder(userId);
    expect(await t.services.payments.refundOrder(pending.id, STAFF, { reason: 'Not paid yet' })).toMatchObject({
      ok: false,
      code: 'conflict',
      message: expect.stringMatching(/only a paid order/),
    });

    expect((await t.services.payments.confirmTransfer(pending.id, STAFF)).ok).toBe(true);
    const entitlements = await t.services.payments.entitlements(userId);
    offset = 14 * DAY + 60_000;
    try {
      const refused = await t.services.payments.refundOrder(pending.id, STAFF, { reason: 'Too late' });
      expect(refused).toMatchObject({
        ok: false,
        code: 'conflict',
        message: expect.stringMatching(/more than 14 days ago/),
      });
      expect((await t.services.payments.getOrder(userId, pending.id))?.status).toBe('paid');
      expect((await t.services.payments.orderHistory(pending.id)).map((entry) => entry.to)).toEqual([
        'pending',
        'paid',
      ]);
      expect(await t.services.payments.entitlements(userId)).toEqual(entitlements);
      expect((await t.services.payments.staffOrder(pending.id))?.refundRefusal).toMatch(/14 days/);
      expect((await t.services.payments.staffOrder(pending.id))?.refund).toBeNull();
    } finally {
      offset = 0;
    }
    // Just inside the window it is allowed.
    offset = 14 * DAY - 60_000;
    try {
      expect(await t.services.payments.refundOrder(pending.id, STAFF, { reason: 'Inside the window' })).toMatchObject({
        ok: true,
        outcome: 'refunded',
      });
    } finally {
      offset = 0;
    }
  });

  it('lists orders newest first, by email, status and provider, a page at a time', async () => {
    const userId = users[0]!;
    const all = await t.services.payments.searchOrders({ q: 'lena@', limit: 25 });
    expect(all.orders.length).toBeGreaterThanOrEqual(3);
    expect(all.orders.every((order) => order.user.email === 'lena@example.com' && order.user.id === userId)).toBe(true);
    const times = all.orders.map((order) => order.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const first = await t.services.payments.searchOrders({ q: 'lena@', limit: 2 });
    expect(first.nextCursor).not.toBeNull();
    const next = await t.services.payments.searchOrders({ q: 'lena@', limit: 25, cursor: first.nextCursor! });
    expect([...first.orders, ...next.orders].map((order) => order.id)).toEqual(all.orders.map((order) => order.id));

    const local = await t.services.payments.searchOrders({
      q: 'lena@',
      provider: 'local',
      status: 'pending',
      limit: 25,
    });
    expect(local.orders).toHaveLength(2);
    expect(local.orders.every((order) => order.reference !== null)).toBe(true);
    const byId = await t.services.payments.searchOrders({ q: all.orders[0]!.id, limit: 25 });
    expect(byId.orders.map((order) => order.id)).toEqual([all.orders[0]!.id]);
  });
});
