// The checkout limit as a member meets it on the pages (issue #21): the pricing form and the failure
// page's one-click retry answer 429 with Retry-After and say when to try again, and make no order.
// Needs the build (BUILD_DIR).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../tests/helpers/page-app.ts';

const ORIGIN = 'http://scoreline.test';

describe('the checkout limit on the pages', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  let cookie = '';
  let userId = 0;
  let planId = 0;

  function post(path: string, form: Record<string, string>) {
    return t.app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
      body: new URLSearchParams(form).toString(),
    });
  }

  async function orders(): Promise<number> {
    const row = await t.database.handle.db
      .selectFrom('payment_order')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  beforeAll(async () => {
    t = await createPageApp({ env: { PAYMENT_ORDERS_PER_USER: '2' } });
    const result = await t.services.accounts.register(
      { email: 'limited@example.com', password: 'correct horse battery staple' },
      { ip: '127.0.2.1', userAgent: 'test', deviceToken: null },
    );
    if (!result.ok) throw new Error(result.message);
    userId = result.session.user.id;
    cookie = `scoreline_access=${result.session.token.access_token}`;
    planId = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-monthly')!.id;
  }, 60_000);
  afterAll(() => t.close());

  it('answers the pricing form and the retry with 429, Retry-After and when to try again; no order is made', async () => {
    const first = await post('/pricing', { planId: String(planId), provider: 'sandbox' });
    expect(first.status).toBe(302);
    const orderId = /\/payment\/sandbox\/(ord_[\w-]+)/.exec(first.headers.get('location') ?? '')![1]!;
    await post(`/payment/sandbox/${orderId}`, {
      card: '4000 0000 0000 0002',
      expiry: '12/34',
      cvc: '123',
      step: 'pay',
    });
    expect((await post('/pricing', { planId: String(planId), provider: 'sandbox' })).status).toBe(302);
    expect(await orders()).toBe(2);

    const refused = await post('/pricing', { planId: String(planId), provider: 'sandbox' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(
      /role="alert"[^>]*>Too many checkouts started in the last hour: try again in \d+ minutes?\.</,
    );

    const retry = await post(`/payment/failure?order=${orderId}`, {});
    expect(retry.status).toBe(429);
    expect(Number(retry.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await retry.text()).toContain('Too many checkouts started in the last hour');
    expect(await orders()).toBe(2);
  });
});
