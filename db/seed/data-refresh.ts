// The data refresh (issue #19, docs/decisions/017-data-refresh.md): the openfootball files as they are
// upstream now, compared by SHA-256 with the versions the database holds (imported-files.ts), and only the
// competition-seasons and squads whose files changed imported again — with the steps that follow every
// openfootball import (point adjustments, team names and codes) — in one transaction: a refresh imports
// everything it found or nothing. Every attempt is an `import_run` row (step `data-refresh`), which is what
// /api/health reports and what drops the caches of finished tables and the search index.
// Without a network the fetch fails before anything is written; nothing changes.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../client.ts';
import { toIsoString } from '../client.ts';
import { adjustmentsStep } from './adjustments/adjustments-step.ts';
import { fetchCurrentOpenfootball, openfootballPath, readManifest, type DataManifest } from './data-fetch.ts';
import { readImportedFiles, recordImportedFiles, sha256Of } from './openfootball/imported-files.ts';
import { importOpenfootball, openfootballStep } from './openfootball/openfootball-step.ts';
import { importScopeOf } from './openfootball/sources.ts';
import type { SeedContext, SeedDb } from './seed-kit.ts';
import { teamIdentityStep } from './team-identity/team-identity-step.ts';

export const DATA_REFRESH_STEP = 'data-refresh';
/** The branch every openfootball repository publishes on. */
export const OPENFOOTBALL_BRANCH = 'master';
/** An import that started this long ago and never finished was cut short (a crash), not running. */
const RUNNING_FOR_AT_MOST_MS = 60 * 60 * 1000;

export type DataRefreshResult =
  | { outcome: 'unchanged'; files: number }
  | { outcome: 'imported'; files: number; changed: string[]; counts: Record<string, number> }
  | { outcome: 'failed'; stage: 'fetch' | 'import'; error: string }
  /**
   * Another import (a first start's) is running, or none has run: a refresh updates a database that was seeded
   * (by a first start, `npm run db:seed`, or the synthetic season), it never seeds one (AUTO_SEED=0 means no).
   * Nothing was tried, nothing recorded.
   */
  | { outcome: 'busy' }
  /** `signal` stopped the fetch (the process is shutting down): nothing changed, nothing recorded. */
  | { outcome: 'stopped' };

export interface DataRefreshOptions {
  /** Serves `<repository>/<ref>/<path>` as https://raw.githubusercontent.com/openfootball does (a mirror, or a test's server). */
  baseUrl?: string;
  ref?: string;
  /** DATA_DIR: a file upstream no longer has is taken from here when it is the version imported. */
  fallbackDir?: string;
  manifest?: DataManifest;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Stops the fetch; an import already under way finishes (it is short, and all or nothing anyway). */
  signal?: AbortSignal;
  now?: () => Date;
  log?: (message: string) => void;
}

/** What a data refresh reports once it has run (for /api/health). */
export interface DataRefreshStatus {
  /** When a refresh last completed: the data was then what upstream had. Null: never. */
  refreshedAt: string | null;
  lastAttempt: { at: string; outcome: 'imported' | 'unchanged' | 'failed' } | null;
}

