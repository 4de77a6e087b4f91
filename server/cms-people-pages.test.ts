// The CMS's Users and Messages screens (issue #20) through the built pages, on
// SQLite and PostgreSQL: each screen's loader and each action, as admin, editor,
// moderator, a member and a guest (allowed callers get the screen's own answer;
// others the site's 403 page, a guest the staff sign-in), then what staff do there —
// find an account, ban it with a reason (its session ends), erase it, read a
// message (read on opening), answer it (the reply lands in the outbox) — with the
// refusals told and what was typed kept. Needs the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_SCOPES, hasScope } from '../domain/staff-access.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';
import { TEST_ENGINES } from '../tests/helpers/test-database.ts';

const ORIGIN = 'http://scoreline.test';
const PASSWORD = 'correct horse battery staple';
const WHO = ['admin', 'editor', 'moderator', 'member', 'guest'] as const;
type Who = (typeof WHO)[number];
type Built = Awaited<ReturnType<typeof createPageApp>>;

describe.each(TEST_ENGINES)('the Users and Messages screens on %s', (engine) => {
  let t: Built;
  const tokens: Partial<Record<Who, string>> = {};
  let memberId = 0;
  let messageId = 0;

  async function tokenOf(email: string): Promise<string> {
    const login = await t.app.request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    return ((await login.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
  }

  /** A page as `who` sees it: a signed-in browser sends its access cookie; its form posts come from this site. */
  function page(who: Who, path: string, form?: Record<string, string>) {
    const token = tokens[who];
    return t.app.request(`${ORIGIN}${path}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(token ? { Cookie: `scoreline_access=${token}` } : {}),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
  }

  beforeAll(async () => {
    t = await createPageApp({ engine, env: { TRUST_PROXY: '1' } });
    for (const role of ['admin', 'editor', 'moderator'] as const) {
      const created = await t.services.accounts.createStaffUser({
        email: `${role}@example.com`,
        password: PASSWORD,
        displayName: `The ${role}`,
        role,
      });
      if (!created.ok) throw new Error(created.message);
    }
    const registered = await t.services.accounts.register(
      { email: 'member@example.com', password: PASSWORD, displayName: 'Mel Member' },
      { ip: '127.0.0.1', userAgent: 'test', deviceToken: null },
    );
    if (!registered.ok) throw new Error(registered.message);
    memberId = registered.session.user.id;
    for (const who of ['admin', 'editor', 'moderator', 'member'] as const)
      tokens[who] = await tokenOf(`${who}@example.com`);
    const sent = await t.services.contact.submitMessage(
      { name: 'Robin Reader', email: 'robin@example.net', topic: 'data', message: 'The derby ended 2–1, not 1–1.' },
      { ip: '203.0.113.9' },
    );
    if (!sent.ok) throw new Error('contact message refused');
    messageId = sent.message.id;
  }, 60_000);
  afterAll(() => t.close());

  // Each screen's loader and one action that changes nothing here (the member is not banned; the message is open).
  const screens: Array<{
    name: string;
    path: () => string;
    form?: Record<string, string>;
    scope: string;
    allowed: number;
  }> = [
    { name: 'Users', path: () => '/cms/users?q=mel', scope: 'cms:users', allowed: 200 },
    { name: 'an account', path: () => `/cms/users/${memberId}`, scope: 'cms:users', allowed: 200 },
    {
      name: 'an account: unban',
      path: () => `/cms/users/${memberId}`,
      form: { intent: 'unban' },
      scope: 'cms:users',
      allowed: 409,
    },
    { name: 'Messages', path: () => '/cms/messages?status=open', scope: 'cms:messages', allowed: 200 },
    { name: 'a message', path: () => `/en/cms/messages/${messageId}`, scope: 'cms:messages', allowed: 200 },
    {
      name: 'a message: reopen',
      path: () => `/cms/messages/${messageId}`,
      form: { intent: 'reopen' },
      scope: 'cms:messages',
      allowed: 200,
    },
  ];

  describe.each(screens)('$name', (screen) => {
    it.each(WHO)('as %s', async (who) => {
      const response = await page(who, screen.path(), screen.form);
      if (who === 'guest') {
        expect(response.status).toBe(302);
        expect(response.headers.get('location')).toMatch(/^\/cms\/login\?redirect=/);
      } else if (who !== 'member' && hasScope(ROLE_SCOPES[who], screen.scope)) {
        expect(response.status).toBe(screen.allowed);
      } else {
        expect(response.status).toBe(403);
        expect(await response.text()).toContain(`(${screen.scope})`);
      }
    });
  });

  it('finds an account, bans it with a reason beside the field when missing, and its session ends', async () => {
    const list = await (await page('moderator', '/cms/users?q=mel')).text();
    expect(list).toContain('Mel Member');
    expect(list).toContain(`/cms/users/${memberId}`);
    const account = await (await page('moderator', `/cms/users/${memberId}`)).text();
    // Registered (one session), then signed in for the token (another).
    expect(account).toContain('On 2 devices');

    const reasonless = await page('moderator', `/cms/users/${memberId}`, { intent: 'ban', reason: '' });
    expect(reasonless.status).toBe(400);
    expect(await reasonless.text()).toContain('Give a reason of at least 3 characters');

    const banned = await page('moderator', `/cms/users/${memberId}`, {
      intent: 'ban',
      reason: 'Spam in the match chat',
    });
    expect(banned.status).toBe(200);
    const html = await banned.text();
    expect(html).toContain('Banned: their sessions have ended');
    expect(html).toContain('Reason: Spam in the match chat');
    expect(
      (await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Authorization: `Bearer ${tokens.member}` } }))
        .status,
    ).toBe(401);
    const unbanned = await page('moderator', `/cms/users/${memberId}`, { intent: 'unban' });
    expect(unbanned.status).toBe(200);
  });

  it('asks for the address before erasing, keeps nothing, and the list says so', async () => {
    const registered = await t.services.accounts.register(
      { email: 'gone@example.com', password: PASSWORD },
      { ip: '127.0.0.1', userAgent: 'test', deviceToken: null },
    );
    if (!registered.ok) throw new Error(registered.message);
    const id = registered.session.user.id;
    const wrong = await page('admin', `/cms/users/${id}`, { intent: 'erase', confirmEmail: 'went@example.com' });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    // Told beside the buttons: the dialog that asked has closed (it shows the address as typed when opened again).
    expect(html).toContain('This is not the account&#x27;s email address: nothing was erased');
    const erased = await page('admin', `/cms/users/${id}`, { intent: 'erase', confirmEmail: 'gone@example.com' });
    expect(erased.status).toBe(302);
    expect(erased.headers.get('location')).toBe(`/cms/users?erased=${id}`);
    expect(await (await page('admin', `/cms/users?erased=${id}`)).text()).toContain(`Account #${id} was erased.`);
    expect((await page('admin', `/cms/users/${id}`)).status).toBe(404);
  });

  it('reads a message on opening, keeps a refused reply as typed, and mails a sent one', async () => {
    const unread = await (await page('moderator', '/cms/messages?status=unread')).text();
    expect(unread).not.toContain('Robin Reader'); // the scope table opened it already
    const sent = await t.services.contact.submitMessage(
      { name: 'Sam Sender', email: 'sam@example.net', topic: 'account', message: 'I cannot sign in since Tuesday.' },
      { ip: '203.0.113.10' },
    );
    if (!sent.ok) throw new Error('contact message refused');
    expect(await (await page('moderator', '/cms/messages?status=unread')).text()).toContain('Sam Sender');
    expect((await page('moderator', `/cms/messages/${sent.message.id}`)).status).toBe(200);
    expect(await (await page('moderator', '/cms/messages?status=unread')).text()).not.toContain('Sam Sender');

    const empty = await page('moderator', `/cms/messages/${sent.message.id}`, { intent: 'reply', body: 'x' });
    expect(empty.status).toBe(400);
    const refused = await empty.text();
    expect(refused).toContain('Write your reply');
    expect(refused).toContain('>x</textarea>');

    const replied = await page('moderator', `/cms/messages/${sent.message.id}`, {
      intent: 'reply',
      body: 'Try the reset link we just sent.',
    });
    expect(replied.status).toBe(200);
    expect(await replied.text()).toContain('Reply kept in the mail outbox');
    const [mail] = await t.services.mailer.listOutbox({ to: 'sam@example.net', limit: 1 });
    expect(mail?.text).toContain('Try the reset link we just sent.');

    const marked = await page('moderator', `/cms/messages/${sent.message.id}`, { intent: 'unread' });
    expect(marked.status).toBe(302);
    expect(marked.headers.get('location')).toBe('/cms/messages?done=unread');
  });

  it('counts unread messages on the dashboard, linked for those who may read them', async () => {
    const dashboard = await (await page('moderator', '/cms')).text();
    expect(dashboard).toContain('Unread contact messages');
    expect(dashboard).toContain('href="/cms/messages?status=unread"');
    expect(await (await page('editor', '/cms')).text()).not.toContain('href="/cms/messages?status=unread"');
  });
});
