// The data:fetch command: which sources it fetches (--only), from where (--mirror,
// a local stand-in here: no internet in tests), and what it says when a host cannot
// be reached. The downloads themselves: db/seed/data-fetch.test.ts,
// db/seed/fjelstul/fjelstul-fetch.test.ts, db/seed/wyscout/wyscout-fetch.test.ts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFjelstulManifest } from '../db/seed/data-fetch.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const scratch = mkdtempSync(path.join(tmpdir(), 'scoreline-data-fetch-'));

function dataFetch(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/data-fetch.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { PATH: process.env.PATH ?? '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('npm run data:fetch', () => {
  let server: Server;
  let mirror: string;
  beforeAll(async () => {
    // Serves the Fjelstul CSVs as raw.githubusercontent.com does: /jfjelstul/worldcup/<commit>/<path>.
    const manifest = readFjelstulManifest();
    server = createServer((request, response) => {
      const [, owner = '', repository = '', commit = '', ...rest] = (request.url ?? '').split('/');
      const file = path.join(DATA_DIR, 'fjelstul-worldcup', ...rest);
      if (owner !== 'jfjelstul' || manifest.repositories[repository] !== commit || !existsSync(file)) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200).end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(scratch, { recursive: true, force: true });
  });

  it('fetches only the sources asked for, from a mirror', async () => {
    const target = path.join(scratch, 'mirror');
    const result = await dataFetch([`--target=${target}`, `--mirror=${mirror}`, '--only=fjelstul']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Fetched \d+ Fjelstul World Cup files \(\d+ KiB\) into .*fjelstul-worldcup\n$/);
    expect(readdirSync(target)).toEqual(['fjelstul-worldcup']);
  }, 120_000);

  it('says, for each source, that the host could not be reached and that its folder was left as it was', async () => {
    const target = path.join(scratch, 'offline');
    // A port nothing listens on (taken, then let go): every connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const result = await dataFetch([`--target=${target}`, `--mirror=http://127.0.0.1:${closedPort}`]);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^data:fetch of openfootball failed, its folder was left as it was: .*ECONNREFUSED.*is the network there\?/,
    );
    expect(lines[1]).toMatch(/^data:fetch of Fjelstul World Cup failed, .*ECONNREFUSED.*is the network there\?/);
    expect(lines[2]).toMatch(
      /^data:fetch of Wyscout failed, .*could not download http:\/\/127\.0\.0\.1:\d+\/koenvo\/.*ECONNREFUSED.*is the network there\?/,
    );
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
  }, 120_000);

  it('refuses a source it does not know', async () => {
    const result = await dataFetch(['--only=statsbomb']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('unknown source statsbomb (known: openfootball, fjelstul, wyscout)');
  }, 60_000);
});
