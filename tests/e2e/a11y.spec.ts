// Accessibility: axe finds no WCAG 2.2 AA violations on each page type in
// both colour modes, and the keyboard reaches the skip link first.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { prepareContext, waitForHydration } from './support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

const PAGES: Array<{ name: string; path: string; status: number; prepare?: (page: Page) => Promise<void> }> = [
  { name: 'home', path: '/', status: 200 },
  { name: 'default inner page', path: '/about-us', status: 200 },
  { name: 'leagues', path: '/league', status: 200 },
  { name: 'league', path: '/league/euro?season=2016', status: 200 },
  // Team 23 of the e2e data (scripts/e2e-seed.ts) is Portugal.
  { name: 'team', path: '/team/23', status: 200 },
  { name: 'match', path: '/match/12', status: 200 },
  { name: 'contact', path: '/contact', status: 200 },
  {
    name: 'contact with errors',
    path: '/contact',
    status: 200,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  { name: 'pricing', path: '/pricing', status: 200 },
  { name: 'sport plans', path: '/pricing-sport', status: 200 },
  { name: 'login (auth layout)', path: '/login', status: 200 },
  { name: 'cms login', path: '/cms/login', status: 200 },
  { name: '404 page', path: '/no/such/page', status: 404 },
];

function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) {
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  }));
}

// Pages are checked in small groups: one browser context per group keeps the
// run short; soft assertions report every page's violations at once. Each page
// is checked in light mode, then again after the system switches to dark (the
// page follows it live, as it does on load).
const GROUPS = 3;

async function checkWithAxe(page: Page, label: string) {
  // Details are only needed for violations; leaving them out of passes keeps axe quick.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    // After options(), which would otherwise replace the tag filter.
    .withTags(WCAG_TAGS)
    .analyze();
  expect.soft(describeViolations(results.violations), label).toEqual([]);
  // Guard against a vacuous pass: axe really looked at the page.
  expect(results.passes.length).toBeGreaterThan(5);
}

test.describe('axe, light and dark mode', () => {
  for (let group = 0; group < GROUPS; group += 1) {
    const pages = PAGES.filter((_, index) => index % GROUPS === group);
    test(pages.map((entry) => entry.name).join(', '), async ({ page }) => {
      // Many page loads in one test: allow for a busy machine.
      test.setTimeout(90_000);
      // Hydrating these pages must not log errors either (STYLE.md §7); a 404 document's own
      // "Failed to load resource" line is the browser reporting the status, not the app.
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(`${page.url()}: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));

      for (const { name, path, status, prepare } of pages) {
        await test.step(name, async () => {
          await page.emulateMedia({ colorScheme: 'light' });
          const response = await page.goto(path);
          expect(response?.status()).toBe(status);
          await waitForHydration(page);
          await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
          await prepare?.(page);
          await checkWithAxe(page, `${name} (${path}), light`);

          await page.emulateMedia({ colorScheme: 'dark' });
          await expect(page.locator('html')).toHaveClass(/\bdark\b/);
          await checkWithAxe(page, `${name} (${path}), dark`);
        });
      }
      expect(errors).toEqual([]);
    });
  }
});

test.describe('keyboard', () => {
  test('the first Tab reaches "Skip to content", which moves focus to the main content', async ({ page }) => {
    await page.goto('/about-us');
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expect(skip).toHaveAttribute('href', '#main');
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
    // The next Tab continues from the main content, not from the header.
    await page.keyboard.press('Tab');
    const focusedInMain = await page.evaluate(
      () => document.querySelector('main')?.contains(document.activeElement) ?? false,
    );
    expect(focusedInMain).toBe(true);
  });

  test('the skip link is also first on the sign-in page', async ({ page }) => {
    await page.goto('/login');
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  });
});
