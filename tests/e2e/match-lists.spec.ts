// The match-list pages (issue #5): home by date and time zone, the date strip,
// favourites and spoiler-safe mode on the device, /live-sports following a
// replay live, and the hot, sport and highlights pages. The e2e database holds
// the Wyscout Euro 2016 matches only; tests start the replays they watch.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { documentIsMarked, markDocument, prepareContext, waitForHydration } from './support.ts';

const EURO = 'UEFA European Championship';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

/** Fails the test on any console error or uncaught exception (hydration mismatches included). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const dayList = (page: Page) => page.locator('section[aria-labelledby="day-heading"]');
const dayRows = (page: Page) => dayList(page).getByTestId('competition-group').getByRole('listitem');
const row = (page: Page, home: string, away: string) =>
  dayRows(page).filter({ has: page.getByRole('link', { name: new RegExp(`^${home} .*${away}`) }) });

test('home lists the day’s matches under their competition, in the chosen time zone', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?date=2016-07-10&tz=UTC');
  await waitForHydration(page);
  await expect(page.getByTestId('day-label')).toHaveText('Sunday 10 July 2016 · times in UTC');
  const group = dayList(page).getByTestId('competition-group');
  await expect(group).toHaveCount(1);
  await expect(group.getByRole('heading', { level: 3 })).toContainText(EURO);
  await expect(group.getByRole('link', { name: EURO })).toHaveAttribute('href', '/league/euro');
  await expect(group.getByRole('link', { name: 'Portugal 1, France 0. AET' })).toBeVisible();

  // 19:00 UTC on 10 July is 04:00 on 11 July in Tokyo: the final moves to the next day there.
  await page.goto('/?date=2016-07-10&tz=Asia/Tokyo');
  await expect(dayList(page).getByRole('link', { name: /^Portugal/ })).toHaveCount(0);
  await page.goto('/?date=2016-07-11&tz=Asia/Tokyo');
  await expect(dayList(page).getByRole('link', { name: 'Portugal 1, France 0. AET' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the date strip moves between days, with links and the date picker', async ({ page }) => {
  await page.goto('/?date=2016-07-10&tz=UTC');
  await waitForHydration(page);
  await markDocument(page);
  const strip = page.getByRole('navigation', { name: 'Dates' });
  await strip.getByRole('link', { name: 'Yesterday' }).click();
  await expect(strip.getByRole('link', { name: 'Yesterday' })).toHaveAttribute('aria-current', 'date');
  const today = new URL(
    await strip.getByRole('link', { name: 'Today' }).evaluate((link) => (link as HTMLAnchorElement).href),
  );
  const yesterday = new URL(page.url()).searchParams.get('date');
  expect(yesterday).not.toBeNull();
  expect(yesterday! < today.searchParams.get('date')!).toBe(true);
  expect(new URL(page.url()).searchParams.get('tz')).toBe('UTC');

  await strip.getByLabel('Date', { exact: true }).fill('2016-07-07');
  await strip.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/date=2016-07-07/);
  await expect(page.getByTestId('day-label')).toContainText('Thursday 7 July 2016');
  await expect(dayList(page).getByRole('link', { name: 'Germany 0, France 2. FT' })).toBeVisible();
  expect(await documentIsMarked(page), 'client-side navigation, no reload').toBe(true);
});

test('the date strip works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/?date=2016-07-10&tz=UTC');
  await page.getByLabel('Date', { exact: true }).fill('2016-07-07');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/date=2016-07-07/);
  await expect(dayList(page).getByRole('link', { name: 'Germany 0, France 2. FT' })).toBeVisible();
  await context.close();
});

test('starred matches and competitions stay pinned across reloads', async ({ page }) => {
  await page.goto('/?date=2016-06-15&tz=UTC');
  await waitForHydration(page);
  const firstRow = dayRows(page).first();
  await expect(firstRow.getByRole('link')).toHaveAccessibleName(/^Russia /);

  await row(page, 'France', 'Albania').getByRole('button', { name: 'Add France v Albania to favourites' }).click();
  await expect(firstRow.getByRole('link')).toHaveAccessibleName(/^France /);
  await dayList(page)
    .getByRole('button', { name: `Add ${EURO} to favourites` })
    .click();

  await page.reload();
  await waitForHydration(page);
  await expect(
    row(page, 'France', 'Albania').getByRole('button', { name: 'Remove France v Albania from favourites' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(dayList(page).getByRole('button', { name: `Remove ${EURO} from favourites` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(dayRows(page).first().getByRole('link')).toHaveAccessibleName(/^France /);

  await row(page, 'France', 'Albania').getByRole('button', { name: 'Remove France v Albania from favourites' }).click();
  await expect(dayRows(page).first().getByRole('link')).toHaveAccessibleName(/^Russia /);
});

test('spoiler-safe mode hides scores, from the server’s HTML on, until revealed', async ({ page }) => {
  await page.goto('/?date=2016-07-10&tz=UTC');
  await waitForHydration(page);
  const final = row(page, 'Portugal', 'France');
  await expect(final.getByTestId('row-score')).toHaveText('1 – 0');
  await page.getByRole('button', { name: 'Hide scores' }).click();
  await expect(page.getByRole('button', { name: 'Hide scores' })).toHaveAttribute('aria-pressed', 'true');
  await expect(final.getByTestId('row-score')).toHaveText('? – ?');
  // Not "AET" either: that would say the final was level after 90 minutes.
  await expect(final.getByRole('link', { name: 'Portugal v France. FT' })).toBeVisible();

  // The server renders the hidden score itself: no spoiler before hydration.
  const html = await (await page.request.get('/?date=2016-07-10&tz=UTC')).text();
  expect(html).toContain('? – ?');
  expect(html).not.toContain('Portugal 1, France 0');

  await page.reload();
  await waitForHydration(page);
  await expect(final.getByTestId('row-score')).toHaveText('? – ?');
  await final.getByRole('button', { name: 'Show the score of Portugal v France' }).click();
  await expect(final.getByTestId('row-score')).toHaveText('1 – 0');

  await page.getByRole('button', { name: 'Hide scores' }).click();
  await expect(page.getByRole('button', { name: 'Hide scores' })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(final.getByTestId('row-score')).toHaveText('1 – 0');
});

test('spoiler-safe for one team: its scores and form hide on its page, a match page keeps the score until revealed', async ({
  page,
  request,
}) => {
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  test.skip(season.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const { matches } = (await season.json()) as { matches: MatchSummary[] };
  const final = matches.find((match) => match.stage === 'Final');
  const wales = matches.find((match) => match.home.name === 'Wales' || match.away.name === 'Wales');
  expect(final, 'the Euro 2016 final is in the e2e data').toBeDefined();
  const portugal = final?.home.name === 'Portugal' ? final.home : final?.away;

  await page.goto(`/team/${portugal?.id}`);
  await waitForHydration(page);
  const results = page.getByTestId('team-results');
  await expect(results.getByTestId('row-score').first()).toHaveText(/^\d+ – \d+$/);
  const toggle = page.getByTestId('team-spoiler');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(results.getByTestId('row-score').first()).toHaveText('? – ?');
  await expect(page.getByText('Hidden in spoiler-safe mode.')).toHaveCount(2); // form and table

  // The device remembers it, and the server renders it hidden from the first byte.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('team-spoiler')).toHaveAttribute('aria-pressed', 'true');
  await expect(results.getByTestId('row-score').first()).toHaveText('? – ?');

  // Its competition's page hides Portugal's scores, and the table, leader and scorers that would tell them.
  await page.goto('/league/euro?season=2016');
  await waitForHydration(page);
  await expect(page.getByTestId('league-spoiler')).toContainText('Spoiler-safe mode is on');
  const finalRow = page.getByTestId('results').locator(`a[data-match-id="${final?.id}"]`);
  await expect(finalRow.getByTestId('row-score')).toHaveText('? – ?');
  await expect(page.locator('#standings table')).toHaveCount(0);
  await expect(page.getByTestId('leader')).toHaveCount(0);
  // A knockout match of two other teams keeps its score.
  const otherResult = matches.find(
    (match) => match.kickoffAt >= '2016-07-01' && match.home.id !== portugal?.id && match.away.id !== portugal?.id,
  );
  expect(otherResult, 'a July match without Portugal').toBeDefined();
  await expect(
    page.getByTestId('results').locator(`a[data-match-id="${otherResult?.id}"]`).getByTestId('row-score'),
  ).toHaveText(/^\d+ – \d+$/);
  await page.getByRole('link', { name: 'Reveal them' }).click();
  await expect(page).toHaveURL(/reveal=1/);
  await expect(page.locator('#standings table')).toBeVisible();
  await expect(finalRow.getByTestId('row-score')).toHaveText(/^1 – 0$/);

  // The final's page hides the score and the match centre until the visitor reveals them.
  await page.goto(`/match/${final?.id}`);
  await expect(page.getByTestId('match-score')).toHaveText('? – ?');
  await expect(page.getByTestId('match-status')).toHaveText('FT');
  await expect(page.getByTestId('spoiler-cover')).toBeVisible();
  await expect(page.getByTestId('timeline')).toHaveCount(0);
  const hiddenHtml = await (await page.request.get(`/match/${final?.id}`)).text();
  expect(hiddenHtml).toContain('Score hidden');
  expect(hiddenHtml).not.toContain('data-testid="timeline"');
  await page.getByRole('link', { name: 'Reveal the score' }).click();
  await expect(page.getByTestId('match-score')).toHaveText(/1\s*–\s*0/);
  await expect(page.getByTestId('timeline')).toBeVisible();

  // Another team's match is not hidden.
  if (wales && wales.home.id !== portugal?.id && wales.away.id !== portugal?.id) {
    await page.goto(`/match/${wales.id}`);
    await expect(page.getByTestId('spoiler-cover')).toHaveCount(0);
    await expect(page.getByTestId('match-score')).toHaveText(/\d+\s*–\s*\d+/);
  }

  await page.goto(`/team/${portugal?.id}`);
  await waitForHydration(page);
  await page.getByTestId('team-spoiler').click();
  await expect(page.getByTestId('team-spoiler')).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByTestId('team-results').getByTestId('row-score').first()).toHaveText(/^\d+ – \d+$/);
});

test('a replay appears on /live-sports and its score changes without a reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  test.skip(season.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const { matches } = (await season.json()) as { matches: MatchSummary[] };
  const final = matches.find((match) => match.stage === 'Final');
  const semiFinal = matches.find((match) => match.stage === 'Semi-finals' || match.round === 'Semi-finals');
  expect(final, 'the Euro 2016 final is in the e2e data').toBeDefined();

  // A replay running when the page loads is in the server-rendered list.
  const first = await request.post('/api/replays', { data: { matchId: (semiFinal ?? final)?.id, speed: 600 } });
  expect(first.status()).toBe(201);
  const running = ((await first.json()) as { match: MatchSummary }).match;
  await page.goto('/live-sports');
  await expect(page.locator(`a[data-match-id="${running.id}"]`)).toBeVisible();
  await waitForHydration(page);
  await markDocument(page);

  // The page is open before this replay starts: the new live match must join the list by itself.
  const created = await request.post('/api/replays', { data: { matchId: final?.id, speed: 600 } });
  expect(created.status()).toBe(201);
  const replay = ((await created.json()) as { match: MatchSummary }).match;

  const replayRow = page.locator(`li:has(a[data-match-id="${replay.id}"])`);
  await expect(replayRow).toBeVisible({ timeout: 15_000 });
  await expect(replayRow.getByRole('link')).toHaveAccessibleName(/Replay$/);
  await expect(replayRow.locator('xpath=ancestor::section[1]').getByRole('heading', { level: 3 })).toContainText(EURO);
  // Éder's goal comes in the 109th minute: about 14 s after kick-off at 600×.
  await expect(replayRow.getByTestId('row-score')).toHaveText(/1\s*–\s*0/, { timeout: 45_000 });
  expect(await documentIsMarked(page), 'the page was never reloaded').toBe(true);

  // A match that ends stays on the open page, showing its final status.
  await expect(replayRow.getByRole('link')).toHaveAccessibleName(/AET\. Replay$/, { timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('hot matches, the football hub and highlights', async ({ page }) => {
  await page.goto('/hot-match-today?tz=UTC');
  await expect(page).toHaveTitle(/^Hot matches today \| /);
  await expect(page.getByRole('heading', { level: 1, name: 'Hot matches today' })).toBeVisible();
  // The e2e data has no real match today; a demo replay another test started today is one.
  const today = new Date().toISOString().slice(0, 10);
  const { matches: todays } = (await (await page.request.get(`/api/matches?date=${today}&tz=UTC`)).json()) as {
    matches: MatchSummary[];
  };
  if (todays.length === 0)
    await expect(page.getByText('No matches today in the competitions this site follows.')).toBeVisible();
  else await expect(page.locator(`a[data-match-id="${todays[0]?.id}"]`).first()).toBeVisible();

  await page.goto('/sport/football-1?date=2016-07-10&tz=UTC');
  await expect(page).toHaveTitle(/^Football \| /);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Football');
  await expect(dayList(page).getByRole('link', { name: 'Portugal 1, France 0. AET' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Competitions' }).getByRole('link', { name: new RegExp(EURO) }),
  ).toHaveAttribute('href', '/league/euro');
  expect((await page.request.get('/sport/cricket-9')).status()).toBe(404);

  await page.goto('/sport/football-1/highlights');
  await expect(page).toHaveTitle(/^Football highlights \| /);
  // Highlight videos first (when the demo catalogue is made), then the matches with a key-moment replay by day.
  await expect(page.getByRole('heading', { level: 2, name: 'Key-moment replays' })).toBeVisible();
  const final = page.getByRole('region', { name: 'Sunday 10 July 2016' });
  await expect(final.getByRole('heading', { level: 3, name: 'Sunday 10 July 2016' })).toBeVisible();
  // Under the day's h3, its competitions are h4; and the page's outline never skips a level.
  await expect(final.getByRole('heading', { level: 4 })).toContainText(EURO);
  const levels = await page
    .locator('main')
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  for (const [index, level] of levels.entries())
    if (index > 0) expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1);
  await final.getByRole('link', { name: 'Portugal 1, France 0. AET' }).click();
  await expect(page).toHaveURL(/\/match\/\d+$/);
  await expect(page.getByTestId('match-score')).toContainText('1 – 0');
});

test('axe finds nothing on a full home list, in light and dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/?date=2016-06-15&tz=UTC');
  await waitForHydration(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
      scheme,
    ).toEqual([]);
  }
});
