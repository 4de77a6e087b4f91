// Exactly-once settlement (issue #21, 'Tests and figures'), as a property on
// SQLite and PostgreSQL: random orders of random users receive their provider
// events duplicated, reordered and late (paid after refunded, two paid events,
// failed after paid, refund before paid). Whatever the sequence, each order ends
// in the one state its events call for, a paid order activates exactly once, a
// refunded one has nothing left in force, and each user's entitlements end
// exactly the sum of their paid orders' durations after now (the clock stands
// still, so every grant queues after the one before).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../domain/payments-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import type { ProviderEvent } from './payments.providers.ts';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const USERS = 3;
const PLANS = { 'premium-monthly': 30, 'premium-yearly': 365, 'football-season': 300 } as const;
type PlanCode = keyof typeof PLANS;

/** Sequences per engine: 1,000 on both (about 6 s on SQLite and 25 s on PostgreSQL on a 2-core machine); PAYMENTS_PROPERTY_RUNS changes it. */
const RUNS = Number(process.env.PAYMENTS_PROPERTY_RUNS ?? 1000);

type Built = Awaited<ReturnType<typeof createTestApp>>;

const orderArbitrary = fc.record({
  user: fc.integer({ min: 0, max: USERS - 1 }),
  plan: fc.constantFrom(...(Object.keys(PLANS) as PlanCode[])),
  /** How many distinct payment.succeeded events the provider sends (0, 1, or 2: "paid twice"). */
  succeeded: fc.integer({ min: 0, max: 2 }),
  failed: fc.boolean(),
  refunded: fc.boolean(),
});

type OrderSpec = typeof orderArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** Each event delivered 1–3 times, the whole lot in a random order. */
const scenarioArbitrary = fc.array(orderArbitrary, { minLength: 1, maxLength: 4 }).chain((orders) => {
  const events = orders.flatMap((order, index) => [
    ...Array.from({ length: order.succeeded }, (_, n) => ({ order: index, type: 'payment.succeeded' as const, n })),
    ...(order.failed ? [{ order: index, type: 'payment.failed' as const, n: 0 }] : []),
    ...(order.refunded ? [{ order: index, type: 'refund.succeeded' as const, n: 0 }] : []),
  ]);
  return fc
    .tuple(
      fc.constant(orders),
      fc.array(fc.integer({ min: 1, max: 3 }), { minLength: events.length, maxLength: events.length }),
    )
    .chain(([orders, copies]) => {
      const deliveries = events.flatMap((event, index) => Array.from({ length: copies[index]! }, () => event));
      return fc.tuple(
        fc.constant(orders),
        fc.shuffledSubarray(deliveries, { minLength: deliveries.length, maxLength: deliveries.length }),
      );
    });
});

function expectedStatus(order: { succeeded: number; failed: boolean; refunded: boolean }): OrderStatus {
  if (order.refunded) return 'refunded';
  if (order.succeeded > 0) return 'paid';
  return order.failed ? 'failed' : 'pending';
}

