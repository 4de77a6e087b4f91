// Byte budgets of the public pages (issue #5, DESIGN.md §8), measured on the
// production build (scripts/test.sh builds before Vitest; BUILD_DIR picks
// another build): the JavaScript a page's server-rendered HTML makes the
// browser load — entry, route chunks and shared chunks, every modulepreload,
// script src and module import it names — and the home page's HTML with a busy
// day of 120 matches listed. Sizes are what this server sends: the response
// body after its own gzip compression (hono/compress, zlib's default level).
// 1 kB = 1,000 bytes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/helpers/test-database.ts';
import { seedBusyDay, type BusyDay } from '../tests/helpers/busy-day.ts';
import { createHttpApp, type HttpApp } from './http.ts';
import { loadConfig } from './platform/config.ts';
import { createMetrics } from './platform/metrics.ts';
import { createServices } from './services.ts';

/**
 * The issue's budget for first-load JavaScript. React DOM and React Router alone take 107 kB of it, so
 * what is not needed to show and hydrate a page loads after it (app/lib/loading/deferred.tsx, the live
 * connection in app/lib/live/live-client.ts) and the shared code travels in few chunks (vite.config.ts).
 */
const FIRST_LOAD_JS_BUDGET = 130_000;
const HOME_HTML_BUDGET = 60_000;

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build');
const TODAY = new Date().toISOString().slice(0, 10);

let database: TestDatabase;
let app: HttpApp;
let day: BusyDay;

beforeAll(async () => {
  const buildFile = path.join(BUILD_DIR, 'server', 'index.js');
  if (!existsSync(buildFile))
    throw new Error(`No build at ${buildFile}: run \`npm run build\` first (scripts/test.sh does).`);
  database = await createTestDatabase('sqlite');
  day = await seedBusyDay(database.handle.db, TODAY);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, BASE_URL: 'http://scoreline.test' });
  const services = createServices({
    config,
    logger: pino({ level: 'silent' }),
    database: database.handle,
    sessionSecret: 'test-secret-test-secret-test-secret-000',
  });
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  app = createHttpApp({
    services,
    metrics: createMetrics({ collectDefaults: false }),
    getBuild: async () => build,
    clientDir: path.join(BUILD_DIR, 'client'),
    mode: 'production',
    // Long enough that a slow render on a busy machine never expires the shared page mid-test.
    pageCacheTtlMs: 60_000,
  });
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

/** The body as sent to a browser that accepts gzip: its size on the wire, and its text. */
async function fetchGzip(url: string): Promise<{ status: number; wireBytes: number; text: string }> {
  const response = await app.request(url, { headers: { 'accept-encoding': 'gzip' } });
  const body = Buffer.from(await response.arrayBuffer());
  const gzipped = response.headers.get('content-encoding') === 'gzip';
  return {
    status: response.status,
    wireBytes: body.length,
    text: (gzipped ? gunzipSync(body) : body).toString('utf8'),
  };
}

