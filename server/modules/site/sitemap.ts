// sitemap.xml and robots.txt (spec: SEO). Every public page a search engine
// should know: the static pages, staff pages, each competition with each of
// its seasons, every team and every match (demo replays left out: they come
// and go), and every published film's page (/movies/{id}, from the media service). Over 50,000 URLs the sitemap becomes an index of numbered pages, as
// the sitemaps protocol requires. URLs are absolute, from BASE_URL, and always
// the canonical (unprefixed) form of each page.
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { listPublicPages } from './pages.queries.ts';

/** The protocol's limit per file. */
export const SITEMAP_PAGE_SIZE = 50_000;
/** Built once per this many milliseconds per process: the lists change with imports, not per request. */
const REBUILD_AFTER_MS = 10 * 60 * 1000;
const CACHE_CONTROL = 'public, max-age=3600';

export interface SitemapEntry {
  /** Path and query of the page, canonical form (`/league/euro?season=2012`). */
  path: string;
  /** ISO date-time of the last change, when known. */
  lastModified?: string;
}

/** Public pages without data of their own, most important first. */
export const STATIC_PATHS = [
  '/',
  '/live-sports',
  '/hot-match-today',
  '/sport/football-1',
  '/sport/football-1/highlights',
  '/league',
  '/movies',
  '/pricing',
  '/pricing-sport',
  '/about-us',
  '/contact',
  '/terms',
  '/policy/privacy',
  '/policy/refund',
] as const;

/** Every URL of the sitemap, in a stable order. */
export async function listSitemapEntries(
  db: Kysely<Database>,
  films: () => Promise<number[]> = async () => [],
): Promise<SitemapEntry[]> {
  const [pages, seasons, teams, matches, filmIds] = await Promise.all([
    // Scheduled pages join once their time has come (and the list is next rebuilt).
    listPublicPages(db, new Date()),
    db
      .selectFrom('season as s')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .select(['c.code as competition', 's.code as season'])
      .orderBy('c.importance', 'desc')
      .orderBy('c.code')
      // Newest first, as the competition page orders them: the first is its default season.
      .orderBy('s.start_date', 'desc')
      .orderBy('s.code', 'desc')
      .execute(),
    db.selectFrom('team').select('id').orderBy('id').execute(),
    db
      .selectFrom('match')
      .select(['id', 'updated_at'])
      .where('replay_of_match_id', 'is', null)
      .orderBy('id')
      .execute(),
    films(),
  ]);
  const entries: SitemapEntry[] = STATIC_PATHS.map((path) => ({ path }));
  const staticSet = new Set<string>(STATIC_PATHS);
  for (const page of pages) {
    const path = `/${page.slug}`;
    if (!staticSet.has(path)) entries.push({ path, lastModified: page.updatedAt });
  }
  const seen = new Set<string>();
  for (const row of seasons) {
    const code = encodeURIComponent(row.competition);
    if (seen.has(row.competition)) {
      entries.push({ path: `/league/${code}?season=${encodeURIComponent(row.season)}` });
    } else {
      seen.add(row.competition);
      entries.push({ path: `/league/${code}` });
    }
  }
  for (const team of teams) entries.push({ path: `/team/${Number(team.id)}` });
  for (const match of matches) entries.push({ path: `/match/${Number(match.id)}`, lastModified: toIsoString(match.updated_at) });
  for (const id of filmIds) entries.push({ path: `/movies/${id}` });
  return entries;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char);
}

function absolute(baseUrl: string, path: string): string {
  return escapeXml(new URL(path, baseUrl).href);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function renderUrlset(baseUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `<url><loc>${absolute(baseUrl, entry.path)}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The index of `pageCount` numbered sitemaps (`/sitemaps/1.xml`, …). */
export function renderIndex(baseUrl: string, pageCount: number): string {
  const items = Array.from({ length: pageCount }, (_, index) => `<sitemap><loc>${absolute(baseUrl, sitemapPagePath(index + 1))}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export function sitemapPagePath(page: number): string {
  return `/sitemaps/${page}.xml`;
}

/** Public pages allowed; the API, staff area, account and sign-in pages not; the sitemap named. */
export function renderRobots(baseUrl: string): string {
  const disallowed = ['/api/', '/cms', '/account', '/login', '/register', '/auth/', '/payment/', '/__test/'];
  const lines = ['User-agent: *', 'Allow: /'];
  for (const path of disallowed) {
    lines.push(`Disallow: ${path}`);
    // Every page also lives under /en (spec §2).
    lines.push(`Disallow: /en${path}`);
  }
  lines.push('', `Sitemap: ${new URL('/sitemap.xml', baseUrl).href}`, '');
  return lines.join('\n');
}

export interface SitemapOptions {
  db: Kysely<Database>;
  baseUrl: string;
  /** URLs per file; the protocol's 50,000 unless a test asks for fewer. */
  pageSize?: number;
  now?: () => number;
  /** The ids of the films published now (media.publishedFilmIds): their /movies/{id} pages. */
  films?: () => Promise<number[]>;
}

/** GET /robots.txt, /sitemap.xml and /sitemaps/{n}.xml, for the site's app to mount at its root. */
export function sitemapRoutes(options: SitemapOptions): Hono {
  const app = new Hono();
  const pageSize = options.pageSize ?? SITEMAP_PAGE_SIZE;
  const now = options.now ?? Date.now;
  let cached: { at: number; entries: Promise<SitemapEntry[]> } | null = null;
  const entries = (): Promise<SitemapEntry[]> => {
    if (!cached || now() - cached.at > REBUILD_AFTER_MS) {
      const pending = listSitemapEntries(options.db, options.films);
      cached = { at: now(), entries: pending };
      // A failed build is not kept: the next request tries again.
      pending.catch(() => {
        if (cached?.entries === pending) cached = null;
      });
    }
    return cached.entries;
  };
  const xml = (body: string) =>
    new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE_CONTROL } });

  app.get('/robots.txt', () =>
    new Response(renderRobots(options.baseUrl), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_CONTROL } }),
  );
  app.get('/sitemap.xml', async () => {
    const all = await entries();
    if (all.length <= pageSize) return xml(renderUrlset(options.baseUrl, all));
    return xml(renderIndex(options.baseUrl, Math.ceil(all.length / pageSize)));
  });
  app.get('/sitemaps/:file', async (c) => {
    const match = /^([1-9]\d{0,5})\.xml$/.exec(c.req.param('file'));
    const all = await entries();
    const page = match ? Number(match[1]) : 0;
    if (page < 1 || all.length <= pageSize || (page - 1) * pageSize >= all.length) {
      return new Response('No such sitemap', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
    return xml(renderUrlset(options.baseUrl, all.slice((page - 1) * pageSize, page * pageSize)));
  });
  return app;
}
