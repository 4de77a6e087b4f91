// sitemap.xml and robots.txt through app.request() on real databases holding
// the Wyscout Euro 2016 import: every team, match and competition page of the
// real data, absolute URLs from BASE_URL, and an index once past the page size.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../../../db/seed/run-seed.ts';
import { createWyscoutStep } from '../../../db/seed/wyscout/wyscout-step.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import type { NewVideo } from '../media/media.queries.ts';
import { renderRobots, renderUrlset, sitemapRoutes, STATIC_PATHS } from './sitemap.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const hasData = existsSync(path.join(DATA_DIR, 'wyscout'));
const BASE_URL = 'https://scores.example.org';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&'));
}

describe('sitemap rendering', () => {
  it('escapes XML and makes every URL absolute', () => {
    const xml = renderUrlset('https://a.example', [{ path: '/league/euro?season=2012&x=1' }]);
    expect(xml).toContain('<loc>https://a.example/league/euro?season=2012&amp;x=1</loc>');
  });

  it('robots.txt allows public pages and keeps crawlers out of the API, staff and account areas', () => {
    const robots = renderRobots('https://a.example');
    expect(robots).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ['/api/', '/cms', '/account', '/login', '/register', '/auth/', '/en/api/'])
      expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain('Sitemap: https://a.example/sitemap.xml');
  });
});

describe.skipIf(!hasData).each(TEST_ENGINES)('sitemap.xml and robots.txt on %s with the Euro 2016 data', (engine) => {
  let t: TestApp;
  let teamIds: number[] = [];
  let matchIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL });
    await runSeed(t.database.handle, [createWyscoutStep({ competitions: ['euro-2016'] })], { dataDir: DATA_DIR });
    const db = t.database.handle.db;
    teamIds = (await db.selectFrom('team').select('id').execute()).map((row) => Number(row.id));
    matchIds = (await db.selectFrom('match').select('id').execute()).map((row) => Number(row.id));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('lists the static pages, the competition, every team and every match with absolute URLs', async () => {
    const response = await t.app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const urls = locs(xml);
    expect(matchIds.length).toBe(51);
    expect(teamIds.length).toBe(24);
    for (const staticPath of STATIC_PATHS) expect(urls).toContain(new URL(staticPath, BASE_URL).href);
    expect(urls).toContain(`${BASE_URL}/league/euro`);
    for (const id of teamIds) expect(urls).toContain(`${BASE_URL}/team/${id}`);
    for (const id of matchIds) expect(urls).toContain(`${BASE_URL}/match/${id}`);
    expect(urls.every((url) => url.startsWith(`${BASE_URL}/`))).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.length).toBe(STATIC_PATHS.length + 1 + teamIds.length + matchIds.length);
    // Matches carry the time of their last change.
    expect(xml).toMatch(new RegExp(`<loc>${BASE_URL}/match/${matchIds[0]}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T`));
  });

  it('serves robots.txt as text naming the sitemap', async () => {
    const response = await t.app.request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const body = await response.text();
    expect(body).toContain('Disallow: /api/');
    expect(body).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
  });

  it('becomes an index of numbered sitemaps past the page size, which together hold every URL', async () => {
    const small = sitemapRoutes({ db: t.database.handle.db, baseUrl: BASE_URL, pageSize: 30 });
    const index = await small.request('/sitemap.xml');
    expect(index.status).toBe(200);
    const indexXml = await index.text();
    expect(indexXml).toContain('<sitemapindex');
    const pages = locs(indexXml);
    const total = STATIC_PATHS.length + 1 + teamIds.length + matchIds.length;
    expect(pages).toEqual(Array.from({ length: Math.ceil(total / 30) }, (_, i) => `${BASE_URL}/sitemaps/${i + 1}.xml`));
    const all: string[] = [];
    for (const page of pages) {
      const response = await small.request(new URL(page).pathname);
      expect(response.status).toBe(200);
      const urls = locs(await response.text());
      expect(urls.length).toBeLessThanOrEqual(30);
      all.push(...urls);
    }
    expect(all.length).toBe(total);
    expect((await small.request(`/sitemaps/${pages.length + 1}.xml`)).status).toBe(404);
    expect((await small.request('/sitemaps/0.xml')).status).toBe(404);
    expect((await t.app.request('/sitemaps/1.xml')).status).toBe(404);
  });
});

describe.each(TEST_ENGINES)('sitemap.xml lists the film pages on %s', (engine) => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('has /movies/{id} for each film and documentary published now, and no other video', async () => {
    t = await createTestApp(engine, { BASE_URL });
    const HOUR = 3_600_000;
    const video = (slug: string, values: Partial<NewVideo> = {}): NewVideo => ({
      slug,
      title: slug,
      description: '',
      kind: 'movie',
      category: null,
      durationSeconds: 60,
      poster: null,
      sourceType: 'mp4',
      source: 'https://videos.example.org/film.mp4',
      captions: null,
      access: 'premium',
      trailerId: null,
      matchId: null,
      competitionId: null,
      teamIds: [],
      publishedAt: new Date(Date.now() - HOUR),
      unpublishAt: null,
      demo: false,
      ...values,
    });
    const add = (value: NewVideo) => t.services.media.add(value);
    const film = await add(video('film'));
    const documentary = await add(video('documentary', { kind: 'documentary', access: 'free' }));
    const endingLater = await add(video('ending-later', { unpublishAt: new Date(Date.now() + HOUR) }));
    const hidden = [
      await add(video('scheduled', { publishedAt: new Date(Date.now() + HOUR) })),
      await add(
        video('ended', { publishedAt: new Date(Date.now() - 2 * HOUR), unpublishAt: new Date(Date.now() - HOUR) }),
      ),
      await add(video('trailer', { kind: 'clip', access: 'free' })),
      await add(video('highlight', { kind: 'highlight', access: 'free' })),
    ];
    // A film whose upload is still waiting to be transcoded is not public yet.
    hidden.push(
      await t.services.media.create(
        t.database.handle.db,
        {
          title: 'Uploading',
          description: '',
          kind: 'movie',
          category: null,
          access: 'free',
          trailerId: null,
          matchId: null,
          competitionId: null,
          teamIds: [],
          publishedAt: null,
          unpublishAt: null,
          sourceType: 'upload',
          sourceUrl: null,
          durationSeconds: null,
        },
        1,
      ),
    );
    const response = await t.app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    const urls = locs(await response.text());
    const films = urls.filter((url) => url.startsWith(`${BASE_URL}/movies/`));
    expect(films).toEqual([film, documentary, endingLater].map((id) => `${BASE_URL}/movies/${id}`));
    for (const id of hidden) expect(urls).not.toContain(`${BASE_URL}/movies/${id}`);
    expect(urls).toContain(`${BASE_URL}/movies`);
  });
});