export async function refreshOpenfootball(
  handle: DatabaseHandle,
  options: DataRefreshOptions = {},
): Promise<DataRefreshResult> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const { db } = handle;
  const seeded = await db.selectFrom('competition').select('id').limit(1).executeTakeFirst();
  if (!seeded || (await isImportRunning(db, now()))) return { outcome: 'busy' };
  const startedAt = now().toISOString();
  const manifest = options.manifest ?? readManifest();
  const dir = mkdtempSync(path.join(tmpdir(), 'scoreline-data-refresh-'));
  const root = path.join(dir, 'openfootball');
  const record = async (status: 'succeeded' | 'failed', summary: Record<string, unknown>) => {
    await db
      .insertInto('import_run')
      .values({
        step: DATA_REFRESH_STEP,
        started_at: startedAt,
        finished_at: now().toISOString(),
        status,
        summary: JSON.stringify(summary),
      })
      .execute();
  };
  try {
    let fetched: Awaited<ReturnType<typeof fetchCurrentOpenfootball>>;
    try {
      fetched = await fetchCurrentOpenfootball({
        dir,
        baseUrl: options.baseUrl,
        ref: options.ref ?? OPENFOOTBALL_BRANCH,
        manifest,
        timeoutMs: options.timeoutMs,
        fetchImpl: options.fetchImpl,
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) return { outcome: 'stopped' };
      const message = describeFetchError(error);
      await record('failed', { outcome: 'failed', stage: 'fetch', error: message });
      return { outcome: 'failed', stage: 'fetch', error: message };
    }

    const imported = await importedChecksums(db, manifest);
    const current = new Map(fetched.files.map((file) => [openfootballPath(file.file), file.sha256]));
    // A file upstream no longer has: the copy in DATA_DIR will do when it is the version imported; else nothing
    // can be imported safely (an importer missing the clubs directory would make every club anew).
    for (const file of fetched.missing) {
      const name = openfootballPath(file);
      const copy = options.fallbackDir ? path.join(options.fallbackDir, 'openfootball', name) : null;
      if (copy && existsSync(copy) && sha256Of(readFileSync(copy)) === imported.get(name)) {
        mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        copyFileSync(copy, path.join(root, name));
        current.set(name, imported.get(name) ?? '');
        continue;
      }
      const message = `upstream no longer has ${name}, and there is no copy of the version imported; nothing imported`;
      await record('failed', { outcome: 'failed', stage: 'fetch', error: message });
      return { outcome: 'failed', stage: 'fetch', error: message };
    }

    const changed = [...current].filter(([name, sha]) => imported.get(name) !== sha).map(([name]) => name);
    if (changed.length === 0) {
      await record('succeeded', { outcome: 'unchanged', files: current.size });
      return { outcome: 'unchanged', files: current.size };
    }
    const scope = importScopeOf(changed);
    log(
      `${changed.length} of ${current.size} files changed upstream (${scope.kind === 'all' ? 'a full import' : scope.kind === 'none' ? 'nothing to import' : `${scope.files.size} to import`})`,
    );
    let counts: Record<string, number> = {};
    try {
      await db.transaction().execute(async (trx) => {
        const context: SeedContext = { db: trx, engine: handle.engine, dataDir: dir, now: now(), log };
        if (scope.kind !== 'none') {
          counts = await importOpenfootball(context, scope.kind === 'files' ? { only: scope.files } : {});
          await adjustmentsStep.run(context);
          await teamIdentityStep.run(context);
        }
        // Every file, not only the changed ones: the record then stands on its own (see importedChecksums).
        await recordImportedFiles(trx, root, [...current.keys()], now().toISOString());
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await record('failed', { outcome: 'failed', stage: 'import', error: message, changed });
      return { outcome: 'failed', stage: 'import', error: message };
    }
    if (scope.kind === 'none') {
      await record('succeeded', { outcome: 'unchanged', files: current.size, changed });
      return { outcome: 'unchanged', files: current.size };
    }
    await record('succeeded', { outcome: 'imported', files: current.size, changed, counts });
    return { outcome: 'imported', files: current.size, changed, counts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What each file was when imported: the importer's record; for a database imported before it kept one
 * (migration 0006), the pinned manifest's checksums — the shipped files and `npm run data:fetch` are those —
 * when openfootball was imported at all; nothing (so everything is new) for a synthetic season.
 */
async function importedChecksums(db: SeedDb, manifest: DataManifest): Promise<Map<string, string>> {
  const recorded = await readImportedFiles(db);
  if (recorded.size > 0) return recorded;
  const seeded = await db
    .selectFrom('import_run')
    .select('id')
    .where('step', '=', openfootballStep.name)
    .where('status', '=', 'succeeded')
    .limit(1)
    .executeTakeFirst();
  if (!seeded) return new Map();
  return new Map(manifest.files.map((file) => [openfootballPath(file), file.sha256]));
}

async function isImportRunning(db: SeedDb, now: Date): Promise<boolean> {
  const running = await db
    .selectFrom('import_run')
    .select('id')
    .where('status', '=', 'running')
    .where('started_at', '>', new Date(now.getTime() - RUNNING_FOR_AT_MOST_MS).toISOString())
    .limit(1)
    .executeTakeFirst();
  return running !== undefined;
}

/** The message and, for a network failure ("fetch failed"), what lies under it. */
function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && !error.message.includes(cause) ? `${error.message} (${cause})` : error.message;
}

/** The last data refresh and the last one that completed, from `import_run`. */
export async function readDataRefreshStatus(db: SeedDb): Promise<DataRefreshStatus> {
  const latest = (succeededOnly: boolean) => {
    let query = db
      .selectFrom('import_run')
      .select(['finished_at', 'status', 'summary'])
      .where('step', '=', DATA_REFRESH_STEP)
      .where('finished_at', 'is not', null);
    if (succeededOnly) query = query.where('status', '=', 'succeeded');
    return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
  };
  const [last, succeeded] = await Promise.all([latest(false), latest(true)]);
  const outcomeOf = (row: NonNullable<typeof last>): 'imported' | 'unchanged' | 'failed' => {
    if (row.status !== 'succeeded') return 'failed';
    try {
      return (JSON.parse(row.summary ?? '{}') as { outcome?: string }).outcome === 'imported'
        ? 'imported'
        : 'unchanged';
    } catch {
      return 'unchanged';
    }
  };
  return {
    refreshedAt: succeeded?.finished_at ? toIsoString(succeeded.finished_at) : null,
    lastAttempt: last?.finished_at ? { at: toIsoString(last.finished_at), outcome: outcomeOf(last) } : null,
  };
}
