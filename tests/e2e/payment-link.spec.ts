// Paying on another device in a real browser (issue #21): member A starts a Premium order and, from the
// pending result page, opens "Pay on another device": a link, a copy button and a QR code. A second
// browser context with no session — the other device — opens the link, sees the order, pays it on the
// sandbox's checkout with the success card, and is told the order is paid; A's result page, left open,
// moves on to success by itself. Opening the link again says it is already paid. The copy-link page and
// the link's page pass axe in light and dark and fit 390 px; screenshots at 390 and 1280 px.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { prepareContext, waitForHydration } from './support.ts';

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const PASSWORD = 'a long walk on the pitch';
const SHOTS = path.join(process.env.E2E_DIR ?? 'var/e2e', 'screenshots', 'payment-link');

async function register(page: Page) {
  await page.goto('/register');
  await waitForHydration(page);
  await page.getByLabel('Your name').fill('Link Payer');
  await page.getByLabel('Email address').fill(`link-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
}

/** A pending Premium monthly order, made as the pricing page's form would; its id. */
async function orderPremiumMonthly(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const plans = (await (await fetch('/api/plans')).json()) as { plans: Array<{ id: number; code: string }> };
    const plan = plans.plans.find((candidate) => candidate.code === 'premium-monthly');
    const response = await fetch('/api/payments/orders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ planId: plan?.id, provider: 'sandbox' }),
    });
    return ((await response.json()) as { order: { id: string } }).order.id;
  });
}

/** axe in light and dark, nothing wider than a 390 px phone, and screenshots at 390 and 1280 px. */
async function checkPage(page: Page, name: string) {
  await waitForHydration(page);
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${width} px is ${overflow} px too wide`).toBeLessThanOrEqual(0);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      if (width === 390) {
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
          .analyze();
        expect(
          results.violations.map((violation) => `${violation.id}: ${violation.help}`),
          `${name} in ${colorScheme}`,
        ).toEqual([]);
      }
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${colorScheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}

test('a second browser with no session pays the first member’s order through the copy-link', async ({
  page,
  context,
  browser,
}) => {
  await prepareContext(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  await register(page);
  const orderId = await orderPremiumMonthly(page);

  // A: the pending result page links to the copy-link page.
  await page.goto(`/payment/result?order=${orderId}`);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Pay on another device' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/payment/copy-link?order=${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay on another device' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of the payment link' }).locator('svg')).toBeVisible();
  await expect(page.getByText(/It works until \d{1,2} \w+ \d{4}, \d\d:\d\d UTC/)).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Payment link' }).inputValue();
  expect(link).toMatch(new RegExp(`^${BASE_URL}/payment/link/${orderId}\\.[0-9a-z]+\\.[\\w-]{22}$`));
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await checkPage(page, 'copy-link');

  // A waits on the result page, which follows the order.
  await page.goto(`/payment/result?order=${orderId}`);
  await expect(page.getByTestId('order-status')).toContainText('Waiting for the payment');

  // B: another device, no session.
  const other = await browser.newContext();
  try {
    await prepareContext(other);
    const device = await other.newPage();
    const landing = await device.goto(link);
    expect(landing?.status()).toBe(200);
    await expect(device.getByRole('heading', { level: 1, name: 'Pay for an order' })).toBeVisible();
    await expect(device.getByText('Premium monthly')).toBeVisible();
    await expect(device.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await checkPage(device, 'link-landing');
    await device.getByRole('button', { name: /^Pay €4\.99$/ }).click();
    await expect(device).toHaveURL(new RegExp(`^${BASE_URL}/payment/sandbox/${orderId}\\?token=.+&from=link$`));
    await waitForHydration(device);
    await device.getByLabel('Card number').fill('4242 4242 4242 4242');
    await device.getByLabel('Expiry (MM/YY)').fill('12/34');
    await device.getByLabel('CVC').fill('123');
    await device.getByRole('button', { name: /^Pay €/ }).click();
    await expect(device).toHaveURL(link);
    await expect(device.getByRole('heading', { level: 1, name: 'This order is already paid' })).toBeVisible();
    await expect(device.getByRole('button', { name: /^Pay/ })).toHaveCount(0);

    // A's page moves on by itself: paid.
    await expect(page).toHaveURL(`${BASE_URL}/payment/success?order=${orderId}`, { timeout: 15_000 });
    await expect(page.getByText('Premium monthly').first()).toBeVisible();

    // The link again, later: already paid, a 409, nothing to pay.
    const again = await device.goto(link);
    expect(again?.status()).toBe(409);
    await expect(device.getByRole('heading', { level: 1, name: 'This order is already paid' })).toBeVisible();
    await checkPage(device, 'link-paid');
  } finally {
    await other.close();
  }

  // A tampered link says so.
  const tampered = await page.goto(`${link.slice(0, -3)}xyz`);
  expect(tampered?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1, name: 'This payment link is not valid' })).toBeVisible();
});
