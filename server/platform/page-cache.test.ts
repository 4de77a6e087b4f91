// The anonymous page cache must never hand one visitor's page to another
// (issue #5). A page here greets whatever personalises it (cookies, an
// Authorization header), so any leak shows in the body. The same cache on the
// real pages of the production build: server/page-budgets.test.ts.
import { randomBytes } from 'node:crypto';
import { gunzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import { pageCache, pageCacheKey } from './page-cache.ts';

type Env = { Variables: { nonce: string } };

/** As server/http.ts: a nonce per request, announced in a CSP header outside compression and the cache. */
function createApp(options: { ttlMs?: number; maxStaleMs?: number; now?: () => number } = {}) {
  let renders = 0;
  const app = new Hono<Env>();
  app.use('*', async (c, next) => {
    c.set('nonce', randomBytes(16).toString('base64'));
    await next();
    if (c.res.headers.get('content-type')?.startsWith('text/html')) {
      c.res.headers.set('Content-Security-Policy', `script-src 'nonce-${c.get('nonce')}'`);
    }
  });
  app.use('*', compress());
  app.use('*', pageCache({ ttlMs: options.ttlMs ?? 1000, maxStaleMs: options.maxStaleMs, now: options.now, nonce: (c) => c.get('nonce') }));
  const script = (c: { get: (key: 'nonce') => string }) => `<script nonce="${c.get('nonce')}">start()</script>`;
  app.get('/api/data', (c) => c.json({ renders: ++renders }));
  app.get('/signed-in', (c) => {
    renders += 1;
    c.header('Set-Cookie', 'scoreline_access=secret-token; Path=/; HttpOnly');
    return c.html('<p>welcome back</p>');
  });
  app.get('/slow', async (c) => {
    renders += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return c.html(`<p>render ${renders}</p>${script(c)}`);
  });
  app.get('*', (c) => {
    renders += 1;
    const who = [c.req.header('cookie') ?? 'no cookie', c.req.header('authorization') ?? 'no auth'].join(' / ');
    return c.html(`<p>render ${renders} for ${who} at ${c.req.path}${new URL(c.req.url).search}</p>${script(c)}`);
  });
  return { app, renders: () => renders };
}

/** The nonce of a response's CSP header, or null. */
function cspNonce(response: Response): string | null {
  return /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? null;
}

/**
 * A response as a visitor sees it. Its body's nonces must all be the one its CSP header announces; the
 * body comes back with that nonce written as NONCE, so two responses of one page compare equal.
 */
async function get(app: Hono<Env>, path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers });
  const nonce = cspNonce(response);
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  const text = (encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : bytes).toString('utf8');
  const bodyNonces = [...text.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
  if (nonce !== null) for (const found of bodyNonces) expect(found, `a nonce in the body of ${path}`).toBe(nonce);
  return {
    status: response.status,
    cache: response.headers.get('x-page-cache'),
    setCookie: response.headers.getSetCookie(),
    nonce,
    body: nonce === null ? text : text.split(nonce).join('NONCE'),
  };
}

