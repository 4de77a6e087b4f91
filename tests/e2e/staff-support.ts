// Staff accounts for the CMS journeys (issue #20): made the way an operator makes
// the first one (npm run user:create-admin), straight into the e2e database.
// Not a spec file: Playwright only collects *.spec.ts.
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { expect, type Page } from '@playwright/test';
import { waitForHydration } from './support.ts';

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
export const E2E_DATABASE = `${process.env.E2E_DIR ?? 'var/e2e'}/scoreline-e2e.db`;
export const STAFF_PASSWORD = 'the staff passphrase';

export function uniqueStaffEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export function createStaffAccount(email: string, role: 'admin' | 'editor' | 'moderator', name: string): void {
  const created = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/user-create-admin.ts', `--email=${email}`, `--name=${name}`, `--role=${role}`],
    {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: `file:${E2E_DATABASE}`, BASE_URL },
      input: `${STAFF_PASSWORD}\n`,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(created.stderr).toBe('');
  expect(created.status).toBe(0);
}

/** The newest mail to `email` in the outbox (the e2e server has no SMTP). */
export function latestMailTo(email: string): string {
  const database = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    const row = database
      .prepare('select text_body from outbox_mail where to_address = ? order by id desc limit 1')
      .get(email.toLowerCase()) as { text_body: string } | undefined;
    if (!row) throw new Error(`no mail to ${email}`);
    return row.text_body;
  } finally {
    database.close();
  }
}

export async function signInToCms(page: Page, email: string, password = STAFF_PASSWORD): Promise<void> {
  await page.goto('/cms/login');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in to the CMS' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/cms`);
}
