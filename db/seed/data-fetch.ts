// `npm run data:fetch` and the first start without data (DESIGN.md §4): the
// same public openfootball files (and, for data:fetch, the Fjelstul World Cup
// CSVs) the project was built on, downloaded from their upstream repositories
// at pinned commits and checked against SHA-256 sums. Files land in a temporary
// folder and move into place only when every one of them checks out, so a
// failed fetch leaves nothing half-written. The daily data refresh (issue #19,
// data-refresh.ts) fetches the same openfootball files as they are upstream now.
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
  const finalDir = path.join(options.targetDir, source.folder);
  const stagingDir = path.join(options.targetDir, `.${source.folder}-${process.pid}-${Date.now()}`);
  mkdirSync(stagingDir, { recursive: true });
  try {
    const { files } = await downloadFiles({
      files: manifest.files,
      url: (file) => {
        const commit = manifest.repositories[file.repository];
        if (!commit) throw new Error(`Manifest names no commit for ${file.repository}`);
        return `${source.baseUrl.replace(/\/$/, '')}/${file.repository}/${commit}/${file.path}`;
      },
      destination: (file) => path.join(stagingDir, source.destination(file)),
      expectedSha256: (file) => file.sha256,
      timeoutMs: options.timeoutMs,
      fetchImpl: options.fetchImpl,
    });
    for (const [name, text] of Object.entries(source.extraFiles)) writeFileSync(path.join(stagingDir, name), text);
    if (existsSync(finalDir)) rmSync(finalDir, { recursive: true, force: true });
    renameSync(stagingDir, finalDir);
    return { files: files.length, bytes: files.reduce((sum, file) => sum + file.bytes, 0) };
  } catch (error) {
    rmSync(stagingDir, { recursive: true, force: true });
    throw error;
  }
}

type ManifestFile = DataManifest['files'][number];

export interface DownloadedFile {
  file: ManifestFile;
  sha256: string;
  bytes: number;
}

/**
 * Downloads `files` one by one to their destinations, each checked against its expected SHA-256 when
 * there is one. Throws on the first failure (a network that is not there fails fast), except that a
 * file the host answers 404 for is listed in `missing` when `allowMissing` says so.
 */
async function downloadFiles(options: {
  files: readonly ManifestFile[];
  url: (file: ManifestFile) => string;
  destination: (file: ManifestFile) => string;
  expectedSha256: (file: ManifestFile) => string | null;
  allowMissing?: boolean;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Stops the download (a process shutting down). */
  signal?: AbortSignal;
}): Promise<{ files: DownloadedFile[]; missing: ManifestFile[] }> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const files: DownloadedFile[] = [];
  const missing: ManifestFile[] = [];
  for (const file of options.files) {
    const url = options.url(file);
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 15_000);
    const response = await fetchImpl(url, { signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout });
    if (response.status === 404 && options.allowMissing) {
      await response.body?.cancel();
      missing.push(file);
      continue;
    }
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const data = Buffer.from(await response.arrayBuffer());
    const checksum = sha256(data);
    const expected = options.expectedSha256(file);
    if (expected !== null && checksum !== expected) throw new Error(`${url} does not match its checksum`);
    const destination = options.destination(file);
    mkdirSync(path.dirname(destination), { recursive: true });
    writeFileSync(destination, data);
    files.push({ file, sha256: checksum, bytes: data.length });
  }
  return { files, missing };
}

/** Where `repository/path` of the manifest lies below the openfootball folder. */
export function openfootballPath(file: ManifestFile): string {
  return `${file.repository}/${file.path}`;
}

/**
 * The data refresh's fetch (issue #19, db/seed/data-refresh.ts): the manifest's openfootball files as they
 * are now upstream, at the branch `ref` rather than the pinned commits, into `dir`/openfootball, each with
 * its SHA-256 to compare with what was imported (upstream's newer files have no checksum known in
 * advance). A file upstream no longer has (404) is listed in `missing`; any other failure throws.
 */
export async function fetchCurrentOpenfootball(options: {
  dir: string;
  baseUrl?: string;
  ref: string;
  manifest?: DataManifest;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}): Promise<{ files: DownloadedFile[]; missing: ManifestFile[] }> {
  const baseUrl = (options.baseUrl ?? OPENFOOTBALL_BASE_URL).replace(/\/$/, '');
  return downloadFiles({
    files: (options.manifest ?? readManifest()).files,
    url: (file) => `${baseUrl}/${file.repository}/${encodeURIComponent(options.ref)}/${file.path}`,
    destination: (file) => path.join(options.dir, 'openfootball', openfootballPath(file)),
    expectedSha256: () => null,
    allowMissing: true,
    timeoutMs: options.timeoutMs,
    fetchImpl: options.fetchImpl,
    signal: options.signal,
  });
}
