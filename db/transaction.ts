// Transactions that can run code after they commit (issue #18). The live
// module announces new event-log rows on the bus only once the rows are
// committed — announced earlier, another node could read the log before the
// rows are there and move past them. A caller opens the transaction with
// `inTransaction`, anyone it passes the transaction to registers work with
// `afterCommit`, and that work runs only when the commit succeeded.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

const pending = new WeakMap<Transaction<Database>, Array<() => void>>();

/** Thrown when after-commit work failed: the transaction itself did commit. */
export class AfterCommitError extends AggregateError {
  constructor(errors: unknown[]) {
    super(errors, 'The transaction committed, but work registered to run after it failed');
    this.name = 'AfterCommitError';
  }
}

export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const callbacks: Array<() => void> = [];
  const result = await db.transaction().execute(async (trx) => {
    pending.set(trx, callbacks);
    return work(trx);
  });
  const errors: unknown[] = [];
  for (const callback of callbacks) {
    try {
      callback();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AfterCommitError(errors);
  return result;
}

/** Runs `callback` once `trx` has committed; never if it rolls back. `trx` must come from inTransaction. */
export function afterCommit(trx: Transaction<Database>, callback: () => void): void {
  const callbacks = pending.get(trx);
  if (!callbacks) throw new Error('afterCommit needs a transaction opened with inTransaction (db/transaction.ts)');
  callbacks.push(callback);
}
