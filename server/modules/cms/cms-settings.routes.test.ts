// /api/cms/settings (issue #20) through the real app on SQLite and PostgreSQL:
// who may call it (admin only), the environment's defaults overridden field by
// field and back, the checks (emails, https links, the analytics id, the
// banner's from before its until) answered beside each field, the audit entry's
// before and after, what pages receive (public configuration, the banner while
// it runs) and the tag manager the security policy allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../domain/account-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { siteSettingsViewSchema } from '../site/settings.schemas.ts';
import { auditPageSchema } from './cms.schemas.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const HOUR = 60 * 60 * 1000;

type Built = Awaited<ReturnType<typeof createTestApp>>;
type Who = 'admin' | 'editor' | 'moderator' | 'member';

function call(t: Built, method: string, path: string, token?: string, body?: unknown) {
  return t.app.request(`${ORIGIN}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'X-Forwarded-For': '198.51.100.41',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function dataOf(response: Response): Promise<unknown> {
  return ((await response.json()) as { data: unknown }).data;
}

async function tokenOf(t: Built, email: string): Promise<string> {
  const response = await call(t, 'POST', '/auth/login', undefined, { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
}

async function staffAccount(t: Built, email: string, role: StaffRole): Promise<void> {
  const result = await t.services.accounts.createStaffUser({
    email,
    password: PASSWORD,
    displayName: `The ${role}`,
    role,
  });
  if (!result.ok) throw new Error(result.message);
}

describe.each(TEST_ENGINES)('the site settings API on %s', (engine) => {
  let t: Built;
  const tokens: Record<Who, string> = { admin: '', editor: '', moderator: '', member: '' };

  beforeAll(async () => {
    t = await createTestApp(engine, {
      BASE_URL: ORIGIN,
      TRUST_PROXY: '1',
      SITE_NAME: 'Scoreline Test',
      SOCIAL_TWITTER_URL: 'https://twitter.com/scoreline_env',
    });
    for (const role of ['admin', 'editor', 'moderator'] as const) await staffAccount(t, `${role}@example.com`, role);
    const registered = await call(t, 'POST', '/auth/register', undefined, {
      email: 'member@example.com',
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    for (const who of ['admin', 'editor', 'moderator', 'member'] as const)
      tokens[who] = await tokenOf(t, `${who}@example.com`);
  });
  afterAll(() => t?.close());

  const endpoints: Array<{ name: string; method: string; path: string; body?: unknown; allowed: number }> = [
    { name: 'read the settings', method: 'GET', path: '/cms/settings', allowed: 200 },
    { name: 'change the settings', method: 'PATCH', path: '/cms/settings', body: {}, allowed: 200 },
  ];
  const MAY: Record<Who, boolean> = { admin: true, editor: false, moderator: false, member: false };

  describe.each(endpoints)('$name ($method $path)', (endpoint) => {
    it('answers a guest 401 with the JSON error body, before reading the input', async () => {
      const response = await call(
        t,
        endpoint.method,
        endpoint.path,
        undefined,
        endpoint.body === undefined ? undefined : { nonsense: true },
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    });
    it.each(['admin', 'editor', 'moderator', 'member'] as const)('as %s', async (who) => {
      const response = await call(t, endpoint.method, endpoint.path, tokens[who], endpoint.body);
      if (MAY[who]) {
        expect(response.status).toBe(endpoint.allowed);
      } else {
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({
          error: { code: 'forbidden', message: expect.stringContaining('cms:settings') },
        });
      }
    });
  });

  it('starts from the environment, overrides field by field, and goes back to it', async () => {
    const start = siteSettingsViewSchema.parse(await dataOf(await call(t, 'GET', '/cms/settings', tokens.admin)));
    expect(start).toMatchObject({
      values: {
        siteName: 'Scoreline Test',
        twitterUrl: 'https://twitter.com/scoreline_env',
        telegramUrl: null,
        bannerText: null,
      },
      overridden: [],
      updatedAt: null,
    });

    const saved = await call(t, 'PATCH', '/cms/settings', tokens.admin, {
      siteName: 'Goal Line',
      twitterUrl: '',
      telegramUrl: 'https://t.me/goal_line',
    });
    expect(saved.status).toBe(200);
    const after = (await dataOf(saved)) as { values: Record<string, unknown>; overridden: string[]; changed: string[] };
    expect(after.values).toMatchObject({
      siteName: 'Goal Line',
      twitterUrl: null,
      telegramUrl: 'https://t.me/goal_line',
    });
    expect(after.overridden.sort()).toEqual(['siteName', 'telegramUrl', 'twitterUrl']);
    expect(after.changed.sort()).toEqual(['siteName', 'telegramUrl', 'twitterUrl']);
    // Pages read it at once on this node.
    const site = await t.services.siteSettings.publicConfig();
    expect(site).toMatchObject({
      siteName: 'Goal Line',
      social: { twitter: null, telegram: 'https://t.me/goal_line' },
    });

    // The environment's value again: no override is kept.
    const back = await call(t, 'PATCH', '/cms/settings', tokens.admin, {
      twitterUrl: 'https://twitter.com/scoreline_env',
    });
    expect(((await dataOf(back)) as { overridden: string[] }).overridden.sort()).toEqual(['siteName', 'telegramUrl']);
    const rows = await t.database.handle.db.selectFrom('site_setting').select('key').orderBy('key').execute();
    expect(rows.map((row) => row.key)).toEqual(['siteName', 'telegramUrl']);

    const entries = auditPageSchema.parse(
      await dataOf(await call(t, 'GET', '/cms/audit?kind=settings', tokens.admin)),
    ).entries;
    expect(entries.map((entry) => entry.action)).toEqual(['settings.change', 'settings.change']);
    expect(entries[1]).toMatchObject({
      actor: { role: 'admin' },
      target: { kind: 'settings', id: 'site' },
      ip: '198.51.100.41',
      changes: {
        before: { siteName: 'Scoreline Test', twitterUrl: 'https://twitter.com/scoreline_env', telegramUrl: null },
        after: { siteName: 'Goal Line', twitterUrl: null, telegramUrl: 'https://t.me/goal_line' },
      },
    });
    expect(entries[0]?.changes).toEqual({
      before: { twitterUrl: null },
      after: { twitterUrl: 'https://twitter.com/scoreline_env' },
    });

    // Saving what is there already changes nothing and leaves no entry.
    const same = await call(t, 'PATCH', '/cms/settings', tokens.admin, { siteName: 'Goal Line' });
    expect(((await dataOf(same)) as { changed: string[] }).changed).toEqual([]);
    expect(
      auditPageSchema.parse(await dataOf(await call(t, 'GET', '/cms/audit?kind=settings', tokens.admin))).entries,
    ).toHaveLength(2);
  });

  it('refuses what it cannot use, naming each field, and saves nothing of it', async () => {
    const response = await call(t, 'PATCH', '/cms/settings', tokens.admin, {
      siteName: '',
      supportEmail: 'not an address',
      facebookUrl: 'http://facebook.com/plain-http',
      analyticsId: 'UA-1234',
      bannerText: 'Cup final tonight',
      bannerLink: 'javascript:alert(1)',
      bannerFrom: '2030-05-02T10:00',
      bannerUntil: '2030-05-01T10:00',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('invalid_input');
    expect(Object.keys(body.error.fields).sort()).toEqual([
      'analyticsId',
      'bannerLink',
      'bannerUntil',
      'facebookUrl',
      'siteName',
      'supportEmail',
    ]);
    expect(body.error.fields.bannerUntil).toBe('The banner must end after it starts');
    expect(body.error.fields.facebookUrl).toContain('https://');
    // A banner needs its text; unknown fields are refused.
    const textless = await call(t, 'PATCH', '/cms/settings', tokens.admin, { bannerLink: '/pricing' });
    expect(await textless.json()).toMatchObject({ error: { fields: { bannerText: expect.stringContaining('text') } } });
    expect((await call(t, 'PATCH', '/cms/settings', tokens.admin, { colour: 'red' })).status).toBe(400);
    const view = siteSettingsViewSchema.parse(await dataOf(await call(t, 'GET', '/cms/settings', tokens.admin)));
    expect(view.values).toMatchObject({ siteName: 'Goal Line', bannerText: null, analyticsId: null });
  });

  it('runs the banner between its from and until, and lets the security policy load the tag manager set here', async () => {
    const now = Date.now();
    const saved = await call(t, 'PATCH', '/cms/settings', tokens.admin, {
      bannerText: 'Cup final tonight: follow it live',
      bannerLink: '/live-sports',
      bannerFrom: new Date(now - HOUR).toISOString(),
      // Without an offset a time is UTC, as the CMS's form sends it.
      bannerUntil: new Date(now + HOUR).toISOString().slice(0, 16),
      analyticsId: 'gtm-ab12cd3',
    });
    expect(saved.status).toBe(200);
    expect(((await dataOf(saved)) as { values: Record<string, string> }).values).toMatchObject({
      analyticsId: 'GTM-AB12CD3',
      bannerUntil: `${new Date(now + HOUR).toISOString().slice(0, 16)}:00.000Z`,
    });
    const { siteSettings } = t.services;
    expect(await siteSettings.announcement(new Date(now))).toEqual({
      text: 'Cup final tonight: follow it live',
      link: '/live-sports',
    });
    expect(await siteSettings.announcement(new Date(now - 2 * HOUR))).toBeNull();
    expect(await siteSettings.announcement(new Date(now + 2 * HOUR))).toBeNull();
    expect((await siteSettings.publicConfig()).analyticsGtmId).toBe('GTM-AB12CD3');
    const policy = (await call(t, 'GET', '/health')).headers.get('content-security-policy') ?? '';
    expect(policy).toContain('https://www.googletagmanager.com');

    // Cleared: no banner, no tag manager.
    await call(t, 'PATCH', '/cms/settings', tokens.admin, {
      bannerText: '',
      bannerLink: '',
      bannerFrom: null,
      bannerUntil: null,
      analyticsId: '',
    });
    expect(await siteSettings.announcement(new Date(now))).toBeNull();
    expect((await call(t, 'GET', '/health')).headers.get('content-security-policy')).not.toContain('googletagmanager');
  });

  it('describes its endpoints in /api/openapi.json', async () => {
    const document = (await (await call(t, 'GET', '/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/cms/settings'] ?? {}).sort()).toEqual(['get', 'patch']);
  });
});
