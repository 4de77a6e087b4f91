// data:fetch of the Wyscout set against a local stand-in for the upstream host (no
// internet in tests): the stand-in serves the upstream form of a few shipped files
// (plain JSON, and the match records inside a zip archive built here), and the
// fetched folder must be what the wyscout seed step reads.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../data-fetch.ts';
import { fetchWyscout, readWyscoutManifest, readZipEntries, type WyscoutManifest } from './wyscout-fetch.ts';
import {
  WYSCOUT_COMPETITIONS,
  readWyscoutMatchFile,
  readWyscoutMatches,
  readWyscoutTeams,
  wyscoutDir,
} from './wyscout-files.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const shipped = wyscoutDir(DATA_DIR);
const hasData = existsSync(shipped);
const suite = hasData ? describe : describe.skip;

/** A zip archive (deflated entries) as upstream's raw_data/matches.zip is. */
function zipOf(entries: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const compressed = deflateRawSync(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, compressed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const unzipShipped = (file: string) => gunzipSync(readFileSync(path.join(shipped, file)));

suite('fetchWyscout', () => {
  const manifest = hasData ? readWyscoutManifest() : ({ repository: '', commit: '', files: [] } as WyscoutManifest);
  // A small manifest: teams, the three match files and the first events file of each competition.
  const small: WyscoutManifest = {
    ...manifest,
    files: [
      ...manifest.files.filter((file) => !file.path.startsWith('events/')),
      ...WYSCOUT_COMPETITIONS.map((competition) => {
        const file = manifest.files.find((candidate) => candidate.path.startsWith(`events/${competition.key}/`));
        if (!file) throw new Error(`no events of ${competition.key} in the manifest`);
        return file;
      }),
    ],
  };
  let server: Server;
  let baseUrl: string;
  const requests: string[] = [];

  beforeAll(async () => {
    // Upstream form: each source path → its bytes (matches.zip holds the three match files).
    const upstream = new Map<string, Buffer>();
    const zipEntries: Record<string, Buffer> = {};
    for (const file of small.files) {
      if (file.zipEntry) zipEntries[file.zipEntry] = unzipShipped(file.path);
      else upstream.set(file.source, unzipShipped(file.path));
    }
    upstream.set('raw_data/matches.zip', zipOf(zipEntries));
    const prefix = `/${manifest.repository}/${manifest.commit}/`;
    server = createServer((request, response) => {
      const url = request.url ?? '';
      requests.push(url);
      const body = url.startsWith(prefix) ? upstream.get(url.slice(prefix.length)) : undefined;
      if (!body) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('pins one file per shipped file: 495 matches of events, teams and three match files, each checksum the shipped content', () => {
    expect(manifest.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(manifest.files.filter((file) => file.path.startsWith('events/'))).toHaveLength(495);
    expect(new Set(manifest.files.map((file) => file.path)).size).toBe(manifest.files.length);
    const shippedEvents = WYSCOUT_COMPETITIONS.flatMap((competition) =>
      readdirSync(path.join(shipped, 'events', competition.key)).map((name) => `events/${competition.key}/${name}`),
    );
    expect(
      manifest.files
        .filter((file) => file.path.startsWith('events/'))
        .map((file) => file.path)
        .sort(),
    ).toEqual(shippedEvents.sort());
    for (const file of manifest.files) {
      const content = unzipShipped(file.path);
      expect(content.length, file.path).toBe(file.bytes);
      expect(sha256(content), file.path).toBe(file.sha256);
    }
  });

  it('downloads, checks and gzips each file into wyscout/, in the layout the seed step reads', async () => {
    const target = mkdtempSync(path.join(tmpdir(), 'scoreline-wyscout-fetch-'));
    const result = await fetchWyscout({ targetDir: target, baseUrl, wyscoutManifest: small });
    expect(result.files).toBe(small.files.length);
    const fetched = wyscoutDir(target);
    for (const file of small.files) {
      expect(gunzipSync(readFileSync(path.join(fetched, file.path))).equals(unzipShipped(file.path)), file.path).toBe(
        true,
      );
    }
    expect(readFileSync(path.join(fetched, 'NOTICE.md'), 'utf8')).toContain('Licensed CC BY 4.0');
    // What the importer reads: teams, match records and an events file.
    expect(readWyscoutTeams(fetched).length).toBe(readWyscoutTeams(shipped).length);
    for (const competition of WYSCOUT_COMPETITIONS)
      expect(readWyscoutMatches(fetched, competition)).toHaveLength(competition.expectedMatches);
    const [euro] = WYSCOUT_COMPETITIONS.filter((competition) => competition.key === 'euro-2016');
    const firstEuro = small.files.find((file) => file.path.startsWith('events/euro-2016/'));
    if (!euro || !firstEuro) throw new Error('fixture');
    const matchId = Number(path.basename(firstEuro.path).split('.')[0]);
    expect(readWyscoutMatchFile(fetched, euro, matchId).events.length).toBeGreaterThan(1000);
    // matches.zip is downloaded once for its three entries.
    expect(requests.filter((url) => url.endsWith('/raw_data/matches.zip'))).toHaveLength(1);
    rmSync(target, { recursive: true, force: true });
  });

  it('leaves the folder there was as it was when a file fails its checksum', async () => {
    const target = mkdtempSync(path.join(tmpdir(), 'scoreline-wyscout-fetch-'));
    mkdirSync(path.join(target, 'wyscout'));
    writeFileSync(path.join(target, 'wyscout', 'keep.txt'), 'earlier copy');
    const broken: WyscoutManifest = {
      ...small,
      files: small.files.map((file, index) =>
        index === small.files.length - 1 ? { ...file, sha256: '0'.repeat(64) } : file,
      ),
    };
    await expect(fetchWyscout({ targetDir: target, baseUrl, wyscoutManifest: broken })).rejects.toThrow(
      /does not match its checksum/,
    );
    expect(readdirSync(target)).toEqual(['wyscout']);
    expect(readdirSync(path.join(target, 'wyscout'))).toEqual(['keep.txt']);
    rmSync(target, { recursive: true, force: true });
  });

  it('names the missing upstream file and the missing zip entry', async () => {
    const target = mkdtempSync(path.join(tmpdir(), 'scoreline-wyscout-fetch-'));
    const [first] = small.files;
    if (!first) throw new Error('fixture');
    const missing: WyscoutManifest = {
      ...small,
      files: [{ ...first, source: 'processed/files/1.json', zipEntry: undefined }],
    };
    await expect(fetchWyscout({ targetDir: target, baseUrl, wyscoutManifest: missing })).rejects.toThrow(
      /processed\/files\/1\.json answered 404/,
    );
    const zipped = small.files.find((file) => file.zipEntry !== undefined);
    if (!zipped) throw new Error('fixture');
    const wrongEntry: WyscoutManifest = { ...small, files: [{ ...zipped, zipEntry: 'matches_Italy.json' }] };
    await expect(fetchWyscout({ targetDir: target, baseUrl, wyscoutManifest: wrongEntry })).rejects.toThrow(
      /has no entry matches_Italy\.json \(it has matches_/,
    );
    expect(readdirSync(target)).toEqual([]);
    rmSync(target, { recursive: true, force: true });
  });

  it('fails fast with a clear message when the host cannot be reached', async () => {
    const target = mkdtempSync(path.join(tmpdir(), 'scoreline-wyscout-fetch-'));
    await expect(
      fetchWyscout({ targetDir: target, baseUrl: 'http://127.0.0.1:1', wyscoutManifest: small, timeoutMs: 2000 }),
    ).rejects.toThrow(/could not download http:\/\/127\.0\.0\.1:1\/.* is the network there\?/);
    expect(readdirSync(target)).toEqual([]);
    rmSync(target, { recursive: true, force: true });
  });
});

describe('readZipEntries', () => {
  it('reads deflated entries and refuses a corrupt one or a file that is no archive', () => {
    const data = Buffer.from('{"a": 1}');
    const archive = zipOf({ 'one.json': data, 'two.json': Buffer.from('[]') });
    const entries = readZipEntries(archive);
    expect([...entries.keys()]).toEqual(['one.json', 'two.json']);
    expect(entries.get('one.json')?.toString()).toBe('{"a": 1}');
    const corrupt = Buffer.from(archive);
    // The CRC-32 the central directory records for one.json no longer matches its content.
    const centralStart = corrupt.readUInt32LE(corrupt.length - 22 + 16);
    corrupt.writeUInt32LE((crc32(data) + 1) >>> 0, centralStart + 16);
    expect(() => readZipEntries(corrupt)).toThrow(/one\.json is corrupt/);
    expect(() => readZipEntries(Buffer.from('not a zip at all, just text that is long enough'))).toThrow(
      /not a zip archive/,
    );
  });
});
