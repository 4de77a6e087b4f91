// Accounts in a real browser (issue #6): register → sign in → account → sign
// out → /en; forgot → mail → reset; the guards and safe redirects; the header
// popup; a cross-site form post; axe on the account pages.
import { spawnSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, MEMBER_PASSWORD, registerMember, uniqueEmail } from './journeys.ts';
import { prepareContext, waitForHydration } from './support.ts';

// The Playwright server's database (playwright.config.ts): the outbox is read straight from it.
const E2E_DATABASE = `${process.env.E2E_DIR ?? 'var/e2e'}/scoreline-e2e.db`;

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

function latestMailTo(email: string): string {
  const database = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    const row = database
      .prepare('select text_body from outbox_mail where to_address = ? order by id desc limit 1')
      .get(email) as { text_body: string } | undefined;
    if (!row) throw new Error(`no mail to ${email}`);
    return row.text_body;
  } finally {
    database.close();
  }
}

/** The header's account menu (a <details> disclosure, issue #19), named by its button: "Account: <name>". */
function accountMenu(page: Page, name: string) {
  return page.getByRole('banner').getByTestId('account-menu').locator('summary').filter({ hasText: name });
}

/** The header keeps the account's actions in that menu: open it. */
async function openAccountMenu(page: Page) {
  await page.getByRole('banner').getByTestId('account-menu').locator('summary').click();
}

async function signOutFromHeader(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/en`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test('register → sign in → account → sign out lands on /en', async ({ page, context }) => {
  const email = await registerMember(page, 'Grace Hopper', { emailPrefix: 'journey' });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(accountMenu(page, 'Account: Grace Hopper')).toBeVisible();
  const cookies = await context.cookies();
  const access = cookies.find((cookie) => cookie.name === 'scoreline_access');
  expect(access?.httpOnly).toBe(true);
  expect(access?.sameSite).toBe('Lax');
  await signOutFromHeader(page);

  // Sign in through the guard: /account → /login?redirect=/account → back to /account.
  await page.goto('/account');
  await expect(page).toHaveURL(`${BASE_URL}/login?redirect=${encodeURIComponent('/account')}`);
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/account`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByText(`Signed in as Grace Hopper (${email}).`)).toBeVisible();
  await expect(page.getByText('Your plan: Free.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Where you are signed in' }).getByText('This device')).toBeVisible();

  // Signed in, the guest-only pages send the visitor home.
  await page.goto('/login');
  await expect(page).toHaveURL(`${BASE_URL}/`);

  await page.goto('/account');
  await page
    .getByRole('region', { name: 'Where you are signed in' })
    .getByRole('button', { name: 'Sign out', exact: true })
    .click();
  await expect(page).toHaveURL(`${BASE_URL}/en`);
  expect(
    (await context.cookies()).filter(
      (cookie) => cookie.name.startsWith('scoreline_a') || cookie.name.startsWith('scoreline_r'),
    ),
  ).toEqual([]);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
});

