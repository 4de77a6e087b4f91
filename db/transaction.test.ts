import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, createTestDatabase, type TestDatabase } from '../tests/helpers/test-database.ts';
import { AfterCommitError, afterCommit, inTransaction } from './transaction.ts';

describe.each(TEST_ENGINES)('inTransaction on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const count = async () =>
    Number((await database.handle.db.selectFrom('contact_message').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const insert = (db: Parameters<Parameters<typeof inTransaction>[1]>[0]) =>
    db
      .insertInto('contact_message')
      .values({ name: 'A', email: 'a@example.com', topic: 'general', message: 'Hello there, world', created_at: new Date().toISOString() })
      .execute();

  it('runs after-commit work once the rows are committed, and sees them', async () => {
    const seen: number[] = [];
    let inside = -1;
    await inTransaction(database.handle.db, async (trx) => {
      await insert(trx);
      afterCommit(trx, () => void seen.push(1));
      inside = seen.length;
    });
    expect(inside).toBe(0);
    expect(seen).toEqual([1]);
    expect(await count()).toBe(1);
  });

  it('never runs it when the transaction rolls back', async () => {
    const seen: number[] = [];
    await expect(
      inTransaction(database.handle.db, async (trx) => {
        await insert(trx);
        afterCommit(trx, () => void seen.push(1));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
    expect(await count()).toBe(1);
  });

  it('runs every callback even when one throws, then says the commit happened', async () => {
    const seen: number[] = [];
    const outcome = inTransaction(database.handle.db, async (trx) => {
      afterCommit(trx, () => {
        throw new Error('announce failed');
      });
      afterCommit(trx, () => void seen.push(2));
    });
    await expect(outcome).rejects.toBeInstanceOf(AfterCommitError);
    expect(seen).toEqual([2]);
  });

  it('refuses after-commit work on a transaction it did not open', async () => {
    await expect(
      database.handle.db.transaction().execute(async (trx) => {
        afterCommit(trx, () => undefined);
      }),
    ).rejects.toThrow(/inTransaction/);
  });
});
