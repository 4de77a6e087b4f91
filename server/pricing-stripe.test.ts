// Paying by card from the pricing page (issue #21) when Stripe is configured:
// the page offers "Card", and choosing it makes an order whose Checkout Session
// (on a local fake of Stripe's API, no internet) opens at the price the database
// holds, whatever the form sends; Stripe failing is said on the page, with
// nothing left to pay. Needs the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../tests/helpers/fake-stripe.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';

const ORIGIN = 'http://scoreline.test';
const PASSWORD = 'correct horse battery staple';

describe('the pricing page with Stripe', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  let fake: FakeStripe;
  let cookie = '';
  let userId = 0;

  function page(path: string, form?: Record<string, string>) {
    return t.app.request(`${ORIGIN}${path}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(cookie ? { Cookie: cookie } : {}),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
  }

  async function planId(code: string): Promise<number> {
    const plan = (await t.services.payments.listPlans()).plans.find((candidate) => candidate.code === code);
    if (!plan) throw new Error(`no plan ${code}`);
    return plan.id;
  }

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createPageApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_pricingpage0123456789',
        STRIPE_WEBHOOK_SECRET: 'whsec_pricingpage0123456789',
        STRIPE_API_URL: fake.url,
      },
    });
    const registered = await t.services.accounts.register(
      { email: 'card-payer@example.com', password: PASSWORD, displayName: 'Card Payer' },
      { ip: '127.0.0.1', userAgent: 'test', deviceToken: null },
    );
    if (!registered.ok) throw new Error(registered.message);
    userId = registered.session.user.id;
    const signedIn = await page('/login', {
      email: 'card-payer@example.com',
      password: PASSWORD,
      redirect: '/pricing',
    });
    expect(signedIn.status).toBe(302);
    cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('offers paying by card beside the test payment', async () => {
    const html = await (await page('/pricing')).text();
    expect(html).toMatch(/<input type="radio" name="provider"[^>]*value="stripe"\/>Card/);
    expect(html).toContain('Test payment');
  });

  it('opens Stripe’s checkout for the chosen plan at the database’s price', async () => {
    const response = await page('/pricing', {
      planId: String(await planId('premium-yearly')),
      provider: 'stripe',
      amountMinor: '1',
      currency: 'USD',
    });
    expect(response.status).toBe(302);
    const [order] = await t.database.handle.db
      .selectFrom('payment_order')
      .select(['id', 'amount_minor', 'currency', 'provider', 'status'])
      .where('user_id', '=', userId)
      .execute();
    expect(order).toMatchObject({ amount_minor: 4499, currency: 'EUR', provider: 'stripe', status: 'pending' });
    const session = fake.sessionOf(order!.id);
    expect(response.headers.get('location')).toBe(session.url);
    expect(session).toMatchObject({ amount_total: 4499, currency: 'eur' });
    expect(session.success_url).toBe(`${ORIGIN}/payment/result?order=${order!.id}`);
  });

  it('says so on the page, and leaves nothing to pay, when Stripe cannot make the checkout', async () => {
    const pending = () =>
      t.database.handle.db.selectFrom('payment_order').select('id').where('status', '=', 'pending').execute();
    const before = await pending();
    fake.failWith(503);
    try {
      const response = await page('/pricing', { planId: String(await planId('premium-monthly')), provider: 'stripe' });
      expect(response.status).toBe(502);
      const html = await response.text();
      expect(html).toContain(
        'The payment provider cannot be reached just now: nothing was charged, try again in a moment.',
      );
    } finally {
      fake.failWith(null);
    }
    expect(await pending()).toEqual(before);
  });
});
