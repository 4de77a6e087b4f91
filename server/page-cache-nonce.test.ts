// Issue #17: the shared page cache gives every response a CSP nonce of its own,
// on the real pages of the production build (the cache's own cases:
// server/platform/page-cache.test.ts). Needs the production build.
import { gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../tests/helpers/page-app.ts';

describe('cached pages and their CSP nonces', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  beforeAll(async () => {
    t = await createPageApp({ pageCacheTtlMs: 60_000 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  async function page(path: string, acceptEncoding: string) {
    const response = await t.app.request(path, { headers: { 'accept-encoding': acceptEncoding } });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const encoding = response.headers.get('content-encoding');
    // zlib's decoders check the trailer's checksum, as a browser does.
    const html = (encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : bytes).toString('utf8');
    const csp = response.headers.get('content-security-policy') ?? '';
    return {
      cache: response.headers.get('x-page-cache'),
      encoding,
      headerNonce: /'nonce-([^']+)'/.exec(csp)?.[1],
      bodyNonces: [...new Set([...html.matchAll(/\bnonce="([^"]*)"/g)].map((match) => match[1]))],
      html,
    };
  }

  it.each([
    ['gzip, deflate, br', 'gzip'],
    ['deflate', 'deflate'],
    ['identity', null],
  ])('sends each visitor of a cached page a nonce of its own, in the header and the body alike (%s)', async (accept, encoding) => {
    for (const path of ['/', '/league']) {
      const responses = [await page(path, accept), await page(path, accept), await page(path, accept)];
      expect(responses.map((response) => response.cache)).toEqual(['miss', 'hit', 'hit']);
      for (const response of responses) {
        expect(response.encoding).toBe(encoding);
        expect(response.headerNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        // The page's scripts carry the nonce, and only the one its header allows.
        expect(response.bodyNonces).toEqual([response.headerNonce]);
      }
      expect(new Set(responses.map((response) => response.headerNonce)).size).toBe(3);
      // No copy carries another visitor's nonce anywhere, in any form (escaped or not).
      for (const response of responses) {
        for (const other of responses) {
          if (other === response) continue;
          const nonce = other.headerNonce as string;
          for (const form of [nonce, JSON.stringify(nonce).slice(1, -1), encodeURIComponent(nonce)]) {
            expect(response.html.includes(form)).toBe(false);
          }
        }
      }
      const [first, ...others] = responses.map((response) => response.html.split(response.headerNonce as string).join('NONCE'));
      for (const other of others) expect(other).toBe(first);
    }
  });
});
