// The staff API (issue #20) through the real app on SQLite and PostgreSQL: who may
// call what (a table of every endpoint × admin, editor, moderator, member, guest),
// invitations end to end through the outbox, suspension ending sessions at once,
// the last-administrator rule under a race, and the audit log — filtered, paged and
// append-only in the database itself.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import type { StaffRole } from '../../../domain/account-contracts.ts';
import { auditPageSchema, staffListSchema } from './cms.schemas.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';

type Built = Awaited<ReturnType<typeof createTestApp>>;

function call(t: Built, method: string, path: string, token?: string, body?: unknown) {
  return t.app.request(`${ORIGIN}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'X-Forwarded-For': '198.51.100.20',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function signIn(t: Built, email: string, password = PASSWORD): Promise<Response> {
  return call(t, 'POST', '/auth/login', undefined, { email, password });
}

async function tokenOf(t: Built, email: string): Promise<string> {
  const response = await signIn(t, email);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { token: { access_token: string } } };
  return body.data.token.access_token;
}

async function staffAccount(t: Built, email: string, role: StaffRole): Promise<number> {
  const result = await t.services.accounts.createStaffUser({
    email,
    password: PASSWORD,
    displayName: email.split('@')[0] ?? email,
    role,
  });
  if (!result.ok) throw new Error(result.message);
  return result.user.id;
}

async function inviteTokenFor(t: Built, email: string): Promise<string> {
  const [mail] = await t.services.mailer.listOutbox({ to: email, limit: 1 });
  const match = /\/cms\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no invitation mail to ${email}`);
  return match[1];
}

