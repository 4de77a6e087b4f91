// Staff two-factor sign-in in Chromium (issue #20): an admin sets it up at
// /cms/security from the key the page shows, keeps the recovery codes it shows
// once, signs out, and signs in again with the password and then a TOTP code
// computed here with the library the server uses (otplib). axe on the screens.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { prepareContext, waitForHydration } from './support.ts';
import { BASE_URL, STAFF_PASSWORD, createStaffAccount, signInToCms, uniqueStaffEmail } from './staff-support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

/**
 * The code an authenticator app would show a step from now. The server takes the step either side of the
 * current one, and a code only from a step later than the last one used: the code that just confirmed the
 * set-up is spent, so the next one signs in without waiting 30 seconds.
 */
function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations).toEqual([]);
}

test('admin sets up two-factor sign-in, signs out, and signs in with the password and a TOTP code', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const admin = uniqueStaffEmail('totp-admin');
  createStaffAccount(admin, 'admin', 'Tess Totp');
  await signInToCms(page, admin);

  await page.getByRole('navigation', { name: 'CMS sections' }).getByRole('link', { name: 'Sign-in security' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in security' })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

  // The QR code for the app, and the same key as text for typing in.
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg')).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replaceAll(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);

  // A wrong code is refused beside the field; the app's code turns it on.
  await page.getByLabel('Code from your app').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.locator('#confirm-code-error')).toContainText('not right');
  await page.getByLabel('Code from your app').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Sign out, then in: the password alone is not enough any more.
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  // Signing out lands on /en: going on before it does interrupts that navigation (a retry in CI).
  await expect(page).toHaveURL(`${BASE_URL}/en`);
  await page.goto('/cms/login');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(admin);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in to the CMS' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/cms/login`);
  await waitForHydration(page);
  await expectNoAxeViolations(page);

  await page.getByLabel('Authentication code').fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/cms`);
  await expect(page.getByText('Signed in as Tess Totp, Administrator.')).toBeVisible();
});
