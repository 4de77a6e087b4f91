// The staff area's people (issue #20), as staff meet it in Chromium: an admin
// invites an editor from /cms/staff; the editor accepts the mailed link, signs in,
// sees only their sections and gets the 403 page on Staff; the admin suspends the
// editor, whose open session ends; the audit log shows it all with before/after.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { prepareContext, waitForHydration } from './support.ts';
import { BASE_URL, createStaffAccount, latestMailTo, signInToCms, uniqueStaffEmail } from './staff-support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('admin invites an editor, the editor joins, is limited to their scopes, and a suspension ends their session', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const admin = uniqueStaffEmail('admin');
  const editor = uniqueStaffEmail('editor');
  createStaffAccount(admin, 'admin', 'Ada Admin');

  await signInToCms(page, admin);
  const sections = page.getByRole('navigation', { name: 'CMS sections' });
  await expect(sections.getByRole('link', { name: 'Staff' })).toBeVisible();
  await sections.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await waitForHydration(page);

  // A bad address is refused beside the field, and the choice of role is kept.
  await page.getByLabel('Email address').fill('not an address');
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.locator('#invite-email-error')).toBeVisible();
  await page.getByLabel('Email address').fill(editor);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toContainText(`Invitation sent to ${editor}`);
  await expect(page.getByText(`${editor} · Editor`)).toBeVisible();

  // The editor, in another browser, follows the mailed link.
  const link = /https?:\/\/\S+\/cms\/invite\/\S+/.exec(latestMailTo(editor))?.[0] ?? '';
  expect(link).not.toBe('');
  const editorContext = await browser.newContext();
  await prepareContext(editorContext);
  const editorPage = await editorContext.newPage();
  await editorPage.goto(new URL(new URL(link).pathname, BASE_URL).href);
  await waitForHydration(editorPage);
  await expect(editorPage.getByText('You are invited as editor')).toBeVisible();
  await editorPage.getByLabel('Your name').fill('Eddie Editor');
  await editorPage.getByLabel('Password').fill('an editor passphrase');
  await editorPage.getByRole('button', { name: 'Create my staff account' }).click();
  await expect(editorPage.getByText('Your staff account is ready.')).toBeVisible();
  await editorPage.getByLabel('Email address').fill(editor);
  await editorPage.getByLabel('Password').fill('an editor passphrase');
  await editorPage.getByRole('button', { name: 'Sign in to the CMS' }).click();
  await expect(editorPage).toHaveURL(`${BASE_URL}/cms`);
  await expect(editorPage.getByText('Signed in as Eddie Editor, Editor.')).toBeVisible();
  // Only their sections are offered, and the server refuses the others whatever the menu shows.
  const editorSections = editorPage.getByRole('navigation', { name: 'CMS sections' });
  await expect(editorSections.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(editorSections.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  const refused = await editorPage.goto('/cms/staff');
  expect(refused?.status()).toBe(403);
  await expect(
    editorPage.getByText('Your account does not have access to this part of the CMS (cms:staff).'),
  ).toBeVisible();
  // The used link does nothing now.
  await editorPage.goto(new URL(new URL(link).pathname, BASE_URL).href);
  await expect(editorPage.getByRole('alert')).toContainText('not valid any more');

  // The admin suspends the editor, after confirming, with a reason.
  await page.reload();
  await waitForHydration(page);
  const row = page.getByTestId('staff-member').filter({ hasText: editor });
  await row.getByRole('button', { name: 'Suspend…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend Eddie Editor?' });
  await dialog.getByLabel('Reason').fill('Left the club');
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(row.getByText('Suspended: Left the club')).toBeVisible();

  // The editor's open session has ended: the next page goes to the staff sign-in, which says why.
  await editorPage.goto('/cms');
  await expect(editorPage).toHaveURL(/\/cms\/login/);
  await waitForHydration(editorPage);
  await editorPage.getByLabel('Email address').fill(editor);
  await editorPage.getByLabel('Password').fill('an editor passphrase');
  await editorPage.getByRole('button', { name: 'Sign in to the CMS' }).click();
  await expect(editorPage.getByRole('alert')).toContainText('This account is suspended. Reason: Left the club.');
  await editorContext.close();

  // The audit log has the invitation, the acceptance and the suspension, with before and after.
  await page.getByRole('navigation', { name: 'CMS sections' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const suspension = page.getByTestId('audit-entry').filter({ hasText: 'staff.suspend' }).first();
  await expect(suspension).toContainText('Ada Admin');
  await expect(suspension).toContainText('suspended:false');
  await expect(suspension).toContainText('reason:Left the club');
  await expect(page.getByTestId('audit-entry').filter({ hasText: 'staff.accept' }).first()).toContainText(
    'Eddie Editor',
  );
  await page.getByLabel('Kind').selectOption('staff');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/kind=staff/);
  await expect(page.getByTestId('audit-entry').first()).toBeVisible();

  for (const path of ['/cms', '/cms/staff', '/cms/audit']) {
    await page.goto(path);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations, `${path}: ${results.violations.map((violation) => violation.id).join(', ')}`).toEqual(
      [],
    );
  }
});
