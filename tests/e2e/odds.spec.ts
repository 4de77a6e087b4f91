// Model odds on the match page in a real browser (issue #24): the panel's prices move when a demo replay
// scores, over the page's one live connection and without a reload; the visitor's format and "hide odds"
// survive a reload; the CMS switch takes the odds off every match page and puts them back; axe finds
// nothing in light or dark; screenshots at 390 and 1280 px, light and dark, for people to look at.
//
// The CMS switch is site-wide and spec files run side by side: this file runs its tests one after the
// other, the switch's test last, and keeps the off-window to the few seconds it needs (no other spec looks
// for odds).
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import type { MatchOdds } from '../../domain/odds-contracts.ts';
import { checkPage, screenshotsFor } from './journeys.ts';
import { createStaffAccount, signInToCms, uniqueStaffEmail } from './staff-support.ts';
import { documentIsMarked, markDocument, prepareContext, waitForHydration } from './support.ts';

test.describe.configure({ mode: 'serial' });

const consoleErrors = new WeakMap<Page, string[]>();

test.beforeEach(async ({ context, page }) => {
  await prepareContext(context);
  // Rendering, hydrating and updating the panel logs no error (STYLE.md §7).
  const errors: string[] = [];
  consoleErrors.set(page, errors);
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
});

test.afterEach(({ page }) => {
  expect(consoleErrors.get(page) ?? []).toEqual([]);
});

/** The Euro 2016 final (match 51 of the e2e data): fifty results before it, so the model prices it. */
const FINAL = '/match/51';

async function euroMatches(request: Page['request']): Promise<MatchSummary[] | null> {
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  if (season.status() === 404) return null;
  return ((await season.json()) as { matches: MatchSummary[] }).matches;
}

/** Records every price and arrow the 1X2 row of `outcome` shows from now on (none is missed, however brief). */
async function recordRow(page: Page, outcome: string): Promise<() => Promise<{ prices: string[]; arrows: string[] }>> {
  await page.evaluate((key) => {
    const seen = { prices: [] as string[], arrows: [] as string[] };
    const read = () => {
      const row = document.querySelector(`[data-testid="odds-panel"] [data-market="1x2"] tr[data-outcome="${key}"]`);
      const price = row?.querySelector('[data-testid="odds-price"]')?.textContent ?? null;
      if (price && price !== seen.prices.at(-1)) seen.prices.push(price);
      const arrow = row?.querySelector('[data-testid^="odds-move-"]')?.textContent ?? null;
      if (arrow && arrow !== seen.arrows.at(-1)) seen.arrows.push(arrow);
    };
    read();
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
    (window as Window & { __e2eOdds?: typeof seen }).__e2eOdds = seen;
  }, outcome);
  return () =>
    page.evaluate(() => {
      const seen = (window as Window & { __e2eOdds?: { prices: string[]; arrows: string[] } }).__e2eOdds;
      return { prices: [...(seen?.prices ?? [])], arrows: [...(seen?.arrows ?? [])] };
    });
}

test('the odds panel’s prices move when a demo replay scores, without a reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  const matches = await euroMatches(request);
  test.skip(matches === null, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  // The semi-final, Germany 0–2 France (Griezmann 45+2′ pen, 72′): France scores away from home.
  const semi = matches?.find((match) => [match.home.name, match.away.name].sort().join() === 'France,Germany');
  expect(semi, 'Germany v France is in the e2e data').toBeDefined();
  const side = semi?.home.name === 'France' ? 'home' : 'away';
  const created = await request.post('/api/test/demo-replays', { data: { matchId: semi?.id } });
  expect(created.status()).toBe(201);
  const replay = ((await created.json()) as { match: MatchSummary }).match;
  const odds = (await (await request.get(`/api/matches/${replay.id}/odds`)).json()) as MatchOdds;
  const preMatchFrance = odds.preMatch.markets['1x2'][side].price ?? 0;
  expect(preMatchFrance).toBeGreaterThan(1);

  // The panel listens on the page's one live connection: no stream of its own.
  const streams: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/live') streams.push(sent.url());
  });
  await page.goto(`/match/${replay.id}`);
  await waitForHydration(page);
  await markDocument(page);
  const panel = page.getByTestId('odds-panel');
  await expect(panel.getByText('Model odds — not a bookmaker’s offer')).toBeVisible();
  await expect(panel.getByText('18+ only', { exact: false })).toBeVisible();
  const france = await recordRow(page, side);

  // France's first goal: the stream moves the score, and their price shortens well below the pre-match one.
  const score = side === 'away' ? /0\s*–\s*[12]/ : /[12]\s*–\s*0/;
  await expect(page.getByTestId('match-score')).toHaveText(score, { timeout: 45_000 });
  await expect(panel.getByTestId('odds-status')).toContainText(/In play|Full time/);
  await expect
    .poll(async () => Number((await france()).prices.at(-1)), { timeout: 15_000 })
    .toBeLessThan(preMatchFrance * 0.8);
  const seen = await france();
  expect(
    seen.arrows.some((arrow) => /▼, down from/.test(arrow)),
    JSON.stringify(seen),
  ).toBe(true);
  await panel.screenshot({ path: path.join(screenshotsFor('odds'), 'odds-panel-in-play-1280-light.png') });
  // The graph follows: the goal is marked on it.
  await expect(page.getByTestId('win-probability-goal').first()).toBeVisible({ timeout: 15_000 });
  expect(await documentIsMarked(page), 'the page was never reloaded').toBe(true);
  expect(streams, 'one live connection for the whole page').toHaveLength(1);
});

