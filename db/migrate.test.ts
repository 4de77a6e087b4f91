import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, createTestDatabase, type TestDatabase } from '../tests/helpers/test-database.ts';
import { MIGRATIONS, migrateToLatest } from './migrate.ts';

describe.each(TEST_ENGINES)('migrations on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrate: false });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('applies every migration once, then nothing on a second run', async () => {
    expect(await migrateToLatest(database.handle)).toEqual(MIGRATIONS.map((migration) => migration.name));
    expect(await migrateToLatest(database.handle)).toEqual([]);
    const tables = (await database.handle.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(['contact_message', 'page']));
  });
});
