// The CMS's people screens (issue #20) as staff meet them in Chromium: a member
// signed in on their own browser; a moderator finds them on Users and bans them
// with a reason; the member's open session ends and signing in again tells them
// why. A visitor writes through the contact page; the moderator sees it counted on
// the dashboard, reads it (read on opening), answers it by mail — the reply is in
// the thread and in the outbox — and it is handled. Every screen passes axe and
// fits a 390 px phone and a 1280 px laptop without scrolling sideways.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { prepareContext, waitForHydration } from './support.ts';
import { BASE_URL, createStaffAccount, latestMailTo, signInToCms, uniqueStaffEmail } from './staff-support.ts';

const MEMBER_PASSWORD = 'a member passphrase';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

async function expectAccessible(page: Page, path: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations, `${path}: ${results.violations.map((violation) => violation.id).join(', ')}`).toEqual([]);
}

/** Each screen at a phone's and a laptop's width: axe-clean, and nothing wider than the window. */
async function checkScreens(page: Page, paths: string[]) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const path of paths) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} at ${width} px is ${overflow} px too wide`).toBeLessThanOrEqual(0);
      await expectAccessible(page, `${path} at ${width} px`);
    }
  }
}

test('a moderator bans a member whose open session ends, and the member is told why at sign-in', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const moderator = uniqueStaffEmail('moderator');
  const member = uniqueStaffEmail('member');
  createStaffAccount(moderator, 'moderator', 'Mona Moderator');

  // The member registers in their own browser and stays signed in.
  const memberContext = await browser.newContext();
  await prepareContext(memberContext);
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/register');
  await waitForHydration(memberPage);
  await memberPage.getByLabel('Your name').fill('Milo Member');
  await memberPage.getByLabel('Email address').fill(member);
  await memberPage.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await memberPage.getByRole('button', { name: 'Create account' }).click();
  await expect(memberPage).toHaveURL(`${BASE_URL}/`);
  await memberPage.goto('/account');
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

  // The moderator finds them on Users.
  await signInToCms(page, moderator);
  const sections = page.getByRole('navigation', { name: 'CMS sections' });
  await expect(sections.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await sections.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('Name or email').fill(member);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=member-/);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByTestId('user-row').getByRole('link', { name: 'Milo Member' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Milo Member' })).toBeVisible();
  await expect(page.getByTestId('live-sessions')).toHaveText('On 1 device');
  const accountPath = new URL(page.url()).pathname;

  // A ban asks first, and needs a reason.
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Ban…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ban Milo Member?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Ban…' }).click();
  await dialog.getByLabel('Reason').fill('Abusive messages in the match chat');
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Banned: their sessions have ended');
  await expect(page.getByTestId('ban-notice')).toContainText('Reason: Abusive messages in the match chat');
  await expect(page.getByTestId('live-sessions')).toHaveText('Nowhere');

  // The member's open session has ended: their next page asks them to sign in, and signing in says why.
  await memberPage.reload();
  await expect(memberPage).toHaveURL(/\/login\?redirect=%2Faccount$/);
  await waitForHydration(memberPage);
  await memberPage.getByLabel('Email address').fill(member);
  await memberPage.getByLabel('Password').fill(MEMBER_PASSWORD);
  await memberPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(memberPage.getByRole('alert')).toContainText(
    'This account is suspended. Reason: Abusive messages in the match chat.',
  );
  await memberContext.close();

  await checkScreens(page, [`/cms/users?q=${encodeURIComponent(member)}`, accountPath]);
});

test('a visitor writes, a moderator reads and answers by mail, and the message is handled', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const moderator = uniqueStaffEmail('moderator');
  const visitor = uniqueStaffEmail('visitor');
  createStaffAccount(moderator, 'moderator', 'Mona Moderator');

  const visitorContext = await browser.newContext();
  await prepareContext(visitorContext);
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto('/contact');
  await waitForHydration(visitorPage);
  await visitorPage.getByLabel('Your name').fill('Vera Visitor');
  await visitorPage.getByLabel('Email address').fill(visitor);
  await visitorPage.getByLabel('What is it about?').selectOption('data');
  await visitorPage.getByLabel('Message').fill('The derby ended 2–1, not 1–1.\nPlease correct it.');
  await visitorPage.getByRole('button', { name: 'Send message' }).click();
  await expect(visitorPage.getByRole('heading', { name: /Thank you, Vera Visitor/ })).toBeVisible();
  await visitorContext.close();

  await signInToCms(page, moderator);
  await page.getByRole('link', { name: /Unread contact messages/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Unread', exact: true })).toHaveAttribute('aria-current', 'page');
  const row = page.getByTestId('message-row').filter({ hasText: visitor });
  await expect(row).toContainText('Unread');
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wrong score or missing data' })).toBeVisible();
  await expect(page.getByText('The derby ended 2–1, not 1–1.')).toBeVisible();
  await expect(page.getByTestId('message-state')).toHaveText('Open');
  const threadPath = new URL(page.url()).pathname;

  // A reply too short is refused beside the field, keeping what was typed.
  await waitForHydration(page);
  const reply = page.getByLabel(`Your reply to ${visitor}`);
  await reply.fill('x');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(reply).toHaveAccessibleDescription('Write your reply');
  await expect(reply).toHaveValue('x');
  await reply.fill('Thank you, Vera: corrected to 2–1.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status')).toContainText('Reply kept in the mail outbox');
  await expect(page.getByTestId('reply')).toContainText('Thank you, Vera: corrected to 2–1.');
  await expect(page.getByTestId('reply')).toContainText('Mona Moderator replied');
  await expect(page.getByTestId('message-state')).toContainText('Handled by Mona Moderator');
  await expect(reply).toHaveValue('');
  const mail = latestMailTo(visitor);
  expect(mail).toContain('Hello Vera Visitor,\n\nThank you, Vera: corrected to 2–1.');
  expect(mail).toContain('> The derby ended 2–1, not 1–1.');

  // Read now: out of Unread, in Handled.
  await page.getByRole('link', { name: '← Messages' }).click();
  await page.getByRole('link', { name: 'Unread', exact: true }).click();
  await expect(page.getByTestId('message-row').filter({ hasText: visitor })).toHaveCount(0);
  await page.getByRole('link', { name: 'Handled', exact: true }).click();
  await expect(page.getByTestId('message-row').filter({ hasText: visitor })).toContainText('1 reply');

  await checkScreens(page, ['/cms', '/cms/messages', threadPath]);
});
