// The db:seed command's failure paths: each must exit non-zero with a message
// that says what to do (STYLE.md §10). The import itself is tested in
// db/seed/openfootball/openfootball.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const scratch = mkdtempSync(path.join(tmpdir(), 'scoreline-db-seed-'));

function seed(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: `file:${path.join(scratch, 'seed.db')}`, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run db:seed', () => {
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('refuses a step it does not know, listing the ones it does', () => {
    const result = seed(['--only=nope']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Unknown step "nope"; steps: openfootball');
  }, 60_000);

  it('refuses an argument it does not know', () => {
    const result = seed(['--everything']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Unknown argument "--everything"');
  }, 60_000);

  it('fails with a clear message when the data folder is missing', () => {
    const result = seed(['--only=openfootball'], { DATA_DIR: path.join(scratch, 'no-data-here') });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`DATA_DIR=${path.join(scratch, 'no-data-here')} does not exist`);
  }, 60_000);
});
