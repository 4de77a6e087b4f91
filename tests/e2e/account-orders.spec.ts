// The account's orders and receipts in a real browser (issue #21): a new member
// pays for Premium monthly on the sandbox's checkout; /account then shows the
// order (plan, amount, Paid, the way to pay) with Renew and a receipt link that
// opens the receipt, which prints alone; someone else opening that receipt gets
// a 404. The account page with an order and the receipt page pass axe in light
// and dark and fit a 390 px phone; screenshots at 390 and 1280 px.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE_URL, buyPremium, checkPage, registerMember, screenshotsFor } from './journeys.ts';
import { prepareContext } from './support.ts';

const SHOTS = screenshotsFor('account-orders');

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('after a sandbox payment the account lists the order, and its receipt opens, prints alone and is the owner’s only', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await registerMember(page, 'Rita Receipt', { emailPrefix: 'orders' });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  const orderId = await buyPremium(page);

  await page.goto('/account');
  const history = page.getByTestId('order-history');
  await expect(history.getByText('Premium monthly · €4.99')).toBeVisible();
  await expect(history.getByText('Paid', { exact: true })).toBeVisible();
  await expect(history.getByText('Test card (sandbox, no real money)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Renew Premium monthly' })).toHaveAttribute(
    'href',
    '/pricing?plan=premium-monthly',
  );
  await checkPage(page, 'account', SHOTS);

  await page.setViewportSize({ width: 390, height: 900 });
  await history.getByRole('link', { name: /^Receipt for Premium monthly/ }).click();
  await expect(page).toHaveURL(`${BASE_URL}/account/orders/${orderId}`);
  const receipt = page.locator('[data-print-alone]');
  await expect(receipt.getByRole('heading', { name: 'Receipt', level: 1 })).toBeVisible();
  await expect(receipt.getByText(orderId)).toBeVisible();
  await expect(receipt.getByText('Rita Receipt <')).toBeVisible();
  await expect(receipt.getByText('€4.99')).toBeVisible();
  await checkPage(page, 'receipt', SHOTS);

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
  await registerMember(stranger, 'Sam Stranger', { emailPrefix: 'orders' });
  await expect(stranger).toHaveURL(`${BASE_URL}/`);
  const response = await stranger.goto(`/account/orders/${orderId}`);
  expect(response?.status()).toBe(404);
  await expect(stranger.getByText(orderId)).toHaveCount(0);
  await other.close();
});
