// `npm run data:fetch` for the Wyscout set (../shared/data/wyscout/NOTICE.md): the
// per-match event files, teams.json and the three competitions' match records from
// the public mirror koenvo/wyscout-soccer-match-event-dataset at a pinned commit,
// written in the layout the wyscout seed step reads (gzip JSON). Every file is
// checked against manifest.json (SHA-256 of the content as the importer reads it),
// lands in a temporary folder, and the `wyscout/` folder is replaced only when all of
// them check out: a failed or interrupted fetch leaves nothing half-written.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, gzipSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { sha256, type FetchOptions } from '../data-fetch.ts';

export const WYSCOUT_BASE_URL = 'https://raw.githubusercontent.com';

const wyscoutManifestSchema = z.object({
  repository: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  files: z
    .array(
      z.object({
        /** Where the file goes under `wyscout/` (gzip-compressed). */
        path: z.string().regex(/^[\w./-]+\.json\.gz$/),
        /** The upstream file it comes from, at `commit`. */
        source: z.string().min(1),
        /** For a zip archive upstream: the entry holding this file. */
        zipEntry: z.string().optional(),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        bytes: z.number().int().positive(),
      }),
    )
    .min(1),
});

export type WyscoutManifest = z.infer<typeof wyscoutManifestSchema>;

export function readWyscoutManifest(): WyscoutManifest {
  return wyscoutManifestSchema.parse(JSON.parse(readFileSync(new URL('./manifest.json', import.meta.url), 'utf8')));
}

const ATTRIBUTION =
  '# Wyscout public soccer-logs (fetched by `npm run data:fetch`)\n\n' +
  'Match event data: Pappalardo, L., Massucco, E. (2019) Soccer match event dataset, figshare,\n' +
  'https://doi.org/10.6084/m9.figshare.c.4415000 — described in Pappalardo et al., A public data set of\n' +
  'spatio-temporal match events in soccer competitions, Scientific Data 6, 236 (2019),\n' +
  'https://doi.org/10.1038/s41597-019-0247-7. Data collected by Wyscout. Licensed CC BY 4.0.\n';

/** Downloads a few files at a time: the set is ~500 files, ~250 MB before compression. */
const PARALLEL_DOWNLOADS = 6;

/**
 * The entries of a zip archive (stored or deflated), each checked against its CRC-32.
 * Enough for the one archive upstream ships (raw_data/matches.zip); no zip64.
 */
export function readZipEntries(archive: Buffer): Map<string, Buffer> {
  const endSignature = 0x06054b50;
  let end = -1;
  for (let at = archive.length - 22; at >= Math.max(0, archive.length - 22 - 0xffff); at -= 1) {
    if (archive.readUInt32LE(at) === endSignature) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive (no end of central directory)');
  const count = archive.readUInt16LE(end + 10);
  let entry = archive.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    if (archive.readUInt32LE(entry) !== 0x02014b50) throw new Error(`zip: broken central directory entry ${index}`);
    const method = archive.readUInt16LE(entry + 10);
    const crc = archive.readUInt32LE(entry + 16);
    const compressedSize = archive.readUInt32LE(entry + 20);
    const size = archive.readUInt32LE(entry + 24);
    const nameLength = archive.readUInt16LE(entry + 28);
    const extraLength = archive.readUInt16LE(entry + 30);
    const commentLength = archive.readUInt16LE(entry + 32);
    const localHeader = archive.readUInt32LE(entry + 42);
    const name = archive.subarray(entry + 46, entry + 46 + nameLength).toString('utf8');
    entry += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (archive.readUInt32LE(localHeader) !== 0x04034b50) throw new Error(`zip: ${name}: broken local header`);
    const dataStart =
      localHeader + 30 + archive.readUInt16LE(localHeader + 26) + archive.readUInt16LE(localHeader + 28);
    const raw = archive.subarray(dataStart, dataStart + compressedSize);
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) data = inflateRawSync(raw);
    else throw new Error(`zip: ${name}: compression method ${method} is not supported`);
    if (data.length !== size || crc32(data) !== crc)
      throw new Error(`zip: ${name} is corrupt (size or CRC-32 differs)`);
    entries.set(name, data);
  }
  return entries;
}

