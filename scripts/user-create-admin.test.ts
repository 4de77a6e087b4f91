// npm run user:create-admin: creates (or promotes) a staff account whose
// password is read from standard input; refuses bad input with exit code 1.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const scratch = mkdtempSync(path.join(tmpdir(), 'scoreline-create-admin-'));
const databaseFile = path.join(scratch, 'admin.db');

function createAdmin(args: string[], password: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/user-create-admin.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: `file:${databaseFile}`,
      SESSION_SECRET: 'x'.repeat(40),
      BASE_URL: 'http://localhost:3000',
    },
    input: `${password}\n`,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function staffRow(email: string) {
  const database = new Database(databaseFile, { readonly: true });
  try {
    return database.prepare('select role, display_name, password_hash from user_account where email = ?').get(email) as
      { role: string; display_name: string; password_hash: string } | undefined;
  } finally {
    database.close();
  }
}

describe('npm run user:create-admin', () => {
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('creates an admin with an argon2id password read from standard input', () => {
    const result = createAdmin(['--email=Boss@Example.com', '--name=The Boss'], 'staff only passphrase');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Created admin boss@example.com. Sign in at http://localhost:3000/cms/login');
    expect(staffRow('boss@example.com')).toMatchObject({
      role: 'admin',
      display_name: 'The Boss',
      password_hash: expect.stringMatching(/^\$argon2id\$/),
    });
  }, 60_000);

  it('makes an existing account an editor', () => {
    const result = createAdmin(['--email=boss@example.com', '--role=editor'], 'another staff passphrase');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Updated editor boss@example.com');
    expect(staffRow('boss@example.com')?.role).toBe('editor');
  }, 60_000);

  it('refuses a common password, a missing email and an unknown role', () => {
    const weak = createAdmin(['--email=weak@example.com'], 'password123');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('password: This password is one of the most common ones');
    expect(staffRow('weak@example.com')).toBeUndefined();
    const missing = createAdmin([], 'whatever passphrase');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Missing --email');
    const role = createAdmin(['--email=x@example.com', '--role=owner'], 'whatever passphrase');
    expect(role.status).toBe(1);
    expect(role.stderr).toContain('Unknown role "owner"; roles: moderator, editor, admin');
  }, 90_000);
});
