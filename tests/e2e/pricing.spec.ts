// The pricing pages in a real browser (issue #21): a guest compares the plans,
// chooses Premium yearly, is sent to sign in, registers instead, and comes back
// to /pricing with that choice picked out; that signed-in page hydrates without
// errors and passes axe in light and dark (a11y.spec.ts checks a guest's), and one
// click makes the order and opens the sandbox checkout. What the checkout does is
// the payments journey's.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { prepareContext, waitForHydration } from './support.ts';

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const PASSWORD = 'a long walk on the pitch';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('a guest chooses Premium yearly, registers, and comes back to the same choice', async ({ page }, testInfo) => {
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
  await waitForHydration(page);

  await page.getByLabel('Your name').fill('Pat Premium');
  await page.getByLabel('Email address').fill(`pricing-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(`${BASE_URL}/pricing?plan=premium-yearly`);
  await expect(page.getByText(/You chose Premium yearly, €[\d.]+ a year\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  // A new account is on Free, marked as such.
  await expect(plans.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Free' }) })).toContainText(
    'Your plan',
  );

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.help}`),
      colorScheme,
    ).toEqual([]);
    const file = testInfo.outputPath(`pricing-chosen-${colorScheme}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`pricing-chosen-${colorScheme}`, { path: file, contentType: 'image/png' });
  }
  expect(errors).toEqual([]);

  // One click from paying: the order is made and the browser goes to the sandbox's checkout.
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${BASE_URL}/payment/sandbox/[^/?#]+\\?token=[^/?#&]+$`));
});
