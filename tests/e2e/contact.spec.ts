// The contact form, with and without JavaScript (progressive enhancement).
import { test, expect, type Page } from '@playwright/test';
import { documentIsMarked, markDocument, prepareContext, waitForHydration } from './support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

const SUMMARY = 'Your message was not sent. Please correct the fields marked below.';

async function expectInvalidSubmission(page: Page) {
  await expect(page.getByRole('alert')).toHaveText(SUMMARY);
  // The name was typed and kept; the missing fields say what is wrong and point to their message.
  await expect(page.getByLabel('Your name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Your name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(
    'Please enter a valid email address so we can reply',
  );
  await expect(page.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Message')).toHaveValue('Too short');
  await expect(page.getByLabel('Message')).toHaveAccessibleDescription('Please write at least 10 characters');
  await expect(page.getByLabel('What is it about?')).toHaveValue('data');
}

async function fillValid(page: Page) {
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('Email address').fill('ada@example.org');
  await page.getByLabel('What is it about?').selectOption('data');
  await page.getByLabel('Message').fill('The score of match 12 is wrong: it ended 2-1, not 1-1.');
}

async function expectSent(page: Page) {
  await expect(
    page.getByRole('heading', { name: 'Thank you, Ada Lovelace. Your message has been sent.' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toContainText('We read every message and will reply to ada@example.org');
  await expect(page.getByRole('button', { name: 'Send message' })).toHaveCount(0);
}

test.describe('with JavaScript', () => {
  test('an empty submission shows every field error', async ({ page }) => {
    await page.goto('/contact');
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toHaveText(SUMMARY);
    await expect(page.getByLabel('Your name')).toHaveAccessibleDescription('Please tell us your name');
    await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(
      'Please enter a valid email address so we can reply',
    );
    await expect(page.getByLabel('Message')).toHaveAccessibleDescription('Please write at least 10 characters');
    await expect(page.locator('main form')).toHaveAttribute('aria-describedby', 'form-errors');
    expect(await documentIsMarked(page), 'submitted without a reload').toBe(true);
  });

  test('keeps what was typed, then sends a corrected message', async ({ page }) => {
    await page.goto('/contact');
    await waitForHydration(page);
    await markDocument(page);
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('What is it about?').selectOption('data');
    await page.getByLabel('Message').fill('Too short');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectInvalidSubmission(page);

    await fillValid(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectSent(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await documentIsMarked(page)).toBe(true);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form validates and sends with plain HTML form posts', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('What is it about?').selectOption('data');
    await page.getByLabel('Message').fill('Too short');
    const [invalid] = await Promise.all([
      page.waitForResponse(
        (response) => response.request().method() === 'POST' && response.request().resourceType() === 'document',
      ),
      page.getByRole('button', { name: 'Send message' }).click(),
    ]);
    expect(invalid.status()).toBe(200);
    await expectInvalidSubmission(page);

    await fillValid(page);
    const [sent] = await Promise.all([
      page.waitForResponse(
        (response) => response.request().method() === 'POST' && response.request().resourceType() === 'document',
      ),
      page.getByRole('button', { name: 'Send message' }).click(),
    ]);
    expect(sent.status()).toBe(200);
    await expectSent(page);
  });
});
