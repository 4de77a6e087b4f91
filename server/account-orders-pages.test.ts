// The account's plan and order history, and the receipt page (issue #21),
// through the built pages: each order with its date, plan, amount, status and
// way to pay, newest first, ten a page with "More orders"; a receipt link for
// paid and refunded orders only; Renew for the plan in force or the one that
// lapsed; and /account/orders/{id} showing the receipt mail's lines, printable,
// to its owner only. The pages read no tables themselves (the records' own
// tests cover both engines). Needs the build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../domain/payments-contracts.ts';
import type { Clock } from './platform/clock.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';

const ORIGIN = 'http://scoreline.test';
const DAY = 24 * 60 * 60 * 1000;

describe('the account’s orders and receipts', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  const present = new Date();
  let now = present;
  const clock: Clock = { now: () => now };
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const page = (path: string, as?: string) =>
    t.app.request(`${ORIGIN}${path}`, { redirect: 'manual', headers: as ? { Cookie: cookies[as]! } : {} });
  /** A page's HTML without the comments React puts between pieces of text. */
  const text = async (response: Response) => (await response.text()).replaceAll('<!-- -->', '');

  async function order(who: string, code = 'premium-monthly'): Promise<Order> {
    now = new Date(now.getTime() + 1000);
    const plan = (await t.services.payments.listPlans()).plans.find((item) => item.code === code)!;
    const result = await t.services.payments.createOrder(ids[who]!, { planId: plan.id, provider: 'sandbox' });
    if (!result.ok) throw new Error(result.message);
    return result.order;
  }

  async function settle(paid: Order, type: 'payment.succeeded' | 'payment.failed' | 'refund.succeeded') {
    const result = await t.services.payments.settle('sandbox', {
      id: `evt_${paid.id}_${type}`,
      type,
      orderId: paid.id,
      amountMinor: paid.amountMinor,
      currency: paid.currency,
      createdAt: now,
    });
    if (!result.ok) throw new Error(result.message);
  }

  beforeAll(async () => {
    t = await createPageApp({
      clock,
      env: {
        PAYMENT_VAT_RATE: '20',
        PAYMENT_SELLER_NAME: 'Goal <Line> Ltd',
        PAYMENT_SELLER_ADDRESS: '1 Pitch Lane, Leeds',
      },
    });
    for (const [index, name] of ['ana', 'ben', 'lia', 'new'].entries()) {
      const result = await t.services.accounts.register(
        { email: `${name}@example.com`, password: 'correct horse battery staple', displayName: name.toUpperCase() },
        { ip: `127.0.0.${index + 1}`, userAgent: 'test', deviceToken: null },
      );
      if (!result.ok) throw new Error(result.message);
      ids[name] = result.session.user.id;
      cookies[name] = `scoreline_access=${result.session.token.access_token}`;
    }
    // Lia paid 40 days ago for a month: it lapsed.
    now = new Date(present.getTime() - 40 * DAY);
    await settle(await order('lia'), 'payment.succeeded');
    now = present;
  }, 60_000);
  afterAll(() => t.close());

  it('sends a guest to sign in and back, and answers anyone else’s receipt with a 404', async () => {
    const paid = await order('ana');
    await settle(paid, 'payment.succeeded');
    const path = `/account/orders/${paid.id}`;
    const guest = await page(path);
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    expect((await page(path, 'ben')).status).toBe(404);
    expect((await page('/account/orders/ord_nothing', 'ana')).status).toBe(404);
    expect((await page(`/account/orders/${'x'.repeat(120)}`, 'ana')).status).toBe(404);
    const pending = await order('ana');
    expect((await page(`/account/orders/${pending.id}`, 'ana')).status).toBe(404);
  });

  it('shows the receipt mail’s lines, the seller escaped and the VAT, printable on its own', async () => {
    const paid = await order('ana', 'premium-yearly');
    await settle(paid, 'payment.succeeded');
    const response = await page(`/en/account/orders/${paid.id}`, 'ana');
    expect(response.status).toBe(200);
    const html = await text(response);
    expect(html).toContain('data-print-alone');
    expect(html).toContain('>Receipt</h1>');
    expect(html).toContain(`<dt class="font-medium text-slate-700 dark:text-slate-300">Order number</dt>`);
    expect(html).toContain(paid.id);
    expect(html).toContain('ANA &lt;ana@example.com&gt;');
    expect(html).toContain('Premium yearly');
    expect(html).toContain('Test card (sandbox, no real money)');
    // €44.99 at 20 %: net 4499 / 1.2 = 3749.17 → €37.49, VAT €7.50.
    expect(html).toContain('€37.49');
    expect(html).toContain('VAT 20 %');
    expect(html).toContain('€7.50');
    expect(html).toContain('€44.99');
    expect(html).toContain('rounded half up');
    expect(html).toContain('Goal &lt;Line&gt; Ltd');
    expect(html).not.toContain('Goal <Line>');
    expect(html).toContain('1 Pitch Lane, Leeds');
    expect(html).toContain('>Print</button>');
    expect(html).toContain('noindex');
  });

  it('lists the orders newest first with their status, receipts for paid and refunded ones, and more on request', async () => {
    const refunded = await order('ben', 'football-season');
    await settle(refunded, 'payment.succeeded');
    await settle(refunded, 'refund.succeeded');
    const declined = await order('ben');
    await settle(declined, 'payment.failed');
    const pending: Order[] = [];
    for (let index = 0; index < 9; index += 1) pending.push(await order('ben'));
    const paid = await order('ben');
    await settle(paid, 'payment.succeeded');

    const html = await text(await page('/account', 'ben'));
    const history = html.slice(html.indexOf('data-testid="order-history"'));
    const receiptLinks = [...history.matchAll(/href="\/account\/orders\/([^"]+)"/g)].map((match) => match[1]);
    // Page 1: the paid one, then the nine pending; the refunded and the declined are older.
    expect(receiptLinks).toEqual([paid.id]);
    expect(history).toContain('Premium monthly · €4.99');
    expect(history).toContain('>Paid</span>');
    expect(history).toContain('>Waiting for the payment</span>');
    expect(history).toContain('Test card (sandbox, no real money)');
    expect(history.indexOf('>Paid</span>')).toBeLessThan(history.indexOf('>Waiting for the payment</span>'));
    expect(html).toContain('href="/account?orders=2#orders-heading"');
    expect(html).toContain('More orders');

    const older = await text(await page('/account?orders=2', 'ben'));
    const olderHistory = older.slice(older.indexOf('data-testid="order-history"'));
    expect([...olderHistory.matchAll(/href="\/account\/orders\/([^"]+)"/g)].map((match) => match[1])).toEqual([
      refunded.id,
    ]);
    expect(olderHistory).toContain('>Not paid</span>');
    expect(olderHistory).toContain('>Refunded</span>');
    expect(olderHistory).toContain('Football season pass · €29.99');
    expect(older).toContain('Newer orders');
    expect(older).not.toContain('More orders');
    // A page that is not a number is the first page.
    expect(await text(await page('/account?orders=nope', 'ben'))).toContain('More orders');

    // The refunded order's receipt says so.
    const receipt = await text(await page(`/account/orders/${refunded.id}`, 'ben'));
    expect(receipt).toContain('This order was refunded on');
  });

  it('offers Renew for the plan in force, and for the last one paid once it lapsed', async () => {
    const ana = await text(await page('/account', 'ana'));
    expect(ana).toMatch(/href="\/pricing\?plan=premium-yearly"[^>]*>Renew Premium yearly<\/a>/);

    const lia = await text(await page('/account', 'lia'));
    expect(lia).toContain('Your plan: <strong>Free</strong>');
    expect(lia).toContain('Your Premium monthly has ended.');
    expect(lia).toMatch(/href="\/pricing\?plan=premium-monthly"[^>]*>Renew Premium monthly<\/a>/);

    const fresh = await text(await page('/account', 'new'));
    expect(fresh).not.toContain('Renew');
    expect(fresh).toContain('No orders yet.');
    expect(fresh).toContain('href="/pricing"');
  });
});
