// The pricing pages (issue #21) through the built pages: the plans the payments
// service lists with their prices and the yearly saving, the ways to pay, the
// FAQ; a guest's Choose goes to sign in and comes back to the same choice; a
// signed-in visitor sees their plan marked, and their choice makes an order and
// opens its checkout — with the price the server decides, whatever the form
// sends. The pages read no tables themselves, so one engine is enough here; the
// payments service's own tests cover both. Needs the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../tests/helpers/page-app.ts';

const ORIGIN = 'http://scoreline.test';
const PASSWORD = 'correct horse battery staple';

describe('the pricing pages', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  let cookie = '';
  let userId = 0;

  /** A page as a browser sees it; its form posts come from this site. */
  function page(path: string, options: { form?: Record<string, string>; signedIn?: boolean } = {}) {
    const { form, signedIn = false } = options;
    return t.app.request(`${ORIGIN}${path}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(signedIn ? { Cookie: cookie } : {}),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
  }

  beforeAll(async () => {
    t = await createPageApp();
    const registered = await t.services.accounts.register(
      { email: 'fan@example.com', password: PASSWORD, displayName: 'Fran Fan' },
      { ip: '127.0.0.1', userAgent: 'test', deviceToken: null },
    );
    if (!registered.ok) throw new Error(registered.message);
    userId = registered.session.user.id;
  }, 60_000);
  afterAll(() => t.close());

  it('shows Free and Premium side by side with prices, the yearly saving, the ways to pay and the FAQ', async () => {
    const response = await page('/pricing');
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const name of ['Free', 'Premium monthly', 'Premium yearly']) expect(html).toContain(`>${name}</h2>`);
    expect(html).not.toContain('Football season pass');
    expect(html).toContain('€4.99');
    expect(html).toContain('€44.99');
    // 12 × €4.99 = €59.88; €59.88 − €44.99 = €14.89, 24.8 % rounded down.
    expect(html).toContain('Save 24% (€14.89) against paying monthly');
    expect(html).toContain('Test payment');
    expect(html).toContain('Scores, fixtures and results stay free for everyone');
    expect(html).toContain('href="/policy/refund"');
    expect(html).not.toContain('Your plan');
  });

  it('lists the sport passes on /pricing-sport', async () => {
    const html = await (await page('/en/pricing-sport')).text();
    expect(html).toContain('>Football season pass</h2>');
    expect(html).toContain('€29.99');
    expect(html).not.toContain('>Premium monthly</h2>');
    expect(html).toContain(`href="/login?redirect=${encodeURIComponent('/en/pricing-sport?plan=football-season')}"`);
  });

  it('sends a guest who chooses to sign in, and back to the same choice', async () => {
    const html = await (await page('/pricing')).text();
    const back = '/pricing?plan=premium-yearly';
    expect(html).toContain(`href="/login?redirect=${encodeURIComponent(back)}"`);

    const login = await (await page(`/login?redirect=${encodeURIComponent(back)}`)).text();
    expect(login).toContain(`name="redirect" value="${back.replace('&', '&amp;')}"`);
    const signedIn = await page(`/login?redirect=${encodeURIComponent(back)}`, {
      form: { email: 'fan@example.com', password: PASSWORD, redirect: back },
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('location')).toBe(back);
    cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');

    const chosen = await (await page(back, { signedIn: true })).text();
    expect(chosen).toContain('You chose <strong>Premium yearly</strong>, €44.99 a year.');
    expect(chosen).toMatch(/<button type="submit" value="\d+"[^>]*>Continue to payment/);
  });

  it('marks a signed-in visitor’s plan', async () => {
    const html = await (await page('/pricing', { signedIn: true })).text();
    // A new account is on Free.
    expect(html).toMatch(/<h2 id="plan-free"[^>]*>Free<\/h2><span[^>]*>Your plan<\/span>/);
    expect(html).toMatch(
      /<button type="submit" value="\d+"[^>]*name="planId">Choose<span class="sr-only"> Premium monthly/,
    );
  });

  it('refuses a guest’s post and sends them to sign in for the same plan', async () => {
    const yearly = await planCalled('premium-yearly');
    const response = await page('/pricing', { form: { planId: String(yearly.id), provider: 'sandbox' } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `/login?redirect=${encodeURIComponent('/pricing?plan=premium-yearly')}`,
    );
  });

  it('makes an order from a signed-in visitor’s choice and opens its checkout', async () => {
    const yearly = await planCalled('premium-yearly');
    const response = await page('/pricing', {
      signedIn: true,
      form: { planId: String(yearly.id), provider: 'sandbox' },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^http:\/\/scoreline\.test\/|^\//);

    const free = await planCalled('free');
    const refused = await page('/pricing', { signedIn: true, form: { planId: String(free.id), provider: 'sandbox' } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('This plan is free: there is nothing to pay.');
  });

  it('marks a paid plan with its expiry, here and on the account page', async () => {
    const yearly = await planCalled('premium-yearly');
    const created = await t.services.payments.createOrder(userId, { planId: yearly.id, provider: 'sandbox' });
    if (!created.ok) throw new Error(created.message);
    const settled = await t.services.payments.settle('sandbox', {
      id: 'evt_pricing_page_1',
      type: 'payment.succeeded',
      orderId: created.order.id,
      amountMinor: created.order.amountMinor,
      currency: created.order.currency,
      createdAt: new Date(),
    });
    expect(settled).toEqual({ ok: true, outcome: 'applied' });
    const { expiresAt } = await t.services.payments.me(userId);
    const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(expiresAt!));

    const html = await (await page('/pricing', { signedIn: true })).text();
    expect(html).toMatch(/<h2 id="plan-premium-yearly"[^>]*>Premium yearly<\/h2><span[^>]*>Your plan<\/span>/);
    expect(html).toContain(`Until <time dateTime="${expiresAt}">${until}</time>`);
    expect(html).toMatch(/name="planId">Renew<span class="sr-only"> Premium yearly/);
    expect(html).not.toMatch(/<h2 id="plan-free"[^>]*>Free<\/h2><span/);

    const account = await (await page('/account', { signedIn: true })).text();
    expect(account).toContain(
      `Your plan: <strong>Premium yearly</strong>, until <time dateTime="${expiresAt}">${until}</time>`,
    );
    expect(account).toContain(`href="/pricing?plan=premium-yearly"`);
  });

  async function planCalled(code: string) {
    const plan = (await t.services.payments.listPlans()).plans.find((candidate) => candidate.code === code);
    if (!plan) throw new Error(`no plan ${code}`);
    return plan;
  }
});
