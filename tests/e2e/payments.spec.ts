// The payments journey in a real browser (issue #21): a new member pays for
// Premium on the sandbox's hosted checkout with each test card. The success card
// ends on /payment/success with the plan and its end date, and /api/payments/me
// then grants no_ads; the declined card ends on /payment/failure, whose one-click
// retry opens a new checkout for the same plan that then succeeds; the card that
// asks for an extra confirmation leaves the order pending on /payment/result
// until it is completed, and that page moves on by itself. Each payment page
// passes axe in light and dark and fits a 390 px phone.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { prepareContext, waitForHydration } from './support.ts';

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const PASSWORD = 'a long walk on the pitch';
// The checkout URL carries a signed token for the order (docs/payments.md): its path names the order.
const ORDER_URL = /\/payment\/sandbox\/(ord_[\w-]+)(?:\?token=[\w.%-]+)?$/;

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

async function register(page: Page, name: string) {
  await page.goto('/register');
  await waitForHydration(page);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email address').fill(`pay-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
}

/** An order for Premium monthly made from the page, as the pricing page's script-free form would; opens its checkout. */
async function orderPremiumMonthly(page: Page): Promise<string> {
  const checkoutUrl = await page.evaluate(async () => {
    const plans = (await (await fetch('/api/plans')).json()) as { plans: Array<{ id: number; code: string }> };
    const plan = plans.plans.find((candidate) => candidate.code === 'premium-monthly');
    const response = await fetch('/api/payments/orders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ planId: plan?.id, provider: 'sandbox' }),
    });
    return ((await response.json()) as { checkoutUrl: string }).checkoutUrl;
  });
  await page.goto(checkoutUrl);
  return ORDER_URL.exec(new URL(page.url()).pathname)![1]!;
}

async function payWith(page: Page, card: string) {
  await waitForHydration(page);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay €/ }).click();
}

/** axe in light and dark, and nothing wider than a 390 px phone. */
async function checkPage(page: Page, name: string) {
  await waitForHydration(page);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} at 390 px is ${overflow} px too wide`).toBeLessThanOrEqual(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.help}`),
      `${name} in ${colorScheme}`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}

test('the success card pays for Premium: success shows the plan until its end, and no_ads is granted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await register(page, 'Sam Success');
  // Through the pricing page's Choose, as a member would.
  await page.goto('/pricing');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Choose Premium monthly' }).click();
  await expect(page).toHaveURL(ORDER_URL);
  const orderId = ORDER_URL.exec(new URL(page.url()).pathname)![1]!;
  await expect(page.getByText('Test checkout — no real money is taken.')).toBeVisible();
  await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();
  await checkPage(page, 'the sandbox checkout');

  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(`${BASE_URL}/payment/success?order=${orderId}`);
  const me = await page.evaluate(async () => {
    const response = await fetch('/api/payments/me');
    return (await response.json()) as { expiresAt: string; entitlements: Array<{ name: string }> };
  });
  expect(me.entitlements.map((item) => item.name)).toContain('no_ads');
  const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(me.expiresAt));
  await expect(page.getByTestId('plan-until')).toHaveText(`Premium monthly until ${until}`);
  await checkPage(page, '/payment/success');
});

test('a declined card ends on failure; trying again opens a new checkout for the same plan, which succeeds', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await register(page, 'Dee Declined');
  const first = await orderPremiumMonthly(page);
  await payWith(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL(`${BASE_URL}/payment/failure?order=${first}`);
  await expect(page.getByText('Nothing was charged.')).toBeVisible();
  await checkPage(page, '/payment/failure');

  await page.getByRole('button', { name: 'Try again: Premium monthly' }).click();
  await expect(page).toHaveURL(ORDER_URL);
  const second = ORDER_URL.exec(new URL(page.url()).pathname)![1]!;
  expect(second).not.toBe(first);
  await expect(page.getByText('Premium monthly').first()).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(`${BASE_URL}/payment/success?order=${second}`);
  await expect(page.getByTestId('plan-until')).toContainText('Premium monthly until');
});

test('the confirmation card shows pending on /payment/result until it is completed', async ({ page, context }) => {
  test.setTimeout(90_000);
  await register(page, 'Cory Confirm');
  const orderId = await orderPremiumMonthly(page);
  await payWith(page, '4000 0000 0000 3220');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm the payment' })).toBeVisible();
  await checkPage(page, 'the confirmation screen');

  // The result page, open beside the bank's screen, shows the order pending and follows it.
  const result = await context.newPage();
  await result.goto(`/payment/result?order=${orderId}`);
  await expect(result.getByTestId('order-status')).toContainText('Waiting for the payment to be confirmed');
  await checkPage(result, '/payment/result');

  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/payment/success?order=${orderId}`);
  // No reload: the result page sees the order paid and moves on by itself.
  await expect(result).toHaveURL(`${BASE_URL}/payment/success?order=${orderId}`, { timeout: 15_000 });
  await expect(result.getByTestId('plan-until')).toContainText('Premium monthly until');
});