describe('pageCache', () => {
  it('renders an anonymous page once and serves the same page to the next anonymous visitor', async () => {
    const { app, renders } = createApp();
    const first = await get(app, '/');
    const second = await get(app, '/');
    expect(first.cache).toBe('miss');
    expect(second.cache).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(renders()).toBe(1);
  });

  it.each(['gzip', 'deflate', 'gzip;q=0, deflate', 'br', ''])(
    'gives every response a nonce of its own, the same in its header and body (Accept-Encoding: %s)',
    async (acceptEncoding) => {
      const { app, renders } = createApp();
      const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      const pages = [];
      for (let i = 0; i < 4; i += 1) pages.push(await get(app, '/', headers));
      expect(pages.map((page) => page.cache)).toEqual(['miss', 'hit', 'hit', 'hit']);
      expect(renders()).toBe(1);
      // get() checked each body's nonces against its header; here: every response has its own.
      expect(new Set(pages.map((page) => page.nonce)).size).toBe(4);
      for (const page of pages) expect(page.body).toContain('<script nonce="NONCE">');
      expect(new Set(pages.map((page) => page.body)).size).toBe(1);
    },
  );

  it('never hands out a nonce that is not the response’s own, stale copies included', async () => {
    let time = 0;
    const { app } = createApp({ ttlMs: 1000, maxStaleMs: 3000, now: () => time });
    await get(app, '/slow', { 'accept-encoding': 'gzip' });
    time = 1500;
    const [refreshed, stale] = await Promise.all([get(app, '/slow', { 'accept-encoding': 'gzip' }), get(app, '/slow', { 'accept-encoding': 'gzip' })]);
    expect(stale.cache).toBe('stale');
    expect(stale.nonce).not.toBe(refreshed.nonce);
  });

  it('never serves a page personalised by a cookie to another visitor, nor stores it', async () => {
    const { app, renders } = createApp();
    for (const cookie of [
      'tz=Asia/Tokyo',
      'spoiler-safe=1',
      'scoreline_access=alice',
      'favourites=1,2',
      'colour-mode=dark',
      'anything-new=1',
    ]) {
      const personal = await get(app, '/', { cookie });
      expect(personal.cache, cookie).toBeNull();
      expect(personal.body).toContain(cookie);
      const anonymous = await get(app, '/');
      expect(anonymous.body, `after ${cookie}`).toContain('no cookie');
      expect(anonymous.body).not.toContain(cookie);
    }
    // Each personalised request rendered its own page; the anonymous one was rendered once.
    expect(renders()).toBe(6 + 1);
  });

  it('a visitor with cookies gets their own page even when an anonymous copy is stored', async () => {
    const { app } = createApp();
    await get(app, '/'); // stored
    const alice = await get(app, '/', { cookie: 'i18n_redirected=en; tz=Europe/London' });
    const bob = await get(app, '/', { cookie: 'tz=America/New_York' });
    expect(alice.body).toContain('tz=Europe/London');
    expect(bob.body).toContain('tz=America/New_York');
    expect(bob.body).not.toContain('London');
  });

  it('bypasses requests with an Authorization header', async () => {
    const { app } = createApp();
    await get(app, '/');
    const withToken = await get(app, '/', { authorization: 'Bearer alice' });
    expect(withToken.cache).toBeNull();
    expect(withToken.body).toContain('Bearer alice');
    expect((await get(app, '/')).body).not.toContain('Bearer alice');
  });

  it('never stores a response that sets a session cookie', async () => {
    const { app, renders } = createApp();
    const first = await get(app, '/signed-in');
    expect(first.setCookie.join()).toContain('secret-token');
    const second = await get(app, '/signed-in');
    expect(second.cache).toBeNull();
    expect(renders()).toBe(2);
  });

  it('keys on path, query, encoding, language and bots', async () => {
    const { app, renders } = createApp();
    await get(app, '/a');
    await get(app, '/a?date=2024-04-13');
    await get(app, '/a', { 'accept-encoding': 'gzip' });
    await get(app, '/a', { cookie: 'i18n_redirected=en' });
    await get(app, '/a', { 'accept-language': 'de-DE' });
    await get(app, '/a', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    expect(renders()).toBe(6);
    const gzip = await app.request('/a', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('x-page-cache')).toBe('hit');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(renders()).toBe(6);
  });

  it('serves a stored page only for its lifetime', async () => {
    let time = 0;
    const { app, renders } = createApp({ ttlMs: 1000, now: () => time });
    await get(app, '/');
    time = 999;
    expect((await get(app, '/')).cache).toBe('hit');
    time = 1000;
    expect((await get(app, '/')).cache).toBe('miss');
    expect(renders()).toBe(2);
  });

  it('renders once for concurrent anonymous misses', async () => {
    const { app, renders } = createApp();
    const pages = await Promise.all(Array.from({ length: 10 }, () => get(app, '/slow')));
    expect(renders()).toBe(1);
    expect(new Set(pages.map((page) => page.body)).size).toBe(1);
  });

  it('leaves the API, assets and non-GET requests alone', async () => {
    const { app, renders } = createApp();
    await get(app, '/api/data');
    await get(app, '/api/data');
    expect(renders()).toBe(2);
    expect(pageCacheKey(new Request('http://x/assets/app.js'))).toBeNull();
    expect(pageCacheKey(new Request('http://x/', { method: 'POST' }))).toBeNull();
    expect(pageCacheKey(new Request('http://x/', { method: 'HEAD' }))).toBeNull();
  });

  it('shares pages with a signed-out browser that keeps its known-device cookie, not with a session', () => {
    const device = new Request('http://x/', { headers: { cookie: 'scoreline_device=abc.def' } });
    expect(pageCacheKey(device)).toBe(pageCacheKey(new Request('http://x/')));
    const session = new Request('http://x/', { headers: { cookie: 'scoreline_device=abc.def; scoreline_access=x' } });
    expect(pageCacheKey(session)).toBeNull();
  });
});

describe('pageCache after a page’s lifetime', () => {
  it('one request renders the page again while the others are still sent the previous copy', async () => {
    let time = 0;
    const { app, renders } = createApp({ ttlMs: 1000, maxStaleMs: 3000, now: () => time });
    const first = await get(app, '/slow');
    time = 1500;
    const [refreshed, meanwhile] = await Promise.all([get(app, '/slow'), get(app, '/slow')]);
    expect(refreshed.cache).toBe('miss');
    expect(meanwhile.cache).toBe('stale');
    expect(meanwhile.body).toBe(first.body);
    expect(renders()).toBe(2);
    // Never sent once its lifetime and maxStaleMs are over, even while a new copy renders.
    time = 1500 + 1000 + 3000;
    const [again, waited] = await Promise.all([get(app, '/slow'), get(app, '/slow')]);
    expect(again.cache).toBe('miss');
    expect(waited.cache).toBe('hit');
    expect(waited.body).toBe(again.body);
    expect(waited.body).not.toBe(refreshed.body);
    expect(renders()).toBe(3);
  });
});
