// The hidden deal, the expiry reminder and the house ad as the built pages show
// them (issue #21): the campaign link's banner and cookie, an honest note for a
// deal that cannot be used, /pricing's lower prices and the order made with the
// deal, the reminder for a plan ending within 3 days (gone once dismissed for the
// day), and the house ad for everyone without no_ads. The coupon rules on both
// engines are payments.coupons.test.ts's. Needs the build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../tests/helpers/page-app.ts';
import type { AuditHook } from './modules/payments/payments.coupons.ts';

const ORIGIN = 'http://scoreline.test';
const DAY = 24 * 60 * 60 * 1000;
const noAudit: AuditHook = async () => undefined;

describe('the deal, the reminder and the house ad on the pages', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let premiumMonthly = 0;

  function page(path: string, options: { as?: string; cookie?: string; form?: Record<string, string> } = {}) {
    const { as, form } = options;
    const cookie = [as ? cookies[as] : null, options.cookie ?? null].filter(Boolean).join('; ');
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

  async function paidPlan(who: string) {
    const result = await t.services.payments.createOrder(ids[who]!, { planId: premiumMonthly, provider: 'sandbox' });
    if (!result.ok) throw new Error(result.message);
    const paid = await t.services.payments.paySandbox(ids[who]!, result.order.id, {
      card: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      step: 'pay',
    });
    if (!paid.ok) throw new Error(paid.message);
  }

  /** Moves the user's plan so it ends `ms` from now (as if paid earlier). */
  async function planEndsIn(who: string, ms: number) {
    const endsAt = new Date(Date.now() + ms).toISOString();
    const db = t.database.handle.db;
    await db.updateTable('entitlement_grant').set({ ends_at: endsAt }).where('user_id', '=', ids[who]!).execute();
    await db.updateTable('entitlement').set({ expires_at: endsAt }).where('user_id', '=', ids[who]!).execute();
  }

  beforeAll(async () => {
    t = await createPageApp();
    for (const [index, name] of ['ana', 'ben', 'cy', 'di'].entries()) {
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

  it('reveals the deal of a campaign link on home and keeps it in a cookie', async () => {
    const response = await page('/?deal=welcome10');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Welcome offer: 10% off every paid plan');
    expect(html).toContain('Code WELCOME10, applied for you at checkout, for as long as the offer runs.');
    expect(html).toContain('See the prices with the deal');
    expect(response.headers.get('set-cookie')).toMatch(
      /(^|, )deal=WELCOME10; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/,
    );
    // Carried on: home shows it again from the cookie alone.
    expect(await (await page('/', { cookie: 'deal=WELCOME10' })).text()).toContain('Welcome offer');
  });

  it('says honestly why a deal link cannot be used, without an error page, and sets no deal', async () => {
    await t.services.payments.coupons.create(
      { code: 'GONE', title: 'Old deal', percentOff: 20, validUntil: new Date(Date.now() - DAY).toISOString() },
      noAudit,
    );
    const expired = await page('/?deal=gone', { cookie: 'deal=GONE' });
    expect(expired.status).toBe(200);
    const html = await expired.text();
    expect(html).toContain('Sorry, the deal “gone” cannot be used: it has expired.');
    expect(html).not.toContain('data-testid="deal-banner"');
    expect(expired.headers.get('set-cookie')).toContain('deal=; Path=/; Max-Age=0');
    const unknown = await page('/?deal=%3Cscript%3E');
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('cannot be used: it is not available');
    expect(unknown.headers.get('set-cookie') ?? '').not.toContain('deal=');
  });

  it('shows the lower prices on /pricing beside the usual ones, and checkout makes the order at the lower price', async () => {
    const guest = await (await page('/pricing', { cookie: 'deal=WELCOME10' })).text();
    expect(guest).toContain('Welcome offer: 10% off every paid plan');
    expect(guest).toMatch(/€4\.50<\/span>.*?with the deal, usually <s>€4\.99<\/s>/s);
    expect(guest).toContain('€40.50'); // yearly: 4499 less 449
    const sport = await (await page('/pricing-sport', { cookie: 'deal=WELCOME10' })).text();
    expect(sport).toContain('€27.00'); // 2999 less 299 (10 %, rounded down)
    const plain = await (await page('/pricing')).text();
    expect(plain).not.toContain('with the deal');

    const response = await page('/pricing', {
      as: 'ana',
      cookie: 'deal=WELCOME10',
      form: { planId: String(premiumMonthly), provider: 'sandbox' },
    });
    expect(response.status).toBe(302);
    const orderId = /\/payment\/sandbox\/(ord_[\w-]+)/.exec(response.headers.get('location') ?? '')?.[1];
    expect(orderId).toBeDefined();
    const row = await t.database.handle.db
      .selectFrom('payment_order')
      .select(['amount_minor', 'coupon_code'])
      .where('id', '=', orderId!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount_minor: 450, coupon_code: 'WELCOME10' });
  });

  it('tells the buyer before any payment when the deal can no longer be used, and drops it', async () => {
    await t.services.payments.coupons.create({ code: 'ONCE', title: 'Once', percentOff: 50, usageLimit: 1 }, noAudit);
    const first = await page('/pricing', {
      as: 'ben',
      cookie: 'deal=ONCE',
      form: { planId: String(premiumMonthly), provider: 'sandbox' },
    });
    expect(first.status).toBe(302);
    const second = await page('/pricing', {
      as: 'cy',
      cookie: 'deal=ONCE',
      form: { planId: String(premiumMonthly), provider: 'sandbox' },
    });
    expect(second.status).toBe(400);
    expect(await second.text()).toContain('The deal ONCE cannot be used: it has been used up. Nothing was charged');
    expect(second.headers.get('set-cookie')).toContain('deal=; Path=/; Max-Age=0');
    const orders = await t.database.handle.db
      .selectFrom('payment_order')
      .select('id')
      .where('user_id', '=', ids.cy!)
      .execute();
    expect(orders).toHaveLength(0);
  });

  it('keeps the deal when a declined payment is tried again', async () => {
    const ordered = await t.services.payments.createOrder(ids.ben!, {
      planId: premiumMonthly,
      provider: 'sandbox',
      coupon: 'WELCOME10',
    });
    if (!ordered.ok) throw new Error(ordered.message);
    const declined = await t.services.payments.paySandbox(ids.ben!, ordered.order.id, {
      card: '4000 0000 0000 0002',
      expiry: '12/34',
      cvc: '123',
      step: 'pay',
    });
    expect(declined).toEqual({ ok: true, next: 'result' });
    const retry = await page(`/payment/failure?order=${ordered.order.id}`, { as: 'ben', form: {} });
    expect(retry.status).toBe(302);
    const orderId = /\/payment\/sandbox\/(ord_[\w-]+)/.exec(retry.headers.get('location') ?? '')?.[1];
    expect(orderId).not.toBe(ordered.order.id);
    const row = await t.database.handle.db
      .selectFrom('payment_order')
      .select(['amount_minor', 'coupon_code'])
      .where('id', '=', orderId!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount_minor: 450, coupon_code: 'WELCOME10' });
  });

  it('shows the house ad, labelled, to guests and members on Free, and not to a member with no_ads', async () => {
    for (const as of [undefined, 'di']) {
      const html = await (await page('/', as ? { as } : {})).text();
      expect(html).toContain('aria-label="Advertisement"');
      expect(html).toContain('Scoreline Premium');
    }
    await paidPlan('di');
    const html = await (await page('/', { as: 'di' })).text();
    expect(html).not.toContain('aria-label="Advertisement"');
  });

  it('reminds a member whose plan ends within 3 days, with a renew link, until dismissed for the day', async () => {
    // di paid above: 30 days left, no reminder yet.
    expect(await (await page('/', { as: 'di' })).text()).not.toContain('Your plan ends on');
    await planEndsIn('di', 2 * DAY);
    const html = await (await page('/', { as: 'di' })).text();
    const ends = new Date(Date.now() + 2 * DAY).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(html).toContain(`Your plan ends on <time dateTime="`);
    expect(html).toContain(`${ends}</time>`);
    expect(html).toContain('href="/pricing?plan=premium-monthly"');
    const today = new Date().toISOString().slice(0, 10);
    const dismissed = await (await page('/?tz=UTC', { as: 'di', cookie: `plan-reminder-dismissed=${today}` })).text();
    expect(dismissed).not.toContain('Your plan ends on');
    const yesterday = await (
      await page('/?tz=UTC', {
        as: 'di',
        cookie: `plan-reminder-dismissed=${new Date(Date.now() - DAY).toISOString().slice(0, 10)}`,
      })
    ).text();
    expect(yesterday).toContain('Your plan ends on');
  });

  it("shows a 'lapsed' deal on home to a member whose plan ended, and not to others", async () => {
    await t.services.payments.coupons.create(
      { code: 'BACKAGAIN', title: 'Come back', percentOff: 40, audience: 'lapsed' },
      noAudit,
    );
    expect(await (await page('/', { as: 'di' })).text()).not.toContain('Come back: 40% off');
    await planEndsIn('di', -DAY);
    const html = await (await page('/', { as: 'di' })).text();
    expect(html).toContain('Come back: 40% off every paid plan');
    expect(html).toContain('aria-label="Advertisement"'); // no_ads has ended too
    expect(await (await page('/', { as: 'cy' })).text()).not.toContain('Come back');
    // /pricing shows it too, without a link, and checkout applies it.
    expect(await (await page('/pricing', { as: 'di' })).text()).toMatch(
      /€3\.00<\/span>.*?with the deal, usually <s>€4\.99<\/s>/s,
    );
    const response = await page('/pricing', {
      as: 'di',
      form: { planId: String(premiumMonthly), provider: 'sandbox' },
    });
    expect(response.status).toBe(302);
    const orderId = /\/payment\/sandbox\/(ord_[\w-]+)/.exec(response.headers.get('location') ?? '')?.[1];
    const row = await t.database.handle.db
      .selectFrom('payment_order')
      .select(['amount_minor', 'coupon_code'])
      .where('id', '=', orderId!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount_minor: 300, coupon_code: 'BACKAGAIN' });
  });

  it('orders a plan the deal is not for at its usual price, keeping the deal for the plan it is for', async () => {
    const yearly = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-yearly')!.id;
    await t.services.payments.coupons.create(
      { code: 'YEARLY5', title: 'Yearly', percentOff: 5, planId: yearly },
      noAudit,
    );
    const html = await (await page('/pricing', { cookie: 'deal=YEARLY5' })).text();
    expect(html).toContain('Yearly: 5% off Premium yearly');
    expect(html).toContain('usually <s>€44.99</s>');
    expect(html).not.toContain('usually <s>€4.99</s>');
    const response = await page('/pricing', {
      as: 'cy',
      cookie: 'deal=YEARLY5',
      form: { planId: String(premiumMonthly), provider: 'sandbox' },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('set-cookie') ?? '').not.toContain('deal=');
    const orderId = /\/payment\/sandbox\/(ord_[\w-]+)/.exec(response.headers.get('location') ?? '')?.[1];
    const row = await t.database.handle.db
      .selectFrom('payment_order')
      .select(['amount_minor', 'coupon_code'])
      .where('id', '=', orderId!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount_minor: 499, coupon_code: null });
  });
});
