// Issue #20's staff journey end to end, in one run as the issue tells it: the admin
// signs in with TOTP and invites an editor; the editor accepts, creates and publishes
// a page that then serves at /{slug} and /en/{slug}; the editor opens Users and gets
// 403; the editor pins a match that then leads /hot-match-today; a moderator bans a
// member whose open session ends; the admin reads all of it in the audit log with
// before/after values. Each step's details are tested in the cms-*.spec.ts files.
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { prepareContext, waitForHydration } from './support.ts';
import {
  BASE_URL,
  E2E_DATABASE,
  STAFF_PASSWORD,
  createStaffAccount,
  latestMailTo,
  signInToCms,
  uniqueStaffEmail,
  withHotPinsToMyself,
} from './staff-support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await prepareContext(context);
  return context.newPage();
}

/** A Euro 2016 match replayed as one of today's matches (the e2e server's test routes). */
async function matchToday(request: APIRequestContext): Promise<MatchSummary> {
  const { matches } = (await (await request.get('/api/competitions/euro/seasons/2016/matches')).json()) as {
    matches: MatchSummary[];
  };
  const original = matches.find((match) => match.home.name === 'Italy' && match.away.name === 'Sweden');
  expect(original, 'Italy v Sweden is in the e2e data').toBeDefined();
  const created = await request.post('/api/test/demo-replays', {
    data: { matchId: original?.id, kickoffInSeconds: 3600 },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { match: MatchSummary }).match;
}

test('admin with TOTP invites an editor who publishes a page and pins a match; a moderator bans a member; the audit log tells it all', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  test.skip(season.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  // The admin turns on two-factor sign-in, then signs in with the password and a code.
  const admin = uniqueStaffEmail('journey-admin');
  createStaffAccount(admin, 'admin', 'Alma Admin');
  await signInToCms(page, admin);
  await page.goto('/cms/security');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replaceAll(/\s/g, '');
  await page.getByLabel('Code from your app').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  // Signing out lands on /en: going on before it does interrupts that navigation (a retry in CI).
  await expect(page).toHaveURL(`${BASE_URL}/en`);
  await page.goto('/cms/login');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(admin);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in to the CMS' }).click();
  await page
    .getByLabel('Authentication code')
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/cms`);

  // The admin invites an editor.
  const editor = uniqueStaffEmail('journey-editor');
  await page.goto('/cms/staff');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(editor);
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toContainText(`Invitation sent to ${editor}`);

  // The editor accepts and signs in.
  const link = /https?:\/\/\S+\/cms\/invite\/\S+/.exec(latestMailTo(editor))?.[0] ?? '';
  const editorPage = await newPage(browser);
  await editorPage.goto(new URL(link).pathname);
  await waitForHydration(editorPage);
  await editorPage.getByLabel('Your name').fill('Edda Editor');
  await editorPage.getByLabel('Password').fill('an editor passphrase');
  await editorPage.getByRole('button', { name: 'Create my staff account' }).click();
  await expect(editorPage.getByText('Your staff account is ready.')).toBeVisible();
  await signInToCms(editorPage, editor, 'an editor passphrase');

  // The editor creates and publishes a page, which serves at /{slug} and /en/{slug}.
  const slug = `journey-${Date.now()}`;
  await editorPage.goto('/cms/pages/new');
  await waitForHydration(editorPage);
  await editorPage.getByLabel('Address').fill(slug);
  await editorPage.getByLabel('Title').fill('Matchday notes');
  await editorPage.getByLabel('Text', { exact: true }).fill('Gates open **90 minutes** before kick-off.');
  await editorPage.getByRole('button', { name: 'Save as draft' }).click();
  await expect(editorPage.getByRole('status')).toHaveText(
    'Saved as a draft. It is not on the site until you publish it.',
  );
  await waitForHydration(editorPage);
  await editorPage.getByRole('button', { name: 'Publish now' }).click();
  await expect(editorPage.locator('#publication-result')).toHaveText('Published: the page is on the site.');
  for (const path of [`/${slug}`, `/en/${slug}`]) {
    const visitor = await newPage(browser);
    const response = await visitor.goto(path);
    expect(response?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Matchday notes' })).toBeVisible();
    await expect(visitor.locator('strong')).toHaveText('90 minutes');
    await visitor.context().close();
  }

  // The editor opens Users and gets 403.
  const refused = await editorPage.goto('/cms/users');
  expect(refused?.status()).toBe(403);

  // The editor pins one of today's matches, which then leads /hot-match-today. The pins are one list for the
  // shared database: cleared first (others' pins would lead instead), with the other pin-checking spec held off.
  const fan = await newPage(browser);
  await withHotPinsToMyself(async () => {
    const database = new Database(E2E_DATABASE);
    try {
      database.pragma('busy_timeout = 5000');
      database.prepare('delete from hot_match_pin').run();
    } finally {
      database.close();
    }
    const today = await matchToday(request);
    await editorPage.goto('/cms/hot-matches');
    await waitForHydration(editorPage);
    await editorPage.getByLabel('Team or competition').fill('Sweden');
    await editorPage.getByRole('button', { name: 'Search' }).click();
    const found = editorPage.locator(`[data-testid="found-match"][data-match-id="${today.id}"]`);
    await found.getByLabel('Label (optional)').fill('Journey pick');
    await found.getByRole('button', { name: 'Pin Italy v Sweden' }).click();
    await expect(found.getByRole('status')).toHaveText('Pinned Italy v Sweden.');
    await expect(async () => {
      await fan.goto('/hot-match-today');
      await expect(fan.getByTestId('featured-match').first()).toContainText('Journey pick', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(
      fan
        .getByTestId('featured-match')
        .first()
        .getByRole('link', { name: /^Italy .*Sweden/ }),
    ).toBeVisible();
  });

  // A member is signed in; a moderator bans them, and their open session ends.
  const member = uniqueStaffEmail('journey-member');
  await fan.goto('/register');
  await waitForHydration(fan);
  await fan.getByLabel('Your name').fill('Mara Member');
  await fan.getByLabel('Email address').fill(member);
  await fan.getByLabel('Password', { exact: true }).fill('a member passphrase');
  await fan.getByRole('button', { name: 'Create account' }).click();
  await expect(fan).toHaveURL(`${BASE_URL}/`);
  await fan.goto('/account');
  await expect(fan.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  const moderator = uniqueStaffEmail('journey-moderator');
  createStaffAccount(moderator, 'moderator', 'Moe Moderator');
  const moderatorPage = await newPage(browser);
  await signInToCms(moderatorPage, moderator);
  await moderatorPage.goto(`/cms/users?q=${encodeURIComponent(member)}`);
  await moderatorPage.getByTestId('user-row').getByRole('link', { name: 'Mara Member' }).click();
  await waitForHydration(moderatorPage);
  await moderatorPage.getByRole('button', { name: 'Ban…' }).click();
  const dialog = moderatorPage.getByRole('dialog', { name: 'Ban Mara Member?' });
  await dialog.getByLabel('Reason').fill('Spam in the match chat');
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(moderatorPage.getByRole('status')).toContainText('Banned: their sessions have ended');
  await fan.goto('/account');
  await expect(fan).toHaveURL(/\/login\?redirect=%2Faccount$/);

  // The admin reads all of it in the audit log, with before and after.
  await page.goto('/cms/audit');
  // Other specs write to the same log at the same time: each entry is picked out by this journey's own names.
  const entry = (action: string, mark: string) =>
    page.getByTestId('audit-entry').filter({ hasText: action }).filter({ hasText: mark }).first();
  await expect(entry('staff.invite', `email:${editor}`)).toContainText('Alma Admin');
  await expect(entry('staff.accept', 'Edda Editor')).toContainText('role:editor');
  await expect(entry('page.publish', 'Edda Editor')).toContainText('status:published');
  await expect(entry('hot-match.pin', 'Journey pick')).toContainText('Edda Editor');
  await expect(entry('user.ban', 'Spam in the match chat')).toContainText('Moe Moderator');
  await expect(entry('user.ban', 'Spam in the match chat')).toContainText('banned:false');
  await page.getByLabel('Kind').selectOption('user');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/kind=user/);
  await expect(entry('user.ban', 'Spam in the match chat')).toBeVisible();
  await expect(page.getByTestId('audit-entry').filter({ hasText: 'page.publish' })).toHaveCount(0);
});
