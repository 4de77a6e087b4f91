// /api/cms/payments/orders (issue #21) through the real app on SQLite and
// PostgreSQL: only cms:payments (administrators) may call it — 401 for a guest,
// 403 for editors, moderators and members, before the input is read; staff find
// a bank-transfer order by its reference, confirm it (once, under concurrency)
// and refund it with a reason, each with its audit entry; bad input is a 400
// and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../domain/account-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { orderPageSchema, staffOrderDetailSchema } from '../payments/payments.staff.schemas.ts';

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
      'X-Forwarded-For': '198.51.100.77',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function tokenOf(t: Built, email: string): Promise<string> {
  const response = await call(t, 'POST', '/auth/login', undefined, { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
}

async function staffAccount(t: Built, email: string, role: StaffRole, displayName: string): Promise<void> {
  const result = await t.services.accounts.createStaffUser({ email, password: PASSWORD, displayName, role });
  if (!result.ok) throw new Error(result.message);
}

describe.each(TEST_ENGINES)('the CMS orders API on %s', (engine) => {
  let t: Built;
  const tokens: Record<Who, string> = { admin: '', editor: '', moderator: '', member: '' };
  let memberId = 0;
  let adminId = 0;
  let premiumMonthly = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: ORIGIN, TRUST_PROXY: '1' });
    await staffAccount(t, 'admin@example.com', 'admin', 'Ada Admin');
    await staffAccount(t, 'editor@example.com', 'editor', 'Ed Editor');
    await staffAccount(t, 'moderator@example.com', 'moderator', 'Mo Moderator');
    const registered = await call(t, 'POST', '/auth/register', undefined, {
      email: 'member@example.com',
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    for (const who of ['admin', 'editor', 'moderator', 'member'] as const)
      tokens[who] = await tokenOf(t, `${who}@example.com`);
    const idOf = async (email: string) =>
      Number(
        (
          await t.database.handle.db
            .selectFrom('user_account')
            .select('id')
            .where('email', '=', email)
            .executeTakeFirstOrThrow()
        ).id,
      );
    memberId = await idOf('member@example.com');
    adminId = await idOf('admin@example.com');
    premiumMonthly = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-monthly')!.id;
  });
  afterAll(() => t?.close());

  async function bankTransfer() {
    const response = await call(t, 'POST', '/payments/orders', tokens.member, {
      planId: premiumMonthly,
      provider: 'local',
    });
    expect(response.status).toBe(201);
    const { order } = (await response.json()) as { order: { id: string } };
    const details = await t.services.payments.transferDetails(memberId, order.id);
    return { id: order.id, reference: details!.reference };
  }

  const endpoints: Array<{ name: string; method: string; path: string; body?: unknown; allowed: number }> = [
    { name: 'search orders', method: 'GET', path: '/cms/payments/orders', allowed: 200 },
    { name: 'read an order', method: 'GET', path: '/cms/payments/orders/ord_none', allowed: 404 },
    {
      name: 'confirm a transfer',
      method: 'POST',
      path: '/cms/payments/orders/ord_none/confirm-transfer',
      allowed: 404,
    },
    {
      name: 'refund',
      method: 'POST',
      path: '/cms/payments/orders/ord_none/refund',
      body: { reason: 'A reason' },
      allowed: 404,
    },
  ];
  const MAY: Record<Who, boolean> = { admin: true, editor: false, moderator: false, member: false };

  describe.each(endpoints)('$name ($method $path)', (endpoint) => {
    it('answers a guest 401 before reading the input', async () => {
      const response = await call(
        t,
        endpoint.method,
        endpoint.path,
        undefined,
        endpoint.body === undefined ? undefined : { nonsense: true },
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    });
    it.each(['admin', 'editor', 'moderator', 'member'] as const)('as %s', async (who) => {
      const response = await call(t, endpoint.method, endpoint.path, tokens[who], endpoint.body);
      if (MAY[who]) {
        expect(response.status).toBe(endpoint.allowed);
      } else {
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({
          error: { code: 'forbidden', message: expect.stringContaining('cms:payments') },
        });
      }
    });
  });

  it('finds a transfer by its reference, confirms it once when two staff confirm at once, and audits it', async () => {
    const { id, reference } = await bankTransfer();
    const search = await call(t, 'GET', `/cms/payments/orders?q=${encodeURIComponent(reference)}`, tokens.admin);
    expect(search.status).toBe(200);
    const page = orderPageSchema.parse(((await search.json()) as { data: unknown }).data);
    expect(page.orders).toHaveLength(1);
    expect(page.orders[0]).toMatchObject({
      id,
      reference,
      status: 'pending',
      provider: 'local',
      user: { id: memberId, email: 'member@example.com' },
    });

    const answers = await Promise.all([
      call(t, 'POST', `/cms/payments/orders/${id}/confirm-transfer`, tokens.admin),
      call(t, 'POST', `/cms/payments/orders/${id}/confirm-transfer`, tokens.admin),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const confirmed = staffOrderDetailSchema.parse(
      ((await answers.find((answer) => answer.status === 200)!.json()) as { data: unknown }).data,
    );
    expect(confirmed).toMatchObject({ status: 'paid', confirmable: false, refundRefusal: null });
    expect(confirmed.history.at(-1)).toMatchObject({
      from: 'pending',
      to: 'paid',
      cause: `transfer received, confirmed by Ada Admin (staff #${adminId})`,
    });

    const audit = await t.database.handle.db
      .selectFrom('audit_entry')
      .select(['actor_id', 'action', 'ip', 'created_at'])
      .where('target_kind', '=', 'order')
      .where('target_id', '=', id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'order.confirm-transfer', ip: '198.51.100.77' });
    expect(Number(audit[0]!.actor_id)).toBe(adminId);

    const me = await call(t, 'GET', '/payments/me', tokens.member);
    expect(((await me.json()) as { plan: { code: string } }).plan.code).toBe('premium-monthly');
  });

  it('refunds with a reason: 400 without one and nothing changes; then refunded, revoked and audited; a second is 409', async () => {
    const { id } = await bankTransfer();
    expect(
      (await call(t, 'POST', `/cms/payments/orders/${id}/refund`, tokens.admin, { reason: 'Too early' })).status,
    ).toBe(409);
    expect((await call(t, 'POST', `/cms/payments/orders/${id}/confirm-transfer`, tokens.admin)).status).toBe(200);

    const noReason = await call(t, 'POST', `/cms/payments/orders/${id}/refund`, tokens.admin, { reason: '' });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ error: { fields: { reason: expect.any(String) } } });
    const still = staffOrderDetailSchema.parse(
      ((await (await call(t, 'GET', `/cms/payments/orders/${id}`, tokens.admin)).json()) as { data: unknown }).data,
    );
    expect(still.status).toBe('paid');

    const refunded = await call(t, 'POST', `/cms/payments/orders/${id}/refund`, tokens.admin, {
      reason: 'Changed their mind',
    });
    expect(refunded.status).toBe(200);
    const body = (await refunded.json()) as { data: unknown; outcome: string };
    expect(body.outcome).toBe('refunded');
    expect(staffOrderDetailSchema.parse(body.data)).toMatchObject({
      status: 'refunded',
      refund: { reason: 'Changed their mind', staffId: adminId },
    });

    const again = await call(t, 'POST', `/cms/payments/orders/${id}/refund`, tokens.admin, {
      reason: 'Changed their mind',
    });
    expect(again.status).toBe(409);
    const actions = await t.database.handle.db
      .selectFrom('audit_entry')
      .select('action')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['order.confirm-transfer', 'order.refund']);
  });

  it('refuses a filter it cannot read with 400', async () => {
    expect((await call(t, 'GET', '/cms/payments/orders?status=lost', tokens.admin)).status).toBe(400);
    expect((await call(t, 'GET', '/cms/payments/orders?cursor=nonsense', tokens.admin)).status).toBe(400);
  });
});