test('pages loaded at once with an expired access token keep the visitor signed in (issue #17)', async ({
  page,
  context,
}) => {
  const email = await registerMember(page, 'Ada Tabs', { emailPrefix: 'tabs' });
  await expect(accountMenu(page, 'Account: Ada Tabs')).toBeVisible();
  // What an expired access token leaves: only the refresh cookie. Then two tabs, a page and a data request
  // go out together, all carrying the same refresh token.
  await context.clearCookies({ name: 'scoreline_access' });
  const answers = await Promise.all([
    context.request.get('/'),
    context.request.get('/league'),
    context.request.get('/account'),
    context.request.get('/account.data'),
  ]);
  for (const answer of answers) {
    expect(answer.status(), answer.url()).toBe(200);
    expect(await answer.text(), answer.url()).toContain('Ada Tabs');
  }
  // One new refresh token went out to all of them (the cookie is `<expiry ms>.<token>`), and the browser
  // is still signed in with it.
  const refreshTokens = new Set(
    answers.flatMap((answer) =>
      answer
        .headersArray()
        .filter((header) => header.name.toLowerCase() === 'set-cookie' && header.value.startsWith('scoreline_refresh='))
        .map((header) => header.value.split(';')[0]?.split('.')[1]),
    ),
  );
  expect(refreshTokens.size).toBe(1);
  await page.goto('/account');
  await expect(page.getByText(`Signed in as Ada Tabs (${email}).`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Where you are signed in' }).getByText('This device')).toBeVisible();
});

test('a wrong password keeps the email, shows one generic error linked to the form', async ({ page }) => {
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill('nobody-here@example.com');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The email address or password is not correct');
  await expect(page.getByLabel('Email address')).toHaveValue('nobody-here@example.com');
  const alertId = await page.getByRole('alert').getAttribute('id');
  await expect(page.locator('main form')).toHaveAttribute('aria-describedby', alertId ?? 'missing');
});

test('registration errors are shown per field, input kept', async ({ page }) => {
  await page.goto('/register');
  await waitForHydration(page);
  await page.getByLabel('Your name').fill('Short Pass');
  await page.getByLabel('Email address').fill('short-pass@example.com');
  await page.getByLabel('Password', { exact: true }).fill('password1');
  await page.getByLabel('Phone number (optional)').fill('0770');
  await page.getByRole('button', { name: 'Create account' }).click();
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.locator(`#${await password.getAttribute('aria-describedby').then((ids) => ids?.split(' ').at(-1))}`),
  ).toHaveText('This password is one of the most common ones. Choose one that is harder to guess');
  await expect(page.getByText('Enter the phone number in international format, like +447700900123')).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue('short-pass@example.com');
  await expect(page.getByLabel('Your name')).toHaveValue('Short Pass');
});

test('forgot password → mail → reset, once; every session is signed out', async ({ page, browser }) => {
  const email = await registerMember(page, 'Reset Tester', { emailPrefix: 'reset' });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  // A second browser (another device) signed in too.
  const other = await browser.newContext();
  await prepareContext(other);
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await otherPage.getByLabel('Email address').fill(email);
  await otherPage.getByLabel('Password').fill(MEMBER_PASSWORD);
  await otherPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(otherPage).toHaveURL(`${BASE_URL}/`);
  await signOutFromHeader(page);

  await page.goto('/auth/reset-password');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this address, we have sent it a link');

  const link = /http:\/\/127\.0\.0\.1:\d+\/auth\/reset-password\?token=[\w-]+/.exec(latestMailTo(email))?.[0];
  expect(link).toBeTruthy();
  await page.goto(link as string);
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(`${BASE_URL}/auth/reset-password`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('New password').fill('the new secret phrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Your password has been changed and every device was signed out',
  );

  // The other device is signed out.
  await otherPage.goto('/account');
  await expect(otherPage).toHaveURL(/\/login\?redirect=%2Faccount$/);
  await other.close();

  // The link works once.
  await page.goto(link as string);
  await expect(page.getByRole('alert')).toContainText('This reset link is not valid any more');

  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('the new secret phrase');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(accountMenu(page, 'Account: Reset Tester')).toBeVisible();
});

test('the header popup signs in without leaving the page', async ({ page }) => {
  const email = await registerMember(page, 'Popup Person', { emailPrefix: 'popup' });
  await signOutFromHeader(page);

  await page.goto('/about-us?section=team');
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Password').fill('wrong password here');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The email address or password is not correct');
  await expect(dialog.getByLabel('Email address')).toHaveValue(email);
  await dialog.getByLabel('Password').fill(MEMBER_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/about-us?section=team`);
  await expect(accountMenu(page, 'Account: Popup Person')).toBeVisible();

  // The change-password popup.
  await waitForHydration(page);
  await openAccountMenu(page);
  await page.getByRole('banner').getByRole('link', { name: 'Change password' }).click();
  const change = page.getByRole('dialog', { name: 'Change your password' });
  await change.getByLabel('Current password').fill('not my password');
  await change.getByLabel('New password').fill('another long passphrase');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByText('This is not your current password')).toBeVisible();
  await change.getByLabel('Current password').fill(MEMBER_PASSWORD);
  await change.getByLabel('New password').fill('another long passphrase');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByRole('status')).toHaveText('Your password was changed. Your other devices were signed out.');
});

test('the popup switches to registration and to the forgot-password form', async ({ page }) => {
  await page.goto('/movies');
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Forgot your password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Reset your password' });
  await forgot.getByLabel('Email address').fill(uniqueEmail('nobody'));
  await forgot.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(forgot.getByRole('status')).toContainText('If an account uses this address');
  await forgot.getByRole('button', { name: 'Back to sign in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create an account' }).click();
  const register = page.getByRole('dialog', { name: 'Create an account' });
  const email = uniqueEmail('popup-register');
  await register.getByLabel('Your name').fill('Dialog Newcomer');
  await register.getByLabel('Email address').fill(email);
  await register.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/movies`);
  await expect(accountMenu(page, 'Account: Dialog Newcomer')).toBeVisible();
});

test('sign-in never redirects off the site', async ({ page }) => {
  test.setTimeout(90_000);
  // One account for every payload: each signs in through the form, lands on the home page, signs out.
  // The two a browser itself reads as another site; every other form (encoded, absolute, javascript:)
  // is refused by the same redirectTarget, tested in domain/redirect.test.ts.
  const email = await registerMember(page, 'Redirect Tester', { emailPrefix: 'redirect' });
  for (const payload of ['//evil.example', '/\\evil.example']) {
    await signOutFromHeader(page);
    await page.goto(`/login?redirect=${encodeURIComponent(payload)}`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page, payload).toHaveURL(`${BASE_URL}/`);
  }
});

test('a cross-site form post is refused and changes nothing', async ({ page }) => {
  await registerMember(page, 'Csrf Target', { emailPrefix: 'csrf' });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  // A page on another site that posts a sign-out form to this one.
  await page.route('http://evil.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Win a prize</title><form id="f" method="post" action="${BASE_URL}/account"><input name="intent" value="sign-out-everywhere"></form><script>document.getElementById('f').submit()</script>`,
    }),
  );
  const response = page.waitForResponse(
    (candidate) => candidate.url() === `${BASE_URL}/account` && candidate.request().method() === 'POST',
  );
  await page.goto('http://evil.example/prize');
  expect((await response).status()).toBe(403);
  await expect(page.getByText('This form was sent from another site, so it was not accepted.')).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(`${BASE_URL}/account`);
});

