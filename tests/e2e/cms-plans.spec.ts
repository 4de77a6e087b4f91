// Plans managed in the CMS, in a real browser (issue #21): a staff administrator
// creates a sport pass, raises its price on the plan's screen (a new version in
// its history), /pricing-sport shows the new price and a member's new order costs
// it at the sandbox checkout, and the member starts its free trial from the card; a save from a form opened before is refused as
// changed meanwhile; hiding the plan takes it off /pricing-sport. The plan is
// this spec's own (a unique code): the e2e database is shared with specs running
// beside it, which expect the seeded plans' prices (Premium monthly's raise is
// checked over HTTP in server/cms-payments-pages.test.ts). The Plans, plan and
// Payment methods screens pass axe in light and dark, fit 390 px, and are
// photographed at 390 and 1280 px.
import { expect, test } from '@playwright/test';
import { BASE_URL, checkPage, registerMember, screenshotsFor } from './journeys.ts';
import { createStaffAccount, signInToCms, uniqueStaffEmail } from './staff-support.ts';
import { prepareContext, waitForHydration } from './support.ts';

const SHOTS = screenshotsFor('cms-plans');

test('staff raise a plan’s price in the CMS: /pricing-sport shows it and a new order costs it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const code = `e2e-pass-${unique}`;
  const name = `Handball pass ${unique}`;

  const staffEmail = uniqueStaffEmail('plans-admin');
  createStaffAccount(staffEmail, 'admin', 'Pia Pricing');
  await prepareContext(page.context());
  await signInToCms(page, staffEmail);
  await page.goto('/cms/payments/plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await expect(page.getByTestId('plan').filter({ hasText: 'Premium monthly' })).toBeVisible();
  await checkPage(page, 'plans', SHOTS);

  // A new sport pass at €9.99.
  await page.getByRole('link', { name: 'New plan' }).click();
  await waitForHydration(page);
  // A price that is not one is marked beside its field, and what was typed stays.
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Price in EUR').fill('9,99');
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByText('A price like 4.99: digits, a dot and at most two decimals')).toBeVisible();
  await expect(page.getByLabel('Code')).toHaveValue(code);
  await checkPage(page, 'plan-new-refused', SHOTS);
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Sport').fill('handball');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Features').fill('Everything in Free\nNo ads');
  await page.getByLabel('Duration (days)').fill('200');
  await page.getByLabel('Price in EUR').fill('9.99');
  await page.getByLabel('Price in USD').fill('10.99');
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page).toHaveURL(/\/cms\/payments\/plans\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const planUrl = page.url();

  // A second tab opens the same plan now, to save later from what it read.
  const staleTab = await page.context().newPage();
  await staleTab.goto(planUrl);
  await waitForHydration(staleTab);

  // The price goes up: a new version, in the history.
  await waitForHydration(page);
  await page.getByLabel('Price in EUR').fill('12.49');
  await page.getByLabel('Free trial (days)').fill('5');
  await page.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(page.getByText('Saved as version 2.')).toBeVisible();
  await expect(page.getByTestId('plan-version')).toHaveCount(2);
  await expect(page.getByTestId('plan-version').first()).toContainText('Version 2 (current)');
  await expect(page.getByTestId('plan-version').first()).toContainText('€12.49');
  await expect(page.getByTestId('plan-version').last()).toContainText('€9.99');
  await checkPage(page, 'plan', SHOTS);

  // The tab opened before saves from version 1: refused, nothing changes.
  await staleTab.getByLabel('Price in EUR').fill('7.00');
  await staleTab.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(staleTab.getByText(/This plan was changed meanwhile/)).toBeVisible();
  await staleTab.close();

  await page.goto('/cms/payments/providers');
  await expect(page.locator('[data-provider="stripe"]')).toContainText('Not configured');
  await checkPage(page, 'payment-methods', SHOTS);

  // A member sees the new price and an order at it.
  const memberContext = await browser.newContext({ baseURL: BASE_URL });
  await prepareContext(memberContext);
  const member = await memberContext.newPage();
  await registerMember(member, 'Hana Handball', { emailPrefix: 'plans' });
  await expect(member).toHaveURL(`${BASE_URL}/`);
  await member.goto('/pricing-sport');
  await waitForHydration(member);
  const card = member.getByRole('listitem').filter({ has: member.getByRole('heading', { name }) });
  await expect(card).toContainText('€12.49');
  await expect(card).not.toContainText('€9.99');
  const sandbox = member.getByRole('radio', { name: 'Test payment' });
  if (await sandbox.count()) await sandbox.check();
  await card.getByRole('button', { name: `Choose ${name}` }).click();
  await expect(member).toHaveURL(/\/payment\/sandbox\/ord_/);
  await expect(member.getByRole('main')).toContainText('€12.49');

  // The plan's free trial, once per account.
  await member.goto('/pricing-sport');
  await waitForHydration(member);
  await expect(card).toContainText('First 5 days free');
  await card.getByRole('button', { name: `Start 5-day free trial of ${name}` }).click();
  await expect(member.getByText(`Your free trial of ${name} has started`)).toBeVisible();
  await expect(card).toContainText('Your plan');
  await expect(card.getByRole('button', { name: /free trial/ })).toHaveCount(0);
  await checkPage(member, 'pricing-sport-trial', SHOTS);

  // Hidden: off /pricing-sport.
  await page.goto('/cms/payments/plans');
  await waitForHydration(page);
  const row = page.getByTestId('plan').filter({ hasText: code });
  await row.getByRole('button', { name: `Hide ${name}` }).click();
  await expect(page.getByText(`${name} is hidden from the pricing pages.`)).toBeVisible();
  await expect(row).toContainText('Hidden');
  await member.goto('/pricing-sport');
  await expect(member.getByRole('heading', { name })).toHaveCount(0);
  await memberContext.close();
});
