// The hidden deal, the expiry reminder and the house ad in a real browser (issue
// #21): a guest sees the house ad, registers from /pricing, pays with the success
// card, and the ad is gone from home and the match page; a campaign link's deal
// banner leads to /pricing at the lower price and the order is made at it; a
// member whose plan ends in 2 days sees the reminder on home until they dismiss
// it for the day; and the CMS's coupon and house-ad screens. Each page fits 390
// and 1280 px and passes axe in light and dark at both; screenshots of each.
// Own users and own coupon codes: the specs share one database.
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { BASE_URL, checkPage, payOnSandbox, registerMember, screenshotsFor } from './journeys.ts';
import { prepareContext, waitForHydration } from './support.ts';
import { createStaffAccount, E2E_DATABASE, signInToCms, uniqueStaffEmail } from './staff-support.ts';

const SHOTS = screenshotsFor('deal');
const ORDER_URL = /\/payment\/sandbox\/(ord_[\w-]+)(?:\?token=[\w.%-]+)?$/;
const DAY = 24 * 60 * 60 * 1000;

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

function database() {
  return new Database(E2E_DATABASE, { fileMustExist: true, timeout: 10_000 });
}

function unique(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

/** A campaign coupon of this run's own, written as the CMS would. */
function seedCoupon(code: string, percentOff: number): void {
  const db = database();
  try {
    const now = new Date().toISOString();
    db.prepare(
      `insert into coupon (code, title, percent_off, amount_off, plan_id, usage_limit, valid_until, audience, active, created_at, updated_at)
       values (?, ?, ?, null, null, 5, ?, 'campaign', 1, ?, ?)`,
    ).run(code, 'Spring offer', percentOff, new Date(Date.now() + 20 * DAY).toISOString(), now, now);
  } finally {
    db.close();
  }
}

function anyMatchId(): number {
  const db = database();
  try {
    return Number((db.prepare('select id from match order by id limit 1').get() as { id: number }).id);
  } finally {
    db.close();
  }
}

test('a guest sees the house ad, registers from /pricing, pays, and the ad is gone', async ({ page }) => {
  test.setTimeout(120_000);
  const matchId = anyMatchId();
  await page.goto('/');
  const ad = page.getByRole('region', { name: 'Advertisement' });
  await expect(ad).toBeVisible();
  await expect(ad.getByText('Ad', { exact: true })).toBeVisible();
  await checkPage(page, 'home-with-the-house-ad', SHOTS);
  await page.goto(`/match/${matchId}`);
  await expect(page.getByRole('region', { name: 'Advertisement' })).toBeVisible();
  await checkPage(page, 'match-page-with-the-house-ad', SHOTS);

  await page.goto('/pricing');
  await waitForHydration(page);
  await page.getByRole('list', { name: 'Plans' }).getByRole('link', { name: 'Choose Premium monthly' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await registerMember(page, 'Ada Adless', { emailPrefix: 'adless', from: null });
  await expect(page).toHaveURL(`${BASE_URL}/pricing?plan=premium-monthly`);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(ORDER_URL);
  const orderId = ORDER_URL.exec(new URL(page.url()).pathname)![1]!;
  await payOnSandbox(page);
  await expect(page).toHaveURL(`${BASE_URL}/payment/success?order=${orderId}`);

  await page.goto('/account');
  await expect(page.getByText('Your plan:').first()).toContainText('Premium monthly');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Football scores today' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Advertisement' })).toHaveCount(0);
  // Decided on the server: not even in the HTML, so it never flashes.
  const html = await (await page.request.get('/')).text();
  expect(html).not.toContain('aria-label="Advertisement"');
  await page.goto(`/match/${matchId}`);
  await waitForHydration(page);
  await expect(page.getByRole('region', { name: 'Advertisement' })).toHaveCount(0);
});