describe.each(TEST_ENGINES)('the staff API on %s', (engine) => {
  let t: Built;
  const tokens: Record<'admin' | 'editor' | 'moderator' | 'member', string> = {
    admin: '',
    editor: '',
    moderator: '',
    member: '',
  };
  let editorId = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: ORIGIN, TRUST_PROXY: '1' });
    await staffAccount(t, 'admin@example.com', 'admin');
    editorId = await staffAccount(t, 'editor@example.com', 'editor');
    await staffAccount(t, 'moderator@example.com', 'moderator');
    const registered = await call(t, 'POST', '/auth/register', undefined, {
      email: 'member@example.com',
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    for (const who of ['admin', 'editor', 'moderator', 'member'] as const)
      tokens[who] = await tokenOf(t, `${who}@example.com`);
  });
  afterAll(() => t.close());

  // Allowed callers get the endpoint's own answer (never 401/403); others exactly 401 or 403.
  const endpoints: Array<{
    name: string;
    method: string;
    path: string;
    body?: unknown;
    scope: string;
    allowed: number;
  }> = [
    { name: 'list staff', method: 'GET', path: '/cms/staff', scope: 'cms:staff', allowed: 200 },
    {
      name: 'invite',
      method: 'POST',
      path: '/cms/staff/invites',
      body: { email: 'scope-check@example.com', role: 'editor' },
      scope: 'cms:staff',
      allowed: 201,
    },
    {
      name: 'withdraw an invitation',
      method: 'DELETE',
      path: '/cms/staff/invites/999999',
      scope: 'cms:staff',
      allowed: 404,
    },
    {
      name: 'change a role',
      method: 'PATCH',
      path: '/cms/staff/999999',
      body: { action: 'role', role: 'editor' },
      scope: 'cms:staff',
      allowed: 404,
    },
    { name: 'read the audit log', method: 'GET', path: '/cms/audit', scope: 'cms:audit', allowed: 200 },
  ];
  const ROLE_MAY: Record<'admin' | 'editor' | 'moderator' | 'member', (scope: string) => boolean> = {
    admin: () => true,
    editor: (scope) => ['cms:pages', 'cms:matches', 'cms:media'].includes(scope),
    moderator: (scope) => ['cms:users', 'cms:messages', 'cms:chat'].includes(scope),
    member: () => false,
  };

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
      if (ROLE_MAY[who](endpoint.scope)) {
        expect(response.status).toBe(endpoint.allowed);
      } else {
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({
          error: { code: 'forbidden', message: expect.stringContaining(endpoint.scope) },
        });
      }
    });
  });

  it('invites by mail; the link makes a staff account once, and the log says who did what', async () => {
    const invited = await call(t, 'POST', '/cms/staff/invites', tokens.admin, {
      email: 'New.Editor@Example.com',
      role: 'editor',
    });
    expect(invited.status).toBe(201);
    const list = staffListSchema.parse(
      ((await (await call(t, 'GET', '/cms/staff', tokens.admin)).json()) as { data: unknown }).data,
    );
    expect(list.invites.map((invite) => invite.email)).toContain('new.editor@example.com');

    const token = await inviteTokenFor(t, 'new.editor@example.com');
    const accept = { token, displayName: 'New Editor', password: 'a long enough password 1' };
    // Two tabs submit the same link at once: one account, one success.
    const [first, second] = await Promise.all([
      call(t, 'POST', '/cms/staff/accept', undefined, accept),
      call(t, 'POST', '/cms/staff/accept', undefined, accept),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    const again = await call(t, 'POST', '/cms/staff/accept', undefined, accept);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { message: expect.stringContaining('not valid any more') } });

    const login = await signIn(t, 'new.editor@example.com', 'a long enough password 1');
    expect(login.status).toBe(200);
    const user = ((await login.json()) as { data: { user: { role: string; scopes: string[] } } }).data.user;
    expect(user.role).toBe('editor');
    expect(user.scopes).toContain('cms:pages');

    const audit = auditPageSchema.parse(
      ((await (await call(t, 'GET', '/cms/audit?kind=staff', tokens.admin)).json()) as { data: unknown }).data,
    );
    const invite = audit.entries.find(
      (entry) => entry.action === 'staff.invite' && entry.changes.after.email === 'new.editor@example.com',
    );
    expect(invite).toMatchObject({
      actor: { role: 'admin', displayName: 'admin' },
      ip: '198.51.100.20',
      changes: { after: { role: 'editor' } },
    });
    expect(audit.entries.filter((entry) => entry.action === 'staff.accept')).toHaveLength(1);
  });

  it('a new invitation replaces the pending one: the older link stops working', async () => {
    await call(t, 'POST', '/cms/staff/invites', tokens.admin, { email: 'twice@example.com', role: 'moderator' });
    const older = await inviteTokenFor(t, 'twice@example.com');
    await call(t, 'POST', '/cms/staff/invites', tokens.admin, { email: 'twice@example.com', role: 'editor' });
    const newer = await inviteTokenFor(t, 'twice@example.com');
    expect(newer).not.toBe(older);
    const body = { displayName: 'Twice', password: 'a long enough password 2' };
    expect((await call(t, 'POST', '/cms/staff/accept', undefined, { token: older, ...body })).status).toBe(404);
    expect((await call(t, 'POST', '/cms/staff/accept', undefined, { token: newer, ...body })).status).toBe(200);
  });

  it('refuses bad input with field messages', async () => {
    const response = await call(t, 'POST', '/cms/staff/invites', tokens.admin, {
      email: 'not an address',
      role: 'owner',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'role']);
    const reasonless = await call(t, 'PATCH', `/cms/staff/${editorId}`, tokens.admin, {
      action: 'suspend',
      reason: '',
    });
    expect(reasonless.status).toBe(400);
  });

  it('suspending ends the sessions at once; sign-in then says why; reinstating lets them back', async () => {
    const id = await staffAccount(t, 'suspend-me@example.com', 'editor');
    const token = await tokenOf(t, 'suspend-me@example.com');
    expect((await call(t, 'GET', '/auth/user', token)).status).toBe(200);

    const suspended = await call(t, 'PATCH', `/cms/staff/${id}`, tokens.admin, {
      action: 'suspend',
      reason: 'Left the club',
    });
    expect(suspended.status).toBe(200);
    expect((await call(t, 'GET', '/auth/user', token)).status).toBe(401);
    const refused = await signIn(t, 'suspend-me@example.com');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'suspended', message: expect.stringContaining('Left the club') },
    });
    // A wrong password still learns nothing about the account.
    expect((await signIn(t, 'suspend-me@example.com', 'wrong password here')).status).toBe(401);

    expect((await call(t, 'PATCH', `/cms/staff/${id}`, tokens.admin, { action: 'reinstate' })).status).toBe(200);
    expect((await signIn(t, 'suspend-me@example.com')).status).toBe(200);
  });

  it('a role change takes effect on the next request, without signing in again', async () => {
    const id = await staffAccount(t, 'promote-me@example.com', 'moderator');
    const token = await tokenOf(t, 'promote-me@example.com');
    expect((await call(t, 'GET', '/cms/audit', token)).status).toBe(403);
    expect((await call(t, 'PATCH', `/cms/staff/${id}`, tokens.admin, { action: 'role', role: 'admin' })).status).toBe(
      200,
    );
    expect((await call(t, 'GET', '/cms/audit', token)).status).toBe(200);
    const page = auditPageSchema.parse(
      ((await (await call(t, 'GET', `/cms/audit?kind=staff.role`, token)).json()) as { data: unknown }).data,
    );
    expect(page.entries[0]).toMatchObject({
      target: { kind: 'user', id: String(id) },
      changes: { before: { role: 'moderator' }, after: { role: 'admin' } },
    });
    // Back down, so the last-administrator cases below start from one other admin.
    expect(
      (await call(t, 'PATCH', `/cms/staff/${id}`, tokens.admin, { action: 'role', role: 'moderator' })).status,
    ).toBe(200);
  });

  it('pages the log by cursor and filters by actor and date', async () => {
    for (let i = 0; i < 3; i += 1)
      await call(t, 'POST', '/cms/staff/invites', tokens.admin, { email: `page-${i}@example.com`, role: 'editor' });
    const first = auditPageSchema.parse(
      ((await (await call(t, 'GET', '/cms/audit?limit=2', tokens.admin)).json()) as { data: unknown }).data,
    );
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).toBe(first.entries[1]?.id);
    const second = auditPageSchema.parse(
      (
        (await (await call(t, 'GET', `/cms/audit?limit=2&cursor=${first.nextCursor}`, tokens.admin)).json()) as {
          data: unknown;
        }
      ).data,
    );
    expect(second.entries[0]?.id).toBeLessThan(first.entries[1]?.id ?? 0);
    const today = new Date().toISOString().slice(0, 10);
    const byActor = auditPageSchema.parse(
      (
        (await (
          await call(t, 'GET', `/cms/audit?actor=${first.entries[0]?.actor.id}&from=${today}&to=${today}`, tokens.admin)
        ).json()) as { data: unknown }
      ).data,
    );
    expect(byActor.entries.length).toBeGreaterThan(0);
    expect(new Set(byActor.entries.map((entry) => entry.actor.id))).toEqual(new Set([first.entries[0]?.actor.id]));
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const none = auditPageSchema.parse(
      ((await (await call(t, 'GET', `/cms/audit?to=${yesterday}`, tokens.admin)).json()) as { data: unknown }).data,
    );
    expect(none.entries).toEqual([]);
    expect((await call(t, 'GET', '/cms/audit?from=yesterday', tokens.admin)).status).toBe(400);
  });

  it('the audit log is append-only in the database: no update, no delete', async () => {
    const db = t.database.handle.db;
    const [row] = await db.selectFrom('audit_entry').select(['id', 'action']).limit(1).execute();
    expect(row).toBeDefined();
    await expect(
      db
        .updateTable('audit_entry')
        .set({ action: 'rewritten' })
        .where('id', '=', row?.id ?? 0)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_entry').execute()).rejects.toThrow(/append-only/);
    if (engine === 'postgres') await expect(sql`TRUNCATE audit_entry`.execute(db)).rejects.toThrow(/append-only/);
    const after = await db
      .selectFrom('audit_entry')
      .select('action')
      .where('id', '=', row?.id ?? 0)
      .executeTakeFirst();
    expect(after?.action).toBe(row?.action);
  });

  it('keeps one administrator: the last cannot step down, and two demoting each other at once leave one', async () => {
    const list = staffListSchema.parse(
      ((await (await call(t, 'GET', '/cms/staff', tokens.admin)).json()) as { data: unknown }).data,
    );
    const adminId = list.staff.find((member) => member.email === 'admin@example.com')?.id ?? 0;
    const selfDemotion = await call(t, 'PATCH', `/cms/staff/${adminId}`, tokens.admin, {
      action: 'role',
      role: 'editor',
    });
    expect(selfDemotion.status).toBe(409);
    expect(await selfDemotion.json()).toMatchObject({
      error: { message: expect.stringContaining('last administrator') },
    });
    expect(
      (await call(t, 'PATCH', `/cms/staff/${adminId}`, tokens.admin, { action: 'suspend', reason: 'testing the rule' }))
        .status,
    ).toBe(409);

    const secondId = await staffAccount(t, 'second-admin@example.com', 'admin');
    const second = await tokenOf(t, 'second-admin@example.com');
    const [a, b] = await Promise.all([
      call(t, 'PATCH', `/cms/staff/${secondId}`, tokens.admin, { action: 'role', role: 'editor' }),
      call(t, 'PATCH', `/cms/staff/${adminId}`, second, { action: 'role', role: 'editor' }),
    ]);
    // The loser is refused by the rule (409) or, when the winner went first, is no longer an admin at all (403).
    const [won, lost] = [a.status, b.status].sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    const admins = await t.database.handle.db
      .selectFrom('user_account')
      .select('email')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
  });
});
