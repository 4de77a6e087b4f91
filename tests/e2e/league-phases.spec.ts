// The other tables of a season on the league page (issue #3): a cup's groups
// (and a split league's championship/relegation groups, the same switcher) on the
// e2e data, the Wyscout Euro 2016 matches (scripts/e2e-seed.ts). Plain links: no
// JavaScript needed.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Standings } from '../../domain/football-contracts.ts';
import { prepareContext } from './support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

async function requireEuroData(request: APIRequestContext): Promise<Standings> {
  const response = await request.get('/api/competitions/euro/seasons/2016/standings');
  test.skip(response.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  return (await response.json()) as Standings;
}

test('a group table is one link away from the tournament table, and keeps the home/away switch', async ({ page, request }) => {
  const tournament = await requireEuroData(request);
  expect(tournament.phases?.map((phase) => phase.name)).toEqual([
    'Whole tournament',
    'Group A',
    'Group B',
    'Group C',
    'Group D',
    'Group E',
    'Group F',
  ]);
  await page.goto('/league/euro?season=2016');
  const tables = page.getByRole('navigation', { name: 'Tables', exact: true });
  await expect(tables.getByRole('link', { name: 'Whole tournament' })).toHaveAttribute('aria-current', 'page');

  await tables.getByRole('link', { name: 'Group A' }).click();
  await expect(page).toHaveURL(/[?&]phase=group-a/);
  await expect(tables.getByRole('link', { name: 'Group A' })).toHaveAttribute('aria-current', 'page');
  const standings = page.getByTestId('standings');
  await expect(standings.locator('caption')).toContainText('Group A, overall table');
  const groupA = (await (await request.get('/api/competitions/euro/seasons/2016/standings?phase=group-a')).json()) as Standings;
  expect(groupA.rows.map((row) => row.team.name)).toEqual(['France', 'Switzerland', 'Albania', 'Romania']);
  await expect(standings.getByRole('rowheader')).toHaveText(groupA.rows.map((row) => row.team.name));
  // France in group A: 2-1 against Romania, 2-0 against Albania, 0-0 against Switzerland .
  const france = (await standings.getByRole('row').nth(1).getByRole('cell').allTextContents()).slice(0, 9).map((cell) => cell.trim());
  expect(france).toEqual(['1', '3', '2', '1', '0', '4', '1', '+3', '7']);

  // The view links keep the group.
  await page.getByRole('navigation', { name: 'Table views' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/phase=group-a/);
  await expect(standings.locator('caption')).toContainText('Group A, home table');

  // An unknown group is a 404, like any unknown address.
  const missing = await page.goto('/league/euro?season=2016&phase=group-z');
  expect(missing?.status()).toBe(404);
});
