// Staff accounts for the CMS journeys (issue #20): made the way an operator makes
// the first one (npm run user:create-admin), straight into the e2e database.
// Not a spec file: Playwright only collects *.spec.ts.
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, rmSync, statSync } from 'node:fs';
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

/**
 * Hot-match pins are one list for the whole e2e database, and Playwright runs spec files side by side: the
 * specs that clear and check that list take turns through a lock file (one left by a killed run is taken
 * over after three minutes).
 */
export async function withHotPinsToMyself<T>(work: () => Promise<T>): Promise<T> {
  const lock = `${process.env.E2E_DIR ?? 'var/e2e'}/hot-pins.lock`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      let stale: boolean;
      try {
        stale = Date.now() - statSync(lock).mtimeMs > 180_000;
      } catch {
        continue; // released in between: try again at once
      }
      if (stale) rmSync(lock, { force: true });
      else if (Date.now() > deadline) throw new Error(`${lock} was held for too long`);
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}
