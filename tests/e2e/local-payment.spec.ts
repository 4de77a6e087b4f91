// Bank transfer in a real browser (issue #21): a member chooses Bank transfer on
// /pricing and sees the account, the amount and the reference to quote; a staff
// administrator finds the order in the CMS by that reference and confirms the
// transfer; the member's /payment/result moves on to paid by itself and the
// account shows Premium; staff then refund it with a reason and the member is
// back on Free. The transfer page and the CMS's orders screens pass axe in light
// and dark, fit a 390 px phone, and are photographed at 390 and 1280 px.
import { expect, test } from '@playwright/test';
import { BASE_URL, checkPage, registerMember, screenshotsFor } from './journeys.ts';
import { createStaffAccount, signInToCms, uniqueStaffEmail } from './staff-support.ts';
import { prepareContext, waitForHydration } from './support.ts';

const SHOTS = screenshotsFor('local-payment');

test('bank transfer: the member sees the reference, staff confirm it, Premium starts; a refund takes it back', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await prepareContext(page.context());
  const email = await registerMember(page, 'Tara Transfer', { emailPrefix: 'transfer' });
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
  await checkPage(page, 'transfer', SHOTS);

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
  await checkPage(staff, 'cms-orders', SHOTS);
  await staff.getByRole('link', { name: orderId }).click();
  await expect(staff).toHaveURL(`${BASE_URL}/cms/payments/orders/${orderId}`);
  await checkPage(staff, 'cms-order-pending', SHOTS);
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
  await checkPage(staff, 'cms-order-paid', SHOTS);
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
