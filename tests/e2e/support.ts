// Shared set-up for the end-to-end suite. Not a spec file: Playwright only
// collects *.spec.ts.
import type { BrowserContext, Page, Route } from '@playwright/test';

export const TAG_MANAGER_URL = /^https:\/\/www\.googletagmanager\.com\//;

/**
 * The test machine has no internet and the suite must never reach Google:
 * every tag manager request is answered here with an empty script. `seen`
 * collects the time (Date.now()) of each request when a test needs it.
 */
export async function fulfilTagManager(target: BrowserContext | Page, seen?: number[]): Promise<void> {
  await target.route(TAG_MANAGER_URL, (route: Route) => {
    seen?.push(Date.now());
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: '' });
  });
}

/**
 * Records which window event listeners the app registers. The app's
 * ScrollManager adds its `pagehide` listener in a passive effect after
 * hydration, so its presence means React has hydrated and run its effects —
 * on every document, including after a reload (unlike history state).
 */
const LISTENER_PROBE = `(() => {
  const seen = new Set();
  const original = window.addEventListener;
  window.addEventListener = function (type, ...rest) {
    seen.add(type);
    return original.call(this, type, ...rest);
  };
  Object.defineProperty(window, '__e2eListeners', { value: seen });
})();`;

/** Everything each test needs before its first page load. */
export async function prepareContext(context: BrowserContext): Promise<void> {
  await fulfilTagManager(context);
  await context.addInitScript({ content: LISTENER_PROBE });
}

/**
 * Resolves once the page is hydrated and its effects have run, including the parts whose code
 * loads after the page's (app/lib/loading/deferred.tsx marks the document then).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const listeners = (window as Window & { __e2eListeners?: Set<string> }).__e2eListeners;
    return listeners?.has('pagehide') === true && document.documentElement.hasAttribute('data-hydrated');
  });
}

/** Leaves a mark on the current document; a full reload or a new page load removes it. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as Window & { __e2eMark?: boolean }).__e2eMark = true;
  });
}

export async function documentIsMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as Window & { __e2eMark?: boolean }).__e2eMark === true);
}

export const MAIN_NAV_LABELS = ['Fixtures', 'Live', 'Hot matches today', 'Leagues', 'Highlights', 'Movies', 'Pricing'];
export const LEGAL_LINKS: Array<[string, string]> = [
  ['About us', '/about-us'],
  ['Contact', '/contact'],
  ['Terms of use', '/terms'],
  ['Privacy policy', '/policy/privacy'],
  ['Refund policy', '/policy/refund'],
];
export const SOCIAL_LINKS: Array<[string, string]> = [
  ['Telegram', 'https://t.me/scoreline_example'],
  ['Twitter', 'https://twitter.com/scoreline_example'],
  ['Facebook', 'https://facebook.com/scoreline.example'],
];
