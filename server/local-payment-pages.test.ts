// The bank-transfer page, the CMS's orders screens and /policy/refund (issue #21)
// through the built pages: the transfer page is the owner's only and shows the
// account, the amount and the reference; staff find the order by its reference,
// confirm it and refund it from the order's page (a reason required), each
// audited; /policy/refund states the rules the refund action enforces. The
// service's tests cover both engines (payments.local.test.ts). Needs the build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_RULES } from '../domain/refund-policy.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';

const ORIGIN = 'http://scoreline.test';
const PASSWORD = 'correct horse battery staple';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#x27;')
    .replace(/"/g, '&quot;');
}

describe('the bank-transfer and orders pages', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  let premiumMonthly = 0;

  function page(path: string, options: { as?: string; staff?: string; form?: Record<string, string> } = {}) {
    const { as, staff, form } = options;
    return t.app.request(`${ORIGIN}${path}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(as ? { Cookie: cookies[as]! } : {}),
        ...(staff ? { Authorization: `Bearer ${tokens[staff]}` } : {}),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
  }

  async function transferOrder(who: string) {
    const result = await t.services.payments.createOrder(ids[who]!, { planId: premiumMonthly, provider: 'local' });
    if (!result.ok) throw new Error(result.message);
    const details = await t.services.payments.transferDetails(ids[who]!, result.order.id);
    return { ...result, reference: details!.reference };
  }

  beforeAll(async () => {
    t = await createPageApp();
    for (const [index, name] of ['ana', 'ben'].entries()) {
      const result = await t.services.accounts.register(
        { email: `${name}@example.com`, password: PASSWORD },
        { ip: `127.0.0.${index + 1}`, userAgent: 'test', deviceToken: null },
      );
      if (!result.ok) throw new Error(result.message);
      ids[name] = result.session.user.id;
      cookies[name] = `scoreline_access=${result.session.token.access_token}`;
    }
    for (const role of ['admin', 'editor'] as const) {
      const created = await t.services.accounts.createStaffUser({
        email: `${role}@example.com`,
        password: PASSWORD,
        displayName: `Pat ${role}`,
        role,
      });
      if (!created.ok) throw new Error(created.message);
      const login = await t.app.request(`${ORIGIN}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `${role}@example.com`, password: PASSWORD }),
      });
      tokens[role] = ((await login.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
    }
    premiumMonthly = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-monthly')!.id;
  }, 60_000);
  afterAll(() => t.close());

  it('offers bank transfer on /pricing', async () => {
    const html = await (await page('/pricing', { as: 'ana' })).text();
    expect(html).toMatch(/<input type="radio" name="provider" value="local"\/>Bank transfer/);
  });

  it('shows the owner the account, the amount and the reference; a guest signs in first, anyone else gets a 404', async () => {
    const { order, checkoutUrl, reference } = await transferOrder('ana');
    const path = `/payment/transfer/${order.id}`;
    expect(checkoutUrl).toBe(`${ORIGIN}${path}`);
    const guest = await page(path);
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    expect((await page(path, { as: 'ben' })).status).toBe(404);

    const response = await page(path, { as: 'ana' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Pay by bank transfer');
    expect(html).toContain(reference);
    expect(html).toContain('NL93 DEMO 0123 4567 89');
    expect(html).toContain('DEMONL2A');
    expect(html).toContain(escapeHtml('Scoreline Demo (not a real account)'));
    expect(html).toContain('€4.99');
    expect(html).toContain('Demo bank details — do not send real money.');
    expect(html).toMatch(/stays <strong>pending<\/strong> until we see your transfer arrive/);
    expect(html).toContain(`href="/payment/result?order=${order.id}"`);
    // The order's id is not shown as something to quote.
    expect(html).not.toContain('Order reference');

    // The result page says what it waits for and leads back to the details.
    const result = await (await page(`/payment/result?order=${order.id}`, { as: 'ana' })).text();
    expect(result).toContain('Waiting for your bank transfer to arrive and be confirmed.');
    expect(result).toContain(`href="/payment/transfer/${order.id}"`);
    expect(result).not.toContain('Pay on another device');

    // Expired unpaid: the page says a transfer already sent is still confirmed.
    await t.services.payments.expireOrders(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000));
    const expired = await (await page(path, { as: 'ana' })).text();
    expect(expired).toContain('This order expired before a transfer arrived.');
    expect(expired).toContain(reference);

    const sandbox = await t.services.payments.createOrder(ids.ana!, { planId: premiumMonthly, provider: 'sandbox' });
    expect(sandbox.ok && (await page(`/payment/transfer/${sandbox.order.id}`, { as: 'ana' })).status).toBe(404);
  });

  it('lets staff find the order by its reference, confirm it and refund it from the CMS, with audit entries', async () => {
    const { order, reference } = await transferOrder('ben');
    expect((await page('/cms/payments/orders', { staff: 'editor' })).status).toBe(403);

    const list = await page(`/cms/payments/orders?q=${encodeURIComponent(reference.toLowerCase())}`, {
      staff: 'admin',
    });
    expect(list.status).toBe(200);
    const listed = await list.text();
    expect(listed.match(/data-testid="order-row"/g)).toHaveLength(1);
    expect(listed).toContain(order.id);
    expect(listed).toContain('ben@example.com');

    const typo = await page(`/cms/payments/orders?q=${reference.slice(0, -1)}${reference.endsWith('0') ? '1' : '0'}`, {
      staff: 'admin',
    });
    expect(await typo.text()).toContain('Check it for a typo.');

    const path = `/cms/payments/orders/${order.id}`;
    const before = await (await page(path, { staff: 'admin' })).text();
    expect(before).toContain('Confirm transfer received…');
    expect(before).not.toContain('Refund…');
    expect(before).toContain('only a paid order can be refunded');

    const confirmed = await page(path, { staff: 'admin', form: { intent: 'confirm' } });
    expect(confirmed.status).toBe(200);
    expect((await t.services.payments.getOrder(ids.ben!, order.id))?.status).toBe('paid');
    expect((await t.services.payments.me(ids.ben!)).plan.code).toBe('premium-monthly');
    const again = await page(path, { staff: 'admin', form: { intent: 'confirm' } });
    expect(again.status).toBe(409);

    const paid = await (await page(path, { staff: 'admin' })).text();
    expect(paid).toContain('Refund…');
    expect(paid).toContain('transfer received, confirmed by Pat admin');

    const noReason = await page(path, { staff: 'admin', form: { intent: 'refund', reason: '' } });
    expect(noReason.status).toBe(400);
    expect((await t.services.payments.getOrder(ids.ben!, order.id))?.status).toBe('paid');
    const refunded = await page(path, { staff: 'admin', form: { intent: 'refund', reason: 'Paid by mistake' } });
    expect(refunded.status).toBe(200);
    expect((await t.services.payments.getOrder(ids.ben!, order.id))?.status).toBe('refunded');
    expect((await t.services.payments.me(ids.ben!)).plan.code).toBe('free');

    const actions = await t.database.handle.db
      .selectFrom('audit_entry')
      .select('action')
      .where('target_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['order.confirm-transfer', 'order.refund']);
    const history = await (await page(path, { staff: 'admin' })).text();
    expect(history).toContain('refund by Pat admin');
    expect(history).toContain('Paid by mistake');
  });

  it('states on /policy/refund exactly the rules the refund action enforces', async () => {
    const html = await (await page('/policy/refund')).text();
    for (const rule of REFUND_RULES) expect(html).toContain(escapeHtml(rule));
    expect(html).not.toMatch(/unused part|in proportion|whenever you tell us/);
  });
});
