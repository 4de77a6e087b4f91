// Screenshots of each page type (issue #5, "Tests"), light and dark, mobile
// (390×844) and desktop (1366×900), saved as test artefacts: attached to each
// test and kept as files under the run's output folder
// (<E2E_DIR>/test-results/screenshots-…/<variant>/<page>.png). They are for
// people to look at — the pages must look like a product — so the test only
// checks that each page answered and rendered its main heading. One browser
// context per variant keeps the run short.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { prepareContext, waitForHydration } from './support.ts';

// The e2e data is the Wyscout Euro 2016 (scripts/e2e-seed.ts): a match day of that summer, its
// league table, Portugal (team 23) and the final (match 51).
const PAGES: Array<{ name: string; path: string }> = [
  { name: 'home', path: '/?date=2016-06-22' },
  { name: 'live-sports', path: '/live-sports' },
  { name: 'league', path: '/league/euro?season=2016' },
  { name: 'team', path: '/team/23' },
  { name: 'match', path: '/match/51' },
  { name: 'login', path: '/login' },
];

const VARIANTS = [
  { name: 'mobile-light', viewport: { width: 390, height: 844 }, colorScheme: 'light', isMobile: true },
  { name: 'mobile-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true },
  { name: 'desktop-light', viewport: { width: 1366, height: 900 }, colorScheme: 'light', isMobile: false },
  { name: 'desktop-dark', viewport: { width: 1366, height: 900 }, colorScheme: 'dark', isMobile: false },
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

for (const variant of VARIANTS) {
  test(`screenshots: ${variant.name}`, async ({ browser }, testInfo) => {
    // About 15 s a variant on a quiet machine; generous for a busy one.
    test.setTimeout(120_000);
    const context = await openContext(browser, variant);
    const page = await context.newPage();
    for (const target of PAGES) {
      const response = await page.goto(target.path);
      expect(response?.status(), `${target.path} answered`).toBe(200);
      await expect(page.locator('h1').first(), `${target.path} has its heading`).toBeVisible();
      await settle(page);
      // Nothing is wider than the screen: a phone never scrolls sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `${target.path} fits the width`).toBeLessThanOrEqual(0);
      const file = testInfo.outputPath(variant.name, `${target.name}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      await testInfo.attach(`${variant.name}-${target.name}`, { path: file, contentType: 'image/png' });
    }
    await context.close();
  });
}
