// /api/cms/payments (issue #21) through the real app on SQLite and PostgreSQL:
// only cms:payments (admins) may call it — guests get 401, editors, moderators
// and members 403 and nothing changes; a price change answers the new version
// and is audited; a stale save is a 409 that changes nothing; Free cannot be
// priced or hidden; the last payment method cannot be disabled; and the trial
// route answers a member as the account allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../domain/account-contracts.ts';
import { adminPlanSchema, paymentMethodSchema, planDetailSchema } from '../../../domain/plans-admin.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { auditPageSchema } from './cms.schemas.ts';
import { z } from 'zod';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';

type Built = Awaited<ReturnType<typeof createTestApp>>;
type Who = 'admin' | 'editor' | 'moderator' | 'member';

function call(t: Built, method: string, path: string, token?: string, body?: unknown) {
  return t.app.request(`${ORIGIN}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'X-Forwarded-For': '198.51.100.41',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function tokenOf(t: Built, email: string): Promise<string> {
  const response = await call(t, 'POST', '/auth/login', undefined, { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
}

async function staffAccount(t: Built, email: string, role: StaffRole): Promise<void> {
  const result = await t.services.accounts.createStaffUser({
    email,
    password: PASSWORD,
    displayName: `The ${role}`,
    role,
  });
  if (!result.ok) throw new Error(result.message);
}

const planAnswer = z.object({ data: planDetailSchema.extend({ changed: z.boolean() }) });
const plansAnswer = z.object({ data: z.object({ plans: z.array(adminPlanSchema) }) });
const methodsAnswer = z.object({ data: z.object({ methods: z.array(paymentMethodSchema) }) });

describe.each(TEST_ENGINES)('the plans and payment methods API on %s', (engine) => {
  let t: Built;
  const tokens: Record<Who, string> = { admin: '', editor: '', moderator: '', member: '' };
  let monthly = 0;
  let free = 0;

  beforeAll(async () => {
    // Bank transfer off: the sandbox is then the only method configured, the last one that cannot go.
    t = await createTestApp(engine, { BASE_URL: ORIGIN, TRUST_PROXY: '1', LOCAL_PAYMENT_ENABLED: 'false' });
    for (const role of ['admin', 'editor', 'moderator'] as const) await staffAccount(t, `${role}@example.com`, role);
    const registered = await call(t, 'POST', '/auth/register', undefined, {
      email: 'member@example.com',
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    for (const who of ['admin', 'editor', 'moderator', 'member'] as const)
      tokens[who] = await tokenOf(t, `${who}@example.com`);
    const plans = (await t.services.payments.listPlans()).plans;
    monthly = plans.find((plan) => plan.code === 'premium-monthly')!.id;
    free = plans.find((plan) => plan.code === 'free')!.id;
  });
  afterAll(() => t?.close());

  async function revision(planId: number, change: Record<string, unknown> = {}) {
    const response = await call(t, 'GET', `/cms/payments/plans/${planId}`, tokens.admin);
    expect(response.status).toBe(200);
    const { plan } = planAnswer.parse(await response.json()).data;
    const { name, features, durationDays, trialDays, entitlements, prices, version } = plan;
    return { expectedVersion: version, name, features, durationDays, trialDays, entitlements, prices, ...change };
  }

  it('lets only cms:payments in: 401 for a guest, 403 for editors, moderators and members, and nothing changes', async () => {
    const body = await revision(monthly, { prices: [{ currency: 'EUR', amountMinor: 1 }] });
    const writes: Array<[string, string, unknown]> = [
      ['PUT', `/cms/payments/plans/${monthly}`, body],
      ['PATCH', `/cms/payments/plans/${monthly}`, { hidden: true }],
      ['POST', '/cms/payments/plans', { code: 'x-pass' }],
      ['PATCH', '/cms/payments/providers/sandbox', { enabled: false }],
    ];
    const reads = ['/cms/payments/plans', `/cms/payments/plans/${monthly}`, '/cms/payments/providers'];
    for (const who of [undefined, 'editor', 'moderator', 'member'] as const) {
      const token = who ? tokens[who] : undefined;
      for (const [method, path, payload] of writes) {
        expect((await call(t, method, path, token, payload)).status, `${who} ${method} ${path}`).toBe(who ? 403 : 401);
      }
      for (const path of reads) expect((await call(t, 'GET', path, token)).status).toBe(who ? 403 : 401);
    }
    const plan = (await t.services.payments.listPlans()).plans.find((item) => item.id === monthly);
    expect(plan).toMatchObject({
      version: 1,
      prices: [
        { currency: 'EUR', amountMinor: 499 },
        { currency: 'USD', amountMinor: 549 },
      ],
    });
    expect((await t.services.payments.listPlans()).providers).toEqual(['sandbox']);
    for (const path of reads) expect((await call(t, 'GET', path, tokens.admin)).status).toBe(200);
  });

  it('saves new terms as a new version, audited; a stale save is a 409 that changes nothing', async () => {
    const read = await revision(monthly);
    const response = await call(t, 'PUT', `/cms/payments/plans/${monthly}`, tokens.admin, {
      ...read,
      prices: [
        { currency: 'EUR', amountMinor: 549 },
        { currency: 'USD', amountMinor: 599 },
      ],
    });
    expect(response.status).toBe(200);
    const saved = planAnswer.parse(await response.json()).data;
    expect(saved).toMatchObject({
      changed: true,
      plan: {
        version: 2,
        prices: [
          { currency: 'EUR', amountMinor: 549 },
          { currency: 'USD', amountMinor: 599 },
        ],
      },
    });
    expect(saved.versions.map((version) => version.version)).toEqual([2, 1]);

    const audit = await call(t, 'GET', '/cms/audit?kind=plan.version', tokens.admin);
    const [entry] = auditPageSchema.parse(((await audit.json()) as { data: unknown }).data).entries;
    expect(entry).toMatchObject({
      actor: { role: 'admin' },
      target: { kind: 'plan', id: String(monthly) },
      changes: {
        before: { version: 1, prices: { EUR: 499, USD: 549 } },
        after: { version: 2, prices: { EUR: 549, USD: 599 } },
      },
    });

    const stale = await call(t, 'PUT', `/cms/payments/plans/${monthly}`, tokens.admin, { ...read, name: 'Monthly' });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: { message: string } }).error.message).toMatch(/changed meanwhile/);
    expect((await t.services.payments.planDetail(monthly))?.plan).toMatchObject({
      version: 2,
      name: 'Premium monthly',
    });

    const order = await call(t, 'POST', '/payments/orders', tokens.member, {
      planId: monthly,
      provider: 'sandbox',
      amountMinor: 1,
    });
    expect(order.status).toBe(201);
    expect(((await order.json()) as { order: { amountMinor: number; planVersion: number } }).order).toMatchObject({
      amountMinor: 549,
      planVersion: 2,
    });
  });

  it('refuses bad input field by field, a price for Free, hiding Free, and disabling the last payment method', async () => {
    const bad = await call(t, 'PUT', `/cms/payments/plans/${monthly}`, tokens.admin, {
      ...(await revision(monthly)),
      name: '',
      prices: [{ currency: 'EUR', amountMinor: 4.5 }],
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty('name');

    const priced = await call(t, 'PUT', `/cms/payments/plans/${free}`, tokens.admin, {
      ...(await revision(free)),
      prices: [{ currency: 'EUR', amountMinor: 100 }],
    });
    expect(priced.status).toBe(400);
    expect((await call(t, 'PATCH', `/cms/payments/plans/${free}`, tokens.admin, { hidden: true })).status).toBe(409);
    expect((await call(t, 'PATCH', '/cms/payments/plans/999999', tokens.admin, { hidden: true })).status).toBe(404);

    const methods = methodsAnswer.parse(await (await call(t, 'GET', '/cms/payments/providers', tokens.admin)).json())
      .data.methods;
    expect(methods.map((method) => [method.provider, method.configured, method.offered])).toEqual([
      ['sandbox', true, true],
      ['stripe', false, false],
      ['local', false, false],
    ]);
    const last = await call(t, 'PATCH', '/cms/payments/providers/sandbox', tokens.admin, { enabled: false });
    expect(last.status).toBe(409);
    expect(((await last.json()) as { error: { message: string } }).error.message).toMatch(/last payment method/);
    expect((await call(t, 'PATCH', '/cms/payments/providers/paypal', tokens.admin, { enabled: false })).status).toBe(
      400,
    );
    expect((await t.services.payments.listPlans()).providers).toEqual(['sandbox']);
  });

  it('hides a plan from GET /api/plans and moves plans, audited', async () => {
    const yearly = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-yearly')!.id;
    const hidden = await call(t, 'PATCH', `/cms/payments/plans/${yearly}`, tokens.admin, { hidden: true });
    expect(hidden.status).toBe(200);
    expect(plansAnswer.parse(await hidden.json()).data.plans.find((plan) => plan.id === yearly)).toMatchObject({
      hidden: true,
    });
    const listed = (await (await call(t, 'GET', '/plans')).json()) as { plans: Array<{ code: string }> };
    expect(listed.plans.map((plan) => plan.code)).toEqual(['free', 'premium-monthly', 'football-season']);
    expect(
      (await call(t, 'POST', '/payments/orders', tokens.member, { planId: yearly, provider: 'sandbox' })).status,
    ).toBe(400);
    await call(t, 'PATCH', `/cms/payments/plans/${yearly}`, tokens.admin, { hidden: false, position: 2 });
    const again = (await (await call(t, 'GET', '/plans')).json()) as { plans: Array<{ code: string }> };
    expect(again.plans.map((plan) => plan.code)).toEqual([
      'free',
      'premium-yearly',
      'premium-monthly',
      'football-season',
    ]);
    const audit = await call(t, 'GET', '/cms/audit?kind=plan', tokens.admin);
    const actions = auditPageSchema
      .parse(((await audit.json()) as { data: unknown }).data)
      .entries.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['plan.hide', 'plan.show', 'plan.version']));
  });

  it('starts a free trial over POST /api/payments/trials once per account', async () => {
    expect((await call(t, 'POST', '/payments/trials', undefined, { planId: monthly })).status).toBe(401);
    const none = await call(t, 'POST', '/payments/trials', tokens.editor, { planId: monthly });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('no_trial');
    const football = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'football-season')!.id;
    expect(
      (
        await call(
          t,
          'PUT',
          `/cms/payments/plans/${football}`,
          tokens.admin,
          await revision(football, { trialDays: 5 }),
        )
      ).status,
    ).toBe(200);
    const started = await call(t, 'POST', '/payments/trials', tokens.editor, { planId: football });
    expect(started.status).toBe(201);
    expect(((await started.json()) as { order: unknown }).order).toMatchObject({
      provider: 'trial',
      amountMinor: 0,
      status: 'paid',
    });
    const again = await call(t, 'POST', '/payments/trials', tokens.editor, { planId: football });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('trial_used');
    expect((await call(t, 'POST', '/payments/trials', tokens.moderator, { planId: 'x' })).status).toBe(400);
  });
});