/**
 * The Wyscout set into `<targetDir>/wyscout/`. Throws (leaving any existing folder
 * as it was) when a download fails, the network is not there, or a file does not
 * match its checksum.
 */
export async function fetchWyscout(
  options: FetchOptions & { wyscoutManifest?: WyscoutManifest },
): Promise<{ files: number; bytes: number }> {
  const manifest = options.wyscoutManifest ?? readWyscoutManifest();
  const baseUrl = (options.baseUrl ?? WYSCOUT_BASE_URL).replace(/\/$/, '');
  const fetchImpl = options.fetchImpl ?? fetch;
  const finalDir = path.join(options.targetDir, 'wyscout');
  const stagingDir = path.join(options.targetDir, `.wyscout-${process.pid}-${Date.now()}`);
  const upstream = new Map<string, Promise<Buffer>>();

  /** One upstream file, downloaded once however many outputs read it. */
  const download = (source: string): Promise<Buffer> => {
    const known = upstream.get(source);
    if (known) return known;
    const url = `${baseUrl}/${manifest.repository}/${manifest.commit}/${source}`;
    const pending = (async () => {
      let response: Response;
      try {
        response = await fetchImpl(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
      } catch (error) {
        const cause =
          error instanceof Error && error.cause instanceof Error
            ? error.cause.message
            : error instanceof Error
              ? error.message
              : String(error);
        throw new Error(`could not download ${url} (${cause}); is the network there?`, { cause: error });
      }
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    })();
    upstream.set(source, pending);
    return pending;
  };

  mkdirSync(stagingDir, { recursive: true });
  let bytes = 0;
  try {
    const queue = [...manifest.files];
    let failed = false;
    const worker = async () => {
      for (let file = queue.shift(); file && !failed; file = queue.shift()) {
        const fetched = await download(file.source);
        let content = fetched;
        if (file.zipEntry !== undefined) {
          const entries = readZipEntries(fetched);
          const found = entries.get(file.zipEntry);
          if (!found)
            throw new Error(`${file.source} has no entry ${file.zipEntry} (it has ${[...entries.keys()].join(', ')})`);
          content = found;
        }
        if (content.length !== file.bytes || sha256(content) !== file.sha256) {
          throw new Error(`${file.source}${file.zipEntry ? ` (${file.zipEntry})` : ''} does not match its checksum`);
        }
        const destination = path.join(stagingDir, file.path);
        mkdirSync(path.dirname(destination), { recursive: true });
        const compressed = gzipSync(content);
        writeFileSync(destination, compressed);
        bytes += compressed.length;
        // Each upstream event file is read once: let it go.
        if (file.zipEntry === undefined) upstream.delete(file.source);
      }
    };
    // Every worker stops at its next file once one fails; wait for all before cleaning up.
    const outcomes = await Promise.allSettled(
      Array.from({ length: PARALLEL_DOWNLOADS }, () =>
        worker().catch((error: unknown) => {
          failed = true;
          throw error;
        }),
      ),
    );
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    writeFileSync(
      path.join(stagingDir, 'NOTICE.md'),
      `${ATTRIBUTION}\nSource: https://github.com/${manifest.repository} at ${manifest.commit} (processed/files, raw_data), ` +
        'each file gzip-compressed, its content unchanged.\n',
    );
    if (existsSync(finalDir)) rmSync(finalDir, { recursive: true, force: true });
    renameSync(stagingDir, finalDir);
    return { files: manifest.files.length, bytes };
  } catch (error) {
    rmSync(stagingDir, { recursive: true, force: true });
    throw error;
  }
}
