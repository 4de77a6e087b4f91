// The PostgreSQL handle survives the server ending its idle connections (a restart, a failover):
// no uncaught exception (Vitest fails a run on one), and the next query opens a fresh connection.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, createTestDatabase, type TestDatabase } from '../tests/helpers/test-database.ts';
import { sql } from 'kysely';

describe.skipIf(!TEST_POSTGRES_URL)('the PostgreSQL handle', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrate: false });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('keeps working after the server ends its idle connections', async () => {
    await database.handle.ping();
    const name = new URL(database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    try {
      const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Give the pool the time to hear of it, then use it again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await sql<{ one: number }>`select 1 as one`.execute(database.handle.db);
    expect(row.rows[0]?.one).toBe(1);
  });
});
