// The catalogue staff manage (issue #21) on SQLite and PostgreSQL: a change of
// terms adds a version and old orders keep theirs; a save made from a stale
// version is refused and changes nothing, also when two arrive at once; Free
// cannot be priced or hidden; hidden plans are neither listed nor sold; the
// payment methods on offer follow the CMS (order, disabled ones refused at
// checkout, the last one cannot go); and a free trial is granted once per
// account, also under two requests at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanRevision } from '../../../domain/plans-admin.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { createCmsPaymentsService, type CmsPaymentsService } from '../cms/cms-payments.service.ts';
import type { CmsActor } from '../cms/cms.schemas.ts';
import type { PaymentProvider } from './payments.providers.ts';
import { createSandboxProvider } from './payments.sandbox.ts';
import { createPaymentsService, type PaymentsService } from './payments.service.ts';
import { orderSearchSchema } from './payments.staff.schemas.ts';

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'correct horse battery staple';

/** A bank transfer stand-in: configured, so it can be offered beside the sandbox. */
const fakeLocal: PaymentProvider = {
  id: 'local',
  checkoutUrl: async (order) => `http://localhost:3000/payment/local/${order.id}`,
  readWebhook: () => ({ ok: false, message: 'no webhooks' }),
  refund: async () => ({ ok: false, message: 'by hand' }),
};

