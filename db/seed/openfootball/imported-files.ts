// Which version of each openfootball file the database holds (issue #19, migration 0006): the importer
// records every file's SHA-256 in the transaction that imports it, so the daily data refresh
// (db/seed/data-refresh.ts) compares upstream's files with what was imported, not with what a folder on
// one machine happens to hold, and imports only the files that differ.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { SeedDb } from '../seed-kit.ts';

export const OPENFOOTBALL_FILES_SOURCE = 'openfootball';

export function sha256Of(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Every file below `root`, as "football.json/2025-26/en.1.json" (forward slashes on every system). */
export function listFilesBelow(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Records the checksums of `files` below `root` as imported now; `'all'` records every file there and
 * forgets files no longer there (a full import read exactly those).
 */
export async function recordImportedFiles(
  db: SeedDb,
  root: string,
  files: readonly string[] | 'all',
  now: string,
): Promise<void> {
  const list = files === 'all' ? listFilesBelow(root) : files;
  if (files === 'all') {
    const kept = new Set(list);
    const stored = await db
      .selectFrom('data_file')
      .select('path')
      .where('source', '=', OPENFOOTBALL_FILES_SOURCE)
      .execute();
    const gone = stored.map((row) => row.path).filter((file) => !kept.has(file));
    for (let index = 0; index < gone.length; index += 200)
      await db
        .deleteFrom('data_file')
        .where('source', '=', OPENFOOTBALL_FILES_SOURCE)
        .where('path', 'in', gone.slice(index, index + 200))
        .execute();
  }
  const rows = list.map((file) => ({
    source: OPENFOOTBALL_FILES_SOURCE,
    path: file,
    sha256: sha256Of(readFileSync(path.join(root, file))),
    imported_at: now,
  }));
  for (let index = 0; index < rows.length; index += 200)
    await db
      .insertInto('data_file')
      .values(rows.slice(index, index + 200))
      .onConflict((oc) =>
        oc.columns(['source', 'path']).doUpdateSet((eb) => ({
          sha256: eb.ref('excluded.sha256'),
          imported_at: eb.ref('excluded.imported_at'),
        })),
      )
      .execute();
}

/** The checksum of every openfootball file as last imported (path → SHA-256); empty before the first import that recorded them. */
export async function readImportedFiles(db: SeedDb): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('data_file')
    .select(['path', 'sha256'])
    .where('source', '=', OPENFOOTBALL_FILES_SOURCE)
    .execute();
  return new Map(rows.map((row) => [row.path, row.sha256]));
}
