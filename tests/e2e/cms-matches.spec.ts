// A staff correction as fans and staff meet it (issue #20, decision 019): an editor
// corrects France v Romania (Euro 2016) in the CMS, and the match page and the
// Group A table that a fan has open change without a reload; the commentary says it
// was staff and why. The test puts the result back and releases the correction, so
// the other specs (which share the database) see the real Euro 2016.
import { expect, test, type Page } from '@playwright/test';
import { prepareContext, waitForHydration } from './support.ts';
import { createStaffAccount, signInToCms, uniqueStaffEmail } from './staff-support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

async function correct(page: Page, home: string, away: string, reason: string) {
  await page.getByLabel('France goals').fill(home);
  await page.getByLabel('Romania goals').fill(away);
  await page.getByLabel(/^Reason/).fill(reason);
  await page.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByRole('status')).toHaveText('Corrected. Open pages show it now.');
}

test('a correction made in the CMS reaches an open match page and the league table without reload', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const editor = uniqueStaffEmail('editor');
  createStaffAccount(editor, 'editor', 'Eve Editor');
  await signInToCms(page, editor);
  await page
    .getByRole('navigation', { name: 'CMS sections' })
    .getByRole('link', { name: 'Matches', exact: true })
    .click();
  await page.getByLabel('Team').fill('romania');
  await page.getByLabel('Day (UTC)').fill('2016-06-10');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('cms-match')).toHaveCount(1);
  await expect(page.getByTestId('cms-match')).toContainText('France 2–1 Romania');
  await page.getByRole('link', { name: 'Correct France v Romania' }).click();
  await expect(page).toHaveURL(/\/cms\/matches\/\d+$/);
  const matchId = Number(/\/cms\/matches\/(\d+)/.exec(page.url())?.[1]);
  expect(matchId).toBeGreaterThan(0);
  await waitForHydration(page);

  // A fan has the match and the group table open, in another browser.
  const fan = await browser.newContext();
  await prepareContext(fan);
  const matchPage = await fan.newPage();
  await matchPage.goto(`/match/${matchId}`);
  await waitForHydration(matchPage);
  await expect(matchPage.getByTestId('match-score')).toHaveText(/2\s*–\s*1/);
  const leaguePage = await fan.newPage();
  await leaguePage.goto('/league/euro?season=2016&phase=group-a&rounds=all');
  await waitForHydration(leaguePage);
  const points = (team: string) =>
    leaguePage
      .getByTestId('standings')
      .getByRole('row')
      .filter({ has: leaguePage.getByRole('rowheader', { name: team }) })
      .getByRole('cell')
      .nth(8);
  await expect(points('France')).toHaveText('7');
  await expect(points('Romania')).toHaveText('1');

  try {
    // Refused without a reason, and what was typed stays.
    await page.getByLabel('France goals').fill('1');
    await page.getByLabel('Romania goals').fill('2');
    await page.getByRole('button', { name: 'Save correction' }).click();
    await expect(page.locator('#match-reason-error')).toBeVisible();
    await expect(page.getByLabel('Romania goals')).toHaveValue('2');

    await correct(page, '1', '2', 'Testing the correction path');
    await expect(page.getByText('A staff correction holds')).toBeVisible();

    await expect(matchPage.getByTestId('match-score')).toHaveText(/1\s*–\s*2/, { timeout: 15_000 });
    await expect(
      matchPage.getByText('Staff correction: the score is France 1–2 Romania. Reason: Testing the correction path.'),
    ).toBeVisible();
    await expect(points('Romania')).toHaveText('4', { timeout: 15_000 });
    await expect(points('France')).toHaveText('4');
  } finally {
    await page.goto(`/cms/matches/${matchId}`);
    await waitForHydration(page);
    await correct(page, '2', '1', 'Back to the real result after the test');
    await page.getByRole('button', { name: 'Release…' }).click();
    await page
      .getByRole('dialog', { name: 'Release the correction?' })
      .getByRole('button', { name: 'Release correction' })
      .click();
    await expect(page.getByRole('status')).toContainText('Released');
  }
  await expect(matchPage.getByTestId('match-score')).toHaveText(/2\s*–\s*1/, { timeout: 15_000 });
  await expect(points('France')).toHaveText('7', { timeout: 15_000 });
  await fan.close();
});
