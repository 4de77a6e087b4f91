// The header's search as a fan meets it (issue #19), on the Euro 2016 data:
// "No results for …" with the way to the results page when nothing matches,
// players and matches among the suggestions, typos forgiven, all by keyboard.
import { expect, test, type Page } from '@playwright/test';
import { prepareContext, waitForHydration } from './support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

async function hasEuroData(page: Page): Promise<boolean> {
  return (await page.request.get('/api/competitions/euro/seasons/2016/matches')).ok();
}

/** A tablet: the header has the field itself; Tab reaches it. */
async function focusSearch(page: Page) {
  await page.setViewportSize({ width: 900, height: 900 });
  await page.goto('/');
  await waitForHydration(page);
  const box = page.getByRole('combobox', { name: 'Search teams and competitions' });
  for (let step = 0; step < 25 && !(await box.evaluate((element) => element === document.activeElement)); step += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(box).toBeFocused();
  return box;
}

/** Presses ArrowDown until the option is the chosen one. */
async function choose(page: Page, option: ReturnType<Page['getByRole']>) {
  const index = Number((await option.getAttribute('id'))?.split('-option-')[1]);
  for (let step = 0; step <= index; step += 1) await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
}

test('nothing found: the list says so and offers the results page, by keyboard', async ({ page }) => {
  const box = await focusSearch(page);
  await page.keyboard.type('qqzzxx');
  await expect(page.getByTestId('search-popup')).toBeVisible();
  await expect(page.getByTestId('search-popup')).toContainText('No results for “qqzzxx”');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  const all = list.getByRole('option', { name: 'See all results for “qqzzxx”' });
  await expect(all).toBeVisible();
  await expect(page.getByRole('search', { name: 'Teams and competitions' }).getByRole('status')).toHaveText(
    'No results for “qqzzxx”. Enter opens the results page.',
  );
  await page.keyboard.press('ArrowDown');
  await expect(all).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await all.getAttribute('id')) ?? '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/team\?q=qqzzxx$/);
  await expect(page.getByTestId('search-count')).toHaveText(
    'No results for “qqzzxx”. Try part of the name, such as “Madrid” or “Premier”.',
  );
});

test('players, matches and misspelt teams are suggested and open by keyboard', async ({ page }) => {
  test.setTimeout(60_000);
  test.skip(!(await hasEuroData(page)), 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  await focusSearch(page);
  const list = page.getByRole('listbox', { name: 'Suggestions' });

  // A typo still finds the team, first.
  await page.keyboard.type('portgual');
  await expect(list.getByRole('option').first()).toHaveAccessibleName(/^Portugal\b/);

  // Two teams name their matches: the Euro 2016 final.
  await page.keyboard.press('Control+a');
  await page.keyboard.type('portugal v france');
  const final = list.getByRole('option', { name: /(Portugal 1–0 France|France 0–1 Portugal)\s*2016-07-10/ });
  await expect(final).toBeVisible();
  await choose(page, final);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/match\/\d+/);

  // A player by the name fans know opens the team played for.
  await focusSearch(page);
  await page.keyboard.type('ronaldo');
  const player = list.getByRole('option', { name: /^Cristiano Ronaldo.*Player$/ });
  await expect(player).toBeVisible();
  await choose(page, player);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/team\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portugal');
});

test('the results page lists the matches two teams played and the players found', async ({ page }) => {
  test.skip(!(await hasEuroData(page)), 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  await page.goto('/team?q=portugal%20v%20france');
  await expect(
    page
      .getByTestId('search-matches')
      .getByRole('link', { name: /(Portugal 1–0 France|France 0–1 Portugal)\s*2016-07-10/ }),
  ).toBeVisible();
  await page.goto('/team?q=ronaldo');
  await expect(page.getByTestId('search-players')).toContainText('Cristiano Ronaldo');
  await expect(page.getByTestId('search-players').getByRole('link', { name: 'Portugal' }).first()).toHaveAttribute(
    'href',
    /\/team\/\d+$/,
  );
});
