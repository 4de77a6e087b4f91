// Staff two-factor sign-in and idle sessions through the built pages (issue #20):
// /cms/login's second step (a cookie-held challenge, not a session), enrolment at
// /cms/security with the QR code and recovery codes, the policy sending staff
// without it there from every CMS page, and an idle staff session landing on
// /cms/login with the reason. Needs the production build (BUILD_DIR).
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../tests/helpers/page-app.ts';
import { IDLE_SIGNED_OUT_MESSAGE } from '../domain/account-contracts.ts';

const ORIGIN = 'http://scoreline.test';
const PASSWORD = 'the staff passphrase 20';
const MINUTE = 60_000;

type PageApp = Awaited<ReturnType<typeof createPageApp>>;

/** A browser's cookies for the site: what responses set, sent back with each request. */
class Browser {
  private readonly jar = new Map<string, string>();
  constructor(private readonly t: PageApp) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  private remember(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/Max-Age=0(;|$)/.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    return { ...(cookie ? { cookie } : {}), ...extra };
  }

  async get(path: string): Promise<Response> {
    return this.remember(await this.t.app.request(`${ORIGIN}${path}`, { headers: this.headers() }));
  }

  async post(path: string, form: Record<string, string>): Promise<Response> {
    const response = await this.t.app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN }),
      body: new URLSearchParams(form).toString(),
    });
    return this.remember(response);
  }
}

describe('staff two-factor sign-in and idle sessions, through the pages', () => {
  let t: PageApp;
  let now = Date.parse('2026-03-01T12:00:10Z');
  const advance = (ms: number) => {
    now += ms;
  };
  const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(now / 1000) });

  async function staffAccount(email: string, role: 'admin' | 'editor' | 'moderator'): Promise<number> {
    const result = await t.services.accounts.createStaffUser({
      email,
      password: PASSWORD,
      displayName: 'Pat Staff',
      role,
    });
    if (!result.ok) throw new Error(result.message);
    return result.user.id;
  }

  async function signInByPassword(browser: Browser, email: string): Promise<Response> {
    return browser.post('/cms/login', { email, password: PASSWORD, redirect: '/cms' });
  }

  /** Sets two-factor sign-in up through /cms/security; the secret typed from the page and the recovery codes shown. */
  async function enrolOnPage(browser: Browser): Promise<{ secret: string; page: string }> {
    const before = await (await browser.get('/cms/security')).text();
    expect(before).toContain('Set up two-factor sign-in');
    const begun = await browser.post('/cms/security', { intent: 'begin' });
    expect(begun.status).toBe(302);
    const page = await (await browser.get('/cms/security')).text();
    expect(page).toMatch(/role="img" aria-label="QR code for your authenticator app"[^>]*><svg/);
    const typed = /data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(page)?.[1] ?? '';
    const secret = typed.replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const confirmed = await browser.post('/cms/security', { intent: 'confirm', code: await codeAt(secret) });
    expect(confirmed.status).toBe(200);
    return { secret, page: await confirmed.text() };
  }

  beforeAll(async () => {
    t = await createPageApp({ clock: { now: () => new Date(now) } });
  }, 60_000);
  afterAll(() => t?.close());

  it('enrols at /cms/security, then signs in with the password and a code as two steps', async () => {
    await staffAccount('pages-admin@example.com', 'admin');
    const browser = new Browser(t);
    expect((await signInByPassword(browser, 'pages-admin@example.com')).status).toBe(302);
    const { secret, page } = await enrolOnPage(browser);
    expect(page).toContain('Your recovery codes');
    expect(page.match(/<li>[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}<\/li>/g)).toHaveLength(10);
    expect(page).toContain('Two-factor sign-in is on.');

    // Sign out, then in again: the password gives a challenge in a cookie, not a session.
    expect((await browser.post('/account', { intent: 'logout' })).status).toBeLessThan(400);
    const password = await signInByPassword(browser, 'pages-admin@example.com');
    expect(password.status).toBe(302);
    expect(password.headers.get('location')).toBe('/cms/login');
    expect(browser.cookie('scoreline_2fa')).toBeDefined();
    expect(browser.cookie('scoreline_access')).toBeUndefined();
    const step = await (await browser.get('/cms/login')).text();
    expect(step).toContain('Authentication code');
    expect((await browser.get('/cms')).headers.get('location')).toMatch(/^\/cms\/login/);

    const wrong = await browser.post('/cms/login', { intent: 'code', code: '12345x' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('This code is not right');

    advance(30_000);
    const right = await browser.post('/cms/login', { intent: 'code', code: await codeAt(secret) });
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe('/cms');
    expect(browser.cookie('scoreline_2fa')).toBeUndefined();
    expect(browser.cookie('scoreline_access')).toBeDefined();
    expect((await browser.get('/cms')).status).toBe(200);
  });

  it('sends a staff account with two-factor sign-in from the members’ door to the code step', async () => {
    const browser = new Browser(t);
    const answer = await browser.post('/login', {
      email: 'pages-admin@example.com',
      password: PASSWORD,
      redirect: '/account',
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`/cms/login?redirect=${encodeURIComponent('/account')}`);
    expect(browser.cookie('scoreline_access')).toBeUndefined();
    expect(await (await browser.get('/cms/login?redirect=%2Faccount')).text()).toContain('Authentication code');
  });

  it('sends staff without two-factor sign-in to set it up, from every CMS page, while an admin requires it', async () => {
    const admin = new Browser(t);
    await staffAccount('pages-chief@example.com', 'admin');
    await signInByPassword(admin, 'pages-chief@example.com');
    await enrolOnPage(admin);
    const required = await admin.post('/cms/security', { intent: 'policy', requireTwoFactor: 'on' });
    expect(required.status).toBe(200);
    expect(await required.text()).toContain('now required for all staff');

    await staffAccount('pages-editor@example.com', 'editor');
    const editor = new Browser(t);
    expect((await signInByPassword(editor, 'pages-editor@example.com')).status).toBe(302);
    for (const path of ['/cms', '/cms/pages', '/cms/matches', '/cms/hot-matches']) {
      const answer = await editor.get(path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get('location'), path).toBe('/cms/security?required=1');
    }
    const security = await editor.get('/cms/security?required=1');
    expect(security.status).toBe(200);
    expect(await security.text()).toContain('Two-factor sign-in is required for all staff');
    advance(30_000);
    await enrolOnPage(editor);
    expect((await editor.get('/cms')).status).toBe(200);

    advance(30_000);
    expect((await admin.post('/cms/security', { intent: 'policy' })).status).toBe(200);
  });

  it('ends an idle staff session: the next CMS page lands on /cms/login saying why; 29 minutes are fine', async () => {
    await staffAccount('pages-idle@example.com', 'moderator');
    const browser = new Browser(t);
    expect((await signInByPassword(browser, 'pages-idle@example.com')).status).toBe(302);
    advance(29 * MINUTE);
    expect((await browser.get('/cms')).status).toBe(200);
    advance(30 * MINUTE);
    const ended = await browser.get('/cms');
    expect(ended.status).toBe(302);
    expect(ended.headers.get('location')).toBe('/cms/login?redirect=%2Fcms&reason=idle');
    expect(browser.cookie('scoreline_access')).toBeUndefined();
    const door = await (await browser.get('/cms/login?redirect=%2Fcms&reason=idle')).text();
    expect(door).toContain(IDLE_SIGNED_OUT_MESSAGE);
  });
});
