// /api/cms/pages (issue #20) through the real app on SQLite and PostgreSQL: who
// may call what (every endpoint × admin, editor, moderator, member, guest),
// addresses the site uses refused with the reason, drafts, publication now and
// scheduled, unpublishing, edits that would overwrite someone's save refused,
// revisions and restore, the audit entries of each write, and Markdown that
// tries to run code served inert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../domain/account-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { createPagesService } from '../site/pages.service.ts';
import { cmsPageListSchema, cmsPageSchema, cmsRevisionListSchema, cmsRevisionSchema } from './cms-pages.schemas.ts';
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
      'X-Forwarded-For': '198.51.100.30',
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

describe.each(TEST_ENGINES)('the pages API on %s', (engine) => {
  let t: Built;
  const tokens: Record<Who, string> = { admin: '', editor: '', moderator: '', member: '' };
  let existingId = 0;

  async function createPage(body: Record<string, unknown>, who: Who = 'editor') {
    const response = await call(t, 'POST', '/cms/pages', tokens[who], body);
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return cmsPageSchema.parse(await dataOf(response));
  }

  async function auditOf(id: number) {
    const page = auditPageSchema.parse(
      await dataOf(await call(t, 'GET', '/cms/audit?kind=page&limit=100', tokens.admin)),
    );
    return page.entries.filter((entry) => entry.target.kind === 'page' && entry.target.id === String(id)).reverse();
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: ORIGIN, TRUST_PROXY: '1' });
    await staffAccount(t, 'admin@example.com', 'admin');
    await staffAccount(t, 'editor@example.com', 'editor');
    await staffAccount(t, 'moderator@example.com', 'moderator');
    const registered = await call(t, 'POST', '/auth/register', undefined, {
      email: 'member@example.com',
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    for (const who of ['admin', 'editor', 'moderator', 'member'] as const)
      tokens[who] = await tokenOf(t, `${who}@example.com`);
    existingId = (await createPage({ slug: 'scope-check', title: 'Scope check', body: 'Text' }, 'admin')).id;
  });
  afterAll(() => t.close());

  // Allowed callers get the endpoint's own answer (never 401/403); others exactly 401 or 403.
  const endpoints: Array<{ name: string; method: string; path: () => string; body?: unknown; allowed: number }> = [
    { name: 'list pages', method: 'GET', path: () => '/cms/pages', allowed: 200 },
    {
      name: 'create a page',
      method: 'POST',
      path: () => '/cms/pages',
      body: { slug: 'pricing', title: 'T', body: 'B' },
      allowed: 400,
    },
    {
      name: 'preview Markdown',
      method: 'POST',
      path: () => '/cms/pages/preview',
      body: { body: '**hi**' },
      allowed: 200,
    },
    { name: 'read a page', method: 'GET', path: () => `/cms/pages/${existingId}`, allowed: 200 },
    { name: 'edit a page', method: 'PATCH', path: () => '/cms/pages/999999', body: { title: 'New' }, allowed: 404 },
    { name: 'publish', method: 'POST', path: () => '/cms/pages/999999/publish', body: {}, allowed: 404 },
    { name: 'unpublish', method: 'POST', path: () => '/cms/pages/999999/unpublish', allowed: 404 },
    { name: 'list revisions', method: 'GET', path: () => `/cms/pages/${existingId}/revisions`, allowed: 200 },
    { name: 'read a revision', method: 'GET', path: () => `/cms/pages/${existingId}/revisions/1`, allowed: 200 },
    { name: 'restore a revision', method: 'POST', path: () => '/cms/pages/999999/revisions/1/restore', allowed: 404 },
  ];
  const MAY_EDIT_PAGES: Record<Who, boolean> = { admin: true, editor: true, moderator: false, member: false };

  describe.each(endpoints)('$name ($method)', (endpoint) => {
    it('answers a guest 401 with the JSON error body, before reading the input', async () => {
      const response = await call(
        t,
        endpoint.method,
        endpoint.path(),
        undefined,
        endpoint.body === undefined ? undefined : { nonsense: true },
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    });
    it.each(['admin', 'editor', 'moderator', 'member'] as const)('as %s', async (who) => {
      const response = await call(t, endpoint.method, endpoint.path(), tokens[who], endpoint.body);
      if (MAY_EDIT_PAGES[who]) {
        expect(response.status).toBe(endpoint.allowed);
      } else {
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({
          error: { code: 'forbidden', message: expect.stringContaining('cms:pages') },
        });
      }
    });
  });

  it.each(['pricing', 'login', 'cms', 'en', 'api', 'league'])(
    'refuses the address /%s, which the site uses, saying so',
    async (slug) => {
      const response = await call(t, 'POST', '/cms/pages', tokens.editor, { slug, title: 'Mine', body: 'Text' });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields.slug).toBe(
        `/${slug} is already an address of the site, so a page there could never be seen. Choose another address`,
      );
    },
  );

  it('refuses malformed input with a message per field, and an address another page has', async () => {
    const response = await call(t, 'POST', '/cms/pages', tokens.editor, { slug: 'Not A Slug', title: '', body: '   ' });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields).sort()).toEqual(['body', 'slug', 'title']);
    const taken = await call(t, 'POST', '/cms/pages', tokens.editor, {
      slug: 'scope-check',
      title: 'Again',
      body: 'Text',
    });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({ error: { fields: { slug: 'Another page already has this address' } } });
    const early = await call(t, 'POST', '/cms/pages', tokens.editor, {
      slug: 'early',
      title: 'T',
      body: 'B',
      publishAt: new Date().toISOString(),
    });
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ error: { fields: { publishAt: expect.any(String) } } });
  });

  it('two editors taking one address at once: one page, and the other hears why', async () => {
    const body = { slug: 'race-for-it', title: 'Race', body: 'Text' };
    const answers = await Promise.all([
      call(t, 'POST', '/cms/pages', tokens.editor, body),
      call(t, 'POST', '/cms/pages', tokens.admin, body),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    const list = cmsPageListSchema.parse(await dataOf(await call(t, 'GET', '/cms/pages', tokens.editor)));
    expect(list.pages.filter((page) => page.slug === 'race-for-it')).toHaveLength(1);
  });

  it('a draft is not public; publishing serves it at once; unpublishing takes it off — each in the audit log', async () => {
    const draft = await createPage({
      slug: 'club-rules',
      title: 'Club rules',
      description: 'How we play',
      body: '# Rules\n\nBe **kind**.',
    });
    expect(draft).toMatchObject({
      status: 'draft',
      publishAt: null,
      revision: 1,
      path: '/club-rules',
      previewUrl: '/club-rules',
    });
    expect(draft.html).toBe('<h2>Rules</h2>\n<p>Be <strong>kind</strong>.</p>\n');
    expect(await t.services.pages.getPublishedPage('club-rules')).toBeUndefined();

    const published = cmsPageSchema.parse(
      await dataOf(await call(t, 'POST', `/cms/pages/${draft.id}/publish`, tokens.editor, {})),
    );
    expect(published.status).toBe('published');
    expect(await t.services.pages.getPublishedPage('club-rules')).toMatchObject({
      title: 'Club rules',
      html: draft.html,
    });
    const drafts = cmsPageListSchema.parse(
      await dataOf(await call(t, 'GET', '/cms/pages?status=draft', tokens.editor)),
    );
    expect(drafts.pages.map((page) => page.slug)).not.toContain('club-rules');

    const unpublished = cmsPageSchema.parse(
      await dataOf(await call(t, 'POST', `/cms/pages/${draft.id}/unpublish`, tokens.editor)),
    );
    expect(unpublished).toMatchObject({ status: 'draft', publishAt: null });
    expect(await t.services.pages.getPublishedPage('club-rules')).toBeUndefined();

    const entries = await auditOf(draft.id);
    expect(entries.map((entry) => entry.action)).toEqual(['page.create', 'page.publish', 'page.unpublish']);
    expect(entries[0]).toMatchObject({
      actor: { role: 'editor' },
      ip: '198.51.100.30',
      changes: { after: { slug: 'club-rules', status: 'draft' } },
    });
    expect(entries[1]?.changes).toMatchObject({
      before: { status: 'draft', publishAt: null },
      after: { status: 'published' },
    });
    expect(entries[2]?.changes).toMatchObject({
      before: { status: 'published' },
      after: { status: 'draft', publishAt: null },
    });
  });

  it('creates a page published at once, as a script would', async () => {
    const page = await createPage({ slug: 'scripted', title: 'Scripted', body: 'Made by a script', published: true });
    expect(page.status).toBe('published');
    expect(await t.services.pages.getPublishedPage('scripted')).toMatchObject({ html: '<p>Made by a script</p>\n' });
  });

  it('a scheduled page turns public at its time, with nothing to run then', async () => {
    const page = await createPage({ slug: 'season-opener', title: 'Opener', body: 'Soon' });
    const at = new Date(Date.now() + 2 * HOUR);
    const scheduled = cmsPageSchema.parse(
      await dataOf(
        await call(t, 'POST', `/cms/pages/${page.id}/publish`, tokens.editor, { publishAt: at.toISOString() }),
      ),
    );
    expect(scheduled).toMatchObject({ status: 'scheduled', publishAt: at.toISOString() });
    expect(await t.services.pages.getPublishedPage('season-opener')).toBeUndefined();
    const scheduledList = cmsPageListSchema.parse(
      await dataOf(await call(t, 'GET', '/cms/pages?status=scheduled', tokens.editor)),
    );
    expect(scheduledList.pages.map((entry) => entry.slug)).toEqual(['season-opener']);

    const later = createPagesService({ db: t.database.handle.db, clock: { now: () => new Date(at.getTime() + 1000) } });
    expect(await later.getPublishedPage('season-opener')).toMatchObject({ title: 'Opener' });
    expect((await later.getPage(page.id))?.status).toBe('published');
    // Published now: scheduling it for later would hide it until then, so that is refused.
    const now = await call(t, 'POST', `/cms/pages/${page.id}/publish`, tokens.editor, {});
    expect(cmsPageSchema.parse(await dataOf(now)).status).toBe('published');
    const hide = await call(t, 'POST', `/cms/pages/${page.id}/publish`, tokens.editor, { publishAt: at.toISOString() });
    expect(hide.status).toBe(409);
    expect(
      (await call(t, 'POST', `/cms/pages/${page.id}/publish`, tokens.editor, { publishAt: 'tomorrow' })).status,
    ).toBe(400);
  });

  it('every save is a revision; a save over someone else’s is refused; a restore is a new revision', async () => {
    const page = await createPage({ slug: 'history', title: 'First title', body: 'First text' });
    const second = await call(t, 'PATCH', `/cms/pages/${page.id}`, tokens.editor, {
      body: 'Second text',
      baseRevision: 1,
    });
    expect(cmsPageSchema.parse(await dataOf(second))).toMatchObject({
      revision: 2,
      body: 'Second text',
      title: 'First title',
    });
    // An edit started from revision 1 while revision 2 exists.
    const stale = await call(t, 'PATCH', `/cms/pages/${page.id}`, tokens.admin, {
      title: 'Overwrite',
      baseRevision: 1,
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      error: { code: 'conflict', message: expect.stringContaining('Someone else saved') },
    });
    const third = await call(t, 'PATCH', `/cms/pages/${page.id}`, tokens.admin, {
      title: 'Third title',
      slug: 'history-of-it',
      baseRevision: 2,
    });
    expect(cmsPageSchema.parse(await dataOf(third))).toMatchObject({ revision: 3, slug: 'history-of-it' });
    // Saving what is there already writes nothing.
    const same = await call(t, 'PATCH', `/cms/pages/${page.id}`, tokens.admin, { title: 'Third title' });
    expect(cmsPageSchema.parse(await dataOf(same)).revision).toBe(3);

    const history = cmsRevisionListSchema.parse(
      await dataOf(await call(t, 'GET', `/cms/pages/${page.id}/revisions`, tokens.editor)),
    );
    expect(
      history.revisions.map((revision) => [revision.number, revision.title, revision.author?.displayName]),
    ).toEqual([
      [3, 'Third title', 'The admin'],
      [2, 'First title', 'The editor'],
      [1, 'First title', 'The editor'],
    ]);
    const first = cmsRevisionSchema.parse(
      await dataOf(await call(t, 'GET', `/cms/pages/${page.id}/revisions/1`, tokens.editor)),
    );
    expect(first).toMatchObject({ body: 'First text', html: '<p>First text</p>\n' });
    expect((await call(t, 'GET', `/cms/pages/${page.id}/revisions/9`, tokens.editor)).status).toBe(404);

    const restored = cmsPageSchema.parse(
      await dataOf(await call(t, 'POST', `/cms/pages/${page.id}/revisions/1/restore`, tokens.editor)),
    );
    expect(restored).toMatchObject({ revision: 4, title: 'First title', body: 'First text', slug: 'history-of-it' });
    const after = cmsRevisionListSchema.parse(
      await dataOf(await call(t, 'GET', `/cms/pages/${page.id}/revisions`, tokens.editor)),
    );
    expect(after.revisions[0]).toMatchObject({ number: 4, restoredFrom: 1 });
    expect((await call(t, 'POST', `/cms/pages/${page.id}/revisions/99/restore`, tokens.editor)).status).toBe(404);

    const entries = await auditOf(page.id);
    expect(entries.map((entry) => entry.action)).toEqual(['page.create', 'page.update', 'page.update', 'page.restore']);
    expect(entries[2]?.changes).toEqual({
      before: { slug: 'history', title: 'First title', revision: 2 },
      after: { slug: 'history-of-it', title: 'Third title', revision: 3 },
    });
    expect(entries[3]?.changes).toEqual({
      before: { title: 'Third title', revision: 3 },
      after: { title: 'First title', revision: 4, restoredFrom: 1 },
    });
  });

  it('Markdown holding scripts, event handlers, javascript: and data: links comes out inert', async () => {
    const body = [
      '<script>document.title = "owned"</script>',
      '<img src=x onerror="alert(1)">',
      '[win](javascript:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<a href="https://example.org" onclick="alert(1)">fine link</a>',
    ].join('\n\n');
    const page = await createPage({ slug: 'hostile', title: 'Hostile', body, published: true });
    for (const html of [page.html, (await t.services.pages.getPublishedPage('hostile'))?.html ?? '']) {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|data:/i);
      expect(html).toContain('<a href="https://example.org">fine link</a>');
    }
    const preview = await call(t, 'POST', '/cms/pages/preview', tokens.editor, { body });
    expect(((await dataOf(preview)) as { html: string }).html).toBe(page.html);
  });
});

describe('the preview link', () => {
  it('points at SITE_PREVIEW_URL when set', async () => {
    const t = await createTestApp('sqlite', { SITE_PREVIEW_URL: 'https://preview.example.org/site' });
    try {
      expect(t.services.cms.pages.previewUrl('club-rules')).toBe('https://preview.example.org/site/club-rules');
    } finally {
      await t.close();
    }
  });
});
