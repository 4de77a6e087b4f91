// Migration 0007 on a database that already has pages: each keeps what it says
// and starts its history with it, and stays public as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { MIGRATIONS } from '../migrate.ts';
import { cmsPagesMigration } from './0007-cms-pages.ts';

describe.each(TEST_ENGINES)('migration 0007 on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrate: false });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('gives existing pages their first revision', async () => {
    const { db } = database.handle;
    for (const migration of MIGRATIONS) {
      if (migration === cmsPagesMigration) break;
      await migration.up(db, engine);
    }
    const updatedAt = '2025-03-01T10:00:00.000Z';
    await db
      .insertInto('page')
      .values({ slug: 'old-page', title: 'Old page', description: 'From before', body: 'Old text', published: 1, updated_at: updatedAt })
      .execute();
    await cmsPagesMigration.up(db, engine);

    const page = await db.selectFrom('page').select(['id', 'revision', 'publish_at', 'created_at']).executeTakeFirstOrThrow();
    expect(Number(page.revision)).toBe(1);
    expect(page.publish_at).toBeNull();
    expect(new Date(page.created_at ?? 0).toISOString()).toBe(updatedAt);
    const revisions = await db.selectFrom('page_revision').selectAll().execute();
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ number: 1, title: 'Old page', description: 'From before', body: 'Old text', created_by: null });
    expect(Number(revisions[0]?.page_id)).toBe(Number(page.id));
  });
});
