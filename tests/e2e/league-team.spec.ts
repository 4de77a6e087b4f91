// League and team pages (issue #5) on the e2e data, the Wyscout Euro 2016
// matches (scripts/e2e-seed.ts): the tournament table, results, the
// home/away switch, the table on a date (a plain form, no JavaScript needed),
// the team page, and the journey league → team → match.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { MatchSummary, Standings } from '../../domain/football-contracts.ts';
import { prepareContext, waitForHydration } from './support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

async function requireEuroData(request: APIRequestContext) {
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  test.skip(season.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  return ((await season.json()) as { matches: MatchSummary[] }).matches;
}

async function portugalId(request: APIRequestContext): Promise<number> {
  const { teams } = (await (await request.get('/api/search?q=Portugal')).json()) as {
    teams: Array<{ id: number; name: string }>;
  };
  const found = teams.find((team) => team.name === 'Portugal');
  expect(found, 'Portugal is in the e2e data').toBeDefined();
  return found?.id ?? 0;
}

/** The numbers of a team's row in the page's standings table, as text: [position, P, W, D, L, GF, GA, GD, Pts]. */
async function tableRow(page: Page, team: string): Promise<string[]> {
  const row = page
    .getByTestId('standings')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: team }) });
  const cells = await row.getByRole('cell').allTextContents();
  return cells.slice(0, 9).map((cell) => cell.trim());
}

function expectedRow(standings: Standings, team: string): string[] {
  const row = standings.rows.find((candidate) => candidate.team.name === team);
  expect(row, `${team} is in the API's table`).toBeDefined();
  if (!row) return [];
  const gd = row.goalDifference > 0 ? `+${row.goalDifference}` : String(row.goalDifference);
  return [row.position, row.played, row.won, row.drawn, row.lost, row.goalsFor, row.goalsAgainst]
    .map(String)
    .concat(gd, String(row.points));
}

test('the league page shows the tournament table, results and top scorers', async ({ page, request }) => {
  await requireEuroData(request);
  const response = await page.goto('/league/euro?season=2016');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('UEFA European Championship 2016 table | Scoreline');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('UEFA European Championship 2016');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]')).toHaveText(
    'UEFA European Championship',
  );

  const api = (await (await request.get('/api/competitions/euro/seasons/2016/standings')).json()) as Standings;
  for (const team of ['Portugal', 'France']) expect(await tableRow(page, team)).toEqual(expectedRow(api, team));
  await expect(page.getByTestId('standings').locator('caption')).toContainText('overall table');
  // Form is letters in chips, not colour alone.
  await expect(page.getByTestId('standings').getByRole('row').nth(1).getByTestId('form')).toHaveText(
    /Last \d, oldest first: [WDL]+/,
  );

  const results = page.getByTestId('results');
  await expect(results.getByRole('heading', { level: 3 }).first()).toHaveText('Final');
  await expect(results.getByRole('link', { name: /^Portugal 1, France 0\./ })).toBeVisible();
  // The latest five rounds are listed; a link shows them all.
  await expect(results.getByRole('heading', { name: 'Group stage · Matchday 3' })).toBeVisible();
  await expect(results.getByRole('heading', { name: 'Group stage · Matchday 1' })).toHaveCount(0);
  // The name fans know (Wyscout's short name), the full one on hover (issue #19).
  const topScorer = page.getByTestId('scorers').getByRole('rowheader').first();
  await expect(topScorer).toHaveText('A. Griezmann');
  await expect(topScorer.locator('span[title]')).toHaveAttribute('title', 'Antoine Griezmann');
  await expect(page.getByTestId('leader')).toContainText(api.rows[0]?.team.shortName ?? '?');
  await page.getByRole('link', { name: 'Show every round of results and fixtures' }).click();
  await expect(page).toHaveURL(/rounds=all/);
  await expect(page.getByTestId('results').getByRole('heading', { name: 'Group stage · Matchday 1' })).toBeVisible();
});

