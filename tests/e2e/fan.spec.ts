// What fans expect beyond the scores (issue #5): search with the keyboard
// alone, starred teams pinned on home, the "delay live updates" setting
// holding a replay's goal back, the polite live region announcing it, and the
// SEO surface (JSON-LD SportsEvent, sitemap.xml, robots.txt).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { MatchSummary, SearchResult } from '../../domain/football-contracts.ts';
import { prepareContext, waitForHydration } from './support.ts';

const SHOTS = `${process.env.E2E_DIR ?? 'var/e2e'}/screenshots/fan`;

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

async function euroMatches(request: Page['request']): Promise<MatchSummary[] | null> {
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  if (season.status() === 404) return null;
  return ((await season.json()) as { matches: MatchSummary[] }).matches;
}

async function teamId(request: Page['request'], name: string): Promise<number> {
  const result = (await (await request.get(`/api/search?q=${encodeURIComponent(name)}`)).json()) as SearchResult;
  const team = result.teams.find((candidate) => candidate.name === name);
  expect(team, `${name} is in the e2e data`).toBeDefined();
  return team?.id ?? 0;
}

test('search with the keyboard alone: type, move through the suggestions, Enter opens the team', async ({ page, request }) => {
  test.setTimeout(60_000);
  test.skip((await euroMatches(request)) === null, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  // A laptop: the navigation fills the header, so a Search button opens the field.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await waitForHydration(page);
  const opener = page.getByRole('banner').getByRole('link', { name: 'Search' });
  for (let step = 0; step < 25 && !(await opener.evaluate((element) => element === document.activeElement)); step += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'Search teams and competitions' })).toBeFocused();
  // Escape in the empty field closes the bar and gives the focus back.
  await page.keyboard.press('Escape');
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await expect(opener).toBeFocused();

  // A tablet has the field in the header: Tab reaches it directly.
  await page.setViewportSize({ width: 900, height: 900 });
  await page.goto('/');
  await waitForHydration(page);
  const box = page.getByRole('combobox', { name: 'Search teams and competitions' });
  for (let step = 0; step < 25 && !(await box.evaluate((element) => element === document.activeElement)); step += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(box).toBeFocused();
  await page.keyboard.type('an');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  const count = await options.count();
  expect(count).toBeGreaterThan(2);
  // The last option opens the results page (issue #19); the count names the suggestions before it.
  await expect(page.getByRole('search', { name: 'Teams and competitions' }).getByRole('status')).toHaveText(
    `${count - 1} suggestions. Use the up and down arrows to choose, Enter to open.`,
  );

  await page.keyboard.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) ?? '');
  await page.keyboard.press('End');
  await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue('an');

  // Accents and capitals do not matter; the list follows what is typed.
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('FRA');
  await expect(list.getByRole('option', { name: /^France/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/search-open-desktop-light.png` });
  const france = list.getByRole('option', { name: /^France/ });
  const index = Number((await france.getAttribute('id'))?.split('-option-')[1]);
  for (let step = 0; step <= index; step += 1) await page.keyboard.press('ArrowDown');
  await expect(france).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/team\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('France');
});

test('Enter without a chosen suggestion, or no JavaScript at all, leads to the results page', async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  test.skip((await euroMatches(request)) === null, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  await page.setViewportSize({ width: 900, height: 900 });
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('combobox', { name: 'Search teams and competitions' }).fill('ire');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/team\?q=ire$/);
  await expect(page.getByTestId('search-teams')).toContainText('Republic of Ireland');
  await expect(page).toHaveTitle(/^Search: ire \| /);

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  // A tablet: the header's field is a plain GET form.
  await plain.setViewportSize({ width: 900, height: 900 });
  await plain.goto(page.url().replace(/\/team\?q=ire$/, '/'));
  await plain.getByRole('combobox', { name: 'Search teams and competitions' }).fill('ÉIRE');
  await plain.keyboard.press('Enter');
  await expect(plain).toHaveURL(/\/team\?q=%C3%89IRE$/);
  // A laptop: the header's Search button is a link to the results page and its form.
  await plain.setViewportSize({ width: 1280, height: 800 });
  await plain.getByRole('banner').getByRole('link', { name: 'Search' }).click();
  await expect(plain).toHaveURL(/\/team$/);
  await plain.getByRole('main').getByRole('searchbox', { name: 'Search teams and competitions' }).fill('wales');
  await plain.keyboard.press('Enter');
  await expect(plain.getByTestId('search-teams').getByRole('link', { name: 'Wales' })).toBeVisible();
  await expect(plain.getByTestId('search-count')).toBeVisible();
  await plain.goto(page.url().replace(/\?q=ire$/, '?q=germ'));
  await expect(plain.getByTestId('search-teams').getByRole('link', { name: 'Germany' })).toBeVisible();
  await noScript.close();
});

test('a starred team is pinned first on home, and stays starred after a reload', async ({ page, request }) => {
  test.setTimeout(60_000);
  test.skip((await euroMatches(request)) === null, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const france = await teamId(request, 'France');
  await page.goto(`/team/${france}`);
  await waitForHydration(page);
  // The header's star: the team's row in its table and its match rows have stars of their own (issue #19).
  const star = page.getByTestId('favourite-star');
  await expect(star).toHaveAccessibleName('Favourite: France');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: `${SHOTS}/team-starred-desktop-light.png` });

  // 15 June 2016: Russia v Slovakia (15:00), Romania v Switzerland (18:00), France v Albania (21:00, Paris).
  await page.goto('/?date=2016-06-15&tz=Europe/Paris');
  await waitForHydration(page);
  const day = page.locator('section[aria-labelledby="day-heading"] [data-testid="competition-group"] li');
  await expect(day.first()).toContainText('France');
  await page.reload();
  await waitForHydration(page);
  await expect(day.first()).toContainText('France');
  await expect(day.nth(1)).toContainText('Russia');

  await page.goto(`/team/${france}`);
  await waitForHydration(page);
  await expect(page.getByTestId('favourite-star')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('favourite-star').click();
  await page.goto('/?date=2016-06-15&tz=Europe/Paris');
  await waitForHydration(page);
  await expect(day.first()).toContainText('Russia');
});

test('a competition can be starred from its page', async ({ page, request }) => {
  test.skip((await euroMatches(request)) === null, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  await page.goto('/league/euro');
  await waitForHydration(page);
  const star = page.getByTestId('favourite-star');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  const stored = await page.evaluate(() => localStorage.getItem('scoreline-favourites'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ competitions: ['euro'] });
});

/** Records, in the page, when each score update reaches the browser (before any delay). */
const RECORD_ARRIVALS = `(() => {
  const Original = window.EventSource;
  const arrivals = [];
  Object.defineProperty(window, '__scoreArrivals', { value: arrivals });
  window.EventSource = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener('score', (message) => arrivals.push({ at: Date.now(), data: JSON.parse(message.data) }));
    }
  };
})();`;

/** Waits (polling every 50 ms) until the score reads 1–0 and returns the page's clock then. */
async function whenScoreShows(page: Page, timeout: number): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const score = document.querySelector('[data-testid="match-score"]')?.textContent ?? '';
      return /1\s*–\s*0/.test(score) ? Date.now() : false;
    },
    undefined,
    { polling: 50, timeout },
  );
  return (await handle.jsonValue()) as number;
}

test('with a delay of N seconds a replay’s goal appears N seconds after it arrives, and is announced', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const matches = await euroMatches(request);
  test.skip(matches === null, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const final = matches?.find((match) => match.stage === 'Final');
  expect(final).toBeDefined();
  // A second visitor without a delay, and a third in spoiler-safe mode, watch the same replay.
  const plainContext = await browser.newContext();
  await prepareContext(plainContext);
  const plain = await plainContext.newPage();
  const spoilerContext = await browser.newContext();
  await prepareContext(spoilerContext);
  const spoiler = await spoilerContext.newPage();
  await page.addInitScript({ content: RECORD_ARRIVALS });
  await spoiler.addInitScript({ content: RECORD_ARRIVALS });

  // At 240× Éder's goal (109th minute) comes about 30 s after kick-off: time for three pages to load on a busy machine.
  const created = await request.post('/api/replays', { data: { matchId: final?.id, speed: 240 } });
  expect(created.status()).toBe(201);
  const replay = ((await created.json()) as { match: MatchSummary }).match;

  const DELAY_S = 6;
  const host = new URL(created.url()).hostname;
  await spoilerContext.addCookies([{ name: 'spoiler-safe', value: '1', domain: host, path: '/' }]);
  await Promise.all(
    [page, plain, spoiler].map(async (watcher) => {
      await watcher.goto(`/match/${replay.id}`);
      await waitForHydration(watcher);
    }),
  );
  await page.getByLabel('Delay live updates').fill(String(DELAY_S));
  await page.getByLabel('Delay live updates').blur();
  await expect(page.getByTestId('live-delay-badge')).toHaveText(`Live +${DELAY_S} sLive updates are delayed by ${DELAY_S} seconds`);
  await page.screenshot({ path: `${SHOTS}/match-live-delay-setting-desktop-light.png` });
  for (const watcher of [page, plain, spoiler]) {
    expect(await watcher.getByTestId('match-score').textContent(), 'each page was open before the goal').not.toMatch(/1\s*–\s*0/);
  }
  const [shownDelayed] = await Promise.all([whenScoreShows(page, 60_000), whenScoreShows(plain, 60_000)]);
  const arrivedAt = await page.evaluate(() => {
    const arrivals = (window as Window & { __scoreArrivals?: Array<{ at: number; data: { home: number | null; away: number | null } }> }).__scoreArrivals ?? [];
    return arrivals.find((arrival) => arrival.data.home === 1 && arrival.data.away === 0)?.at ?? null;
  });
  expect(arrivedAt, 'the goal reached the delayed page').not.toBeNull();
  const heldMs = shownDelayed - (arrivedAt ?? 0);
  test.info().annotations.push({ type: 'goal held for (ms)', description: String(heldMs) });
  expect(heldMs).toBeGreaterThanOrEqual(DELAY_S * 1000 - 50);
  // Held, not lost (measured 7.0–7.4 s for 6 s when the machine is quiet; much later under heavy load).
  expect(heldMs).toBeLessThan(DELAY_S * 1000 + 20_000);

  // The polite live region says it, on the delayed page once it is shown, and not in spoiler-safe mode.
  const announcement = "Goal: Portugal 1–0 France, 109'";
  await expect(plain.getByTestId('live-announcer')).toHaveText(announcement);
  await expect(plain.getByTestId('live-announcer').filter({ hasText: 'Goal: Portugal' })).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('live-announcer')).toHaveText(announcement);
  await page.screenshot({ path: `${SHOTS}/match-delayed-desktop-light.png` });
  // The spoiler-safe page got the goal too, and keeps both the score and the announcement to itself.
  await expect
    .poll(() =>
      spoiler.evaluate(() =>
        ((window as Window & { __scoreArrivals?: Array<{ data: { home: number | null; away: number | null } }> }).__scoreArrivals ?? []).some(
          (arrival) => arrival.data.home === 1 && arrival.data.away === 0,
        ),
      ),
    )
    .toBe(true);
  await expect(spoiler.getByTestId('match-score')).toHaveText('? – ?');
  await expect(spoiler.getByTestId('live-announcer')).toHaveText('');
  await plainContext.close();
  await spoilerContext.close();
});

test('a match page describes its match as a schema.org SportsEvent, with the CSP nonce', async ({ page, request }) => {
  const matches = await euroMatches(request);
  test.skip(matches === null, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const final = matches?.find((match) => match.stage === 'Final');
  const response = await page.goto(`/match/${final?.id}`);
  const html = (await response?.text()) ?? '';
  const csp = response?.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(html).toContain(`<script type="application/ld+json" nonce="${nonce}">`);
  await expect(page).toHaveTitle('Portugal v France, 10 Jul 2016 | Scoreline');
  const raw = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(raw ?? '{}') as Record<string, unknown>;
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: 'Portugal v France',
    startDate: final?.kickoffAt,
    eventStatus: 'https://schema.org/EventScheduled',
    homeTeam: { '@type': 'SportsTeam', name: 'Portugal' },
    awayTeam: { '@type': 'SportsTeam', name: 'France' },
  });
  expect(String(data.url)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/match/${final?.id}$`));
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toBe(data.url);
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('Portugal v France');
});

