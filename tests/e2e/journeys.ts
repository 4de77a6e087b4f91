// Steps many journeys share: checking a page the way a user meets it (a phone
// and a desktop width, light and dark, axe), signing up a fresh member, and
// buying Premium on the sandbox checkout. Not a spec file: Playwright only
// collects *.spec.ts.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { waitForHydration } from './support.ts';

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
export const MEMBER_PASSWORD = 'a long walk on the pitch';
export const SUCCESS_CARD = '4242 4242 4242 4242';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** A different address on every call, so specs running in parallel on one database never meet. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The folder a spec's screenshots go to, under the e2e run's directory. */
export function screenshotsFor(spec: string): string {
  return path.join(process.env.E2E_DIR ?? 'var/e2e', 'screenshots', spec);
}

/**
 * The page as a user meets it: nothing wider than a 390 px phone or a 1280 px
 * desktop, no axe violations in light or dark at either width, and a
 * screenshot of each (in `shots`) to look at. Leaves the page light, at the
 * size it had.
 */
export async function checkPage(page: Page, name: string, shots: string): Promise<void> {
  await waitForHydration(page);
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${width} px is ${overflow} px too wide`).toBeLessThanOrEqual(0);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      expect(
        results.violations.map((violation) => `${violation.id}: ${violation.help}`),
        `${name} at ${width} px in ${colorScheme}`,
      ).toEqual([]);
      await page.screenshot({ path: path.join(shots, `${name}-${width}-${colorScheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(size ?? { width: 1280, height: 900 });
}

/**
 * Signs up a new member through the registration form (at `from`, `/register`
 * by default; `null` when the page is already on the form, reached by its
 * links) with a fresh address, which it returns; the caller checks where it lands.
 */
export async function registerMember(
  page: Page,
  name: string,
  options: { emailPrefix?: string; from?: string | null } = {},
): Promise<string> {
  const email = uniqueEmail(options.emailPrefix ?? 'member');
  if (options.from !== null) await page.goto(options.from ?? '/register');
  await waitForHydration(page);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  return email;
}

/** An order for a plan (Premium monthly by default) made from the signed-in page, as the pricing form would. */
export async function orderPlan(
  page: Page,
  planCode = 'premium-monthly',
): Promise<{ order: { id: string }; checkoutUrl: string }> {
  return page.evaluate(async (code) => {
    const plans = (await (await fetch('/api/plans')).json()) as { plans: Array<{ id: number; code: string }> };
    const plan = plans.plans.find((candidate) => candidate.code === code);
    const response = await fetch('/api/payments/orders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ planId: plan?.id, provider: 'sandbox' }),
    });
    return (await response.json()) as { order: { id: string }; checkoutUrl: string };
  }, planCode);
}

/** Fills the sandbox checkout the page is on with `card` and pays. */
export async function payOnSandbox(page: Page, card = SUCCESS_CARD): Promise<void> {
  await waitForHydration(page);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay €/ }).click();
}

/** Premium monthly bought by the signed-in member with the sandbox's success card; the order's id. */
export async function buyPremium(page: Page): Promise<string> {
  const { order, checkoutUrl } = await orderPlan(page);
  await page.goto(checkoutUrl);
  await payOnSandbox(page);
  await expect(page).toHaveURL(`${BASE_URL}/payment/success?order=${order.id}`);
  return order.id;
}
