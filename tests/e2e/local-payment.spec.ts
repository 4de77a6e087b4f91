// Bank transfer in a real browser (issue #21): a member chooses Bank transfer on
// /pricing and sees the account, the amount and the reference to quote; a staff
// administrator finds the order in the CMS by that reference and confirms the
// transfer; the member's /payment/result moves on to paid by itself and the
// account shows Premium; staff then refund it with a reason and the member is
// back on Free. The transfer page and the CMS's orders screens pass axe in light
// and dark, fit a 390 px phone, and are photographed at 390 and 1280 px.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createStaffAccount, signInToCms, uniqueStaffEmail } from './staff-support.ts';
import { prepareContext, waitForHydration } from './support.ts';

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const PASSWORD = 'a long walk on the pitch';
const SHOTS = path.join(process.env.E2E_DIR ?? 'var/e2e', 'screenshots', 'local-payment');

/** axe in light and dark, nothing wider than the window at 390 and 1280 px, and a screenshot of each. */
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
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('bank transfer: the member sees the reference, staff confirm it, Premium starts; a refund takes it back', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await prepareContext(page.context());
  const email = `transfer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/register');
  await waitForHydration(page);
  await page.getByLabel('Your name').fill('Tara Transfer');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);

  // The member chooses Bank transfer and Premium monthly on /pricing.
  await page.goto('/pricing');
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'Bank transfer' }).check();
  await page.getByRole('list', { name: 'Plans' }).getByRole('button', { name: 'Choose Premium monthly' }).click();
  await expect(page).toHaveURL(/\/payment\/transfer\/ord_[\w-]+$/);
  const orderId = /\/payment\/transfer\/(ord_[\w-]+)$/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  const reference = (await page.getByTestId('transfer-reference').textContent())!.trim();
  expect(reference).toMatch(/^SL-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/);
  await expect(page.getByRole('main')).toContainText('NL93 DEMO 0123 4567 89');
  await expect(page.getByRole('main')).toContainText('DEMONL2A');
  await expect(page.getByRole('main')).toContainText('€4.99');
  await expect(page.getByRole('main')).toContainText('stays pending until we see your transfer arrive');
  await checkPage(page, 'transfer');

  await page.getByRole('link', { name: 'Follow your order' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/payment/result?order=${orderId}`);
  await expect(page.getByRole('main')).toContainText('Waiting for your bank transfer to arrive and be confirmed');
  await expect(page.getByRole('link', { name: 'See the transfer details and your reference' })).toHaveAttribute(
    'href',
    `/payment/transfer/${orderId}`,
  );

  // A staff administrator finds the order by its reference (typed loosely) and confirms the transfer.
  const staffEmail = uniqueStaffEmail('transfer-admin');
  createStaffAccount(staffEmail, 'admin', 'Cora Cashier');
  const staffContext = await browser.newContext({ baseURL: BASE_URL });
  await prepareContext(staffContext);
  const staff = await staffContext.newPage();
  await signInToCms(staff, staffEmail);
  await staff.goto('/cms/payments/orders');
  await waitForHydration(staff);
  await staff.getByLabel('Order id, transfer reference or email').fill(reference.toLowerCase().replace(/-/g, ' '));
  await staff.getByRole('button', { name: 'Search' }).click();
  await expect(staff.getByTestId('order-row')).toHaveCount(1);
  await expect(staff.getByTestId('order-row')).toContainText(email);
  await checkPage(staff, 'cms-orders');
  await staff.getByRole('link', { name: orderId }).click();
  await expect(staff).toHaveURL(`${BASE_URL}/cms/payments/orders/${orderId}`);
  await checkPage(staff, 'cms-order-pending');
  await staff.getByRole('button', { name: 'Confirm transfer received…' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Confirm transfer received' }).click();
  await expect(staff.getByText('Transfer confirmed: the order is paid and the plan has started.')).toBeVisible();
  await expect(staff.getByTestId('order-status')).toHaveText('Paid');
  await expect(staff.getByTestId('history-row').last()).toContainText('transfer received, confirmed by Cora Cashier');

  // The member's result page moves on to paid by itself; the account shows Premium.
  await expect(page).toHaveURL(`${BASE_URL}/payment/success?order=${orderId}`, { timeout: 30_000 });
  await page.goto('/account');
  await expect(page.getByRole('main')).toContainText('Your plan: Premium monthly');

  // Staff refund it with a reason; the member is back on Free.
  await staff.reload();
  await waitForHydration(staff);
  await checkPage(staff, 'cms-order-paid');
  await staff.getByRole('button', { name: 'Refund…' }).click();
  await staff.getByRole('dialog').getByLabel('Reason').fill('Transferred back at the member’s request');
  await staff.getByRole('dialog').getByRole('button', { name: 'Refund in full' }).click();
  await expect(staff.getByText('Refunded: the order is refunded and what it granted has ended.')).toBeVisible();
  await expect(staff.getByTestId('order-status')).toHaveText('Refunded');
  await expect(staff.getByTestId('history-row').last()).toContainText('Transferred back at the member’s request');
  await expect(staff.getByTestId('refund-policy-note')).toContainText('refunded already');

  await page.goto('/account');
  await expect(page.getByRole('main')).toContainText('Your plan: Free');
  await staffContext.close();
});
