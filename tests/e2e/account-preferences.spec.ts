// Settings that follow the account (docs/odds.md "Settings that follow the account"): a member hides odds in
// one browser, a second browser signing in as them gets the match page without the odds panel and un-hides
// them there; chat masking follows the same way. Own member, own contexts.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkPage, MEMBER_PASSWORD, registerMember, screenshotsFor } from './journeys.ts';
import { prepareContext, waitForHydration } from './support.ts';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await prepareContext(context);
  return context.newPage();
}

const FINAL = '/match/51';

async function signIn(page: Page, email: string, redirect: string): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === redirect);
  await waitForHydration(page);
}

test('hide odds and chat masking follow a member from one browser to another', async ({ browser }) => {
  // Two browsers and two pages checked at two widths in two colour modes.
  test.setTimeout(180_000);
  const first = await newPage(browser);
  const email = await registerMember(first, 'Prefs Walker', { emailPrefix: 'prefs-follow' });
  await first.waitForURL((url) => !url.pathname.startsWith('/register'));
  await first.goto(FINAL);
  await waitForHydration(first);
  const panel = first.getByTestId('odds-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('odds-follows-account')).toBeVisible();
  const saved = first.waitForResponse(
    (r) => r.url().endsWith('/api/auth/preferences') && r.request().method() === 'PATCH',
  );
  await first.getByRole('button', { name: 'Hide odds' }).click();
  expect((await saved).status()).toBe(200);
  await expect(first.getByText('Model odds are hidden for your account, on every device.')).toBeVisible();
  const unmask = first.waitForResponse(
    (r) => r.url().endsWith('/api/auth/preferences') && r.request().method() === 'PATCH',
  );
  await first.getByLabel('Mask bad language in the chat').uncheck();
  expect((await unmask).status()).toBe(200);
  // The account notices as a member meets them: axe light and dark, 390 and 1280 px.
  await checkPage(first, 'match-odds-hidden-for-account', screenshotsFor('account-preferences'));

  // A second browser: signing in lands on a match page with no odds panel, from its first byte.
  const second = await newPage(browser);
  await signIn(second, email, FINAL);
  await expect(second.getByTestId('odds-hidden')).toBeVisible();
  await expect(second.getByTestId('odds-panel')).toHaveCount(0);
  await expect(second.getByLabel('Mask bad language in the chat')).not.toBeChecked();

  // Un-hiding there reaches the first browser on its next load.
  const shown = second.waitForResponse(
    (r) => r.url().endsWith('/api/auth/preferences') && r.request().method() === 'PATCH',
  );
  await second.getByRole('button', { name: 'Show model odds' }).click();
  expect((await shown).status()).toBe(200);
  await expect(second.getByTestId('odds-panel')).toBeVisible();
  await checkPage(second, 'match-odds-saved-to-account', screenshotsFor('account-preferences'));
  // …and the first browser shows the panel again on its next load.
  await first.reload();
  await waitForHydration(first);
  await expect(first.getByTestId('odds-panel')).toBeVisible();
  await expect(first.getByTestId('odds-hidden')).toHaveCount(0);
});
