// Issue #17: cookies are Secure whenever the visitor reached the site over
// HTTPS — directly, through a trusted proxy's X-Forwarded-Proto, or because
// BASE_URL is https — and not when a plain-http install could not keep them.
// Through the real sign-in page and the reset link (needs the production build).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../tests/helpers/page-app.ts';

type PageApp = Awaited<ReturnType<typeof createPageApp>>;

const email = 'secure@example.org';
const password = 'a long enough password 17';

async function withUser(env: Record<string, string>): Promise<PageApp> {
  const t = await createPageApp({ env });
  const registered = await t.app.request('/api/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(registered.status).toBe(201);
  return t;
}

/** The Set-Cookie headers of a sign-in through /login at `url`. */
async function signInCookies(t: PageApp, url: string, headers: Record<string, string> = {}): Promise<string[]> {
  const response = await t.app.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ email, password }).toString(),
  });
  expect(response.status).toBe(302);
  const cookies = response.headers.getSetCookie().filter((cookie) => cookie.startsWith('scoreline_'));
  expect(cookies.length).toBeGreaterThanOrEqual(2);
  return cookies;
}

/** The reset link's cookie, set when the link is opened. */
async function resetCookie(t: PageApp, url: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await t.app.request(`${url}?token=${'t'.repeat(40)}`, { headers });
  const cookie = response.headers.getSetCookie().find((value) => value.includes('Max-Age='));
  expect(cookie).toBeDefined();
  return cookie as string;
}

const isSecure = (cookie: string) => /;\s*Secure(;|$)/i.test(cookie);

describe('Secure cookies', () => {
  let plain: PageApp;
  let proxied: PageApp;
  let httpsBase: PageApp;
  beforeAll(async () => {
    [plain, proxied, httpsBase] = await Promise.all([
      withUser({}),
      withUser({ TRUST_PROXY: '1' }),
      withUser({ BASE_URL: 'https://scoreline.test' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([plain?.close(), proxied?.close(), httpsBase?.close()]);
  });

  it('are Secure on a request that arrived over HTTPS, even with an http BASE_URL', async () => {
    for (const cookie of await signInCookies(plain, 'https://scoreline.test/login')) expect(isSecure(cookie), cookie).toBe(true);
    expect(isSecure(await resetCookie(plain, 'https://scoreline.test/auth/reset-password'))).toBe(true);
  });

  it('are not Secure over plain http with an http BASE_URL (a LAN install could not keep them)', async () => {
    for (const cookie of await signInCookies(plain, 'http://scoreline.test/login')) expect(isSecure(cookie), cookie).toBe(false);
    expect(isSecure(await resetCookie(plain, 'http://scoreline.test/auth/reset-password'))).toBe(false);
  });

  it('follow X-Forwarded-Proto only from a trusted proxy', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    for (const cookie of await signInCookies(proxied, 'http://scoreline.test/login', https)) expect(isSecure(cookie), cookie).toBe(true);
    expect(isSecure(await resetCookie(proxied, 'http://scoreline.test/auth/reset-password', https))).toBe(true);
    for (const cookie of await signInCookies(proxied, 'http://scoreline.test/login')) expect(isSecure(cookie), cookie).toBe(false);
    // Without TRUST_PROXY the header is anyone's to send, and is not read.
    for (const cookie of await signInCookies(plain, 'http://scoreline.test/login', https)) expect(isSecure(cookie), cookie).toBe(false);
  });

  it('are Secure whenever BASE_URL is https', async () => {
    for (const cookie of await signInCookies(httpsBase, 'http://scoreline.test/login')) expect(isSecure(cookie), cookie).toBe(true);
    expect(isSecure(await resetCookie(httpsBase, 'http://scoreline.test/auth/reset-password'))).toBe(true);
  });
});