test('the price format and “hide odds” are kept on this device', async ({ page }) => {
  await page.goto(FINAL);
  await waitForHydration(page);
  const panel = page.getByTestId('odds-panel');
  await expect(panel).toBeVisible();
  await panel.getByLabel('Price format').selectOption('american');
  await expect(panel.getByTestId('odds-price').first()).toHaveText(/^([+-]\d+|–)$/);
  await page.reload();
  await waitForHydration(page);
  // The server rendered American prices: the cookie reached it.
  await expect(page.getByTestId('odds-panel').getByLabel('Price format')).toHaveValue('american');
  await expect(page.getByTestId('odds-panel').getByTestId('odds-price').first()).toHaveText(/^([+-]\d+|–)$/);

  await page.getByRole('button', { name: 'Hide odds' }).click();
  await expect(page.getByTestId('odds-panel')).toHaveCount(0);
  await expect(page.getByTestId('win-probability')).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText('Model odds are hidden on this device.')).toBeVisible();
  await expect(page.getByText('Model odds — not a bookmaker’s offer')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show model odds' }).click();
  await expect(page.getByTestId('odds-panel')).toBeVisible();
  await expect(page.getByTestId('win-probability')).toBeVisible();
});

test('the odds panel and graph pass axe light and dark, fit 390 px, and are photographed', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(FINAL);
  await waitForHydration(page);
  await expect(page.getByTestId('odds-panel')).toBeVisible();
  await page.getByText('The numbers, minute by minute').click();
  const shots = screenshotsFor('odds');
  await checkPage(page, 'match-final-odds', shots);
  // Close-ups of the two parts, to look at.
  for (const width of [390, 1280])
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      for (const name of ['odds-panel', 'win-probability'])
        await page.getByTestId(name).screenshot({ path: path.join(shots, `${name}-${width}-${colorScheme}.png`) });
    }
});

test('the CMS switch takes the odds off every match page, and puts them back', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueStaffEmail('odds-admin');
  createStaffAccount(email, 'admin', 'Odds Admin');
  await signInToCms(page, email);
  const visitor = await browser.newContext();
  await prepareContext(visitor);
  const match = await visitor.newPage();
  await match.goto(FINAL);
  await expect(match.getByTestId('odds-panel')).toBeVisible();

  const setOdds = async (on: boolean) => {
    await page.goto('/cms/odds');
    await waitForHydration(page);
    await page.getByLabel('Show model odds on the site').setChecked(on);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('odds-state')).toHaveText(
      on ? 'Odds are shown on the site now.' : 'Odds are hidden on the site now.',
    );
  };
  await setOdds(false);
  try {
    // The shared page cache keeps an anonymous page for a second: reload until the new one comes.
    await expect(async () => {
      await match.reload();
      await expect(match.getByTestId('match-score')).toBeVisible();
      expect(await match.getByText('Model odds').count()).toBe(0);
    }).toPass({ timeout: 15_000 });
    await expect(match.getByTestId('win-probability')).toHaveCount(0);
    await expect(match.getByText('18+')).toHaveCount(0);
    const api = await match.request.get(`/api/matches/51/odds`);
    expect(api.status()).toBe(404);
  } finally {
    await setOdds(true);
  }
  await expect(async () => {
    await match.reload();
    await expect(match.getByTestId('odds-panel')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await visitor.close();
});
