// /api/cms/payments/coupons and /house-ad (issue #21) through the real app on
// SQLite and PostgreSQL: only cms:payments (admins) may call them — guests get
// 401, editors and members 403 and nothing changes; a coupon is created, edited,
// deactivated (its link then refused at checkout) and shows its uses; bad input
// and a duplicate code (in any case) are refused with nothing changed; every
// write is audited; the house ad is set, and checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { StaffRole } from '../../../domain/account-contracts.ts';
import { couponSchema, couponUseSchema, houseAdSchema } from '../../../domain/deals-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { auditPageSchema } from './cms.schemas.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';

type Built = Awaited<ReturnType<typeof createTestApp>>;
type Who = 'admin' | 'editor' | 'member';

function call(t: Built, method: string, path: string, token?: string, body?: unknown) {
  return t.app.request(`${ORIGIN}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'X-Forwarded-For': '198.51.100.61',
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

const couponAnswer = z.object({ data: z.object({ coupon: couponSchema }) });

describe.each(TEST_ENGINES)('the coupons and house-ad API on %s', (engine) => {
  let t: Built;
  const tokens: Record<Who, string> = { admin: '', editor: '', member: '' };
  let memberId = 0;
  let yearly = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: ORIGIN, TRUST_PROXY: '1' });
    for (const role of ['admin', 'editor'] as const) await staffAccount(t, `${role}@example.com`, role);
    const registered = await call(t, 'POST', '/auth/register', undefined, {
      email: 'member@example.com',
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    for (const who of ['admin', 'editor', 'member'] as const) tokens[who] = await tokenOf(t, `${who}@example.com`);
    memberId = Number(
      (
        await t.database.handle.db
          .selectFrom('user_account')
          .select('id')
          .where('email', '=', 'member@example.com')
          .executeTakeFirstOrThrow()
      ).id,
    );
    yearly = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-yearly')!.id;
  });
  afterAll(() => t?.close());

  const couponCount = async () => (await t.services.payments.coupons.list()).length;

  it('lets only cms:payments in: 401 for a guest, 403 for an editor and a member, and nothing changes', async () => {
    const before = await couponCount();
    const input = { code: 'NOPE', title: 'No', percentOff: 10 };
    expect((await call(t, 'GET', '/cms/payments/coupons')).status).toBe(401);
    expect((await call(t, 'POST', '/cms/payments/coupons', undefined, input)).status).toBe(401);
    for (const who of ['editor', 'member'] as const) {
      expect((await call(t, 'GET', '/cms/payments/coupons', tokens[who])).status).toBe(403);
      expect((await call(t, 'POST', '/cms/payments/coupons', tokens[who], input)).status).toBe(403);
      expect(
        (await call(t, 'PUT', '/cms/payments/house-ad', tokens[who], { title: 'x', text: 'y', link: '/' })).status,
      ).toBe(403);
    }
    expect(await couponCount()).toBe(before);
    expect((await t.services.payments.ads.view()).title).toBe('Scoreline Premium');
  });

  it('creates, edits and deactivates a coupon, each audited, and shows its uses', async () => {
    const created = await call(t, 'POST', '/cms/payments/coupons', tokens.admin, {
      code: 'spring-25',
      title: 'Spring sale',
      percentOff: 25,
      planId: yearly,
      usageLimit: 100,
      validUntil: '2099-04-30T23:59:00Z',
    });
    expect(created.status).toBe(201);
    const { coupon } = couponAnswer.parse(await created.json()).data;
    expect(coupon).toMatchObject({
      code: 'SPRING-25',
      percentOff: 25,
      planId: yearly,
      usageLimit: 100,
      uses: 0,
      active: true,
    });

    const order = await t.services.payments.createOrder(memberId, {
      planId: yearly,
      provider: 'sandbox',
      coupon: 'Spring-25',
    });
    expect(order).toMatchObject({ ok: true, order: { amountMinor: 3375 } });

    const edited = await call(t, 'PATCH', `/cms/payments/coupons/${coupon.id}`, tokens.admin, {
      percentOff: 30,
      title: 'Spring sale!',
    });
    expect(edited.status).toBe(200);
    expect(couponAnswer.parse(await edited.json()).data.coupon).toMatchObject({
      percentOff: 30,
      title: 'Spring sale!',
      uses: 1,
    });

    const detail = await call(t, 'GET', `/cms/payments/coupons/${coupon.id}`, tokens.admin);
    expect(detail.status).toBe(200);
    const uses = z.object({ data: z.object({ uses: z.array(couponUseSchema) }) }).parse(await detail.json()).data.uses;
    expect(uses).toEqual([expect.objectContaining({ userId: memberId, amountMinor: 3375, status: 'pending' })]);

    const off = await call(t, 'POST', `/cms/payments/coupons/${coupon.id}/deactivate`, tokens.admin);
    expect(off.status).toBe(200);
    expect(couponAnswer.parse(await off.json()).data.coupon.active).toBe(false);
    expect(
      await t.services.payments.createOrder(memberId, { planId: yearly, provider: 'sandbox', coupon: 'SPRING-25' }),
    ).toMatchObject({
      ok: false,
      code: 'invalid_coupon',
    });

    const audit = await call(t, 'GET', '/cms/audit?kind=coupon', tokens.admin);
    const entries = auditPageSchema.parse(((await audit.json()) as { data: unknown }).data).entries;
    const actions = entries.filter((entry) => entry.target.id === String(coupon.id)).map((entry) => entry.action);
    expect(actions).toEqual(['coupon.deactivate', 'coupon.change', 'coupon.create']);
  });

  it('refuses bad input, a duplicate code in any case and an unknown coupon, changing nothing', async () => {
    const before = await couponCount();
    const cases: Array<[unknown, string]> = [
      [{ code: 'AB', title: 'Short', percentOff: 10 }, 'code'],
      [{ code: 'FULL', title: 'Free', percentOff: 100 }, 'percentOff'],
      [{ code: 'BOTH', title: 'Both', percentOff: 10, amountOff: { EUR: 100 } }, 'percentOff'],
      [{ code: 'NEITHER', title: 'Neither' }, 'percentOff'],
      [{ code: 'NEG', title: 'Negative', amountOff: { EUR: -5 } }, 'amountOff.EUR'],
    ];
    for (const [input, field] of cases) {
      const response = await call(t, 'POST', '/cms/payments/coupons', tokens.admin, input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      const body = (await response.json()) as { error: { fields?: Record<string, string> } };
      expect(Object.keys(body.error.fields ?? {}), JSON.stringify(input)).toContain(field);
    }
    const free = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'free')!.id;
    expect(
      (
        await call(t, 'POST', '/cms/payments/coupons', tokens.admin, {
          code: 'FREEPLAN',
          title: 'x',
          percentOff: 5,
          planId: free,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(t, 'POST', '/cms/payments/coupons', tokens.admin, {
          code: 'Welcome10',
          title: 'Again',
          percentOff: 5,
        })
      ).status,
    ).toBe(409);
    expect(await couponCount()).toBe(before);
    expect((await call(t, 'GET', '/cms/payments/coupons/999999', tokens.admin)).status).toBe(404);
    expect((await call(t, 'PATCH', '/cms/payments/coupons/999999', tokens.admin, { title: 'x' })).status).toBe(404);
    expect((await call(t, 'POST', '/cms/payments/coupons/999999/deactivate', tokens.admin)).status).toBe(404);
  });

  it('sets the house ad, audited, and refuses a link that is neither a path nor https', async () => {
    const bad = await call(t, 'PUT', '/cms/payments/house-ad', tokens.admin, {
      title: 'Ad',
      text: 'Text',
      link: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    expect((await t.services.payments.ads.view()).title).toBe('Scoreline Premium');
    const saved = await call(t, 'PUT', '/cms/payments/house-ad', tokens.admin, {
      title: 'Season pass',
      text: 'Every football match without ads.',
      link: '/pricing-sport',
      imageUrl: 'https://example.com/pass.png',
    });
    expect(saved.status).toBe(200);
    const ad = z.object({ data: z.object({ ad: houseAdSchema }) }).parse(await saved.json()).data.ad;
    expect(ad).toEqual({
      title: 'Season pass',
      text: 'Every football match without ads.',
      link: '/pricing-sport',
      imageUrl: 'https://example.com/pass.png',
      active: true,
    });
    expect(await t.services.payments.ads.forViewer(null)).toEqual(ad);
    const audit = auditPageSchema.parse(
      ((await (await call(t, 'GET', '/cms/audit?kind=house-ad', tokens.admin)).json()) as { data: unknown }).data,
    );
    expect(audit.entries[0]).toMatchObject({ action: 'house-ad.change' });
    const off = await call(t, 'PUT', '/cms/payments/house-ad', tokens.admin, { ...ad, active: false });
    expect(off.status).toBe(200);
    expect(await t.services.payments.ads.forViewer(null)).toBeNull();
  });
});
