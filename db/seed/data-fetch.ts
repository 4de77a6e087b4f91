// `npm run data:fetch` and the first start without data (DESIGN.md §4): the
// same public openfootball files (and, for data:fetch, the Fjelstul World Cup
// CSVs) the project was built on, downloaded from their upstream repositories
// at pinned commits and checked against SHA-256 sums. Files land in a temporary
// folder and move into place only when every one of them checks out, so a
// failed fetch leaves nothing half-written.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const OPENFOOTBALL_BASE_URL = 'https://raw.githubusercontent.com/openfootball';
export const FJELSTUL_BASE_URL = 'https://raw.githubusercontent.com/jfjelstul';

const manifestSchema = z.object({
  repositories: z.record(z.string(), z.string().regex(/^[0-9a-f]{40}$/)),
  files: z.array(z.object({ repository: z.string(), path: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int() })),
});

export type DataManifest = z.infer<typeof manifestSchema>;

export function readManifest(): DataManifest {
  const file = new URL('./openfootball/manifest.json', import.meta.url);
  return manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The Fjelstul CSVs at the commit NOTICE.md names (repository jfjelstul/worldcup). */
export function readFjelstulManifest(): DataManifest {
  const file = new URL('./fjelstul/manifest.json', import.meta.url);
  return manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export interface FetchOptions {
  /** Where the source's folder (`openfootball/`, `fjelstul-worldcup/`) is created (DATA_DIR for later runs). */
  targetDir: string;
  baseUrl?: string;
  manifest?: DataManifest;
  /** Per-request time limit; a network that is not there fails fast. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/** Downloads every manifest file; throws (leaving the target untouched) on any failure. */
export async function fetchOpenfootball(options: FetchOptions): Promise<{ files: number; bytes: number }> {
  return fetchPinnedFiles(options, {
    folder: 'openfootball',
    manifest: options.manifest ?? readManifest(),
    baseUrl: options.baseUrl ?? OPENFOOTBALL_BASE_URL,
    destination: (file) => path.join(file.repository, file.path),
    extraFiles: {},
  });
}

/**
 * The Fjelstul World Cup CSVs into `fjelstul-worldcup/data-csv/`, where the
 * fjelstul seed step reads them, with a NOTICE.md carrying the attribution its
 * CC BY-SA 4.0 licence requires wherever the files go.
 */
export async function fetchFjelstul(options: FetchOptions): Promise<{ files: number; bytes: number }> {
  const manifest = options.manifest ?? readFjelstulManifest();
  const commits = Object.entries(manifest.repositories)
    .map(([repository, commit]) => `jfjelstul/${repository}@${commit}`)
    .join(', ');
  return fetchPinnedFiles(options, {
    folder: 'fjelstul-worldcup',
    manifest,
    baseUrl: options.baseUrl ?? FJELSTUL_BASE_URL,
    destination: (file) => file.path,
    extraFiles: {
      'NOTICE.md':
        '# Fjelstul World Cup Database (fetched by `npm run data:fetch`)\n\n' +
        `Source: https://www.github.com/jfjelstul/worldcup, ${commits}, unmodified.\n\n` +
        'The Fjelstul World Cup Database, © 2022 Joshua C. Fjelstul, Ph.D., https://www.github.com/jfjelstul/worldcup,\n' +
        'licensed under CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/legalcode).\n',
    },
  });
}

interface PinnedSource {
  /** The folder under the target directory (the seed step's SOURCE_FOLDERS entry). */
  folder: string;
  manifest: DataManifest;
  baseUrl: string;
  /** Where a manifest file goes inside `folder`. */
  destination: (file: DataManifest['files'][number]) => string;
  /** Files written beside the fetched ones (name → text). */
  extraFiles: Record<string, string>;
}

async function fetchPinnedFiles(
  options: FetchOptions,
  source: PinnedSource,
): Promise<{ files: number; bytes: number }> {
  const { manifest } = source;
  const baseUrl = source.baseUrl.replace(/\/$/, '');
  const fetchImpl = options.fetchImpl ?? fetch;
  const finalDir = path.join(options.targetDir, source.folder);
  const stagingDir = path.join(options.targetDir, `.${source.folder}-${process.pid}-${Date.now()}`);
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
      const destination = path.join(stagingDir, source.destination(file));
      mkdirSync(path.dirname(destination), { recursive: true });
      writeFileSync(destination, data);
      bytes += data.length;
    }
    for (const [name, text] of Object.entries(source.extraFiles)) writeFileSync(path.join(stagingDir, name), text);
    if (existsSync(finalDir)) rmSync(finalDir, { recursive: true, force: true });
    renameSync(stagingDir, finalDir);
    return { files: manifest.files.length, bytes };
  } catch (error) {
    rmSync(stagingDir, { recursive: true, force: true });
    throw error;
  }
}
