// Screenshots of each page type (issue #5, "Tests"; issue #19, "Done means"), light and dark, phone (390×844)
// and desktop (1280×900), saved as test artefacts: attached to each test and kept as files under the run's output
// folder (<E2E_DIR>/test-results/screenshots-…/<variant>/<page>.png). They are for people to look at — the pages
// must look like a product.
//
// The same walk checks the layout rule of issue #19 on every page type at 360 and 390 px, light and dark: the page
// is no wider than the screen (document.documentElement.scrollWidth <= innerWidth, with innerWidth still the
// screen's width: a phone browser zooms out to show a page wider than the screen, and then innerWidth grows with
// it, so the first half alone passes on a 735 px page) and the bottom bar is on screen. Wide tables scroll inside
// their own box. One browser context per variant keeps the run short.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { prepareContext, waitForHydration } from './support.ts';

// The e2e data is the Wyscout Euro 2016 (scripts/e2e-seed.ts): a match day of that summer, its
// league table, Portugal (team 23) and the final (match 51).
// `focused` pages (sign-in) have no bottom bar; `status` is what the page answers when not 200.
const PAGES: Array<{ name: string; path: string; focused?: boolean; status?: number }> = [
  { name: 'home', path: '/?date=2016-06-22' },
  { name: 'live-sports', path: '/live-sports' },
  { name: 'hot-match-today', path: '/hot-match-today' },
  { name: 'leagues', path: '/league' },
  { name: 'league', path: '/league/euro?season=2016' },
  { name: 'team', path: '/team/23' },
  { name: 'team-search', path: '/team?q=port' },
  { name: 'match', path: '/match/51' },
  { name: 'match-highlight-tab', path: '/match/51/highlight' },
  { name: 'match-highlight', path: '/match-highlight/51' },
  { name: 'sport', path: '/sport/football-1' },
  { name: 'highlights', path: '/sport/football-1/highlights' },
  { name: 'movies', path: '/movies' },
  { name: 'pricing', path: '/pricing' },
  { name: 'pricing-sport', path: '/pricing-sport' },
  { name: 'about-us', path: '/about-us' },
  { name: 'terms', path: '/terms' },
  { name: 'contact', path: '/contact' },
  { name: 'not-found', path: '/no/such/page', status: 404 },
  { name: 'login', path: '/login', focused: true },
];

// Screenshots at 390 and 1280 px; the narrowest common phone (360 px) is checked without them.
const VARIANTS = [
  {
    name: 'mobile-360-light',
    viewport: { width: 360, height: 780 },
    colorScheme: 'light',
    isMobile: true,
    shots: false,
  },
  { name: 'mobile-360-dark', viewport: { width: 360, height: 780 }, colorScheme: 'dark', isMobile: true, shots: false },
  { name: 'mobile-light', viewport: { width: 390, height: 844 }, colorScheme: 'light', isMobile: true, shots: true },
  { name: 'mobile-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, shots: true },
  { name: 'desktop-light', viewport: { width: 1280, height: 900 }, colorScheme: 'light', isMobile: false, shots: true },
  { name: 'desktop-dark', viewport: { width: 1280, height: 900 }, colorScheme: 'dark', isMobile: false, shots: true },
] as const;

async function openContext(browser: Browser, variant: (typeof VARIANTS)[number]) {
  const context = await browser.newContext({
    viewport: variant.viewport,
    colorScheme: variant.colorScheme,
    isMobile: variant.isMobile,
    hasTouch: variant.isMobile,
    // No caret blinking or animations halfway: the same page gives the same picture.
    reducedMotion: 'reduce',
  });
  await prepareContext(context);
  return context;
}

async function settle(page: Page) {
  await waitForHydration(page);
  await page.evaluate(() => document.fonts.ready);
}

/** The layout rule of issue #19: nothing wider than the screen, and (on phones) the bottom bar on it. */
async function expectFitsScreen(page: Page, variant: (typeof VARIANTS)[number], target: (typeof PAGES)[number]) {
  const { width, height } = variant.viewport;
  const box = await page.evaluate(() => {
    const bar = document.querySelector('nav[aria-label="Quick"]')?.getBoundingClientRect();
    // Where each bottom-bar label's text is drawn (the current page's is bold, so wider).
    const labels = [...document.querySelectorAll('nav[aria-label="Quick"] a')].map((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      const box = range.getBoundingClientRect();
      return { name: link.textContent ?? '', left: box.left, right: box.right };
    });
    return {
      labels,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      bar: bar ? { left: bar.left, right: bar.right, bottom: bar.bottom, visible: bar.height > 0 } : null,
    };
  });
  expect
    .soft(box.scrollWidth, `${target.path} at ${width} px: no wider than the page`)
    .toBeLessThanOrEqual(box.innerWidth);
  expect.soft(box.innerWidth, `${target.path} at ${width} px: the browser did not zoom out`).toBe(width);
  if (!variant.isMobile || target.focused) return;
  expect.soft(box.bar?.visible, `${target.path} at ${width} px: has the bottom bar`).toBe(true);
  if (!box.bar) return;
  expect.soft(box.bar.left, `${target.path}: bottom bar's left edge on screen`).toBeGreaterThanOrEqual(0);
  expect.soft(box.bar.right, `${target.path}: bottom bar's right edge on screen`).toBeLessThanOrEqual(width);
  expect.soft(box.bar.bottom, `${target.path}: bottom bar's bottom edge on screen`).toBeLessThanOrEqual(height);
  for (let index = 1; index < box.labels.length; index += 1) {
    const [before, after] = [box.labels[index - 1]!, box.labels[index]!];
    expect
      .soft(after.left, `${target.path} at ${width} px: bottom bar's "${after.name}" clear of "${before.name}"`)
      .toBeGreaterThanOrEqual(before.right);
  }
}

for (const variant of VARIANTS) {
  test(`screenshots: ${variant.name}`, async ({ browser }, testInfo) => {
    // About 40 s a variant on a quiet machine; generous for a busy one.
    test.setTimeout(180_000);
    const context = await openContext(browser, variant);
    const page = await context.newPage();
    for (const target of PAGES) {
      const response = await page.goto(target.path);
      expect(response?.status(), `${target.path} answered`).toBe(target.status ?? 200);
      await expect(page.locator('h1').first(), `${target.path} has its heading`).toBeVisible();
      await settle(page);
      await expectFitsScreen(page, variant, target);
      if (target.name === 'match' && variant.isMobile) {
        // The player-stats table is wider than a phone: it scrolls inside its own box, which fits the screen.
        const table = await page.getByRole('region', { name: 'Player stats table' }).evaluate((box) => ({
          scrolls: box.scrollWidth > box.clientWidth,
          right: box.getBoundingClientRect().right,
        }));
        expect.soft(table.scrolls, 'the player-stats table scrolls in its box').toBe(true);
        expect.soft(table.right, 'the player-stats box fits the screen').toBeLessThanOrEqual(variant.viewport.width);
      }
      if (!variant.shots) continue;
      const file = testInfo.outputPath(variant.name, `${target.name}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      await testInfo.attach(`${variant.name}-${target.name}`, { path: file, contentType: 'image/png' });
    }
    await context.close();
  });
}
