// data:fetch of the Fjelstul CSVs against a local stand-in for
// raw.githubusercontent.com (no internet in tests), serving the shipped files.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableSteps } from '../auto-seed.ts';
import { fetchFjelstul, readFjelstulManifest, sha256, type DataManifest } from '../data-fetch.ts';
import { FJELSTUL_FILES, readFjelstulData } from './fjelstul-files.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const SHIPPED = path.join(DATA_DIR, 'fjelstul-worldcup');
const suite = existsSync(SHIPPED) ? describe : describe.skip;

suite('fetchFjelstul (shipped files served locally)', () => {
  let server: Server;
  let baseUrl: string;
  const requested: string[] = [];
  const targets: string[] = [];
  const target = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'scoreline-fjelstul-fetch-'));
    targets.push(dir);
    return dir;
  };

  beforeAll(async () => {
    const manifest = readFjelstulManifest();
    server = createServer((request, response) => {
      const url = request.url ?? '';
      requested.push(url);
      // /<repository>/<commit>/<path>, as raw.githubusercontent.com/jfjelstul serves it.
      const [, repository = '', commit = '', ...rest] = url.split('/');
      const file = path.join(SHIPPED, ...rest);
      if (manifest.repositories[repository] !== commit || !existsSync(file)) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200).end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    for (const dir of targets) rmSync(dir, { recursive: true, force: true });
  });

  it('pins the 13 shipped files at the commit NOTICE.md names, with their checksums', () => {
    const manifest = readFjelstulManifest();
    const notice = readFileSync(path.join(SHIPPED, 'NOTICE.md'), 'utf8');
    expect(Object.values(manifest.repositories)).toEqual([expect.stringMatching(/^[0-9a-f]{40}$/)]);
    expect(notice).toContain(manifest.repositories.worldcup);
    expect(manifest.files.map((file) => file.path)).toEqual(FJELSTUL_FILES.map((file) => `data-csv/${file}`));
    for (const file of manifest.files) {
      const data = readFileSync(path.join(SHIPPED, file.path));
      expect([file.path, sha256(data), data.length]).toEqual([file.path, file.sha256, file.bytes]);
    }
  });

  it('downloads every file from raw.githubusercontent.com paths into fjelstul-worldcup/data-csv', async () => {
    const dir = target();
    const result = await fetchFjelstul({ targetDir: dir, baseUrl });
    expect(result.files).toBe(13);
    expect(requested).toContain(`/worldcup/${readFjelstulManifest().repositories.worldcup}/data-csv/matches.csv`);
    for (const file of FJELSTUL_FILES) {
      const fetched = readFileSync(path.join(dir, 'fjelstul-worldcup', 'data-csv', file));
      expect(fetched.equals(readFileSync(path.join(SHIPPED, 'data-csv', file)))).toBe(true);
    }
    const notice = readFileSync(path.join(dir, 'fjelstul-worldcup', 'NOTICE.md'), 'utf8');
    expect(notice).toContain('© 2022 Joshua C. Fjelstul, Ph.D.');
    expect(notice).toContain('CC BY-SA 4.0');
    // What was fetched is what the seed step reads, and first-start seeding now includes the step (and the
    // team-identity step that runs after every importer, which needs no source folder).
    expect(readFjelstulData(dir).matches.get('WC-2022')).toHaveLength(64);
    expect(availableSteps(dir).map((step) => step.name)).toEqual(['fjelstul', 'team-identity']);
  });

  it('leaves nothing behind when a file fails its checksum or is missing upstream', async () => {
    const manifest = readFjelstulManifest();
    const broken: DataManifest = {
      ...manifest,
      files: manifest.files.map((file, index) => (index === 4 ? { ...file, sha256: '0'.repeat(64) } : file)),
    };
    const first = target();
    await expect(fetchFjelstul({ targetDir: first, baseUrl, manifest: broken })).rejects.toThrow(/checksum/);
    expect(readdirSync(first)).toEqual([]);

    const missing: DataManifest = {
      ...manifest,
      files: [
        ...manifest.files,
        { repository: 'worldcup', path: 'data-csv/awards.csv', sha256: '0'.repeat(64), bytes: 1 },
      ],
    };
    const second = target();
    await expect(fetchFjelstul({ targetDir: second, baseUrl, manifest: missing })).rejects.toThrow(/404/);
    expect(readdirSync(second)).toEqual([]);
  });
});
