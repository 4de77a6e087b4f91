// Who may do what in the CMS (issue #20, "Tests: Scopes"), found rather than listed:
// every /api/cms operation the OpenAPI document describes, and every CMS screen's
// loader and action, called as admin, editor, moderator, a signed-in member and a
// guest, on SQLite and PostgreSQL. The scope an operation needs is the one its
// summary names ("(scope cms:pages)"), and a screen's is its section's
// (domain/cms-sections.ts), so an endpoint or screen added later is
// checked without editing this file. Allowed callers get the operation's own answer
// (never 401/403); others get exactly 401 (guest) or 403 — the JSON error body from
// the API, the site's 403 page (or the sign-in redirect for a guest) from pages.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_SECTIONS } from '../domain/cms-sections.ts';
import { ROLE_SCOPES, hasScope } from '../domain/staff-access.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';
import { TEST_ENGINES } from '../tests/helpers/test-database.ts';

const PASSWORD = 'correct horse battery staple';
const WHO = ['admin', 'editor', 'moderator', 'member', 'guest'] as const;
type Who = (typeof WHO)[number];

type Built = Awaited<ReturnType<typeof createPageApp>>;

interface Operation {
  method: string;
  path: string;
  /** null: public (an invitation link), or any staff member (their own sign-in security). */
  scope: string | null;
  staffOnly: boolean;
}

/** Pages anyone may open: the staff door and an invitation's link. */
const PUBLIC_SCREENS = ['/cms/login', '/cms/invite/'];

/**
 * Every CMS screen app/routes.ts declares (read as text: the test finds new ones by itself), its
 * parameters filled in, with the scope of the section it belongs to (the longest section path it starts with).
 */
function cmsScreens(): Array<{ path: string; scope: string | null }> {
  const declared = [
    ...readFileSync(new URL('../app/routes.ts', import.meta.url), 'utf8').matchAll(/route\('en\?(\/cms[^']*)'/g),
  ].map((match) => match[1] ?? '');
  return declared
    .filter((path) => !PUBLIC_SCREENS.some((open) => path === open || path.startsWith(open)))
    .map((path) => {
      const section = [...CMS_SECTIONS]
        .sort((a, b) => b.to.length - a.to.length)
        .find((candidate) => path === candidate.to || (candidate.to !== '/cms' && path.startsWith(`${candidate.to}/`)));
      return { path: path.replace(/:[a-zA-Z]+/g, '999999'), scope: section ? section.scope : null };
    });
}

function mayUse(who: Who, scope: string | null, staffOnly: boolean): boolean {
  if (who === 'guest') return false;
  if (who === 'member') return !staffOnly && scope === null;
  return scope === null || hasScope(ROLE_SCOPES[who], scope);
}

describe.each(TEST_ENGINES)('CMS scopes on %s', (engine) => {
  let t: Built;
  const tokens: Partial<Record<Who, string>> = {};
  let operations: Operation[] = [];

  const headersOf = (who: Who, extra: Record<string, string> = {}) => ({
    ...(tokens[who] ? { Authorization: `Bearer ${tokens[who]}` } : {}),
    ...extra,
  });

  beforeAll(async () => {
    t = await createPageApp({ engine });
    for (const role of ['admin', 'editor', 'moderator'] as const) {
      const created = await t.services.accounts.createStaffUser({
        email: `${role}@example.com`,
        password: PASSWORD,
        displayName: role,
        role,
      });
      if (!created.ok) throw new Error(created.message);
    }
    const registered = await t.services.accounts.register(
      { email: 'member@example.com', password: PASSWORD },
      { ip: '127.0.0.1', userAgent: 'test', deviceToken: null },
    );
    if (!registered.ok) throw new Error(registered.message);
    for (const who of ['admin', 'editor', 'moderator', 'member'] as const) {
      const login = await t.app.request('http://scoreline.test/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `${who}@example.com`, password: PASSWORD }),
      });
      tokens[who] = ((await login.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
    }
    const document = (await (await t.app.request('http://scoreline.test/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
    };
    operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/cms/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{[^}]+\}/g, '999999'),
          scope: /\(scope (cms:[a-z-]+)\)/.exec(operation.summary ?? '')?.[1] ?? null,
          // An operation that documents 401 needs a signed-in caller; one that documents 403 but no scope, a staff member.
          staffOnly: '403' in operation.responses,
        })),
      );
  });
  afterAll(() => t.close());

  it('finds the CMS API in the OpenAPI document, each guarded operation naming its scope', () => {
    expect(operations.length).toBeGreaterThan(10);
    const guarded = operations.filter((operation) => operation.staffOnly);
    expect(guarded.length).toBeGreaterThan(0);
    for (const operation of guarded.filter((candidate) => candidate.scope === null)) {
      // Without a scope in the summary, an operation guarded by 403 must be one any staff member may call.
      expect(operation.path, `${operation.method} ${operation.path} names no scope`).toMatch(/security/);
    }
  });

  it.each(WHO)('every API operation answers %s as its scope says', async (who) => {
    const wrong: string[] = [];
    for (const operation of operations) {
      if (!operation.staffOnly && operation.scope === null) continue; // public: an invitation link
      const response = await t.app.request(`http://scoreline.test/api${operation.path}`, {
        method: operation.method,
        headers: headersOf(
          who,
          operation.method === 'GET' || operation.method === 'DELETE' ? {} : { 'Content-Type': 'application/json' },
        ),
        ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { body: '{}' }),
      });
      const allowed = mayUse(who, operation.scope, operation.staffOnly);
      const expected = who === 'guest' ? 401 : allowed ? 'not 401/403' : 403;
      const ok =
        expected === 'not 401/403' ? response.status !== 401 && response.status !== 403 : response.status === expected;
      if (!ok)
        wrong.push(
          `${operation.method} ${operation.path} (${operation.scope ?? 'any staff'}): ${response.status}, expected ${expected}`,
        );
      if (!allowed && response.status === 403) {
        const body = (await response.json()) as { error?: { code?: string } };
        if (body.error?.code === undefined)
          wrong.push(`${operation.method} ${operation.path}: 403 without the JSON error body`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('finds every CMS screen in app/routes.ts', () => {
    expect(cmsScreens().map((screen) => screen.path)).toEqual(
      expect.arrayContaining(['/cms', '/cms/staff', '/cms/audit', '/cms/matches/999999']),
    );
  });

  it.each(WHO)('every CMS screen, loader and action, answers %s as its section says', async (who) => {
    const wrong: string[] = [];
    for (const section of cmsScreens()) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.request(`http://scoreline.test${section.path}`, {
          method,
          redirect: 'manual',
          headers: headersOf(
            who,
            method === 'POST'
              ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://scoreline.test' }
              : {},
          ),
          ...(method === 'POST' ? { body: 'intent=scope-check' } : {}),
        });
        const allowed =
          who !== 'guest' && who !== 'member' && (section.scope === null || hasScope(ROLE_SCOPES[who], section.scope));
        let ok: boolean;
        // 405: the screen has no action, so a post changes nothing for anyone.
        if (method === 'POST' && response.status === 405) ok = true;
        else if (who === 'guest')
          ok = response.status === 302 && (response.headers.get('location') ?? '').startsWith('/cms/login');
        else if (!allowed) ok = response.status === 403;
        // A screen without an action answers 405 to a post: still neither a sign-in nor a refusal.
        else ok = response.status !== 401 && response.status !== 403 && response.status !== 302;
        if (!ok) wrong.push(`${method} ${section.path} (${section.scope ?? 'any staff'}): ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
