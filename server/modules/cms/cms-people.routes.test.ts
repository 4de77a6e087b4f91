// /api/cms/users and /api/cms/messages (issue #20) through the real app on SQLite
// and PostgreSQL: who may call what (every endpoint × admin, editor, moderator,
// member, guest); search and keyset paging; a ban ending a live session and
// sign-in giving the reason; who may act on whom (a moderator bans members only,
// nobody themselves, never the last administrator); the reset link through the
// outbox; erasure deleting personal data while the audit log keeps the id; and
// the inbox — read, handled, reopened, answered by mail, counted on the dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../domain/account-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { LAST_ADMIN_MESSAGE } from '../auth/auth.staff.ts';
import { userPageSchema } from '../auth/auth.users.schemas.ts';
import { inboxPageSchema } from '../site/contact.schemas.ts';
import { cmsThreadSchema, cmsUserSchema } from './cms-people.schemas.ts';
import { auditPageSchema } from './cms.schemas.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';

type Built = Awaited<ReturnType<typeof createTestApp>>;
type Who = 'admin' | 'editor' | 'moderator' | 'member';

let senderAddress = 0;

function call(t: Built, method: string, path: string, token?: string, body?: unknown, from = '198.51.100.40') {
  return t.app.request(`${ORIGIN}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'X-Forwarded-For': from,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function dataOf(response: Response): Promise<unknown> {
  return ((await response.json()) as { data: unknown }).data;
}

async function signIn(t: Built, email: string, password = PASSWORD): Promise<Response> {
  return call(t, 'POST', '/auth/login', undefined, { email, password });
}

async function tokenOf(t: Built, email: string): Promise<string> {
  const response = await signIn(t, email);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
}

async function staffAccount(t: Built, email: string, role: StaffRole, displayName = `The ${role}`): Promise<number> {
  const result = await t.services.accounts.createStaffUser({ email, password: PASSWORD, displayName, role });
  if (!result.ok) throw new Error(result.message);
  return result.user.id;
}

async function member(t: Built, email: string, displayName?: string): Promise<number> {
  const response = await call(t, 'POST', '/auth/register', undefined, { email, password: PASSWORD, ...(displayName ? { displayName } : {}) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { user: { id: number } } }).data.user.id;
}

/** A contact form message, each from its own address (the form allows five per address in 15 minutes). */
async function contactMessage(t: Built, email: string, message = 'Your table for Group B is missing a match.'): Promise<number> {
  senderAddress += 1;
  const response = await call(t, 'POST', '/contact', undefined, { name: 'Robin Reader', email, topic: 'data', message }, `203.0.113.${senderAddress}`);
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

describe.each(TEST_ENGINES)('the users and messages API on %s', (engine) => {
  let t: Built;
  const tokens: Record<Who, string> = { admin: '', editor: '', moderator: '', member: '' };
  const ids: Record<Who, number> = { admin: 0, editor: 0, moderator: 0, member: 0 };
  let messageId = 0;

  async function auditOf(kind: string, id: number) {
    const page = auditPageSchema.parse(await dataOf(await call(t, 'GET', `/cms/audit?kind=${kind}&limit=100`, tokens.admin)));
    return page.entries.filter((entry) => entry.target.id === String(id));
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: ORIGIN, TRUST_PROXY: '1' });
    ids.admin = await staffAccount(t, 'admin@example.com', 'admin', 'Ada Admin');
    ids.editor = await staffAccount(t, 'editor@example.com', 'editor');
    ids.moderator = await staffAccount(t, 'moderator@example.com', 'moderator', 'Mo Moderator');
    ids.member = await member(t, 'member@example.com');
    for (const who of ['admin', 'editor', 'moderator', 'member'] as const) tokens[who] = await tokenOf(t, `${who}@example.com`);
    messageId = await contactMessage(t, 'scope-check@example.com');
  });
  afterAll(() => t.close());

  // Allowed callers get the endpoint's own answer (never 401/403); others exactly 401 or 403.
  const endpoints: Array<{ name: string; method: string; path: () => string; body?: unknown; scope: string; allowed: number }> = [
    { name: 'search users', method: 'GET', path: () => '/cms/users?q=member', scope: 'cms:users', allowed: 200 },
    { name: 'view a user', method: 'GET', path: () => `/cms/users/${ids.member}`, scope: 'cms:users', allowed: 200 },
    { name: 'ban', method: 'POST', path: () => '/cms/users/999999/ban', body: { reason: 'Spam in the chat' }, scope: 'cms:users', allowed: 404 },
    { name: 'unban', method: 'POST', path: () => '/cms/users/999999/unban', scope: 'cms:users', allowed: 404 },
    { name: 'mail a reset link', method: 'POST', path: () => '/cms/users/999999/password-reset', scope: 'cms:users', allowed: 404 },
    { name: 'erase', method: 'POST', path: () => '/cms/users/999999/erase', body: { confirmEmail: 'x@example.com' }, scope: 'cms:users', allowed: 404 },
    { name: 'list messages', method: 'GET', path: () => '/cms/messages?status=open', scope: 'cms:messages', allowed: 200 },
    { name: 'read a message', method: 'GET', path: () => `/cms/messages/${messageId}`, scope: 'cms:messages', allowed: 200 },
    { name: 'mark handled', method: 'PATCH', path: () => '/cms/messages/999999', body: { handled: true }, scope: 'cms:messages', allowed: 404 },
    { name: 'reply', method: 'POST', path: () => '/cms/messages/999999/replies', body: { body: 'Thank you, fixed.' }, scope: 'cms:messages', allowed: 404 },
  ];
  const ROLE_MAY: Record<Who, (scope: string) => boolean> = {
    admin: () => true,
    editor: () => false,
    moderator: (scope) => ['cms:users', 'cms:messages'].includes(scope),
    member: () => false,
  };

  describe.each(endpoints)('$name ($method)', (endpoint) => {
    it('answers a guest 401 with the JSON error body, before reading the input', async () => {
      const response = await call(t, endpoint.method, endpoint.path(), undefined, endpoint.body === undefined ? undefined : { nonsense: true });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    });
    it.each(['admin', 'editor', 'moderator', 'member'] as const)('as %s', async (who) => {
      const response = await call(t, endpoint.method, endpoint.path(), tokens[who], endpoint.body);
      if (ROLE_MAY[who](endpoint.scope)) {
        expect(response.status).toBe(endpoint.allowed);
      } else {
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ error: { code: 'forbidden', message: expect.stringContaining(endpoint.scope) } });
      }
    });
  });

  it('searches by address prefix and by name, filters by role and ban, and pages by cursor in sign-up order', async () => {
    for (let i = 0; i < 5; i += 1) await member(t, `pager-${i}@example.com`, `Pat Pager ${i}`);
    await member(t, 'zed@example.org', 'Zed Pagerson');
    const search = async (query: string) => userPageSchema.parse(await dataOf(await call(t, 'GET', `/cms/users?${query}`, tokens.moderator)));

    // An address: its prefix only. A word: addresses that start with it, or names that contain it.
    expect((await search('q=pager-3@')).users.map((user) => user.email)).toEqual(['pager-3@example.com']);
    expect((await search('q=PAGERSON')).users.map((user) => user.email)).toEqual(['zed@example.org']);
    expect((await search('q=pager')).users).toHaveLength(6);
    // A pattern's wildcards are plain characters.
    expect((await search(`q=${encodeURIComponent('pager_%')}`)).users).toEqual([]);

    const first = await search('q=pager&limit=4');
    expect(first.users.map((user) => user.email)).toEqual(['zed@example.org', 'pager-4@example.com', 'pager-3@example.com', 'pager-2@example.com']);
    expect(first.nextCursor).not.toBeNull();
    const second = await search(`q=pager&limit=4&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(second.users.map((user) => user.email)).toEqual(['pager-1@example.com', 'pager-0@example.com']);
    expect(second.nextCursor).toBeNull();
    const oldest = await search('q=pager&sort=oldest&limit=2');
    expect(oldest.users.map((user) => user.email)).toEqual(['pager-0@example.com', 'pager-1@example.com']);

    const staff = await search('role=staff');
    expect(staff.users.map((user) => user.role).sort()).toEqual(['admin', 'editor', 'moderator']);
    expect((await search('role=moderator')).users.map((user) => user.email)).toEqual(['moderator@example.com']);
    expect((await call(t, 'GET', '/cms/users?role=owner', tokens.admin)).status).toBe(400);
    expect((await call(t, 'GET', '/cms/users?cursor=page-2', tokens.admin)).status).toBe(400);
  });

  it('a ban ends the open session at once, sign-in gives the reason, and an unban lets them back', async () => {
    const id = await member(t, 'banned@example.com', 'Ben Banned');
    const token = await tokenOf(t, 'banned@example.com');
    expect((await call(t, 'GET', '/auth/user', token)).status).toBe(200);
    const before = cmsUserSchema.parse(await dataOf(await call(t, 'GET', `/cms/users/${id}`, tokens.moderator)));
    expect(before).toMatchObject({ email: 'banned@example.com', role: 'user', liveSessions: 2, suspendedAt: null, lockedReason: null, hasPassword: true });
    expect(before.lastSignInAt).not.toBeNull();

    expect((await call(t, 'POST', `/cms/users/${id}/ban`, tokens.moderator, { reason: '' })).status).toBe(400);
    const banned = await call(t, 'POST', `/cms/users/${id}/ban`, tokens.moderator, { reason: 'Abuse in the match chat' });
    expect(banned.status).toBe(200);
    expect(cmsUserSchema.parse(await dataOf(banned))).toMatchObject({ liveSessions: 0, suspendedReason: 'Abuse in the match chat' });
    expect((await call(t, 'GET', '/auth/user', token)).status).toBe(401);
    const refused = await signIn(t, 'banned@example.com');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'suspended', message: 'This account is suspended. Reason: Abuse in the match chat. If you think this is a mistake, write to us from the contact page.' },
    });
    expect((await call(t, 'POST', `/cms/users/${id}/ban`, tokens.moderator, { reason: 'Again' })).status).toBe(409);
    // No reset link to a banned account: it could not sign in with it.
    expect((await call(t, 'POST', `/cms/users/${id}/password-reset`, tokens.moderator)).status).toBe(409);

    expect((await call(t, 'POST', `/cms/users/${id}/unban`, tokens.moderator)).status).toBe(200);
    expect((await call(t, 'POST', `/cms/users/${id}/unban`, tokens.moderator)).status).toBe(409);
    expect((await signIn(t, 'banned@example.com')).status).toBe(200);

    const entries = await auditOf('user', id);
    expect(entries.map((entry) => entry.action)).toEqual(['user.unban', 'user.ban']);
    expect(entries[1]).toMatchObject({
      actor: { id: ids.moderator, role: 'moderator', displayName: 'Mo Moderator' },
      ip: '198.51.100.40',
      changes: { before: { banned: false }, after: { banned: true, reason: 'Abuse in the match chat', sessionsEnded: 2 } },
    });
  });

  it('a moderator acts on members only; nobody bans or erases themselves; the last administrator stays', async () => {
    const editor = cmsUserSchema.parse(await dataOf(await call(t, 'GET', `/cms/users/${ids.editor}`, tokens.moderator)));
    expect(editor.lockedReason).toContain('staff account');
    for (const [path, body] of [
      ['ban', { reason: 'Trying it on' }],
      ['password-reset', undefined],
      ['erase', { confirmEmail: 'editor@example.com' }],
    ] as const) {
      const response = await call(t, 'POST', `/cms/users/${ids.editor}/${path}`, tokens.moderator, body);
      expect(response.status, path).toBe(409);
      expect(await response.json()).toMatchObject({ error: { message: expect.stringContaining('Staff screen') } });
    }
    expect((await call(t, 'POST', `/cms/users/${ids.moderator}/ban`, tokens.moderator, { reason: 'Myself' })).status).toBe(409);
    const self = await call(t, 'POST', `/cms/users/${ids.admin}/erase`, tokens.admin, { confirmEmail: 'admin@example.com' });
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({ error: { message: expect.stringContaining('your own account') } });

    // The last administrator who can sign in is never banned or erased. Through the API only a race gets
    // there (an administrator acting is one who can sign in), so the service is asked for a banned one.
    const secondId = await staffAccount(t, 'second-admin@example.com', 'admin');
    expect((await call(t, 'POST', `/cms/users/${secondId}/ban`, tokens.admin, { reason: 'Left the club' })).status).toBe(200);
    const banned = { id: secondId, role: 'admin' as const, ip: '198.51.100.41' };
    const lastAdmin = { ok: false, code: 'conflict', message: LAST_ADMIN_MESSAGE };
    expect(await t.services.cms.users.ban(banned, ids.admin, { reason: 'Take over' })).toEqual(lastAdmin);
    expect(await t.services.cms.users.erase(banned, ids.admin, { confirmEmail: 'admin@example.com' })).toEqual(lastAdmin);
    expect((await call(t, 'POST', `/cms/users/${secondId}/unban`, tokens.admin)).status).toBe(200);
    // An administrator manages staff here too: the ban of an editor goes through.
    expect((await call(t, 'POST', `/cms/users/${ids.editor}/ban`, tokens.admin, { reason: 'Holiday' })).status).toBe(200);
    expect((await call(t, 'POST', `/cms/users/${ids.editor}/unban`, tokens.admin)).status).toBe(200);
    tokens.editor = await tokenOf(t, 'editor@example.com');
  });

  it('mails the reset link the forgotten-password form sends, within its limit per address', async () => {
    const id = await member(t, 'forgetful@example.com', 'Fay Forgetful');
    const sent = await call(t, 'POST', `/cms/users/${id}/password-reset`, tokens.moderator);
    expect(sent.status).toBe(200);
    expect(await dataOf(sent)).toEqual({ email: 'forgetful@example.com' });
    const [mail] = await t.services.mailer.listOutbox({ to: 'forgetful@example.com', limit: 1 });
    expect(mail).toMatchObject({ kind: 'password-reset', subject: expect.stringContaining('Reset your') });
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(await t.services.accounts.checkResetToken(token)).toBe(true);
    const soon = await call(t, 'POST', `/cms/users/${id}/password-reset`, tokens.moderator);
    expect(soon.status).toBe(409);
    expect(await soon.json()).toMatchObject({ error: { message: expect.stringContaining('one a minute') } });
    expect((await auditOf('user.password-reset', id)).map((entry) => entry.changes.after)).toEqual([{ resetLinkMailed: true }]);
  });

  it('erasing deletes the personal data, ends the sessions, and the audit log keeps the id only', async () => {
    const id = await member(t, 'erase-me@example.com', 'Erin Erased');
    const token = await tokenOf(t, 'erase-me@example.com');
    const db = t.database.handle.db;
    // A favourite written as the star would write it (this test database has no teams to star).
    await db.insertInto('user_favourite').values({ user_id: id, kind: 'team', ref: '7', label: 'Spain', created_at: new Date().toISOString() }).execute();
    expect(cmsUserSchema.parse(await dataOf(await call(t, 'GET', `/cms/users/${id}`, tokens.moderator)))).toMatchObject({ favourites: 1, liveSessions: 2 });
    await contactMessage(t, 'Erase-Me@Example.com', 'Please delete my account and everything about me.');
    // A chat message of theirs (issue #23), written as the chat service would (this database has no matches).
    const at = new Date().toISOString();
    await db.insertInto('chat_room').values({ match_id: 4242, pinned_message_id: null, closed_at: null, closed_by: null, closed_reason: null, created_at: at, updated_at: at }).execute();
    await db
      .insertInto('chat_message')
      .values({ match_id: 4242, user_id: id, display_name: 'Erin Erased', text: 'My phone is 0123', reply_to_id: null, created_at: at, deleted_at: null, deleted_by: null, deleted_reason: null })
      .execute();
    await call(t, 'POST', `/cms/users/${id}/password-reset`, tokens.moderator);
    expect(await t.services.mailer.listOutbox({ to: 'erase-me@example.com' })).toHaveLength(1);

    const typo = await call(t, 'POST', `/cms/users/${id}/erase`, tokens.moderator, { confirmEmail: 'erase-you@example.com' });
    expect(typo.status).toBe(400);
    expect(await typo.json()).toMatchObject({ error: { fields: { confirmEmail: expect.stringContaining('nothing was erased') } } });

    const erased = await call(t, 'POST', `/cms/users/${id}/erase`, tokens.moderator, { confirmEmail: 'ERASE-ME@example.com' });
    expect(erased.status).toBe(200);
    expect((await call(t, 'GET', '/auth/user', token)).status).toBe(401);
    expect((await call(t, 'GET', `/cms/users/${id}`, tokens.moderator)).status).toBe(404);

    const left = await Promise.all([
      db.selectFrom('user_account').select('id').where('id', '=', id).execute(),
      db.selectFrom('refresh_token_family').select('id').where('user_id', '=', id).execute(),
      db.selectFrom('user_favourite').select('ref').where('user_id', '=', id).execute(),
      db.selectFrom('password_reset_token').select('id').where('user_id', '=', id).execute(),
      db.selectFrom('login_attempt').select('id').where('email_key', '=', 'erase-me@example.com').execute(),
      db.selectFrom('contact_message').select('id').where('email', '=', 'Erase-Me@Example.com').execute(),
      db.selectFrom('outbox_mail').select('id').where('to_address', '=', 'erase-me@example.com').execute(),
    ]);
    expect(left.map((rows) => rows.length)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    const chat = await db.selectFrom('chat_message').select(['text', 'display_name', 'deleted_at']).where('user_id', '=', id).execute();
    expect(chat).toMatchObject([{ text: '', display_name: '' }]);
    expect(chat[0]?.deleted_at).not.toBeNull();
    expect((await signIn(t, 'erase-me@example.com')).status).toBe(401);

    const [entry] = await auditOf('user.erase', id);
    expect(entry).toMatchObject({
      target: { kind: 'user', id: String(id) },
      changes: { before: { role: 'user' }, after: { erased: true, sessionsEnded: 2, favourites: 1, contactMessages: 1, chatMessages: 1, mails: 1 } },
    });
    expect(JSON.stringify(entry)).not.toContain('erase-me');
    expect(JSON.stringify(entry)).not.toContain('Erin');
  });

  it("an erased staff member's entries stay in the log, by id", async () => {
    const id = await staffAccount(t, 'leaving-moderator@example.com', 'moderator', 'Lee Leaving');
    const token = await tokenOf(t, 'leaving-moderator@example.com');
    const target = await member(t, 'target@example.com');
    expect((await call(t, 'POST', `/cms/users/${target}/ban`, token, { reason: 'Spam links' })).status).toBe(200);
    expect((await call(t, 'POST', `/cms/users/${id}/erase`, tokens.admin, { confirmEmail: 'leaving-moderator@example.com' })).status).toBe(200);
    const [ban] = await auditOf('user.ban', target);
    expect(ban?.actor).toEqual({ id, role: 'moderator', displayName: null });
  });

  it('the inbox: unread first seen on the dashboard, read on opening, handled, reopened, answered by mail', async () => {
    const unreadBefore = (await t.services.cms.dashboard.summary({ withAudit: false })).unreadMessages;
    const id = await contactMessage(t, 'Fan.Mail@example.net', 'The score of the derby is wrong.\nIt ended 2–1.');
    expect((await t.services.cms.dashboard.summary({ withAudit: false })).unreadMessages).toBe(unreadBefore + 1);

    const unread = inboxPageSchema.parse(await dataOf(await call(t, 'GET', '/cms/messages?status=unread', tokens.moderator)));
    expect(unread.messages[0]).toMatchObject({ id, email: 'Fan.Mail@example.net', readAt: null, handledAt: null, replies: 0 });

    const opened = cmsThreadSchema.parse(await dataOf(await call(t, 'GET', `/cms/messages/${id}`, tokens.moderator)));
    expect(opened.message.readAt).not.toBeNull();
    expect((await t.services.cms.dashboard.summary({ withAudit: false })).unreadMessages).toBe(unreadBefore);
    const stillUnread = inboxPageSchema.parse(await dataOf(await call(t, 'GET', '/cms/messages?status=unread', tokens.moderator)));
    expect(stillUnread.messages.map((message) => message.id)).not.toContain(id);

    const handled = await call(t, 'PATCH', `/cms/messages/${id}`, tokens.moderator, { handled: true });
    expect(cmsThreadSchema.parse(await dataOf(handled)).message).toMatchObject({ handledBy: ids.moderator, handledByName: 'Mo Moderator' });
    const handledList = inboxPageSchema.parse(await dataOf(await call(t, 'GET', '/cms/messages?status=handled', tokens.moderator)));
    expect(handledList.messages.map((message) => message.id)).toContain(id);
    const reopened = await call(t, 'PATCH', `/cms/messages/${id}`, tokens.moderator, { handled: false });
    expect(cmsThreadSchema.parse(await dataOf(reopened)).message.handledAt).toBeNull();
    expect((await call(t, 'PATCH', `/cms/messages/${id}`, tokens.moderator, {})).status).toBe(400);

    expect((await call(t, 'POST', `/cms/messages/${id}/replies`, tokens.moderator, { body: ' ' })).status).toBe(400);
    const replied = await call(t, 'POST', `/cms/messages/${id}/replies`, tokens.moderator, { body: 'Thank you: corrected to 2–1.' });
    expect(replied.status).toBe(201);
    const thread = cmsThreadSchema.extend({ delivery: cmsThreadSchema.shape.replies.element.shape.delivery }).parse(await dataOf(replied));
    expect(thread.delivery).toBe('outbox');
    expect(thread.message.handledAt).not.toBeNull();
    expect(thread.replies).toMatchObject([{ body: 'Thank you: corrected to 2–1.', sentBy: ids.moderator, sentByName: 'Mo Moderator', delivery: 'outbox' }]);

    const [mail] = await t.services.mailer.listOutbox({ to: 'fan.mail@example.net', limit: 1 });
    expect(mail).toMatchObject({ kind: 'contact-reply', subject: expect.stringContaining('Re: Wrong score or missing data') });
    expect(mail?.text).toContain('Hello Robin Reader,\n\nThank you: corrected to 2–1.');
    expect(mail?.text).toContain('> The score of the derby is wrong.\n> It ended 2–1.');

    const entries = await auditOf('message', id);
    expect(entries.map((entry) => entry.action)).toEqual(['message.reply', 'message.reopen', 'message.handle']);
    expect(entries[0]?.changes).toEqual({ before: { handled: false }, after: { handled: true, reply: thread.replies[0]?.id } });
  });

  it('pages the inbox by cursor, newest first', async () => {
    const sent = [];
    for (let i = 0; i < 3; i += 1) sent.push(await contactMessage(t, `pager-${i}@example.net`));
    const first = inboxPageSchema.parse(await dataOf(await call(t, 'GET', '/cms/messages?limit=2', tokens.admin)));
    expect(first.messages.map((message) => message.id)).toEqual([sent[2], sent[1]]);
    const second = inboxPageSchema.parse(await dataOf(await call(t, 'GET', `/cms/messages?limit=2&cursor=${first.nextCursor}`, tokens.admin)));
    expect(second.messages[0]?.id).toBe(sent[0]);
    expect((await call(t, 'GET', '/cms/messages?status=spam', tokens.admin)).status).toBe(400);
  });
});