test('the table switches between overall, home and away', async ({ page, request }) => {
  await requireEuroData(request);
  await page.goto('/league/euro?season=2016');
  await waitForHydration(page);
  const views = page.getByRole('navigation', { name: 'Table views' });
  await expect(views.getByRole('link', { name: 'Overall' })).toHaveAttribute('aria-current', 'page');
  await views.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/[?&]view=home/);
  await expect(views.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  // The URL changes as the navigation commits: wait for the new table before reading it.
  await expect(page.getByTestId('standings').locator('caption')).toContainText('home table');
  const home = (await (
    await request.get('/api/competitions/euro/seasons/2016/standings?view=home')
  ).json()) as Standings;
  expect(await tableRow(page, 'Portugal')).toEqual(expectedRow(home, 'Portugal'));

  await views.getByRole('link', { name: 'Away' }).click();
  await expect(page).toHaveURL(/[?&]view=away/);
  await expect(page.getByTestId('standings').locator('caption')).toContainText('away table');
  const away = (await (
    await request.get('/api/competitions/euro/seasons/2016/standings?view=away')
  ).json()) as Standings;
  expect(await tableRow(page, 'France')).toEqual(expectedRow(away, 'France'));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the date form shows the table as it stood on that day', async ({ page, request }) => {
    await requireEuroData(request);
    await page.goto('/league/euro?season=2016');
    await page.getByLabel('Table on date').fill('2016-06-15');
    await page.getByRole('button', { name: 'Show table' }).click();
    await expect(page).toHaveURL(/asOf=2016-06-15/);
    await expect(page.getByTestId('as-of')).toHaveText('As it stood at the end of 15 June 2016.');
    const early = (await (
      await request.get('/api/competitions/euro/seasons/2016/standings?asOf=2016-06-15')
    ).json()) as Standings;
    expect(await tableRow(page, 'Portugal')).toEqual(expectedRow(early, 'Portugal'));
    expect((await tableRow(page, 'Portugal'))[1]).toBe('1');
    await page.getByRole('link', { name: 'Latest table' }).click();
    await expect(page).not.toHaveURL(/asOf/);
    expect((await tableRow(page, 'Portugal'))[1]).toBe('7');
  });

  test('the season switcher is a plain form', async ({ page, request }) => {
    await requireEuroData(request);
    await page.goto('/league/euro');
    await expect(page.getByLabel('Season')).toHaveValue('2016');
    await page.getByRole('button', { name: 'Show season' }).click();
    await expect(page).toHaveURL(/\/league\/euro\?season=2016$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('UEFA European Championship 2016');
  });
});

test('unknown competitions, seasons and teams are 404', async ({ page, request }) => {
  await requireEuroData(request);
  for (const path of ['/league/xx.9', '/league/euro?season=1999', '/league/euro?view=sideways', '/team/999999']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});

test('the team page shows results, form, table position, head-to-head and squad', async ({ page, request }) => {
  await requireEuroData(request);
  const id = await portugalId(request);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto(`/team/${id}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page).toHaveTitle('Portugal | Scoreline');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portugal');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]')).toHaveText(
    'Portugal',
  );

  const results = page.getByTestId('team-results');
  await expect(results.getByRole('listitem')).toHaveCount(7);
  const final = results.getByRole('link', { name: /^Portugal 1, France 0\./ });
  await expect(final).toHaveAttribute('href', /^\/match\/\d+$/);
  await expect(page.locator('#next-match').getByTestId('form')).toHaveText('Last 5, oldest first: DWDWW');
  await expect(page.getByTestId('table-positions')).toContainText(
    '2nd of 24 in the UEFA European Championship 2016 tournament table',
  );
  await expect(page.getByTestId('head-to-head')).toContainText('Against the last opponent, France');
  await expect(page.getByTestId('h2h-matches').getByRole('link')).toHaveCount(1);
  await expect(page.getByTestId('squad')).toContainText('Cristiano Ronaldo');
  expect(errors, 'the page hydrates without errors').toEqual([]);
});

test('browse league → team → match', async ({ page, request }) => {
  await requireEuroData(request);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/league/euro?season=2016');
  await waitForHydration(page);
  await page.getByTestId('standings').getByRole('link', { name: 'Portugal', exact: true }).click();
  await expect(page).toHaveURL(/\/team\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portugal');
  await page
    .getByTestId('team-results')
    .getByRole('link', { name: /^Portugal 1, France 0\./ })
    .click();
  await expect(page).toHaveURL(/\/match\/\d+$/);
  await expect(page).toHaveTitle(/^Portugal v France, 10 Jul 2016 \| /);
  expect(errors, 'no page errors on the way').toEqual([]);
});

test('"Leagues" lists every competition by region, each leading to its page', async ({ page, request }) => {
  await requireEuroData(request);
  const { competitions } = (await (await request.get('/api/competitions')).json()) as {
    competitions: Array<{ code: string; name: string; areaName: string }>;
  };
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leagues' }).click();
  await expect(page).toHaveURL(/\/league$/);
  await expect(page).toHaveTitle('Leagues and competitions | Scoreline');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leagues and competitions');
  for (const competition of competitions) {
    const region = page.getByRole('region', { name: competition.areaName, exact: true });
    await expect(region.getByRole('link', { name: new RegExp(`^${competition.name}`) })).toHaveAttribute(
      'href',
      `/league/${competition.code}`,
    );
  }
  await page.getByRole('link', { name: /^UEFA European Championship/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^UEFA European Championship \d{4}/);
});
