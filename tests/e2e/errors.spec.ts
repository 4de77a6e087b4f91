// The error catalogue of spec §8, server-rendered and after client-side navigation.
import { test, expect } from '@playwright/test';
import { documentIsMarked, markDocument, prepareContext, waitForHydration } from './support.ts';

const NOT_FOUND = 'This page could not be found';
const ERROR_PAGE_FAILED = 'An error occurred while showing the error page';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test.describe('server-rendered errors', () => {
  // The status and the page come from the server; scripts stay off to keep these quick (the
  // hydrated 404 page is checked in a11y.spec.ts, client-side errors below).
  test.use({ javaScriptEnabled: false });

  test('an unknown address or an invalid parameter is a 404 page', async ({ page }) => {
    // Many page loads in one test: allow for a busy machine.
    test.setTimeout(90_000);
    for (const path of [
      '/no/such/page',
      '/en/no/such/page',
      '/match/not-a-number',
      '/en/match/not-a-number',
      '/team/-3',
      '/league/NOT%20VALID',
      '/sport/not-a-sport-1',
      '/match/12/highlight/extra',
    ]) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
        await expect(page).toHaveTitle(`${NOT_FOUND} | Scoreline`);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
        // Still inside the site's frame, with a way home.
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Go back to the home page' })).toHaveAttribute('href', '/');
      });
    }
  });

  test('an unknown CMS slug is a 404 page', async ({ page }) => {
    for (const path of ['/some-unknown-slug', '/en/some-unknown-slug']) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
      });
    }
  });

  test('an error without a status is a 500', async ({ page }) => {
    const response = await page.goto('/__test/error-without-status');
    expect(response?.status()).toBe(500);
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    // The thrown message is for the logs, never for the visitor.
    await expect(page.getByText('A failure that carries no status')).toHaveCount(0);
    await expect(page.getByText(NOT_FOUND)).toHaveCount(0);
  });

  test('a failing error page falls back to a static message with a link home', async ({ page }) => {
    const response = await page.goto('/__test/broken-error-page');
    expect(response?.status()).toBe(500);
    await expect(page.getByRole('heading', { name: ERROR_PAGE_FAILED })).toBeVisible();
    const home = page.getByRole('link', { name: 'Go back to the home page' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Football scores today' })).toBeVisible();
  });

  test('a route naming an unknown middleware is a 500 that says which', async ({ page }) => {
    const response = await page.goto('/__test/unknown-middleware');
    expect(response?.status()).toBe(500);
    await expect(page.getByRole('heading', { level: 1, name: 'Unknown middleware no-such-middleware' })).toBeVisible();
    await expect(page.getByText('This text never shows')).toHaveCount(0);
  });
});

test.describe('errors after client-side navigation', () => {
  test('a link to a missing page shows the 404 page without a reload', async ({ page }) => {
    await page.goto('/__test/scroll');
    await waitForHydration(page);
    await markDocument(page);
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') dataRequests.push(request.url());
    });
    await page.getByRole('link', { name: 'Open a missing page' }).click();
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
    await expect(page).toHaveTitle(`${NOT_FOUND} | Scoreline`);
    expect(await documentIsMarked(page), 'the document survived: no full reload').toBe(true);
    expect(dataRequests, 'no document request').toEqual([]);
  });

  test('a header link from an error page leads back to a working page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leagues' }).click();
    await expect(page).toHaveURL(/\/league$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Leagues and competitions' })).toBeVisible();
    await expect(page.getByText(NOT_FOUND)).toHaveCount(0);
    expect(await documentIsMarked(page)).toBe(true);
  });

  test('a failing error page after client-side navigation shows the fallback message', async ({ page }) => {
    await page.goto('/__test/scroll');
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole('link', { name: 'Open a broken error page' }).click();
    await expect(page.getByRole('heading', { name: ERROR_PAGE_FAILED })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back to the home page' })).toHaveAttribute('href', '/');
    expect(await documentIsMarked(page)).toBe(true);
  });
});
