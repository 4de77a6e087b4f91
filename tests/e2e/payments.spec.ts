// The payments journey in a real browser (issue #21): a new member pays for
// Premium on the sandbox's hosted checkout with each test card. The success card
// ends on /payment/success with the plan and its end date, and /api/payments/me
// then grants no_ads; the declined card ends on /payment/failure, whose one-click
// retry opens a new checkout for the same plan that then succeeds; the card that
// asks for an extra confirmation leaves the order pending on /payment/result
// until it is completed, and that page moves on by itself. Each payment page
// passes axe in light and dark and fits a 390 px phone and a 1280 px desktop.
import { expect, test } from '@playwright/test';
import {
  BASE_URL,
  checkPage,
  orderPlan,
  payOnSandbox,
  registerMember,
  screenshotsFor,
  SUCCESS_CARD,
} from './journeys.ts';
import { prepareContext, waitForHydration } from './support.ts';

const SHOTS = screenshotsFor('payments');
// The sandbox's other test cards (docs/payments.md): one declined, one that asks for an extra confirmation.
const DECLINED_CARD = '4000 0000 0000 0002';
const CONFIRMATION_CARD = '4000 0000 0000 3220';
// The checkout URL carries a signed token for the order (docs/payments.md): its path names the order.
const ORDER_URL = /\/payment\/sandbox\/(ord_[\w-]+)(?:\?token=[\w.%-]+)?$/;

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('the success card pays for Premium: success shows the plan until its end, and no_ads is granted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerMember(page, 'Sam Success', { emailPrefix: 'pay' });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  // Through the pricing page's Choose, as a member would.
  await page.goto('/pricing');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Choose Premium monthly' }).click();
  await expect(page).toHaveURL(ORDER_URL);
  const orderId = ORDER_URL.exec(new URL(page.url()).pathname)![1]!;
  await expect(page.getByText('Test checkout — no real money is taken.')).toBeVisible();
  await expect(page.getByText(SUCCESS_CARD)).toBeVisible();
  await checkPage(page, 'sandbox-checkout', SHOTS);

  await payOnSandbox(page);
  await expect(page).toHaveURL(`${BASE_URL}/payment/success?order=${orderId}`);
  const me = await page.evaluate(async () => {
    const response = await fetch('/api/payments/me');
    return (await response.json()) as { expiresAt: string; entitlements: Array<{ name: string }> };
  });
  expect(me.entitlements.map((item) => item.name)).toContain('no_ads');
  const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(me.expiresAt));
  await expect(page.getByTestId('plan-until')).toHaveText(`Premium monthly until ${until}`);
  await checkPage(page, 'payment-success', SHOTS);
});

test('a declined card ends on failure; trying again opens a new checkout for the same plan, which succeeds', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerMember(page, 'Dee Declined', { emailPrefix: 'pay' });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  const { order, checkoutUrl } = await orderPlan(page);
  const first = order.id;
  await page.goto(checkoutUrl);
  await payOnSandbox(page, DECLINED_CARD);
  await expect(page).toHaveURL(`${BASE_URL}/payment/failure?order=${first}`);
  await expect(page.getByText('Nothing was charged.')).toBeVisible();
  await checkPage(page, 'payment-failure', SHOTS);

  await page.getByRole('button', { name: 'Try again: Premium monthly' }).click();
  await expect(page).toHaveURL(ORDER_URL);
  const second = ORDER_URL.exec(new URL(page.url()).pathname)![1]!;
  expect(second).not.toBe(first);
  await expect(page.getByText('Premium monthly').first()).toBeVisible();
  await payOnSandbox(page);
  await expect(page).toHaveURL(`${BASE_URL}/payment/success?order=${second}`);
  await expect(page.getByTestId('plan-until')).toContainText('Premium monthly until');
});

test('the confirmation card shows pending on /payment/result until it is completed', async ({ page, context }) => {
  test.setTimeout(90_000);
  await registerMember(page, 'Cory Confirm', { emailPrefix: 'pay' });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  const { order, checkoutUrl } = await orderPlan(page);
  const orderId = order.id;
  await page.goto(checkoutUrl);
  await payOnSandbox(page, CONFIRMATION_CARD);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm the payment' })).toBeVisible();
  await checkPage(page, 'confirmation-screen', SHOTS);

  // The result page, open beside the bank's screen, shows the order pending and follows it.
  const result = await context.newPage();
  await result.goto(`/payment/result?order=${orderId}`);
  await expect(result.getByTestId('order-status')).toContainText('Waiting for the payment to be confirmed');
  await checkPage(result, 'payment-result', SHOTS);

  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/payment/success?order=${orderId}`);
  // No reload: the result page sees the order paid and moves on by itself.
  await expect(result).toHaveURL(`${BASE_URL}/payment/success?order=${orderId}`, { timeout: 15_000 });
  await expect(result.getByTestId('plan-until')).toContainText('Premium monthly until');
});