describe.each(TEST_ENGINES)('the plans and payment methods staff manage, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let payments: PaymentsService;
  let cms: CmsPaymentsService;
  let actor: CmsActor;
  let userCount = 0;

  async function newUser(): Promise<number> {
    userCount += 1;
    const result = await t.services.accounts.register(
      { email: `catalogue-${userCount}@example.com`, password: PASSWORD },
      { ip: `198.51.100.${userCount}`, userAgent: 'vitest' },
    );
    if (!result.ok) throw new Error(result.message);
    return result.session.user.id;
  }

  async function planIdOf(code: string): Promise<number> {
    const plan = (await payments.adminPlans()).find((item) => item.code === code);
    if (!plan) throw new Error(`no plan ${code}`);
    return plan.id;
  }

  /** The plan's current terms as a revision from its current version, with `change` applied. */
  async function revisionOf(code: string, change: Partial<PlanRevision> = {}): Promise<PlanRevision> {
    const plan = (await payments.adminPlans()).find((item) => item.code === code)!;
    return {
      expectedVersion: plan.version,
      name: plan.name,
      features: plan.features,
      durationDays: plan.durationDays,
      trialDays: plan.trialDays,
      entitlements: plan.entitlements,
      prices: plan.prices,
      ...change,
    };
  }

  async function auditOf(action: string) {
    return (await t.services.cms.audit.list({ kind: action, limit: 100 })).entries;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: 'http://localhost:3000' });
    const db = t.database.handle.db;
    payments = createPaymentsService({
      db,
      engine,
      clock: t.services.clock,
      currency: 'EUR',
      providers: [createSandboxProvider({ baseUrl: 'http://localhost:3000', secret: 'x'.repeat(40) }), fakeLocal],
    });
    cms = createCmsPaymentsService({ db, clock: t.services.clock, payments, audit: t.services.cms.audit });
    const staff = await t.services.accounts.createStaffUser({
      email: 'catalogue-admin@example.com',
      password: PASSWORD,
      displayName: 'The admin',
      role: 'admin',
    });
    if (!staff.ok) throw new Error(staff.message);
    actor = { id: staff.user.id, role: 'admin', ip: '198.51.100.200' };
  });
  afterAll(() => t?.close());

  it('a price change adds a version: new orders cost the new price, old ones keep their version and price', async () => {
    const monthly = await planIdOf('premium-monthly');
    const buyer = await newUser();
    const before = await payments.createOrder(buyer, { planId: monthly, provider: 'sandbox' });
    expect(before).toMatchObject({ ok: true, order: { amountMinor: 499, planVersion: 1 } });

    const saved = await cms.revisePlan(
      actor,
      monthly,
      await revisionOf('premium-monthly', {
        prices: [
          { currency: 'EUR', amountMinor: 599 },
          { currency: 'USD', amountMinor: 649 },
        ],
      }),
    );
    expect(saved).toMatchObject({ ok: true, changed: true, plan: { plan: { version: 2 } } });
    if (!saved.ok) return;
    expect(saved.plan.versions.map((version) => version.version)).toEqual([2, 1]);
    expect(saved.plan.versions[1]?.prices).toEqual([
      { currency: 'EUR', amountMinor: 499 },
      { currency: 'USD', amountMinor: 549 },
    ]);

    const listed = (await payments.listPlans()).plans.find((plan) => plan.id === monthly);
    expect(listed).toMatchObject({
      version: 2,
      prices: [
        { currency: 'EUR', amountMinor: 599 },
        { currency: 'USD', amountMinor: 649 },
      ],
    });
    const after = await payments.createOrder(buyer, { planId: monthly, provider: 'sandbox' });
    expect(after).toMatchObject({ ok: true, order: { amountMinor: 599, planVersion: 2 } });
    if (before.ok) {
      expect(await payments.getOrder(buyer, before.order.id)).toMatchObject({ amountMinor: 499, planVersion: 1 });
    }

    const [entry] = await auditOf('plan.version');
    expect(entry).toMatchObject({
      target: { kind: 'plan', id: String(monthly) },
      changes: {
        before: { version: 1, prices: { EUR: 499, USD: 549 } },
        after: { version: 2, prices: { EUR: 599, USD: 649 } },
      },
    });

    // The same terms again add no version and no audit entry.
    const again = await cms.revisePlan(actor, monthly, await revisionOf('premium-monthly'));
    expect(again).toMatchObject({ ok: true, changed: false, plan: { plan: { version: 2 } } });
    expect(await auditOf('plan.version')).toHaveLength(1);
  });

  it('refuses a save made from a stale version, and of two saves at once exactly one wins', async () => {
    const yearly = await planIdOf('premium-yearly');
    const read = await revisionOf('premium-yearly');
    const first = await cms.revisePlan(actor, yearly, { ...read, name: 'Premium yearly (best value)' });
    expect(first).toMatchObject({ ok: true, changed: true });

    const stale = await cms.revisePlan(actor, yearly, { ...read, name: 'Premium for a year' });
    expect(stale).toMatchObject({ ok: false, code: 'conflict' });
    if (!stale.ok) expect(stale.message).toMatch(/changed meanwhile/);
    const detail = await payments.planDetail(yearly);
    expect(detail?.plan).toMatchObject({ version: 2, name: 'Premium yearly (best value)' });
    expect(detail?.versions).toHaveLength(2);

    const fresh = await revisionOf('premium-yearly');
    const results = await Promise.all([
      cms.revisePlan(actor, yearly, { ...fresh, name: 'Yearly by Ann' }),
      cms.revisePlan(actor, yearly, { ...fresh, name: 'Yearly by Bob' }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.code === 'conflict')).toHaveLength(1);
    const after = await payments.planDetail(yearly);
    expect(after?.versions).toHaveLength(3);
    expect(['Yearly by Ann', 'Yearly by Bob']).toContain(after?.plan.name);
  });

  it('checks the terms: Free gets no price and is never hidden; a paid plan needs a price; bad input changes nothing', async () => {
    const free = await planIdOf('free');
    const priced = await cms.revisePlan(
      actor,
      free,
      await revisionOf('free', { prices: [{ currency: 'EUR', amountMinor: 100 }] }),
    );
    expect(priced).toMatchObject({
      ok: false,
      code: 'invalid_input',
      fields: { prices: 'The Free plan cannot be given a price' },
    });
    expect(await cms.placePlan(actor, free, { hidden: true })).toMatchObject({ ok: false, code: 'conflict' });

    const monthly = await planIdOf('premium-monthly');
    expect(await cms.revisePlan(actor, monthly, await revisionOf('premium-monthly', { prices: [] }))).toMatchObject({
      ok: false,
      fields: { prices: 'Give a price in at least one currency' },
    });
    expect(
      await cms.revisePlan(actor, monthly, {
        ...(await revisionOf('premium-monthly')),
        prices: [{ currency: 'EUR', amountMinor: -5 }],
      }),
    ).toMatchObject({ ok: false, code: 'invalid_input' });
    expect(await cms.revisePlan(actor, 999_999, await revisionOf('premium-monthly'))).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect((await payments.planDetail(free))?.versions).toHaveLength(1);
    expect((await payments.planDetail(monthly))?.plan.version).toBe(2);
  });

  it('creates a sport pass, hides and shows it, moves it, and a hidden plan is not sold', async () => {
    const created = await cms.createPlan(actor, {
      code: 'basketball-season',
      kind: 'sport-pass',
      sport: 'basketball',
      interval: 'season',
      name: 'Basketball season pass',
      features: ['Everything in Free', 'No ads'],
      durationDays: 240,
      trialDays: 0,
      entitlements: ['no_ads'],
      prices: [{ currency: 'EUR', amountMinor: 1999 }],
    });
    expect(created).toMatchObject({
      ok: true,
      plan: { plan: { code: 'basketball-season', version: 1, hidden: false, position: 5 } },
    });
    if (!created.ok) return;
    const id = created.plan.plan.id;
    expect((await payments.listPlans()).plans.map((plan) => plan.code)).toContain('basketball-season');
    expect(
      await cms.createPlan(actor, { ...created.plan.plan, code: 'basketball-season', sport: 'basketball' }),
    ).toMatchObject({
      ok: false,
      code: 'conflict',
    });

    expect(await cms.placePlan(actor, id, { hidden: true })).toMatchObject({ ok: true, changed: true });
    expect((await payments.listPlans()).plans.map((plan) => plan.code)).not.toContain('basketball-season');
    const buyer = await newUser();
    expect(await payments.createOrder(buyer, { planId: id, provider: 'sandbox' })).toMatchObject({
      ok: false,
      code: 'not_for_sale',
    });
    expect(await auditOf('plan.hide')).toHaveLength(1);

    await cms.placePlan(actor, id, { hidden: false, position: 1 });
    expect((await payments.listPlans()).plans.map((plan) => plan.code)).toEqual([
      'basketball-season',
      'free',
      'premium-monthly',
      'premium-yearly',
      'football-season',
    ]);
    expect(await auditOf('plan.show')).toHaveLength(1);
    await cms.placePlan(actor, id, { position: 5 });
    expect((await payments.adminPlans()).map((plan) => [plan.code, plan.position])).toEqual([
      ['free', 1],
      ['premium-monthly', 2],
      ['premium-yearly', 3],
      ['football-season', 4],
      ['basketball-season', 5],
    ]);
  });

  it('offers the enabled, configured payment methods in the CMS order; a disabled one is refused at checkout', async () => {
    expect(await payments.paymentMethods()).toEqual([
      { provider: 'sandbox', enabled: true, position: 1, configured: true, offered: true },
      { provider: 'stripe', enabled: true, position: 2, configured: false, offered: false },
      { provider: 'local', enabled: true, position: 3, configured: true, offered: true },
    ]);
    expect((await payments.listPlans()).providers).toEqual(['sandbox', 'local']);

    expect(await cms.changeMethod(actor, 'local', { position: 1 })).toMatchObject({ ok: true, changed: true });
    expect((await payments.listPlans()).providers).toEqual(['local', 'sandbox']);

    expect(await cms.changeMethod(actor, 'local', { enabled: false })).toMatchObject({ ok: true, changed: true });
    expect((await payments.listPlans()).providers).toEqual(['sandbox']);
    const buyer = await newUser();
    const monthly = await planIdOf('premium-monthly');
    expect(await payments.createOrder(buyer, { planId: monthly, provider: 'local' })).toMatchObject({
      ok: false,
      code: 'unknown_provider',
    });

    const last = await cms.changeMethod(actor, 'sandbox', { enabled: false });
    expect(last).toMatchObject({ ok: false, code: 'conflict' });
    if (!last.ok) expect(last.message).toMatch(/last payment method/);
    expect((await payments.listPlans()).providers).toEqual(['sandbox']);
    expect((await auditOf('payment-method.disable')).map((entry) => entry.target.id)).toEqual(['local']);

    // Two staff disabling the last two at once: one is refused, one method stays on offer.
    await cms.changeMethod(actor, 'local', { enabled: true });
    const results = await Promise.all([
      cms.changeMethod(actor, 'sandbox', { enabled: false }),
      cms.changeMethod(actor, 'local', { enabled: false }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await payments.listPlans()).providers).toHaveLength(1);
    await cms.changeMethod(actor, 'sandbox', { enabled: true });
    await cms.changeMethod(actor, 'local', { enabled: true });
  });

  it('grants a plan’s free trial once per account, recorded as a paid order of 0 with its cause', async () => {
    const monthly = await planIdOf('premium-monthly');
    const football = await planIdOf('football-season');
    const user = await newUser();
    expect(await payments.startTrial(user, monthly)).toMatchObject({ ok: false, code: 'no_trial' });
    expect(await cms.revisePlan(actor, monthly, await revisionOf('premium-monthly', { trialDays: 7 }))).toMatchObject({
      ok: true,
    });
    expect(await cms.revisePlan(actor, football, await revisionOf('football-season', { trialDays: 3 }))).toMatchObject({
      ok: true,
    });
    expect((await payments.listPlans()).plans.find((plan) => plan.id === monthly)?.trialDays).toBe(7);
    expect((await payments.trialOffers(user)).sort()).toEqual([monthly, football].sort());

    const started = Date.now();
    const trial = await payments.startTrial(user, monthly);
    expect(trial).toMatchObject({
      ok: true,
      order: { provider: 'trial', status: 'paid', amountMinor: 0, planId: monthly },
    });
    if (!trial.ok) return;
    expect(Date.parse(trial.endsAt) - started).toBeGreaterThanOrEqual(7 * DAY - 1000);
    expect(Date.parse(trial.endsAt) - started).toBeLessThan(7 * DAY + 60_000);
    expect((await payments.entitlements(user)).map((item) => item.name).sort()).toEqual([
      'hd_video',
      'no_ads',
      'premium_media',
    ]);
    expect((await payments.me(user)).plan.id).toBe(monthly);
    expect(await payments.orderHistory(trial.order.id)).toEqual([
      expect.objectContaining({ from: null, to: 'paid', cause: `free trial of 7 days started by user ${user}` }),
    ]);
    // Staff see it as a trial, and can list trials on their own.
    expect(await payments.staffOrder(trial.order.id)).toMatchObject({ provider: 'trial', amountMinor: 0 });
    expect((await payments.searchOrders(orderSearchSchema.parse({ provider: 'trial' }))).orders).toEqual([
      expect.objectContaining({ id: trial.order.id, provider: 'trial' }),
    ]);

    expect(await payments.startTrial(user, monthly)).toMatchObject({ ok: false, code: 'trial_used' });
    expect(await payments.startTrial(user, football)).toMatchObject({ ok: false, code: 'trial_used' });
    expect(await payments.trialOffers(user)).toEqual([]);

    // Someone who had the plan gets no trial of it.
    const subscriber = await newUser();
    const order = await payments.createOrder(subscriber, { planId: monthly, provider: 'sandbox' });
    if (!order.ok) throw new Error(order.message);
    await payments.settle('sandbox', {
      id: `evt_trial_${engine}`,
      type: 'payment.succeeded',
      orderId: order.order.id,
      amountMinor: order.order.amountMinor,
      currency: order.order.currency,
      createdAt: new Date(),
    });
    expect(await payments.startTrial(subscriber, monthly)).toMatchObject({ ok: false, code: 'had_plan' });

    // Two requests at once: one trial.
    const twice = await newUser();
    const results = await Promise.all([payments.startTrial(twice, monthly), payments.startTrial(twice, football)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.code === 'trial_used')).toHaveLength(1);
    const grants = await t.database.handle.db
      .selectFrom('payment_order')
      .select('id')
      .where('user_id', '=', twice)
      .where('provider', '=', 'trial')
      .execute();
    expect(grants).toHaveLength(1);
  });
});
