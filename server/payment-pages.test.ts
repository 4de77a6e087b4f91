// The sandbox's hosted checkout and the payment result pages (issue #21)
// through the built pages: owner only (a guest signs in and comes back, anyone
// else gets a 404), each test card's outcome as the pages show it, the order's
// state and the buyer's entitlements after it, and one-click retry after a
// decline. The pages read no tables themselves; the payments service's tests
// cover both engines (payments.sandbox-checkout.test.ts). Needs the build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../tests/helpers/page-app.ts';

const ORIGIN = 'http://scoreline.test';

describe('the payment pages', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let premiumMonthly = 0;

  function page(path: string, options: { as?: string; form?: Record<string, string> } = {}) {
    const { as, form } = options;
    return t.app.request(`${ORIGIN}${path}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(as ? { Cookie: cookies[as]! } : {}),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
  }

  async function newOrder(who: string) {
    const result = await t.services.payments.createOrder(ids[who]!, { planId: premiumMonthly, provider: 'sandbox' });
    if (!result.ok) throw new Error(result.message);
    return result.order;
  }

  const pay = (orderId: string, card: string, step = 'pay') =>
    page(`/payment/sandbox/${orderId}`, { as: 'ana', form: { card, expiry: '12/34', cvc: '123', step } });

  beforeAll(async () => {
    t = await createPageApp();
    for (const [index, name] of ['ana', 'ben'].entries()) {
      const result = await t.services.accounts.register(
        { email: `${name}@example.com`, password: 'correct horse battery staple' },
        { ip: `127.0.0.${index + 1}`, userAgent: 'test', deviceToken: null },
      );
      if (!result.ok) throw new Error(result.message);
      ids[name] = result.session.user.id;
      cookies[name] = `scoreline_access=${result.session.token.access_token}`;
    }
    premiumMonthly = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-monthly')!.id;
  }, 60_000);
  afterAll(() => t.close());

  it('is the owner’s only: a guest signs in and comes back, anyone else gets a 404', async () => {
    const order = await newOrder('ana');
    for (const path of [
      `/payment/sandbox/${order.id}`,
      `/payment/result?order=${order.id}`,
      `/payment/success?order=${order.id}`,
      `/payment/failure?order=${order.id}`,
    ]) {
      const guest = await page(path);
      expect(guest.status, path).toBe(302);
      expect(guest.headers.get('location'), path).toBe(`/login?redirect=${encodeURIComponent(path)}`);
      expect((await page(path, { as: 'ben' })).status, path).toBe(404);
    }
    expect((await pay(order.id, '4242 4242 4242 4242')).status).toBe(302);
    const stranger = await page(`/payment/sandbox/${order.id}`, {
      as: 'ben',
      form: { card: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', step: 'pay' },
    });
    expect(stranger.status).toBe(404);
    expect((await page('/payment/result?order=ord_nothing', { as: 'ana' })).status).toBe(404);
  });

  it('shows the order and the test cards on a checkout clearly marked as a test', async () => {
    const order = await newOrder('ana');
    const response = await page(`/en/payment/sandbox/${order.id}`, { as: 'ana' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Test checkout — no real money is taken.');
    expect(html).toContain('Premium monthly');
    expect(html).toContain('Pay €4.99');
    for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 3220'])
      expect(html).toContain(card);
  });

  it('pays with the success card: the result page sends on to success, which shows the plan until its end', async () => {
    const order = await newOrder('ana');
    const paid = await pay(order.id, '4242 4242 4242 4242');
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(`/payment/result?order=${order.id}`);
    expect((await t.services.payments.getOrder(ids.ana!, order.id))?.status).toBe('paid');
    const result = await page(`/payment/result?order=${order.id}`, { as: 'ana' });
    expect(result.headers.get('location')).toBe(`/payment/success?order=${order.id}`);

    const me = await t.services.payments.me(ids.ana!);
    expect(me.entitlements.map((item) => item.name)).toContain('no_ads');
    const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(me.expiresAt!),
    );
    const html = await (await page(`/payment/success?order=${order.id}`, { as: 'ana' })).text();
    expect(html).toContain(`<strong>Premium monthly</strong> until ${until}`);
    expect(html).toContain('The ads are gone');
    // Paid: the checkout has nothing more to take.
    expect(await (await page(`/payment/sandbox/${order.id}`, { as: 'ana' })).text()).toContain('Nothing to pay');
    expect((await page(`/payment/failure?order=${order.id}`, { as: 'ana' })).headers.get('location')).toBe(
      `/payment/result?order=${order.id}`,
    );
  });

  it('declines the declined card: failure says nothing was charged, and one click opens a new checkout for the same plan', async () => {
    const order = await newOrder('ana');
    expect((await pay(order.id, '4000000000000002')).status).toBe(302);
    expect((await t.services.payments.getOrder(ids.ana!, order.id))?.status).toBe('failed');
    const result = await page(`/payment/result?order=${order.id}`, { as: 'ana' });
    expect(result.headers.get('location')).toBe(`/payment/failure?order=${order.id}`);
    const html = await (await page(`/payment/failure?order=${order.id}`, { as: 'ana' })).text();
    expect(html).toContain('Nothing was charged.');
    expect(html).toContain('Try again: Premium monthly');

    const retry = await page(`/payment/failure?order=${order.id}`, { as: 'ana', form: {} });
    expect(retry.status).toBe(302);
    const next = /\/payment\/sandbox\/(ord_[\w-]+)\?token=ord_[\w.-]+$/.exec(retry.headers.get('location') ?? '')?.[1];
    expect(next).toBeDefined();
    expect(next).not.toBe(order.id);
    const again = await t.services.payments.getOrder(ids.ana!, next!);
    expect(again).toMatchObject({ status: 'pending', planId: order.planId, provider: 'sandbox' });
  });

  it('asks the confirmation card for an extra step; the result page shows pending until it is completed', async () => {
    const order = await newOrder('ana');
    const asked = await pay(order.id, '4000 0000 0000 3220');
    expect(asked.status).toBe(200);
    const screen = await asked.text();
    expect(screen).toContain('Your bank asks you to confirm');
    expect(screen).toMatch(/<button[^>]*value="complete"[^>]*>Complete<\/button>/);
    expect(screen).toMatch(/<button[^>]*value="fail"[^>]*>Fail<\/button>/);

    const pending = await page(`/payment/result?order=${order.id}`, { as: 'ana' });
    expect(pending.status).toBe(200);
    expect(await pending.text()).toContain('Waiting for the payment to be confirmed');

    const completed = await pay(order.id, '4000 0000 0000 3220', 'complete');
    expect(completed.headers.get('location')).toBe(`/payment/result?order=${order.id}`);
    expect((await t.services.payments.getOrder(ids.ana!, order.id))?.status).toBe('paid');
  });

  it('refuses a card that is not a test card, and a malformed expiry, with the reason by the field', async () => {
    const order = await newOrder('ana');
    const response = await page(`/payment/sandbox/${order.id}`, {
      as: 'ana',
      form: { card: '5555 5555 5555 4444', expiry: '13/99', cvc: '123', step: 'pay' },
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Use one of the test cards listed on this page');
    expect(html).toContain('Enter the expiry as MM/YY');
    expect((await t.services.payments.getOrder(ids.ana!, order.id))?.status).toBe('pending');
  });
});