describe.each(TEST_ENGINES)('exactly-once settlement on %s', (engine) => {
  let t: Built;
  const userIds: number[] = [];
  const planIds = new Map<string, number>();
  /** Days each user has paid for and kept, over every sequence so far. */
  const paidDays = Array.from({ length: USERS }, () => 0);
  let run = 0;

  beforeAll(async () => {
    // Thousands of orders for a few users: far past the hourly checkout limits, which are not under test here.
    t = await createTestApp(engine, { PAYMENT_ORDERS_PER_USER: '100000' }, { clock: { now: () => new Date(NOW) } });
    for (let index = 0; index < USERS; index += 1) {
      const result = await t.services.accounts.register(
        { email: `payer${index}@example.com`, password: 'correct horse battery staple' },
        { ip: `198.51.100.${index + 20}`, userAgent: 'vitest' },
      );
      if (!result.ok) throw new Error(result.message);
      userIds.push(result.session.user.id);
    }
    for (const plan of (await t.services.payments.listPlans()).plans) planIds.set(plan.code, plan.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function check(orders: Array<OrderSpec & { id: string }>) {
    const db = t.database.handle.db;
    for (const order of orders) {
      const userId = userIds[order.user]!;
      const expected = expectedStatus(order);
      expect((await t.services.payments.getOrder(userId, order.id))?.status).toBe(expected);
      const grants = await db
        .selectFrom('entitlement_grant')
        .select(['revoked_at'])
        .where('order_id', '=', order.id)
        .execute();
      const paidChanges = await db
        .selectFrom('order_event')
        .select('id')
        .where('order_id', '=', order.id)
        .where('to_status', '=', 'paid')
        .execute();
      // Activated at most once, whatever came twice; exactly once when it ends paid.
      expect(paidChanges.length).toBeLessThanOrEqual(1);
      expect(grants.length === 0 || grants.length === 3).toBe(true);
      if (expected === 'paid') {
        expect(paidChanges).toHaveLength(1);
        expect(grants.filter((grant) => grant.revoked_at === null)).toHaveLength(3);
      } else {
        // Refunded (or never paid): nothing of it is left in force.
        expect(grants.filter((grant) => grant.revoked_at === null)).toHaveLength(0);
      }
    }
    for (const [index, userId] of userIds.entries()) {
      const entitlements = await t.services.payments.entitlements(userId);
      if (paidDays[index] === 0) {
        expect(entitlements).toEqual([]);
      } else {
        const end = new Date(NOW.getTime() + paidDays[index]! * DAY).toISOString();
        expect(entitlements).toEqual([
          { name: 'hd_video', expiresAt: end },
          { name: 'no_ads', expiresAt: end },
          { name: 'premium_media', expiresAt: end },
        ]);
      }
    }
  }

  it(`settles ${RUNS} random sequences of duplicated, reordered and late events exactly once`, async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async ([orders, deliveries]) => {
        run += 1;
        const made = [];
        for (const order of orders) {
          const result = await t.services.payments.createOrder(userIds[order.user]!, {
            planId: planIds.get(order.plan)!,
            provider: 'sandbox',
          });
          if (!result.ok) throw new Error(result.message);
          made.push({
            ...order,
            id: result.order.id,
            amountMinor: result.order.amountMinor,
            currency: result.order.currency,
          });
        }
        for (const delivery of deliveries) {
          const order = made[delivery.order]!;
          const event: ProviderEvent = {
            id: `evt_${run}_${delivery.order}_${delivery.type}_${delivery.n}`,
            type: delivery.type,
            orderId: order.id,
            amountMinor: order.amountMinor,
            currency: order.currency,
            createdAt: NOW,
          };
          const result = await t.services.payments.settle('sandbox', event);
          expect(result.ok).toBe(true);
        }
        for (const order of made) {
          if (expectedStatus(order) === 'paid') paidDays[order.user]! += PLANS[order.plan];
        }
        await check(made);
      }),
      // Each sequence adds to the users' standing, which the model tracks: no shrinking across runs.
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);

  it('applies one event once when it arrives several times at the same moment', async () => {
    const userId = userIds[0]!;
    const before = await t.services.payments.entitlements(userId);
    const created = await t.services.payments.createOrder(userId, {
      planId: planIds.get('premium-monthly')!,
      provider: 'sandbox',
    });
    if (!created.ok) throw new Error(created.message);
    const event: ProviderEvent = {
      id: 'evt_concurrent_paid',
      type: 'payment.succeeded',
      orderId: created.order.id,
      amountMinor: created.order.amountMinor,
      currency: created.order.currency,
      createdAt: NOW,
    };
    const results = await Promise.all(Array.from({ length: 6 }, () => t.services.payments.settle('sandbox', event)));
    expect(results.filter((result) => result.ok && result.outcome === 'applied')).toHaveLength(1);
    expect(results.filter((result) => result.ok && result.outcome === 'duplicate')).toHaveLength(5);
    const after = await t.services.payments.entitlements(userId);
    const previousEnd = before[0] ? Date.parse(before[0].expiresAt) : NOW.getTime();
    expect(Date.parse(after[0]!.expiresAt)).toBe(previousEnd + 30 * DAY);
  });

  it('tells order-change listeners each committed change once, and a failing listener undoes nothing', async () => {
    const userId = userIds[1]!;
    const heard: string[] = [];
    const stopFailing = t.services.payments.onOrderChanged(() => {
      throw new Error('a listener that fails');
    });
    const stop = t.services.payments.onOrderChanged((change) => {
      heard.push(`${change.userId}:${change.from ?? 'new'}->${change.to}:${change.order.status}`);
    });
    const created = await t.services.payments.createOrder(userId, {
      planId: planIds.get('premium-monthly')!,
      provider: 'sandbox',
    });
    if (!created.ok) throw new Error(created.message);
    const event = (id: string, type: ProviderEvent['type']): ProviderEvent => ({
      id,
      type,
      orderId: created.order.id,
      amountMinor: created.order.amountMinor,
      currency: created.order.currency,
      createdAt: NOW,
    });
    await Promise.all(
      Array.from({ length: 4 }, () =>
        t.services.payments.settle('sandbox', event('evt_heard_paid', 'payment.succeeded')),
      ),
    );
    await t.services.payments.settle('sandbox', event('evt_heard_failed', 'payment.failed'));
    await t.services.payments.settle('sandbox', event('evt_heard_refund', 'refund.succeeded'));
    stop();
    stopFailing();
    await t.services.payments.settle('sandbox', event('evt_heard_refund_again', 'refund.succeeded'));
    expect(heard).toEqual([
      `${userId}:new->pending:pending`,
      `${userId}:pending->paid:paid`,
      `${userId}:paid->refunded:refunded`,
    ]);
    expect((await t.services.payments.getOrder(userId, created.order.id))?.status).toBe('refunded');
  });
});
