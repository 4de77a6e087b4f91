// The CMS's chat moderation screens (issue #23, scope cms:chat) through the built pages, on SQLite and
// PostgreSQL: who may open and post to them (moderator and admin yes; editor 403; guest to the staff door),
// then what a moderator does there, each checked where a fan meets it — the queue shows a reported message
// once with its room, author, reporters and count; deleting it removes it from the room's history and puts
// a chat.deleted event on the live log; dismissing leaves it; a timeout and a ban stop the author posting
// (403 with the reason) until lifted on the sanctions screen; slow mode, close and reopen change the room
// fans read; bad input is refused with a message and changes nothing; two moderators dismissing the same
// reports at once close them once; every action is in the audit log. Needs the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason } from '../../../db/seed/seed-kit.ts';
import { insertTeam } from '../../../db/teams.ts';
import { chatRoomInfoSchema } from '../../../domain/chat-contracts.ts';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import { insertMatch } from '../../../tests/helpers/insert-match.ts';
import { createPageApp } from '../../../tests/helpers/page-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';

const ORIGIN = 'http://scoreline.test';
const PASSWORD = 'correct horse battery staple';
const STAFF = ['admin', 'editor', 'moderator'] as const;
type Who = (typeof STAFF)[number] | 'fan' | 'fan2' | 'fan3' | 'guest';
type Built = Awaited<ReturnType<typeof createPageApp>>;

