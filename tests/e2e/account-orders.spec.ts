// The account's orders and receipts in a real browser (issue #21): a new member
// pays for Premium monthly on the sandbox's checkout; /account then shows the
// order (plan, amount, Paid, the way to pay) with Renew and a receipt link that
// opens the receipt, which prints alone; someone else opening that receipt gets
// a 404. The account page with an order and the receipt page pass axe in light
// and dark and fit a 390 px phone; screenshots at 390 and 1280 px.
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { prepareContext, waitForHydration } from './support.ts';

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const SHOTS = path.join(process.env.E2E_DIR ?? 'var/e2e', 'screenshots', 'account-orders');
const PASSWORD = 'a long walk on the pitch';
const ORDER_URL = /\/payment\/sandbox\/(ord_[\w-]+)$/;

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

async function register(page: Page, name: string) {
  await page.goto('/register');
  await waitForHydration(page);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email address').fill(`orders-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
}

/** Orders Premium monthly with the sandbox as the pricing page's form would, and pays it with the success card. */
async function payForPremiumMonthly(page: Page): Promise<string> {
  const checkoutUrl = await page.evaluate(async () => {
    const plans = (await (await fetch('/api/plans')).json()) as { plans: Array<{ id: number; code: string }> };
    const plan = plans.plans.find((candidate) => candidate.code === 'premium-monthly');
    const response = await fetch('/api/payments/orders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ planId: plan?.id, provider: 'sandbox' }),
    });
    return ((await response.json()) as { checkoutUrl: string }).checkoutUrl;
  });
  await page.goto(checkoutUrl);
  const orderId = ORDER_URL.exec(new URL(page.url()).pathname)![1]!;
  await waitForHydration(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page).toHaveURL(`${BASE_URL}/payment/success?order=${orderId}`);
  return orderId;
}

/** axe in light and dark, nothing wider than a 390 px phone, and a screenshot at 390 and 1280 px. */
async function checkPage(page: Page, name: string) {
  await waitForHydration(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${width} px is ${overflow} px too wide`).toBeLessThanOrEqual(0);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
      expect(
        results.violations.map((violation) => `${violation.id}: ${violation.help}`),
        `${name} at ${width} px in ${colorScheme}`,
      ).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${colorScheme}.png`), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

test('after a sandbox payment the account lists the order, and its receipt opens, prints alone and is the owner’s only', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await register(page, 'Rita Receipt');
  const orderId = await payForPremiumMonthly(page);

  await page.goto('/account');
  const history = page.getByTestId('order-history');
  await expect(history.getByText('Premium monthly · €4.99')).toBeVisible();
  await expect(history.getByText('Paid', { exact: true })).toBeVisible();
  await expect(history.getByText('Test card (sandbox, no real money)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Renew Premium monthly' })).toHaveAttribute(
    'href',
    '/pricing?plan=premium-monthly',
  );
  await checkPage(page, 'account');

  await page.setViewportSize({ width: 390, height: 900 });
  await history.getByRole('link', { name: /^Receipt for Premium monthly/ }).click();
  await expect(page).toHaveURL(`${BASE_URL}/account/orders/${orderId}`);
  const receipt = page.locator('[data-print-alone]');
  await expect(receipt.getByRole('heading', { name: 'Receipt', level: 1 })).toBeVisible();
  await expect(receipt.getByText(orderId)).toBeVisible();
  await expect(receipt.getByText('Rita Receipt <')).toBeVisible();
  await expect(receipt.getByText('€4.99')).toBeVisible();
  await checkPage(page, 'receipt');

  // Printed, the receipt comes out alone: no site header, menus or Print button.
  await page.emulateMedia({ media: 'print' });
  await expect(receipt).toBeVisible();
  await expect(page.locator('body > div header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.screenshot({ path: path.join(SHOTS, 'receipt-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  // Someone else, signed in on another browser, gets a 404 for it.
  const other = await browser.newContext({ baseURL: BASE_URL });
  await prepareContext(other);
  const stranger = await other.newPage();
  await register(stranger, 'Sam Stranger');
  const response = await stranger.goto(`/account/orders/${orderId}`);
  expect(response?.status()).toBe(404);
  await expect(stranger.getByText(orderId)).toHaveCount(0);
  await other.close();
});
