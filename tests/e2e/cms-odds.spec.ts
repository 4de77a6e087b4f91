// The CMS's odds screen in a real browser (issue #24, /cms/odds, scope cms:odds): an admin finds it in the
// navigation, axe finds nothing in light or dark at 390 and 1280 px (screenshots under
// <E2E_DIR>/screenshots/cms-odds/), a margin that is no percentage is refused beside its field with what was
// typed kept, and saving what is already in effect says nothing changed. It never switches odds off nor sets
// a margin: the switch is site-wide and tests/e2e/odds.spec.ts, running beside this file, reads the prices
// (its own test switches odds off and on).
import { expect, test } from '@playwright/test';
import { checkPage, screenshotsFor } from './journeys.ts';
import { createStaffAccount, signInToCms, uniqueStaffEmail } from './staff-support.ts';
import { prepareContext, waitForHydration } from './support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('an admin reads the odds switch and margin, a bad margin is refused beside its field, and nothing changes', async ({
  page,
}) => {
  const email = uniqueStaffEmail('odds-screen');
  createStaffAccount(email, 'admin', 'Odds Screen Admin');
  await signInToCms(page, email);
  await page.getByRole('link', { name: 'Model odds' }).first().click();
  await expect(page).toHaveURL(/\/cms\/odds$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Model odds' })).toBeVisible();
  await expect(page.getByTestId('odds-state')).toHaveText('Odds are shown on the site now.');
  await expect(page.getByLabel('Show model odds on the site')).toBeChecked();
  await checkPage(page, 'cms-odds', screenshotsFor('cms-odds'));

  await waitForHydration(page);
  const margin = page.getByLabel('Margin on prices (%)');
  await margin.fill('lots');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the fields marked below.');
  await expect(margin).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Enter a margin in percent from 0 to 25/)).toBeVisible();
  await expect(margin).toHaveValue('lots');
  await checkPage(page, 'cms-odds-refused', screenshotsFor('cms-odds'));

  await margin.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Nothing had changed.');
  await expect(page.getByTestId('odds-state')).toHaveText('Odds are shown on the site now.');
});