describe.each(TEST_ENGINES)('the chat moderation screens on %s', (engine) => {
  let t: Built;
  const tokens: Partial<Record<Who, string>> = {};
  const ids: Partial<Record<Who, number>> = {};
  let matchId = 0;
  let posted = 0;

  function page(who: Who, path: string, form?: Record<string, string | number>) {
    const token = tokens[who];
    return t.app.request(`${ORIGIN}${path}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(token ? { Cookie: `scoreline_access=${token}` } : {}),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN } : {}),
      },
      ...(form ? { body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString() } : {}),
    });
  }

  function api(who: Who, method: string, path: string, body?: unknown) {
    const token = tokens[who];
    return t.app.request(`${ORIGIN}/api${path}`, {
      method,
      headers: {
        // Each fan writes from an address of its own (the per-address limit is not under test here).
        'X-Forwarded-For': `198.51.100.${Object.keys(tokens).indexOf(who) + 1}`,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async function say(who: Who, text: string): Promise<number> {
    posted += 1;
    const response = await api(who, 'POST', `/matches/${matchId}/chat`, { text: `${text} (${posted})` });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { message: { id: number } }).message.id;
  }

  async function report(who: Who, messageId: number, reason?: string) {
    const response = await api(
      who,
      'POST',
      `/chat/messages/${messageId}/report`,
      reason === undefined ? {} : { reason },
    );
    expect(response.status).toBe(201);
  }

  async function historyIds(): Promise<number[]> {
    const response = await api('guest', 'GET', `/matches/${matchId}/chat`);
    return ((await response.json()) as { messages: Array<{ id: number }> }).messages.map((message) => message.id);
  }

  async function auditActions(): Promise<string[]> {
    const { entries } = await t.services.cms.audit.list({ limit: 100, kind: 'chat' });
    return entries.map((entry) => entry.action);
  }

  beforeAll(async () => {
    t = await createPageApp({ engine, env: { TRUST_PROXY: '1', CHAT_NEW_ACCOUNT_MINUTES: '0' } });
    for (const role of STAFF) {
      const created = await t.services.accounts.createStaffUser({
        email: `${role}@example.com`,
        password: PASSWORD,
        displayName: `The ${role}`,
        role,
      });
      if (!created.ok) throw new Error(created.message);
    }
    for (const [who, name] of [
      ['fan', 'Rowdy Rob'],
      ['fan2', 'Fair Fay'],
      ['fan3', 'Calm Cal'],
    ] as const) {
      const registered = await t.services.accounts.register(
        { email: `${who}@example.com`, password: PASSWORD, displayName: name },
        { ip: '127.0.0.1', userAgent: 'test', deviceToken: null },
      );
      if (!registered.ok) throw new Error(registered.message);
      ids[who] = registered.session.user.id;
    }
    for (const who of [...STAFF, 'fan', 'fan2', 'fan3'] as const) {
      const login = await t.app.request(`${ORIGIN}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `${who}@example.com`, password: PASSWORD }),
      });
      tokens[who] = ((await login.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
    }
    const { db } = t.services.database;
    const definition = findCompetitionDefinition('en.1');
    if (!definition) throw new Error('en.1 missing');
    const competitionId = await ensureCompetition(db, definition);
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: '2026-27',
      name: '2026-27',
      startDate: '2026-08-01',
      endDate: '2027-05-31',
      complete: false,
    });
    const home = await insertTeam(db, { name: 'Moderation Rovers', kind: 'club' });
    const away = await insertTeam(db, { name: 'Queue Town', kind: 'club' });
    matchId = await insertMatch(db, {
      season_id: seasonId,
      home_team_id: home,
      away_team_id: away,
      kickoff_at: new Date(Date.now() - 20 * 60_000).toISOString(),
      status: 'live',
      minute: 20,
      home_score: 0,
      away_score: 0,
    });
  }, 60_000);
  afterAll(() => t.close());

  const screens = ['/cms/chat', '/cms/chat/rooms', '/cms/chat/sanctions'];

  it.each(screens)(
    '%s: moderators and admins may open it and post to it; an editor gets 403; a guest goes to the staff door',
    async (path) => {
      for (const who of ['moderator', 'admin'] as const) {
        expect((await page(who, path)).status).toBe(200);
        expect((await page(who, path, { intent: 'nothing' })).status).toBe(200);
      }
      const refused = await page('editor', path);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('(cms:chat)');
      expect((await page('editor', path, { intent: 'dismiss', reportIds: '1' })).status).toBe(403);
      expect((await page('fan', path)).status).toBe(403);
      const guest = await page('guest', path);
      expect(guest.status).toBe(302);
      expect(guest.headers.get('location')).toMatch(/^\/cms\/login/);
    },
  );

  it('the moderation API refuses an editor (403) and a fan (403), and answers a moderator', async () => {
    for (const path of ['/cms/chat/reports', '/cms/chat/rooms', '/cms/chat/sanctions']) {
      expect((await api('editor', 'GET', path)).status).toBe(403);
      expect((await api('fan', 'GET', path)).status).toBe(403);
      expect((await api('moderator', 'GET', path)).status).toBe(200);
    }
  });

  it('shows a reported message once, with its room, author, reporters and count; deleting it removes it for everyone and is audited', async () => {
    const bad = await say('fan', 'You are all idiots');
    await report('fan2', bad, 'Insults');
    await report('fan3', bad, 'Rude');
    const queue = await (await page('moderator', '/cms/chat')).text();
    expect(queue.match(new RegExp(`data-message-id="${bad}"`, 'g'))).toHaveLength(1);
    expect(queue).toContain('You are all idiots');
    expect(queue).toContain('Moderation Rovers v Queue Town');
    expect(queue).toContain('Rowdy Rob');
    expect(queue).toContain('Fair Fay');
    expect(queue).toContain('Calm Cal');
    expect(queue).toContain('Insults');
    expect(queue).toContain('2 reports');
    expect(await historyIds()).toContain(bad);

    const done = await page('moderator', '/cms/chat', {
      intent: 'delete',
      messageId: bad,
      target: bad,
      reason: 'Abuse',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Message deleted');
    expect(await historyIds()).not.toContain(bad);
    // The deletion is on the live path: what a match page's stream receives.
    const events = await t.services.database.db
      .selectFrom('live_event')
      .select(['type', 'data'])
      .where('topic', '=', `chat:${matchId}`)
      .where('type', '=', 'chat.deleted')
      .execute();
    expect(
      events.map((event) => JSON.parse(String(event.data)) as { messageId: number }).map((data) => data.messageId),
    ).toContain(bad);
    // Out of the queue, its reports closed as acted on.
    expect(await (await page('moderator', '/cms/chat')).text()).not.toContain(`data-message-id="${bad}"`);
    expect(await auditActions()).toContain('chat.message-delete');
    const auditScreen = await (await page('admin', '/cms/audit?kind=chat')).text();
    expect(auditScreen).toContain('chat.message-delete');
  });

  it('dismissing keeps the message; two moderators dismissing at once close the reports once', async () => {
    const fine = await say('fan2', 'Offside, clearly');
    await report('fan', fine, 'Wrong');
    const reportIds = (await t.services.chat.listReports({ status: 'open', limit: 100 })).reports
      .filter((entry) => entry.message.id === fine)
      .map((entry) => entry.id)
      .join(',');
    const before = (await auditActions()).filter((action) => action === 'chat.report-dismiss').length;
    const answers = await Promise.all([
      page('moderator', '/cms/chat', { intent: 'dismiss', reportIds, target: fine }),
      page('admin', '/cms/chat', { intent: 'dismiss', reportIds, target: fine }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await auditActions()).filter((action) => action === 'chat.report-dismiss').length).toBe(before + 1);
    expect(await historyIds()).toContain(fine);
    expect(await (await page('moderator', '/cms/chat')).text()).not.toContain(`data-message-id="${fine}"`);
  });

  it('a timeout stops the author posting with the reason until lifted; a bad timeout is refused and changes nothing', async () => {
    const rude = await say('fan', 'Ref is blind');
    await report('fan3', rude);
    const sanctionsBefore = (await t.services.chat.listSanctions({ active: '1', limit: 100 })).length;
    const invalid = await page('moderator', '/cms/chat', {
      intent: 'timeout',
      userId: ids.fan ?? 0,
      matchId,
      where: 'room',
      minutes: 0,
      reason: '',
      target: rude,
    });
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toContain('At least 1 minute');
    expect(invalidHtml).toContain('Give a reason');
    expect((await t.services.chat.listSanctions({ active: '1', limit: 100 })).length).toBe(sanctionsBefore);

    const timedOut = await page('moderator', '/cms/chat', {
      intent: 'timeout',
      userId: ids.fan ?? 0,
      matchId,
      where: 'room',
      minutes: 15,
      reason: 'Cool down',
      reportIds: (await t.services.chat.listReports({ status: 'open', limit: 100 })).reports
        .filter((r) => r.message.id === rude)
        .map((r) => r.id)
        .join(','),
      target: rude,
    });
    expect(timedOut.status).toBe(200);
    expect(await timedOut.text()).toContain('Timed out for 15 minutes in this room');
    const refused = await api('fan', 'POST', `/matches/${matchId}/chat`, { text: 'Let me speak' });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).toContain('Cool down');
    // Its report was acted on: the queue no longer holds the message.
    expect(await (await page('moderator', '/cms/chat')).text()).not.toContain(`data-message-id="${rude}"`);

    const list = await (await page('moderator', '/cms/chat/sanctions')).text();
    expect(list).toContain('Rowdy Rob');
    expect(list).toContain('Cool down');
    expect(list.replaceAll('<!-- -->', '')).toContain('by The moderator');
    const sanction = (await t.services.chat.listSanctions({ active: '1', limit: 100 })).find(
      (entry) => entry.user.id === ids.fan,
    );
    expect(sanction?.kind).toBe('timeout');
    const lifted = await page('moderator', '/cms/chat/sanctions', {
      intent: 'lift',
      sanctionId: sanction?.id ?? 0,
      target: sanction?.id ?? 0,
    });
    expect(lifted.status).toBe(200);
    expect(await lifted.text()).toContain('may chat again');
    const again = await page('moderator', '/cms/chat/sanctions', {
      intent: 'lift',
      sanctionId: sanction?.id ?? 0,
      target: sanction?.id ?? 0,
    });
    expect(again.status).toBe(409);
    await say('fan', 'Sorry, ref');
    expect(await auditActions()).toEqual(expect.arrayContaining(['chat.timeout', 'chat.sanction-lift']));
  });

  it('a ban from all chat holds in every room until lifted', async () => {
    const spam = await say('fan3', 'Buy cheap tickets here');
    await report('fan2', spam, 'Spam');
    const banned = await page('admin', '/cms/chat', {
      intent: 'ban',
      userId: ids.fan3 ?? 0,
      matchId,
      where: 'all',
      reason: 'Spam',
      target: spam,
    });
    expect(banned.status).toBe(200);
    expect(await banned.text()).toContain('Banned from all chat');
    const refused = await api('fan3', 'POST', `/matches/${matchId}/chat`, { text: 'More tickets' });
    expect(refused.status).toBe(403);
    const sanction = (await t.services.chat.listSanctions({ active: '1', limit: 100 })).find(
      (entry) => entry.user.id === ids.fan3,
    );
    expect(sanction).toMatchObject({ kind: 'ban', matchId: null, until: null });
    expect(
      (
        await page('moderator', `/cms/chat/sanctions`, {
          intent: 'lift',
          sanctionId: sanction?.id ?? 0,
          target: sanction?.id ?? 0,
        })
      ).status,
    ).toBe(200);
    await say('fan3', 'I will behave');
  });

  it('rooms: slow mode, close and reopen reach the room fans read; bad seconds are refused and change nothing', async () => {
    await say('fan2', 'Great save');
    const rooms = await (await page('moderator', '/cms/chat/rooms')).text();
    expect(rooms).toContain(`data-match-id="${matchId}"`);
    expect(rooms).toContain('Moderation Rovers v Queue Town');
    const room = async () =>
      chatRoomInfoSchema.parse(await (await api('guest', 'GET', `/matches/${matchId}/chat/room`)).json());

    const bad = await page('moderator', '/cms/chat/rooms', {
      intent: 'slow-mode',
      matchId,
      seconds: 'soon',
      target: matchId,
    });
    expect(bad.status).toBe(400);
    expect((await room()).slowModeSeconds).toBe(0);
    expect(
      (await page('moderator', '/cms/chat/rooms', { intent: 'slow-mode', matchId, seconds: 30, target: matchId }))
        .status,
    ).toBe(200);
    expect((await room()).slowModeSeconds).toBe(30);
    expect(
      (await page('moderator', '/cms/chat/rooms', { intent: 'slow-mode', matchId, seconds: 0, target: matchId }))
        .status,
    ).toBe(200);

    const closed = await page('moderator', '/cms/chat/rooms', {
      intent: 'close',
      matchId,
      reason: 'Half-time clean-up',
      target: matchId,
    });
    expect(closed.status).toBe(200);
    expect((await room()).state).toBe('closed');
    expect((await api('fan2', 'POST', `/matches/${matchId}/chat`, { text: 'Anyone here?' })).status).toBe(403);
    expect(await (await page('moderator', '/cms/chat/rooms')).text()).toContain('Half-time clean-up');
    expect((await page('moderator', '/cms/chat/rooms', { intent: 'reopen', matchId, target: matchId })).status).toBe(
      200,
    );
    expect((await room()).state).toBe('open');
    expect(await auditActions()).toEqual(expect.arrayContaining(['chat.slow-mode', 'chat.close', 'chat.reopen']));
  });

  it('unpins a room’s message', async () => {
    const message = await say('fan2', 'Kick-off moved to 20:00');
    expect((await api('moderator', 'PUT', `/cms/chat/rooms/${matchId}/pin`, { messageId: message })).status).toBe(200);
    expect(await (await page('moderator', '/cms/chat/rooms')).text()).toContain(`message ${message} pinned`);
    const unpinned = await page('moderator', '/cms/chat/rooms', { intent: 'unpin', matchId, target: matchId });
    expect(unpinned.status).toBe(200);
    expect(await unpinned.text()).toContain('Message unpinned');
    expect((await api('guest', 'GET', `/matches/${matchId}/chat/room`)).ok).toBe(true);
    expect(
      chatRoomInfoSchema.parse(await (await api('guest', 'GET', `/matches/${matchId}/chat/room`)).json()).pinned,
    ).toBeNull();
  });
});
