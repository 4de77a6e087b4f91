// A short-lived shared cache of anonymous pages (issue #5, "Budgets": SSR
// throughput). A busy home page takes tens of milliseconds of one core to
// render; for a second or two every anonymous visitor can be sent the same
// finished page (already compressed) instead.
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
// Every response carries a CSP nonce of its own (issue #17), a stored page
// too: a nonce shared by every visitor for a second is one an attacker can
// read and reuse. The cache sits inside the security headers and compression
// (server/http.ts): it stores the page as rendered, compresses it itself once,
// in the negotiated encoding, with the render's nonce kept where a copy can
// overwrite it (server/platform/slotted-compression.ts), and each hit writes
// this request's nonce there — the one the security headers then put in the
// Content-Security-Policy. A hit costs a copy of the compressed bytes and a
// checksum update, not a render nor a compression. Only the render's own
// nonce is replaced: markup injected through the URL or the database cannot
// have known it, so it never gains one.
//
// Concurrent misses for one key wait for a single render; once a page's
// lifetime is over, the next request renders it again while the others are
// still sent the previous copy — a render on a busy server can take longer
// than the lifetime — but never one older than maxStaleMs past its lifetime.
import type { Context, MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { isbot } from 'isbot';
import { compressWithSlots, fillSlots, type Encoding, type SlottedBody } from './slotted-compression.ts';

/**
 * Cookies that do not change what a page shows to this visitor: the language
 * (app/lib/routing/locale.server.ts) and the known-device proof that only sign-in
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
  /** This response's CSP nonce, which the page was or will be rendered with; null when there is none. */
  nonce?: (c: Context) => string | null;
}

interface Entry {
  status: number;
  /** As rendered, with the encoding's Content-Encoding and Vary. */
  headers: Array<[string, string]>;
  /** Compressed once; the render's nonce is replaced in a copy for each response. */
  body: SlottedBody;
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

/** hono/compress's choice for this Accept-Encoding (the same rule: q=1 first, then the highest q, gzip before deflate). */
function negotiatedEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((accept) => accept.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ['gzip', 'deflate'] as const) {
    const q = accepts.find((accept) => accept.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? 'identity';
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

const encoder = new TextEncoder();

/** The rendered headers to keep, with the encoding the stored body has. */
function storedHeaders(response: Response, encoding: Encoding): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding' && name !== 'vary') headers.push([name, value]);
  }
  for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
  const vary = response.headers.get('vary');
  headers.push(['vary', vary && !/\baccept-encoding\b/i.test(vary) ? `${vary}, Accept-Encoding` : (vary ?? 'Accept-Encoding')]);
  if (encoding !== 'identity') headers.push(['content-encoding', encoding]);
  return headers;
}

export function pageCache(options: PageCacheOptions): MiddlewareHandler {
  const maxEntries = options.maxEntries ?? 500;
  const maxBodyBytes = options.maxBodyBytes ?? 2_000_000;
  const maxStaleMs = options.maxStaleMs ?? 10_000;
  const now = options.now ?? Date.now;
  const nonceOf = options.nonce ?? (() => null);
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();

  /** The stored page with this response's nonce in it; null when it cannot carry that nonce. */
  function send(entry: Entry, state: 'hit' | 'stale', nonce: string | null): Response | null {
    let body = entry.body.bytes;
    if (entry.body.slots.length > 0) {
      const value = encoder.encode(nonce ?? '');
      if (value.length !== entry.body.slotLength) return null;
      body = fillSlots(entry.body, value);
    }
    return new Response(body, { status: entry.status, headers: [...entry.headers, ['X-Page-Cache', state]] });
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
    const nonce = nonceOf(c);
    const time = now();
    const found = entries.get(key);
    if (found && found.freshUntil > time) return send(found, 'hit', nonce) ?? next();
    const pending = rendering.get(key);
    if (pending) {
      if (found && found.staleUntil > time) return send(found, 'stale', nonce) ?? next();
      const entry = await pending;
      const response = entry && send(entry, 'hit', nonce);
      if (response) return response;
      return next();
    }

    let settle: (entry: Entry | null) => void = () => {};
    rendering.set(key, new Promise((resolve) => (settle = resolve)));
    let entry: Entry | null = null;
    try {
      await next();
      if (isStorable(c.res)) {
        const text = new Uint8Array(await c.res.arrayBuffer());
        if (text.byteLength <= maxBodyBytes) {
          const encoding = negotiatedEncoding(c.req.header('accept-encoding'));
          const storedAt = now();
          entry = {
            status: c.res.status,
            headers: storedHeaders(c.res, encoding),
            // Rendered with this request's nonce, which is where every later response puts its own.
            body: compressWithSlots(text, encoder.encode(nonce ?? ''), encoding),
            freshUntil: storedAt + options.ttlMs,
            staleUntil: storedAt + options.ttlMs + maxStaleMs,
          };
          store(key, entry);
          c.res = new Response(entry.body.bytes, { status: entry.status, headers: [...entry.headers, ['X-Page-Cache', 'miss']] });
        } else {
          // Too large to keep: sent as rendered (compression outside compresses it).
          c.res = new Response(text, { status: c.res.status, headers: c.res.headers });
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
