// The pricing pages in a real browser (issue #21): a guest compares the plans,
// chooses Premium yearly, is sent to sign in, registers instead, and comes back
// to /pricing with that choice picked out; that signed-in page hydrates without
// errors, fits 390 and 1280 px and passes axe in light and dark at both widths
// (a11y.spec.ts checks a guest's), and one click makes the order and opens the
// sandbox checkout. What the checkout does is the payments journey's.
import { expect, test } from '@playwright/test';
import { BASE_URL, checkPage, registerMember, screenshotsFor } from './journeys.ts';
import { prepareContext, waitForHydration } from './support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('a guest chooses Premium yearly, registers, and comes back to the same choice', async ({ page }) => {
  // Prices and dates render the same in the browser as on the server: hydrating logs no mismatch (STYLE.md §7).
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  await page.goto('/pricing');
  await waitForHydration(page);
  const plans = page.getByRole('list', { name: 'Plans' });
  await expect(plans.getByRole('heading', { level: 2 })).toHaveText(['Free', 'Premium monthly', 'Premium yearly']);
  await expect(plans.getByText(/^Save \d+% \(€[\d.]+\) against paying monthly$/)).toBeVisible();

  await plans.getByRole('link', { name: 'Choose Premium yearly' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/login?redirect=${encodeURIComponent('/pricing?plan=premium-yearly')}`);
  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/register?redirect=${encodeURIComponent('/pricing?plan=premium-yearly')}`);
  await registerMember(page, 'Pat Premium', { emailPrefix: 'pricing', from: null });

  await expect(page).toHaveURL(`${BASE_URL}/pricing?plan=premium-yearly`);
  await expect(page.getByText(/You chose Premium yearly, €[\d.]+ a year\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  // A new account is on Free, marked as such.
  await expect(plans.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Free' }) })).toContainText(
    'Your plan',
  );

  await checkPage(page, 'pricing-chosen', screenshotsFor('pricing'));
  expect(errors).toEqual([]);

  // One click from paying: the order is made and the browser goes to the sandbox's checkout.
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${BASE_URL}/payment/sandbox/[^/?#]+\\?token=[^/?#&]+$`));
});