test('the hidden deal link shows its banner, /pricing the lower price, and the order is made at it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const code = unique('SPRING')
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '');
  seedCoupon(code, 20);
  await page.goto(`/?deal=${code.toLowerCase()}`);
  const banner = page.getByTestId('deal-banner');
  await expect(banner).toContainText('Spring offer: 20% off every paid plan');
  await expect(banner).toContainText(`Code ${code}, applied for you at checkout, until`);
  await checkPage(page, 'home-with-the-deal-banner', SHOTS);

  // A guest: the deal goes with them through registering.
  await banner.getByRole('link', { name: 'See the prices with the deal' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/pricing`);
  const monthly = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Premium monthly' }) });
  await expect(monthly.getByTestId('deal-price')).toHaveText('€4.00');
  await expect(monthly).toContainText('with the deal, usually €4.99');
  await checkPage(page, 'pricing-with-the-deal', SHOTS);
  await page.goto('/pricing-sport');
  await expect(page.getByTestId('deal-price')).toHaveText('€24.00');

  await registerMember(page, 'Dana Deal', {
    emailPrefix: 'deal',
    from: `/register?redirect=${encodeURIComponent('/pricing?plan=premium-monthly')}`,
  });
  await expect(page).toHaveURL(`${BASE_URL}/pricing?plan=premium-monthly`);
  await expect(page.getByText('You chose Premium monthly, €4.00 with the deal (usually €4.99) a month.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(ORDER_URL);
  const orderId = ORDER_URL.exec(new URL(page.url()).pathname)![1]!;
  await expect(page.getByRole('button', { name: 'Pay €4.00' })).toBeVisible();
  const order = await page.evaluate(async (id) => {
    const response = await fetch(`/api/payments/orders/${id}`);
    return ((await response.json()) as { order: { amountMinor: number } }).order;
  }, orderId);
  expect(order.amountMinor).toBe(400);
  await payOnSandbox(page);
  await expect(page).toHaveURL(`${BASE_URL}/payment/success?order=${orderId}`);

  // An unknown deal: a short honest note, not an error page.
  await page.goto('/?deal=NO-SUCH-DEAL');
  await expect(page.getByTestId('deal-note')).toHaveText(
    'Sorry, the deal “NO-SUCH-DEAL” cannot be used: it is not available. The prices on /pricing are the usual ones.',
  );
});

test('the expiry reminder shows for a plan ending in 2 days and hides once dismissed for the day', async ({ page }) => {
  test.setTimeout(120_000);
  await registerMember(page, 'Rita Reminder', { emailPrefix: 'deal' });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  // A paid plan, through the app: Premium monthly with the success card.
  await page.goto('/pricing');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Choose Premium monthly' }).click();
  await expect(page).toHaveURL(ORDER_URL);
  const orderId = ORDER_URL.exec(new URL(page.url()).pathname)![1]!;
  await payOnSandbox(page);
  await expect(page).toHaveURL(`${BASE_URL}/payment/success?order=${orderId}`);
  // Then moved on in time: it ends 2 days from now.
  const endsAt = new Date(Date.now() + 2 * DAY).toISOString();
  const db = database();
  try {
    db.prepare('update entitlement_grant set ends_at = ? where order_id = ?').run(endsAt, orderId);
    const userId = (db.prepare('select user_id from payment_order where id = ?').get(orderId) as { user_id: number })
      .user_id;
    db.prepare('update entitlement set expires_at = ? where user_id = ?').run(endsAt, userId);
  } finally {
    db.close();
  }

  await page.goto('/');
  const reminder = page.getByTestId('expiry-banner');
  const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(endsAt));
  await expect(reminder.getByRole('heading')).toHaveText(`Your plan ends on ${until}`);
  await expect(reminder.getByRole('link', { name: 'Renew Premium monthly' })).toHaveAttribute(
    'href',
    '/pricing?plan=premium-monthly',
  );
  await checkPage(page, 'home-with-the-expiry-reminder', SHOTS);

  await reminder.getByRole('button', { name: 'Dismiss for today' }).click();
  await expect(page.getByTestId('expiry-banner')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Football scores today' })).toBeVisible();
  await expect(page.getByTestId('expiry-banner')).toHaveCount(0);
  // Yesterday's dismissal does not count today.
  await page.context().addCookies([{ name: 'plan-reminder-dismissed', value: '2000-01-01', url: BASE_URL }]);
  await page.reload();
  await expect(page.getByTestId('expiry-banner')).toBeVisible();
});

test('the CMS coupon and house-ad screens: create a coupon, see it listed, open it', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = uniqueStaffEmail('deal-admin');
  createStaffAccount(admin, 'admin', 'Cleo Coupons');
  await signInToCms(page, admin);
  await page.getByRole('link', { name: 'Coupons' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  await checkPage(page, 'cms-coupons', SHOTS);

  const code = unique('CMS')
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '');
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Title').fill('Staff special');
  await page.getByLabel('Percent off').fill('15');
  await page.getByLabel('Usage limit').fill('3');
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText(`Coupon ${code} created.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('15% off');
  await expect(row).toContainText('0 of 3');

  // A refused field is shown beside itself.
  await page.getByLabel('Code').fill('x');
  await page.getByLabel('Title').fill('Bad');
  await page.getByLabel('Percent off').fill('100');
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText('Please correct the fields marked below.')).toBeVisible();

  await row.getByRole('link', { name: code }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Coupon ${code}` })).toBeVisible();
  await expect(page.getByText('No order has used it yet.')).toBeVisible();
  await checkPage(page, 'cms-coupon', SHOTS);
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('button', { name: 'Deactivate coupon' }).click();
  await expect(page.getByText(`Coupon ${code} deactivated`)).toBeVisible();

  await page.goto('/cms/payments/house-ad');
  await expect(page.getByRole('heading', { level: 1, name: 'House ad' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Advertisement' })).toBeVisible();
  await checkPage(page, 'cms-house-ad', SHOTS);
});
