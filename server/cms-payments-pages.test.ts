// The CMS's Plans and Payment methods screens and the trial on /pricing (issue
// #21) through the built pages, on SQLite and PostgreSQL: staff see every plan
// and its state, save new prices typed as decimals (a new version, shown in the
// history), get a typed price that is not one or a stale form refused with
// nothing changed, create a sport pass that /pricing-sport then lists, see
// stripe as not configured and cannot disable the last method; a member starts
// the free trial /pricing offers, once. (Who may open them: server/cms-scopes.test.ts.)
// Needs the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../tests/helpers/page-app.ts';
import { TEST_ENGINES } from '../tests/helpers/test-database.ts';

const ORIGIN = 'http://scoreline.test';
const PASSWORD = 'correct horse battery staple';
type Built = Awaited<ReturnType<typeof createPageApp>>;

describe.each(TEST_ENGINES)('the plans screens on %s', (engine) => {
  let t: Built;
  const tokens: Record<'admin' | 'member', string> = { admin: '', member: '' };
  let monthly = 0;

  async function tokenOf(email: string): Promise<string> {
    const login = await t.app.request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    return ((await login.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
  }

  function page(who: 'admin' | 'member', path: string, form?: URLSearchParams) {
    return t.app.request(`${ORIGIN}${path}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        Cookie: `scoreline_access=${tokens[who]}`,
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
  }

  function planForm(fields: Record<string, string>, entitlements = ['no_ads', 'premium_media', 'hd_video']) {
    const form = new URLSearchParams({ intent: 'save', ...fields });
    for (const name of entitlements) form.append('entitlements', name);
    return form;
  }

  const monthlyTerms = (expectedVersion: number, over: Record<string, string> = {}) =>
    planForm({
      expectedVersion: String(expectedVersion),
      name: 'Premium monthly',
      features: 'Everything in Free\nNo ads\nPremium match media\nHD video',
      durationDays: '30',
      trialDays: '0',
      price_EUR: '4.99',
      price_USD: '5.49',
      ...over,
    });

  beforeAll(async () => {
    // Bank transfer off: the sandbox is then the only method configured, the last one that cannot go.
    t = await createPageApp({ engine, env: { TRUST_PROXY: '1', LOCAL_PAYMENT_ENABLED: 'false' } });
    const created = await t.services.accounts.createStaffUser({
      email: 'admin@example.com',
      password: PASSWORD,
      displayName: 'The admin',
      role: 'admin',
    });
    if (!created.ok) throw new Error(created.message);
    const registered = await t.services.accounts.register(
      { email: 'member@example.com', password: PASSWORD, displayName: 'Mel Member' },
      { ip: '127.0.0.1', userAgent: 'test', deviceToken: null },
    );
    if (!registered.ok) throw new Error(registered.message);
    tokens.admin = await tokenOf('admin@example.com');
    tokens.member = await tokenOf('member@example.com');
    monthly = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-monthly')!.id;
  }, 60_000);
  afterAll(() => t.close());

  it('lists every plan with its version, prices and state', async () => {
    const response = await page('admin', '/cms/payments/plans');
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const name of ['Free', 'Premium monthly', 'Premium yearly', 'Football season pass'])
      expect(html).toContain(name);
    expect(html).toContain('2. premium-monthly · Premium (/pricing) · version 1');
    expect(html).toContain('€4.99 · US$5.49<!-- --> · 30 days');
    expect(html).toContain('>Shown<');
  });

  it('saves decimal prices as a new version; a price that is not one, or a stale form, changes nothing', async () => {
    const bad = await page('admin', `/cms/payments/plans/${monthly}`, monthlyTerms(1, { price_EUR: '5,49' }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('A price like 4.99: digits, a dot and at most two decimals');
    expect((await t.services.payments.planDetail(monthly))?.plan.version).toBe(1);

    const saved = await page(
      'admin',
      `/cms/payments/plans/${monthly}`,
      monthlyTerms(1, { price_EUR: '5.49', price_USD: '5.99' }),
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Saved as version 2.');
    expect((await t.services.payments.planDetail(monthly))?.plan.prices).toEqual([
      { currency: 'EUR', amountMinor: 549 },
      { currency: 'USD', amountMinor: 599 },
    ]);

    const stale = await page('admin', `/cms/payments/plans/${monthly}`, monthlyTerms(1, { price_EUR: '3.99' }));
    expect(stale.status).toBe(409);
    const staleHtml = await stale.text();
    expect(staleHtml).toContain('This plan was changed meanwhile');
    expect(staleHtml).toContain('name="expectedVersion" value="1"');
    expect((await t.services.payments.planDetail(monthly))?.plan).toMatchObject({
      version: 2,
      prices: [
        { currency: 'EUR', amountMinor: 549 },
        { currency: 'USD', amountMinor: 599 },
      ],
    });

    const history = await (await page('admin', `/cms/payments/plans/${monthly}`)).text();
    expect(history).toContain('Version 2 (current): Premium monthly');
    expect(history).toContain('Version 1: Premium monthly');
    expect(history).toContain('name="expectedVersion" value="2"');
    expect(await (await page('member', '/pricing')).text()).toContain('€5.49');
  });

  it('creates a sport pass that /pricing-sport lists, and hides it again', async () => {
    const form = new URLSearchParams({
      code: 'tennis-season',
      kind: 'sport-pass',
      sport: 'tennis',
      interval: 'season',
      name: 'Tennis season pass',
      features: 'Everything in Free\nNo ads',
      durationDays: '200',
      trialDays: '0',
      price_EUR: '19.99',
      price_USD: '',
      entitlements: 'no_ads',
    });
    const created = await page('admin', '/cms/payments/plans/new', form);
    expect(created.status).toBe(302);
    const id = Number(created.headers.get('location')?.split('/').at(-1));
    expect(await (await page('member', '/pricing-sport')).text()).toContain('Tennis season pass');
    const hidden = await page(
      'admin',
      '/cms/payments/plans',
      new URLSearchParams({ intent: 'hide', planId: String(id), name: 'Tennis season pass' }),
    );
    expect(hidden.status).toBe(200);
    expect(await (await page('member', '/pricing-sport')).text()).not.toContain('Tennis season pass');
  });

  it('shows stripe as not configured and refuses to disable the last payment method', async () => {
    const html = await (await page('admin', '/cms/payments/providers')).text();
    expect(html).toMatch(/1\. Test payment<\/h2><span[^>]*>Offered</);
    expect(html).toMatch(/Card<\/h2><span[^>]*>Not configured</);
    const refused = await page(
      'admin',
      '/cms/payments/providers',
      new URLSearchParams({ intent: 'disable', provider: 'sandbox' }),
    );
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('is the last payment method on offer');
    expect((await t.services.payments.listPlans()).providers).toEqual(['sandbox']);
  });

  it('offers a member the free trial on /pricing and starts it once', async () => {
    const detail = await t.services.payments.planDetail(monthly);
    const saved = await page(
      'admin',
      `/cms/payments/plans/${monthly}`,
      monthlyTerms(detail!.plan.version, { price_EUR: '5.49', price_USD: '5.99', trialDays: '7' }),
    );
    expect(saved.status).toBe(200);
    const pricing = await (await page('member', '/pricing')).text();
    expect(pricing).toContain('First 7 days free');
    expect(pricing).toContain('Start 7-day free trial');
    const started = await page('member', '/pricing', new URLSearchParams({ trial: String(monthly) }));
    expect(started.status).toBe(200);
    expect(await started.text()).toContain('Your free trial of Premium monthly has started');
    const after = await (await page('member', '/pricing')).text();
    expect(after).not.toContain('Start 7-day free trial');
    expect(after).toContain('Your plan');
    const again = await page('member', '/pricing', new URLSearchParams({ trial: String(monthly) }));
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('You have had your free trial already');
  });
});
