// Paying on another device in a real browser (issue #21): member A starts a Premium order and, from the
// pending result page, opens "Pay on another device": a link, a copy button and a QR code. A second
// browser context with no session — the other device — opens the link, sees the order, pays it on the
// sandbox's checkout with the success card, and is told the order is paid; A's result page, left open,
// moves on to success by itself. Opening the link again says it is already paid. The copy-link page and
// the link's page fit 390 and 1280 px and pass axe in light and dark at both; screenshots of each.
import { expect, test } from '@playwright/test';
import { BASE_URL, checkPage, orderPlan, payOnSandbox, registerMember, screenshotsFor } from './journeys.ts';
import { prepareContext, waitForHydration } from './support.ts';

const SHOTS = screenshotsFor('payment-link');

test('a second browser with no session pays the first member’s order through the copy-link', async ({
  page,
  context,
  browser,
}) => {
  // Two browsers, and three pages checked at two widths in light and dark.
  test.setTimeout(90_000);
  await prepareContext(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  await registerMember(page, 'Link Payer', { emailPrefix: 'link' });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  const orderId = (await orderPlan(page)).order.id;

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
  await checkPage(page, 'copy-link', SHOTS);

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
    await checkPage(device, 'link-landing', SHOTS);
    await device.getByRole('button', { name: /^Pay €4\.99$/ }).click();
    await expect(device).toHaveURL(new RegExp(`^${BASE_URL}/payment/sandbox/${orderId}\\?token=.+&from=link$`));
    await payOnSandbox(device);
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
    await checkPage(device, 'link-paid', SHOTS);
  } finally {
    await other.close();
  }

  // A tampered link says so.
  const tampered = await page.goto(`${link.slice(0, -3)}xyz`);
  expect(tampered?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1, name: 'This payment link is not valid' })).toBeVisible();
});
