// The Pages screen of the CMS (issue #20) in Chromium: an editor writes a page
// with the live preview, is refused an address the site uses (and keeps what
// they typed), saves a draft that is not public, publishes it — then it serves at
// /{slug} and /en/{slug} with nothing of the hostile Markdown active — edits it,
// restores the first revision and unpublishes it, each asking first where it
// should. axe in light and dark mode; the confirmations work from the keyboard.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { prepareContext, waitForHydration } from './support.ts';
import { BASE_URL, createStaffAccount, signInToCms, uniqueStaffEmail } from './staff-support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

const HOSTILE_MARKDOWN = [
  '## House rules',
  'Be **kind** to each other. [Read the table](/league/euro).',
  '<script>window.__owned = true</script>',
  '<img src="/favicon.svg" onerror="window.__owned = true">',
  '[Win a prize](javascript:window.__owned=true) and [a data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
].join('\n\n');

async function checkWithAxe(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect
    .soft(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
      label,
    )
    .toEqual([]);
}

/** What a visitor's browser would have run of the page's text: nothing. */
async function expectNothingActive(page: Page) {
  const article = page.locator('article');
  await expect(article.getByRole('heading', { level: 2, name: 'House rules' })).toBeVisible();
  await expect(article.locator('strong')).toHaveText('kind');
  await expect(article.getByRole('link', { name: 'Read the table' })).toHaveAttribute('href', '/league/euro');
  expect(
    await article.locator('script, [onerror], [href^="javascript:"], [href^="data:"], [src^="data:"]').count(),
  ).toBe(0);
  expect(await article.locator('a', { hasText: 'Win a prize' }).getAttribute('href')).toBeNull();
  expect(await page.evaluate(() => (window as Window & { __owned?: boolean }).__owned)).toBeUndefined();
}

test('an editor writes a page, publishes it at /{slug} and /en/{slug}, restores a revision and unpublishes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const editor = uniqueStaffEmail('pages-editor');
  createStaffAccount(editor, 'editor', 'Pat Pages');
  const slug = `house-rules-${Date.now()}`;

  await signInToCms(page, editor);
  await page.getByRole('navigation', { name: 'CMS sections' }).getByRole('link', { name: 'Pages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await page.getByRole('link', { name: 'New page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New page' })).toBeVisible();
  await waitForHydration(page);

  // An address the site uses is refused beside the field; what was typed stays.
  await page.getByLabel('Address').fill('pricing');
  await page.getByLabel('Title').fill('House rules');
  await page.getByLabel('Text', { exact: true }).fill(HOSTILE_MARKDOWN);
  // The live preview renders on the server as the page will: Markdown, and none of the script.
  const preview = page.getByTestId('page-preview');
  await expect(preview.getByRole('heading', { name: 'House rules' })).toBeVisible();
  expect(await preview.locator('script, [onerror], [href^="javascript:"]').count()).toBe(0);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.locator('#page-slug-error')).toHaveText(
    '/pricing is already an address of the site, so a page there could never be seen. Choose another address',
  );
  await expect(page.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Title')).toHaveValue('House rules');
  await expect(page.getByLabel('Text', { exact: true })).toHaveValue(HOSTILE_MARKDOWN);

  // Saved as a draft: not on the site yet.
  await page.getByLabel('Address').fill(slug);
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved as a draft. It is not on the site until you publish it.');
  const editUrl = page.url();
  expect((await page.request.get(`/${slug}`)).status()).toBe(404);
  await checkWithAxe(page, 'edit page, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await checkWithAxe(page, 'edit page, dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Published: served at /{slug} and /en/{slug}, inert.
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.locator('#publication-result')).toHaveText('Published: the page is on the site.');
  await expect(page.getByText('Saved as a draft.')).toHaveCount(0);
  for (const path of [`/${slug}`, `/en/${slug}`]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'House rules' })).toBeVisible();
    await waitForHydration(page);
    await expectNothingActive(page);
  }

  // An edit is a new revision; the first one comes back through a confirmation.
  await page.goto(editUrl);
  await waitForHydration(page);
  await page.getByLabel('Title').fill('House rules, revised');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Saved as revision 2.');
  await expect(page.getByRole('heading', { level: 1, name: 'House rules, revised' })).toBeVisible();
  await expect(page.getByTestId('page-revision')).toHaveCount(2);

  // The confirmation, by keyboard: Enter opens it, Escape closes it and nothing changes.
  const restore = page.getByRole('button', { name: 'Restore revision 1…' });
  await restore.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Restore revision 1?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(restore).toBeFocused();
  await expect(page.getByTestId('page-revision')).toHaveCount(2);
  await restore.click();
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Revision 1 restored as revision 3.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'House rules' })).toBeVisible();
  await expect(page.getByTestId('page-revision').first()).toContainText('restored from revision 1');

  // Unpublishing asks first; cancelling changes nothing.
  await page.getByRole('button', { name: 'Unpublish…' }).click();
  const unpublish = page.getByRole('dialog', { name: 'Take “House rules” off the site?' });
  await unpublish.getByRole('button', { name: 'Cancel' }).click();
  expect((await page.request.get(`/${slug}`)).status()).toBe(200);
  await page.getByRole('button', { name: 'Unpublish…' }).click();
  await unpublish.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Taken off the site: the page is a draft again.')).toBeVisible();
  expect((await page.request.get(`/${slug}`)).status()).toBe(404);
  expect((await page.request.get(`/en/${slug}`)).status()).toBe(404);

  // The list shows it as a draft; axe on the list and the editor in both modes.
  await page.goto('/cms/pages?status=draft');
  await expect(page.getByTestId('page-row').filter({ hasText: `/${slug}` })).toContainText('Draft');
  await waitForHydration(page);
  await checkWithAxe(page, 'pages list, light');
  await page.goto('/cms/pages/new');
  await waitForHydration(page);
  await checkWithAxe(page, 'new page, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await checkWithAxe(page, 'new page, dark');
  await page.goto('/cms/pages');
  await checkWithAxe(page, 'pages list, dark');
});

test('the Pages screen is for editors and administrators: a moderator gets the 403 page, a guest the staff sign-in', async ({
  page,
}) => {
  const response = await page.goto('/cms/pages');
  expect(response?.url()).toBe(`${BASE_URL}/cms/login?redirect=${encodeURIComponent('/cms/pages')}`);
  const moderator = uniqueStaffEmail('pages-moderator');
  createStaffAccount(moderator, 'moderator', 'Mo Derator');
  await signInToCms(page, moderator);
  await expect(page.getByRole('navigation', { name: 'CMS sections' }).getByRole('link', { name: 'Pages' })).toHaveCount(
    0,
  );
  const refused = await page.goto('/cms/pages/new');
  expect(refused?.status()).toBe(403);
});
