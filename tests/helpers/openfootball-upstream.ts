// A local stand-in for raw.githubusercontent.com/openfootball (issue #19's data refresh; never the
// internet in tests): serves `<prefix>/<repository>/master/<path>` from the real openfootball files in
// DATA_DIR, or the version a test published in their place (`publish`, `remove`); `requests` lists what
// was asked, so a test can tell which node fetched. `shipped` is a small DATA_DIR to seed from: the clubs
// directory and the Austrian Bundesliga 2025-26 (`smallManifest`).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readManifest, type DataManifest } from '../../db/seed/data-fetch.ts';
import { OPENFOOTBALL_BRANCH } from '../../db/seed/data-refresh.ts';

export const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
export const hasOpenfootballData = existsSync(path.join(DATA_DIR, 'openfootball'));
/** The league file tests change. */
export const LEAGUE_FILE = 'football.json/2025-26/at.1.json';

/** The pinned manifest cut down to the clubs directory, at.1 2025-26 and a licence file. */
export function smallManifest(): DataManifest {
  const manifest = readManifest();
  return {
    repositories: manifest.repositories,
    files: manifest.files.filter(
      (file) =>
        file.repository === 'clubs' ||
        (file.repository === 'football.json' && (file.path === '2025-26/at.1.json' || file.path === 'LICENSE.md')),
    ),
  };
}

export async function startOpenfootballUpstream() {
  const manifest = smallManifest();
  const work = mkdtempSync(path.join(tmpdir(), 'scoreline-upstream-'));
  /** Files published in place of DATA_DIR's, by repository and path; a removed file is an empty marker. */
  const published = path.join(work, 'published');
  const removed = new Set<string>();
  const shipped = path.join(work, 'shipped');
  for (const file of manifest.files) {
    const to = path.join(shipped, 'openfootball', file.repository, file.path);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(DATA_DIR, 'openfootball', file.repository, file.path), to);
  }
  const locate = (file: string) => {
    if (removed.has(file)) return null;
    const own = path.join(published, file);
    if (existsSync(own)) return own;
    const original = path.join(DATA_DIR, 'openfootball', file);
    return existsSync(original) ? original : null;
  };
  const requests: string[] = [];
  const state = { offline: false };
  const server = createServer((request, response) => {
    const url = request.url ?? '';
    requests.push(url);
    // A network that drops the connection: fetch fails as it does when the host is not reachable.
    if (state.offline) {
      request.socket.destroy();
      return;
    }
    // Any prefix before the repository: two nodes can be told apart by the address they were given.
    const parts = url.split('/').map(decodeURIComponent);
    const at = parts.indexOf(OPENFOOTBALL_BRANCH);
    const file = at > 1 ? locate([parts[at - 1], ...parts.slice(at + 1)].join('/')) : null;
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    manifest,
    shipped,
    requests,
    /** A file as upstream serves it now ("football.json/2025-26/at.1.json"). */
    read(file: string): Buffer {
      const found = locate(file);
      if (!found) throw new Error(`upstream has no ${file}`);
      return readFileSync(found);
    },
    /** Replaces a file upstream. */
    publish(file: string, data: string | Buffer) {
      removed.delete(file);
      mkdirSync(path.dirname(path.join(published, file)), { recursive: true });
      writeFileSync(path.join(published, file), data);
    },
    /** Upstream answers 404 for the file, until it is published again. */
    remove(file: string) {
      removed.add(file);
    },
    /** Every request fails (the connection is dropped) while this is set. */
    setOffline(offline: boolean) {
      state.offline = offline;
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

export type OpenfootballUpstream = Awaited<ReturnType<typeof startOpenfootballUpstream>>;
