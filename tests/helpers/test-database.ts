// A fresh, migrated database for each test file (STYLE.md §7): a temporary
// SQLite file always, and a throw-away PostgreSQL database when
// TEST_POSTGRES_URL names a server (CI sets it; see .ci/run).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseEngine, type DatabaseHandle } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL;

/** The engines this run can test: SQLite always, PostgreSQL when configured. */
export const TEST_ENGINES: DatabaseEngine[] = TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  url: string;
  handle: DatabaseHandle;
  /** Closes the connection and deletes the database. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(engine: DatabaseEngine, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'scoreline-test-'));
    const url = `file:${path.join(dir, 'test.db')}`;
    const handle = openDatabase(url);
    if (migrate) await migrateToLatest(handle);
    return {
      url,
      handle,
      async destroy() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!TEST_POSTGRES_URL) throw new Error('TEST_POSTGRES_URL is not set');
  const name = `scoreline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.href);
  if (migrate) await migrateToLatest(handle);
  return {
    url: url.href,
    handle,
    async destroy() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await cleanup.connect();
      try {
        await dropWithRetry(cleanup, name);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * DROP … WITH (FORCE) cannot end an autovacuum worker (it runs as a superuser),
 * which large imports wake up: wait for it a little. A database that still
 * cannot be dropped is left behind with a warning; it fails no test.
 */
async function dropWithRetry(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      const busy = error instanceof Error && /pg_signal_backend|being accessed by other users/.test(error.message);
      if (!busy) throw error;
      if (attempt >= 20) {
        console.warn(`test database ${name} left behind: ${error.message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
