// Paying on another device and on another host (issue #21) through the built pages, with the site at
// http://localhost:3000 and the sandbox's checkout under PAYMENT_BASE_URL http://127.0.0.1:3000 — two
// origins, so the site's session cookie never reaches the checkout: only the signed token does.
// Needs the build (BUILD_DIR).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../tests/helpers/page-app.ts';

const SITE = 'http://localhost:3000';
const PAY_HOST = 'http://127.0.0.1:3000';
const HOUR = 60 * 60 * 1000;

describe('payment links and the checkout on another host', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let premiumMonthly = 0;

  function page(url: string, options: { as?: string; form?: Record<string, string> } = {}) {
    const { as, form } = options;
    const origin = new URL(url).origin;
    return t.app.request(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(as ? { Cookie: cookies[as]! } : {}),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
  }

  const card = (number: string) => ({ card: number, expiry: '12/34', cvc: '123', step: 'pay' });

  async function newOrder(who: string) {
    const result = await t.services.payments.createOrder(ids[who]!, { planId: premiumMonthly, provider: 'sandbox' });
    if (!result.ok) throw new Error(result.message);
    return result;
  }

  async function linkOf(who: string, orderId: string): Promise<string> {
    const html = await (await page(`${SITE}/payment/copy-link?order=${orderId}`, { as: who })).text();
    const url = /value="(http:\/\/localhost:3000\/payment\/link\/[^"]+)"/.exec(html)?.[1];
    if (!url) throw new Error('no link on the page');
    return url.replaceAll('&amp;', '&');
  }

  beforeAll(async () => {
    t = await createPageApp({ env: { BASE_URL: SITE, PAYMENT_BASE_URL: PAY_HOST }, clock });
    for (const [index, name] of ['lena', 'omar'].entries()) {
      const result = await t.services.accounts.register(
        { email: `${name}@example.com`, password: 'correct horse battery staple' },
        { ip: `127.0.1.${index + 1}`, userAgent: 'test', deviceToken: null },
      );
      if (!result.ok) throw new Error(result.message);
      ids[name] = result.session.user.id;
      cookies[name] = `scoreline_access=${result.session.token.access_token}`;
    }
    premiumMonthly = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-monthly')!.id;
  }, 60_000);
  afterAll(() => t.close());

  it('gives the owner a link valid 24 hours with a QR code; a guest signs in first, anyone else gets a 404', async () => {
    const { order } = await newOrder('lena');
    const path = `/payment/copy-link?order=${order.id}`;
    const guest = await page(`${SITE}${path}`);
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    expect((await page(`${SITE}${path}`, { as: 'omar' })).status).toBe(404);

    const response = await page(`${SITE}${path}`, { as: 'lena' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const html = await response.text();
    expect(html).toContain('Your payment link');
    expect(html).toMatch(/<button[^>]*>Copy link<\/button>/);
    expect(html).toMatch(/role="img" aria-label="QR code of the payment link"[^>]*><svg[^>]*viewBox="0 0 \d+ \d+"/);
    const until = new Date(Date.now() + 24 * HOUR);
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(until);
    expect(html).toMatch(new RegExp(`It works until <strong>${day}, \\d\\d:\\d\\d UTC</strong>`));
    expect(await linkOf('lena', order.id)).toMatch(
      /^http:\/\/localhost:3000\/payment\/link\/ord_[\w-]+\.[0-9a-z]+\.[\w-]{22}$/,
    );

    // Without an order, the page says how to get one.
    const none = await page(`${SITE}/payment/copy-link`);
    expect(none.status).toBe(200);
    expect(await none.text()).toContain('Start a payment first');
  });

  it('pays the order from a browser with no session, once; the link then says it is paid', async () => {
    const { order } = await newOrder('lena');
    const link = await linkOf('lena', order.id);
    const token = decodeURIComponent(link.split('/').at(-1)!);

    const landing = await page(link);
    expect(landing.status).toBe(200);
    // Never the shared page cache's: the next visitor must see the order as it is now.
    expect(landing.headers.get('cache-control')).toContain('no-store');
    const html = await landing.text();
    expect(html).toContain('Premium monthly');
    expect(html).toContain('Pay €4.99');
    expect(html).not.toContain('lena@example.com');

    const toCheckout = await page(link, { form: {} });
    expect(toCheckout.status).toBe(302);
    const checkout = toCheckout.headers.get('location')!;
    expect(checkout).toBe(`${PAY_HOST}/payment/sandbox/${order.id}?token=${encodeURIComponent(token)}&from=link`);

    const sandbox = await page(checkout);
    expect(sandbox.status).toBe(200);
    expect(await sandbox.text()).toContain('Pay €4.99');
    const paid = await page(checkout, { form: card('4242 4242 4242 4242') });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(`/payment/link/${encodeURIComponent(token)}`);
    expect((await t.services.payments.getOrder(ids.lena!, order.id))?.status).toBe('paid');

    // Paid: the link says so with a 409, and nothing can pay it again.
    const again = await page(link);
    expect(again.status).toBe(409);
    const said = await again.text();
    expect(said).toContain('This order is already paid');
    expect(said).not.toContain('Pay €4.99');
    expect((await page(link, { form: {} })).status).toBe(409);
    const twice = await page(checkout, { form: card('4242 4242 4242 4242') });
    expect(twice.status).toBe(409);
    const history = await t.services.payments.orderHistory(order.id);
    expect(history.filter((row) => row.to === 'paid')).toHaveLength(1);

    // The owner's result page shows it paid (it goes on to success).
    const result = await page(`${SITE}/payment/result?order=${order.id}`, { as: 'lena' });
    expect(result.headers.get('location')).toBe(`/payment/success?order=${order.id}`);
  });

  it('refuses an altered link, a link for another order and an expired link, with a clear page and nothing paid', async () => {
    const { order } = await newOrder('lena');
    const { order: other } = await newOrder('lena');
    const link = await linkOf('lena', order.id);
    const token = decodeURIComponent(link.split('/').at(-1)!);
    const [id, expiry, signature] = token.split('.') as [string, string, string];

    const altered = await page(
      `${SITE}/payment/link/${id}.${(Number.parseInt(expiry, 36) + 3600).toString(36)}.${signature}`,
    );
    expect(altered.status).toBe(400);
    expect(await altered.text()).toContain('This payment link is not valid');
    expect((await page(`${SITE}/payment/link/not-a-token`)).status).toBe(400);

    // The token of one order does not open another's checkout.
    const elsewhere = await page(`${PAY_HOST}/payment/sandbox/${other.id}?token=${encodeURIComponent(token)}`, {
      form: card('4242 4242 4242 4242'),
    });
    expect(elsewhere.status).toBe(400);
    expect((await t.services.payments.getOrder(ids.lena!, other.id))?.status).toBe('pending');

    offset = 24 * HOUR + 60_000;
    try {
      const expired = await page(link);
      expect(expired.status).toBe(410);
      expect(await expired.text()).toContain('This payment link has expired');
      const late = await page(`${PAY_HOST}/payment/sandbox/${order.id}?token=${encodeURIComponent(token)}`, {
        form: card('4242 4242 4242 4242'),
      });
      expect(late.status).toBe(410);
      expect((await t.services.payments.getOrder(ids.lena!, order.id))?.status).not.toBe('paid');
    } finally {
      offset = 0;
    }
  });

  it('sends the checkout to PAYMENT_BASE_URL with a token: it works there without the session, and comes back to the site', async () => {
    const created = await t.app.request(`${SITE}/api/payments/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookies.omar!, Origin: SITE },
      body: JSON.stringify({ planId: premiumMonthly, provider: 'sandbox' }),
    });
    expect(created.status).toBe(201);
    const { order, checkoutUrl } = (await created.json()) as { order: { id: string }; checkoutUrl: string };
    expect(checkoutUrl).toMatch(new RegExp(`^${PAY_HOST}/payment/sandbox/${order.id}\\?token=ord_`));

    // The other host: no cookie of the site is sent there.
    const checkout = await page(checkoutUrl);
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain('Pay €4.99');
    const paid = await page(checkoutUrl, { form: card('4242 4242 4242 4242') });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(`${SITE}/payment/result?order=${order.id}`);
    expect((await t.services.payments.getOrder(ids.omar!, order.id))?.status).toBe('paid');

    // Without the token the other host knows nobody: sign in first.
    const bare = await page(`${PAY_HOST}/payment/sandbox/${order.id}`);
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toMatch(/^\/login\?redirect=/);
  });

  it('keeps the owner on the site when they pay with the token and their session', async () => {
    const { order, checkoutUrl } = await newOrder('omar');
    const sameHost = checkoutUrl.replace(PAY_HOST, SITE);
    const paid = await page(sameHost, { as: 'omar', form: card('4242 4242 4242 4242') });
    expect(paid.headers.get('location')).toBe(`/payment/result?order=${order.id}`);
  });

  it('links to the copy-link page from a pending result and from a failed order', async () => {
    const { order } = await newOrder('lena');
    const pending = await (await page(`${SITE}/payment/result?order=${order.id}`, { as: 'lena' })).text();
    expect(pending).toContain(`href="/payment/copy-link?order=${order.id}"`);
    await page(`${SITE}/payment/sandbox/${order.id}`, { as: 'lena', form: card('4000 0000 0000 0002') });
    const failed = await (await page(`${SITE}/payment/failure?order=${order.id}`, { as: 'lena' })).text();
    expect(failed).toContain(`href="/payment/copy-link?order=${order.id}"`);
    // A failed order can still be paid from another device: it has a link.
    expect(await linkOf('lena', order.id)).toContain('/payment/link/');
  });
});
