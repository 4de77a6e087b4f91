// A short-lived shared cache of anonymous pages (issue #5, "Budgets": SSR
// throughput). A busy home page takes tens of milliseconds of one core to
// render; for a second or two every anonymous visitor can be sent the same
// finished bytes (already compressed, headers included) instead.
//
// What may never happen: one visitor's personalised page served to another.
// So only requests that carry nothing personal use it — no Authorization
// header and no cookie at all except those on ANONYMOUS_COOKIES (time zone,
// spoiler-safe, favourites, colour mode, sign-in and any cookie added later
// all bypass it, unknown means personal) — and only finished responses that
// are plainly public are stored: 200, text/html, no Cache-Control private or
// no-store, and no Set-Cookie except the language cookie, whose value comes
// from the Accept-Language header that is then part of the key.
//
// The key holds everything else a page depends on: method, path and query,
// the negotiated content encoding, the language cookie (or Accept-Language
// when it is absent) and whether the client is a bot (bots get the fully
// rendered document rather than a stream; app/entry.server.tsx).
//
// A stored page keeps the CSP nonce it was rendered with for its lifetime
// (TTL): the nonce still changes every TTL, cannot be learnt before the page
// exists, and any change to a page's content renders a new page with a new
// nonce, so markup injected through the URL or the database cannot carry it.
// Concurrent misses for one key wait for a single render; once a page's
// lifetime is over, the next request renders it again while the others are
// still sent the previous copy — a render on a busy server can take longer
// than the lifetime — but never one older than maxStaleMs past its lifetime.
import { isbot } from 'isbot';
import type { MiddlewareHandler } from 'hono';

/**
 * Cookies that do not change what a page shows to this visitor: the language
 * (app/lib/locale.server.ts) and the known-device proof that only sign-in
 * limits read (server/modules/auth/auth.session.ts), which a signed-out
 * browser keeps.
 */
const ANONYMOUS_COOKIES = new Set(['i18n_redirected', 'scoreline_device']);
const LANGUAGE_COOKIE = 'i18n_redirected';
/** Paths that are never pages: JSON API and live streams, build assets, metrics. */
const NOT_PAGES = /^\/(api|assets|metrics)(\/|$)/;

export interface PageCacheOptions {
  /** How long a stored page is served, in ms. */
  ttlMs: number;
  maxEntries?: number;
  /** Larger responses are not stored. */
  maxBodyBytes?: number;
  /** How long past its lifetime a page may still be sent while its next copy renders (default 10 s). */
  maxStaleMs?: number;
  now?: () => number;
}

interface Entry {
  status: number;
  headers: Array<[string, string]>;
  /** A Uint8Array, which @hono/node-server writes straight out (an ArrayBuffer would be streamed). */
  body: Uint8Array<ArrayBuffer>;
  freshUntil: number;
  /** While a new copy is being rendered, this one is still sent until then. */
  staleUntil: number;
}

function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    const name = (index === -1 ? part : part.slice(0, index)).trim();
    if (name !== '') cookies.set(name, index === -1 ? '' : part.slice(index + 1).trim());
  }
  return cookies;
}

/** hono/compress's choice for this Accept-Encoding (gzip first, then deflate). */
function negotiatedEncoding(acceptEncoding: string | undefined): string {
  if (!acceptEncoding) return 'identity';
  if (acceptEncoding.includes('gzip')) return 'gzip';
  if (acceptEncoding.includes('deflate')) return 'deflate';
  return 'identity';
}

/** The cache key of an anonymous page request, or null when the request must bypass the cache. */
export function pageCacheKey(request: Request): string | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (NOT_PAGES.test(url.pathname)) return null;
  if (request.headers.has('authorization')) return null;
  const cookies = readCookies(request.headers.get('cookie') ?? undefined);
  for (const name of cookies.keys()) if (!ANONYMOUS_COOKIES.has(name)) return null;
  const language = cookies.get(LANGUAGE_COOKIE);
  return JSON.stringify([
    url.pathname,
    url.search,
    negotiatedEncoding(request.headers.get('accept-encoding') ?? undefined),
    language === undefined ? `accept:${request.headers.get('accept-language') ?? ''}` : `cookie:${language}`,
    isbot(request.headers.get('user-agent') ?? '') ? 'bot' : 'browser',
  ]);
}

function isStorable(response: Response): boolean {
  if (response.status !== 200) return false;
  if (!response.headers.get('content-type')?.startsWith('text/html')) return false;
  if (/\b(private|no-store)\b/i.test(response.headers.get('cache-control') ?? '')) return false;
  for (const cookie of response.headers.getSetCookie()) {
    if (!cookie.startsWith(`${LANGUAGE_COOKIE}=`)) return false;
  }
  return true;
}

export function pageCache(options: PageCacheOptions): MiddlewareHandler {
  const maxEntries = options.maxEntries ?? 500;
  const maxBodyBytes = options.maxBodyBytes ?? 2_000_000;
  const maxStaleMs = options.maxStaleMs ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();

  function send(entry: Entry, state: 'hit' | 'stale'): Response {
    return new Response(entry.body, { status: entry.status, headers: [...entry.headers, ['X-Page-Cache', state]] });
  }

  function store(key: string, entry: Entry) {
    entries.delete(key);
    if (entries.size >= maxEntries) {
      const time = now();
      for (const [oldKey, old] of entries) if (old.staleUntil <= time) entries.delete(oldKey);
      // Still full: drop the oldest (a Map iterates in insertion order).
      while (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    }
    entries.set(key, entry);
  }

  return async (c, next) => {
    if (options.ttlMs <= 0) return next();
    const key = pageCacheKey(c.req.raw);
    if (key === null) return next();
    const time = now();
    const found = entries.get(key);
    if (found && found.freshUntil > time) return send(found, 'hit');
    const pending = rendering.get(key);
    if (pending) {
      if (found && found.staleUntil > time) return send(found, 'stale');
      const entry = await pending;
      if (entry) return send(entry, 'hit');
      return next();
    }

    let settle: (entry: Entry | null) => void = () => {};
    rendering.set(key, new Promise((resolve) => (settle = resolve)));
    let entry: Entry | null = null;
    try {
      await next();
      if (isStorable(c.res)) {
        const body = new Uint8Array(await c.res.arrayBuffer());
        const headers = [...c.res.headers.entries()].filter(([name]) => name !== 'set-cookie');
        for (const cookie of c.res.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
        c.res = new Response(body, { status: c.res.status, headers: [...headers, ['X-Page-Cache', 'miss']] });
        if (body.byteLength <= maxBodyBytes) {
          const storedAt = now();
          entry = {
            status: c.res.status,
            headers,
            body,
            freshUntil: storedAt + options.ttlMs,
            staleUntil: storedAt + options.ttlMs + maxStaleMs,
          };
          store(key, entry);
        }
      }
      // A page that can no longer be stored (an error now, or too large) is not sent stale either.
      if (!entry) entries.delete(key);
    } finally {
      rendering.delete(key);
      settle(entry);
    }
  };
}