/** Every script the HTML makes the browser load before the page is interactive. */
function firstLoadScripts(html: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g,
    /<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g,
    /<script\b[^>]*\bsrc="([^"]+)"/g,
    /\bimport\s*(?:[\w*{}\s,$]+\bfrom\s*)?["'](\/[^"']+\.js)["']/g,
    /\bimport\(\s*["'](\/[^"']+\.js)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of html.matchAll(pattern)) found.add(match[1] as string);
  return [...found].sort();
}

async function firstLoadJs(url: string) {
  const page = await fetchGzip(url);
  expect(page.status, `${url} status`).toBe(200);
  const scripts = firstLoadScripts(page.text);
  let total = 0;
  const sizes: Array<[string, number]> = [];
  for (const script of scripts) {
    const asset = await fetchGzip(script);
    expect(asset.status, `${script} status`).toBe(200);
    sizes.push([script, asset.wireBytes]);
    total += asset.wireBytes;
  }
  return { total, sizes: sizes.sort((a, b) => b[1] - a[1]), html: page };
}

function describeSizes(sizes: Array<[string, number]>): string {
  return sizes.map(([script, bytes]) => `${(bytes / 1000).toFixed(1).padStart(6)} kB  ${script}`).join('\n');
}

/** One page of each kind that has first-load JavaScript of its own. */
const pages: Array<[string, () => string]> = [
  ['home', () => '/'],
  ['live-sports', () => '/live-sports'],
  ['hot-match-today', () => '/hot-match-today'],
  ['sport hub', () => '/sport/football-1'],
  ['league', () => `/league/${day.competitionCodes[0]}`],
  ['team', () => `/team/${day.teamIds[0]}`],
  ['match (live)', () => `/match/${day.matchIds[4]}`],
  ['match highlight tab', () => `/match/${day.matchIds[4]}/highlight`],
  ['movies', () => '/movies'],
  ['football highlights', () => '/sport/football-1/highlights'],
  ['match highlight list', () => '/match-highlight'],
  ['pricing', () => '/pricing'],
  ['sport plans', () => '/pricing-sport'],
];

describe('byte budgets (production build)', () => {
  it('reads every script a page names, however it names it', () => {
    const html =
      '<link rel="modulepreload" href="/assets/a.js"/><link href="/assets/b.js" rel="modulepreload"/>' +
      '<script src="/assets/c.js"></script><script type="module">import * as r from "/assets/d.js";\nimport("/assets/e.js");</script>';
    expect(firstLoadScripts(html)).toEqual([
      '/assets/a.js',
      '/assets/b.js',
      '/assets/c.js',
      '/assets/d.js',
      '/assets/e.js',
    ]);
  });

  it('home page HTML with 100+ matches listed stays within 60 kB gzip', async () => {
    const home = await fetchGzip(`/?date=${TODAY}`);
    expect(home.status).toBe(200);
    const listed = new Set([...home.text.matchAll(/href="\/match\/(\d+)"/g)].map((match) => match[1]));
    expect(listed.size).toBeGreaterThanOrEqual(100);
    for (const id of day.matchIds) expect(listed.has(String(id)), `match ${id} listed`).toBe(true);
    expect(home.wireBytes, `home HTML: ${home.wireBytes} bytes gzip (${home.text.length} raw)`).toBeLessThanOrEqual(
      HOME_HTML_BUDGET,
    );
  });

  it.each(pages)('%s: first-load JavaScript stays within 130 kB gzip', async (name, url) => {
    const measured = await firstLoadJs(url());
    expect(measured.sizes.length).toBeGreaterThan(3);
    expect(
      measured.total,
      `${name} (${url()}): ${measured.total} bytes gzip of JavaScript, over the budget of ${FIRST_LOAD_JS_BUDGET}:\n${describeSizes(measured.sizes)}`,
    ).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
  });
});

describe('whole pages (production build)', () => {
  it.each(pages)(
    '%s: the head names the stylesheet first and preloads the first-load modules at low priority',
    async (_name, url) => {
      const page = await fetchGzip(url());
      expect(page.status).toBe(200);
      const head = page.text.slice(0, page.text.indexOf('</head>'));
      const links = [...head.matchAll(/<link\b[^>]*>/g)].map((match) => match[0]);
      const stylesheet = links.findIndex((link) => /\brel="stylesheet"/.test(link));
      const firstPreload = links.findIndex((link) => /\brel="modulepreload"/.test(link));
      const preloads = links.slice(firstPreload).filter((link) => /\brel="modulepreload"/.test(link));
      expect(stylesheet).toBeGreaterThanOrEqual(0);
      expect(preloads.length).toBeGreaterThan(3);
      for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');
      expect(stylesheet).toBeLessThan(firstPreload);
      // Every script the page needs is still named up front: nothing waits for the one before it to load.
      expect(preloads.map((link) => /\bhref="([^"]+)"/.exec(link)?.[1])).toEqual(
        expect.arrayContaining(firstLoadScripts(page.text)),
      );
    },
  );

  it.each([
    ['home', () => '/', 'role="combobox"'],
    ['league', () => `/league/${day.competitionCodes[0]}`, 'id="top-teams"'],
    ['match (live)', () => `/match/${day.matchIds[4]}`, 'id="lineups"'],
  ] as Array<[string, () => string, string]>)(
    '%s: parts whose code loads later are in the HTML in place, not left for a script to reveal',
    async (_name, url, marker) => {
      const page = await fetchGzip(url());
      expect(page.status).toBe(200);
      expect(page.text).toContain(marker);
      expect(page.text).toContain('<!--$-->');
      // Content React moved to the end of the document for a script to reveal sits in hidden segments; the
      // only ones allowed are React Router's own data scripts, which stream after the page.
      const marked = page.text.indexOf(marker);
      const firstHidden = page.text.indexOf('<div hidden id="S:');
      if (firstHidden >= 0) expect(marked).toBeLessThan(firstHidden);
      expect(page.text).not.toMatch(/<div hidden id="S:\d+">(?!<script)/);
    },
  );
});

// The same app serves pages through the anonymous page cache (server/platform/page-cache.ts).
describe('anonymous page cache on the real pages', () => {
  async function page(url: string, headers: Record<string, string> = {}) {
    const response = await app.request(url, { headers: { 'accept-encoding': 'gzip', ...headers } });
    const body = Buffer.from(await response.arrayBuffer());
    return { cache: response.headers.get('x-page-cache'), html: gunzipSync(body).toString('utf8') };
  }

  it('a visitor’s time zone page is never served to others, and they never get the shared page', async () => {
    const url = `/?date=${TODAY}`;
    await page(url); // the shared anonymous page
    const tokyo = await page(url, { cookie: 'tz=Asia/Tokyo' });
    expect(tokyo.cache).toBeNull();
    expect(tokyo.html).toContain('Asia/Tokyo');
    const anonymous = await page(url);
    expect(anonymous.cache).toBe('hit');
    expect(anonymous.html).not.toContain('Asia/Tokyo');
    const spoilerSafe = await page(url, { cookie: 'i18n_redirected=en; spoiler-safe=1' });
    expect(spoilerSafe.cache).toBeNull();
  });

  it('a signed-in visitor (session cookies) always gets a page of their own', async () => {
    const signedIn = await page('/', { cookie: 'scoreline_access=not-a-valid-token' });
    expect(signedIn.cache).toBeNull();
  });
});
