// data:fetch against a local stand-in for the upstream host (no internet in tests).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOpenfootball, readManifest, type DataManifest } from './data-fetch.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
let server: Server;
let baseUrl: string;
let requests = 0;

beforeAll(async () => {
  const manifest = readManifest();
  server = createServer((request, response) => {
    requests += 1;
    const [, repository = '', commit = '', ...rest] = (request.url ?? '').split('/');
    const file = path.join(DATA_DIR, 'openfootball', repository, ...rest);
    if (manifest.repositories[repository] !== commit || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200).end(rest.join('/').endsWith('corrupt-me') ? 'x' : readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('fetchOpenfootball', () => {
  it('downloads every pinned file and verifies its checksum', async () => {
    const target = mkdtempSync(path.join(tmpdir(), 'scoreline-fetch-'));
    const result = await fetchOpenfootball({ targetDir: target, baseUrl });
    expect(result.files).toBe(readManifest().files.length);
    const fetched = readFileSync(path.join(target, 'openfootball/football.json/2023-24/en.1.json'));
    expect(fetched.equals(readFileSync(path.join(DATA_DIR, 'openfootball/football.json/2023-24/en.1.json')))).toBe(true);
    rmSync(target, { recursive: true, force: true });
  });

  it('leaves nothing behind when a file fails its checksum', async () => {
    const target = mkdtempSync(path.join(tmpdir(), 'scoreline-fetch-'));
    const manifest: DataManifest = readManifest();
    const broken: DataManifest = { ...manifest, files: [...manifest.files.slice(0, 3), { ...(manifest.files[3] as DataManifest['files'][number]), sha256: '0'.repeat(64) }] };
    await expect(fetchOpenfootball({ targetDir: target, baseUrl, manifest: broken })).rejects.toThrow(/checksum/);
    expect(existsSync(path.join(target, 'openfootball'))).toBe(false);
    expect(readdirSync(target)).toEqual([]);
    rmSync(target, { recursive: true, force: true });
  });

  it('fails fast when the host cannot be reached', async () => {
    const target = mkdtempSync(path.join(tmpdir(), 'scoreline-fetch-'));
    await expect(fetchOpenfootball({ targetDir: target, baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 })).rejects.toThrow();
    expect(readdirSync(target)).toEqual([]);
    rmSync(target, { recursive: true, force: true });
    expect(requests).toBeGreaterThan(0);
  });
});