test('staff guard: /cms sends a signed-out visitor to the staff sign-in; members are refused there', async ({
  page,
}) => {
  const response = await page.goto('/cms');
  expect(response?.url()).toBe(`${BASE_URL}/cms/login?redirect=${encodeURIComponent('/cms')}`);
  const email = await registerMember(page, 'Plain Member', { emailPrefix: 'member' });
  await signOutFromHeader(page);
  await page.goto('/cms/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in to the CMS' }).click();
  await expect(page.getByRole('alert')).toHaveText('This account has no access to the CMS.');
});

test('staff: npm run user:create-admin, then /cms/login opens the dashboard with name and role', async ({ page }) => {
  const email = uniqueEmail('admin');
  const created = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/user-create-admin.ts', `--email=${email}`, '--name=Ada Admin'],
    {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: `file:${E2E_DATABASE}`, BASE_URL },
      input: 'the staff passphrase\n',
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(created.stderr).toBe('');
  expect(created.status).toBe(0);
  await page.goto('/cms/login');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('the staff passphrase');
  await page.getByRole('button', { name: 'Sign in to the CMS' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/cms`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Signed in as Ada Admin, Administrator.')).toBeVisible();
  // The administrator reads the outbox (no SMTP in the test server).
  await page.getByRole('navigation', { name: 'CMS sections' }).getByRole('link', { name: 'Mail outbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  // Signed-in staff opening the staff door go straight in.
  await page.goto('/cms/login');
  await expect(page).toHaveURL(`${BASE_URL}/cms`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/en`);
});

test('axe: registration, reset, account and the sign-in popup have no violations', async ({ page }) => {
  test.setTimeout(60_000);
  const check = async (label: string) => {
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
  };
  await page.goto('/register');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await check('register with errors');
  await page.goto('/auth/reset-password');
  await check('forgot password');
  await page.goto('/about-us');
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('sign-in popup');
  await registerMember(page, 'Axe Account', { emailPrefix: 'axe' });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await page.goto('/account');
  await check('account');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('register, see a field error, sign out and sign in again with plain form posts', async ({ page }) => {
    const email = uniqueEmail('nojs');
    await page.goto('/register?redirect=%2Faccount');
    await page.getByLabel('Your name').fill('No Script');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Use at least 8 characters')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/account`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    // The account menu is a <details> disclosure: it opens without JavaScript too.
    await openAccountMenu(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/en`);
    await page.goto('/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(accountMenu(page, 'Account: No Script')).toBeVisible();
  });
});

test('favourites starred as a guest join the account, follow it to another device, and stay in step', async ({
  page,
  browser,
}) => {
  // Two devices and eight page loads.
  test.setTimeout(60_000);
  const home = '/?date=2016-06-15&tz=UTC';
  const dayRows = (target: Page) =>
    target.locator('section[aria-labelledby="day-heading"]').getByTestId('competition-group').getByRole('listitem');
  const starFor = (target: Page, verb: 'Add' | 'Remove') =>
    dayRows(target).getByRole('button', {
      name: `${verb} France v Albania ${verb === 'Add' ? 'to' : 'from'} favourites`,
    });

  // As a guest: starred on this device only.
  await page.goto(home);
  await waitForHydration(page);
  await starFor(page, 'Add').click();
  await expect(starFor(page, 'Remove')).toHaveAttribute('aria-pressed', 'true');

  // Registering takes the device's favourites into the account, named from the data.
  const email = await registerMember(page, 'Grace Hopper', { emailPrefix: 'favourites' });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await page.goto('/account');
  const favourites = page.locator('section[aria-labelledby="favourites-heading"]');
  await expect(favourites.getByRole('listitem')).toHaveText([/France v Albania\s*\(match\)/]);

  // Starred while signed in: written to the account as it happens.
  await page.goto(home);
  await waitForHydration(page);
  await page
    .locator('section[aria-labelledby="day-heading"]')
    .getByRole('button', { name: 'Add UEFA European Championship to favourites' })
    .click();
  await expect
    .poll(async () => {
      await page.goto('/account');
      return favourites.getByRole('listitem').allTextContents();
    })
    .toEqual([expect.stringMatching(/France v Albania/), expect.stringMatching(/UEFA European Championship/)]);

  // Another device: signing in brings them, and the match is pinned first.
  const other = await browser.newContext();
  await prepareContext(other);
  const second = await other.newPage();
  await second.goto('/login');
  await waitForHydration(second);
  await second.getByLabel('Email address').fill(email);
  await second.getByLabel('Password').fill(MEMBER_PASSWORD);
  await second.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(second).toHaveURL(`${BASE_URL}/`);
  await second.goto(home);
  await waitForHydration(second);
  await expect(starFor(second, 'Remove')).toHaveAttribute('aria-pressed', 'true');
  await expect(dayRows(second).first().getByRole('link')).toHaveAccessibleName(/^France /);

  // Unstarred there: gone from the account, and from the first device at its next load.
  await starFor(second, 'Remove').click();
  await expect
    .poll(async () => {
      await second.goto('/account');
      return second.locator('section[aria-labelledby="favourites-heading"]').getByRole('listitem').allTextContents();
    })
    .toEqual([expect.stringMatching(/UEFA European Championship/)]);
  await page.goto(home);
  await waitForHydration(page);
  await expect(starFor(page, 'Add')).toHaveAttribute('aria-pressed', 'false');
  await other.close();
});
