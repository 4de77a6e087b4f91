// `npm run data:fetch` and the first start without data (DESIGN.md §4): the
// same public openfootball files the project was built on, downloaded from
// their upstream repositories at pinned commits and checked against SHA-256
// sums. Files land in a temporary folder and move into place only when every
// one of them checks out, so a failed fetch leaves nothing half-written.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const OPENFOOTBALL_BASE_URL = 'https://raw.githubusercontent.com/openfootball';

const manifestSchema = z.object({
  repositories: z.record(z.string(), z.string().regex(/^[0-9a-f]{40}$/)),
  files: z.array(z.object({ repository: z.string(), path: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int() })),
});

export type DataManifest = z.infer<typeof manifestSchema>;

export function readManifest(): DataManifest {
  const file = new URL('./openfootball/manifest.json', import.meta.url);
  return manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export interface FetchOptions {
  /** Where `openfootball/` is created (DATA_DIR for later runs). */
  targetDir: string;
  baseUrl?: string;
  manifest?: DataManifest;
  /** Per-request time limit; a network that is not there fails fast. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/** Downloads every manifest file; throws (leaving the target untouched) on any failure. */
export async function fetchOpenfootball(options: FetchOptions): Promise<{ files: number; bytes: number }> {
  const manifest = options.manifest ?? readManifest();
  const baseUrl = (options.baseUrl ?? OPENFOOTBALL_BASE_URL).replace(/\/$/, '');
  const fetchImpl = options.fetchImpl ?? fetch;
  const finalDir = path.join(options.targetDir, 'openfootball');
  const stagingDir = path.join(options.targetDir, `.openfootball-${process.pid}-${Date.now()}`);
  mkdirSync(stagingDir, { recursive: true });
  let bytes = 0;
  try {
    for (const file of manifest.files) {
      const commit = manifest.repositories[file.repository];
      if (!commit) throw new Error(`Manifest names no commit for ${file.repository}`);
      const url = `${baseUrl}/${file.repository}/${commit}/${file.path}`;
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const data = Buffer.from(await response.arrayBuffer());
      if (sha256(data) !== file.sha256) throw new Error(`${url} does not match its checksum`);
      const destination = path.join(stagingDir, file.repository, file.path);
      mkdirSync(path.dirname(destination), { recursive: true });
      writeFileSync(destination, data);
      bytes += data.length;
    }
    if (existsSync(finalDir)) rmSync(finalDir, { recursive: true, force: true });
    renameSync(stagingDir, finalDir);
    return { files: manifest.files.length, bytes };
  } catch (error) {
    rmSync(stagingDir, { recursive: true, force: true });
    throw error;
  }
}
