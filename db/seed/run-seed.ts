// Runs importers one by one, each in its own transaction: a failing step
// leaves the database exactly as it was before that step, is recorded in
// `import_run`, and makes the whole run fail (the CLI exits non-zero).
import type { DatabaseHandle } from '../client.ts';
import type { SeedStep } from './seed-kit.ts';

export interface SeedResult {
  step: string;
  counts: Record<string, number>;
  ms: number;
}

export class SeedError extends Error {
  constructor(
    readonly step: string,
    cause: unknown,
  ) {
    super(`Import step "${step}" failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'SeedError';
  }
}

export async function runSeed(
  handle: DatabaseHandle,
  steps: readonly SeedStep[],
  options: { dataDir: string; log?: (message: string) => void; now?: () => Date },
): Promise<SeedResult[]> {
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const results: SeedResult[] = [];
  for (const step of steps) {
    const started = performance.now();
    const startedAt = now().toISOString();
    const run = await handle.db
      .insertInto('import_run')
      .values({ step: step.name, started_at: startedAt, status: 'running', summary: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const counts = await handle.db.transaction().execute((trx) =>
        step.run({ db: trx, engine: handle.engine, dataDir: options.dataDir, now: now(), log: (message) => log(`[${step.name}] ${message}`) }),
      );
      await handle.db
        .updateTable('import_run')
        .set({ status: 'succeeded', finished_at: now().toISOString(), summary: JSON.stringify(counts) })
        .where('id', '=', run.id)
        .execute();
      const ms = Math.round(performance.now() - started);
      log(`[${step.name}] done in ${ms} ms: ${JSON.stringify(counts)}`);
      results.push({ step: step.name, counts, ms });
    } catch (error) {
      await handle.db
        .updateTable('import_run')
        .set({ status: 'failed', finished_at: now().toISOString(), summary: error instanceof Error ? error.message : String(error) })
        .where('id', '=', run.id)
        .execute();
      throw new SeedError(step.name, error);
    }
  }
  return results;
}