test('sitemap.xml lists the real pages and robots.txt points to it', async ({ request }) => {
  const matches = await euroMatches(request);
  test.skip(matches === null, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await sitemap.text();
  const origin = new URL(sitemap.url()).origin;
  expect(xml).toContain(`<loc>${origin}/league/euro</loc>`);
  for (const match of matches ?? []) expect(xml).toContain(`<loc>${origin}/match/${match.id}</loc>`);
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
});

test('screenshots: search on a phone in dark mode, the results page, a starred league', async ({ page, request }) => {
  test.skip((await euroMatches(request)) === null, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Search' }).click();
  const box = page.getByRole('combobox', { name: 'Search teams and competitions' });
  await expect(box).toBeFocused();
  await page.keyboard.type('ital');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/search-open-mobile-dark.png` });
  await page.goto('/team?q=a');
  await page.screenshot({ path: `${SHOTS}/search-results-mobile-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/league/euro');
  await waitForHydration(page);
  await page.getByTestId('favourite-star').click();
  await page.screenshot({ path: `${SHOTS}/league-starred-desktop-light.png` });
});

/** WCAG 2.0–2.2 A and AA rules of axe, as tests/e2e/a11y.spec.ts uses them. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('axe finds nothing on the open search list, the results page and a starred team, in light and dark mode', async ({ page, request }) => {
  test.setTimeout(180_000);
  test.skip((await euroMatches(request)) === null, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const france = await teamId(request, 'France');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 900, height: 900 });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('combobox', { name: 'Search teams and competitions' }).fill('po');
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    expect.soft(await axeViolations(page), `open search, ${scheme}`).toEqual([]);
    await page.goto('/team?q=an');
    expect.soft(await axeViolations(page), `results page, ${scheme}`).toEqual([]);
    await page.goto(`/team/${france}`);
    await waitForHydration(page);
    const star = page.getByTestId('favourite-star');
    // Starred in the light pass; the dark pass finds it starred (after hydration: the device keeps it).
    if (scheme === 'light') await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    expect.soft(await axeViolations(page), `starred team, ${scheme}`).toEqual([]);
  }
});
