// The chat API (issue #23) through the real app on SQLite and PostgreSQL: history by cursor, posting and
// its live event in the same log, the text rules, the room window (read-only, closed), new accounts,
// spam (429 with Retry-After, per user and per address), repeats, slow mode, sanctions (403 with the
// reason and the time left), reports, deletions by the author and by a moderator (chat.deleted), pins,
// the audit log, two posts at once, and who may moderate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../db/transaction.ts';
import {
  chatHistorySchema,
  chatMessageSchema,
  chatRoomInfoSchema,
  type ChatMessage,
} from '../../../domain/chat-contracts.ts';
import { chatReportPageSchema, chatSanctionSchema } from '../../../domain/chat-moderation.ts';
import { insertChatMatches, type ChatMatches } from '../../../tests/helpers/chat-matches.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const MINUTE = 60_000;

type Built = Awaited<ReturnType<typeof createTestApp>>;
type Who =
  'alice' | 'bob' | 'carol' | 'dave' | 'erin' | 'frank' | 'gina' | 'hal' | 'ivy' | 'jon' | 'moderator' | 'editor';

describe.each(TEST_ENGINES)('the chat API on %s', (engine) => {
  let t: Built;
  let offset = 0;
  let matches: ChatMatches;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, number>;
  /** Each user posts from an address of their own, unless a test says otherwise. */
  const addressOf = (who: Who) => `203.0.113.${Object.keys(tokens).indexOf(who) + 10}`;

  async function call(method: string, target: string, options: { who?: Who; body?: unknown; address?: string } = {}) {
    return t.app.request(`${ORIGIN}${target}`, {
      method,
      headers: {
        Origin: ORIGIN,
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(options.who
          ? {
              Authorization: `Bearer ${tokens[options.who]}`,
              'X-Forwarded-For': options.address ?? addressOf(options.who),
            }
          : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  }

  const post = (who: Who, matchId: number, text: string, extra: { replyTo?: number; address?: string } = {}) =>
    call('POST', `/api/matches/${matchId}/chat`, {
      who,
      body: { text, ...(extra.replyTo ? { replyTo: extra.replyTo } : {}) },
      ...(extra.address ? { address: extra.address } : {}),
    });

  async function posted(
    who: Who,
    matchId: number,
    text: string,
    extra: { replyTo?: number } = {},
  ): Promise<ChatMessage> {
    const response = await post(who, matchId, text, extra);
    expect(response.status, await response.clone().text()).toBe(201);
    return chatMessageSchema.parse(((await response.json()) as { message: unknown }).message);
  }

  async function history(matchId: number, query = '') {
    const response = await call('GET', `/api/matches/${matchId}/chat${query}`);
    expect(response.status).toBe(200);
    return chatHistorySchema.parse(await response.json());
  }

  async function events(matchId: number) {
    const rows = await t.database.handle.db
      .selectFrom('live_event')
      .select(['id', 'type', 'topic', 'data'])
      .where('topic', '=', `chat:${matchId}`)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      type: row.type,
      data: JSON.parse(row.data) as Record<string, unknown>,
    }));
  }

  async function errorOf(response: Response) {
    return ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } })
      .error;
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { BASE_URL: ORIGIN, TRUST_PROXY: '1', CHAT_NEW_ACCOUNT_MINUTES: '10' },
      { clock: { now: () => new Date(Date.now() + offset) } },
    );
    matches = await insertChatMatches(t.database.handle.db);
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gina', 'hal', 'ivy', 'jon'] as const) {
      const result = await t.services.accounts.register(
        { email: `${name}@example.com`, password: PASSWORD },
        { ip: '198.51.100.1', userAgent: 'vitest' },
      );
      if (!result.ok) throw new Error(result.message);
      tokens[name] = result.session.token.access_token;
      ids[name] = result.session.user.id;
    }
    for (const role of ['moderator', 'editor'] as const) {
      const created = await t.services.accounts.createStaffUser({
        email: `${role}@example.com`,
        password: PASSWORD,
        displayName: role,
        role,
      });
      if (!created.ok) throw new Error(created.message);
      ids[role] = created.user.id;
      const login = await t.app.request(`${ORIGIN}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
        body: JSON.stringify({ email: `${role}@example.com`, password: PASSWORD }),
      });
      tokens[role] = ((await login.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes a new account wait 10 minutes before its first message, and says how long is left', async () => {
    const response = await post('alice', matches.live, 'First!');
    expect(response.status).toBe(403);
    const error = await errorOf(response);
    expect(error.code).toBe('new_account');
    expect(error.message).toMatch(/10 minutes/);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(500);
    expect((await history(matches.live)).messages).toEqual([]);
    // From here on, every account is old enough.
    offset = 11 * MINUTE;
  });

  it('posts a message: 201, in the history, and one chat.message event on chat:<matchId> in the same log', async () => {
    const before = (await events(matches.live)).length;
    const message = await posted('alice', matches.live, '  What a save!  ');
    expect(message).toMatchObject({ matchId: matches.live, text: 'What a save!', user: { id: ids.alice } });
    expect((await history(matches.live)).messages.map((m) => m.text)).toEqual(['What a save!']);
    const after = await events(matches.live);
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({
      type: 'chat.message',
      data: { matchId: matches.live, message: { id: message.id, text: 'What a save!' } },
    });
  });

  it('keeps text plain: markup as typed, bidi overrides and zero-width characters gone, emoji whole', async () => {
    const hostile = await posted('bob', matches.live, '<img src=x onerror=alert(1)> \u202Egnp.exe\u200B 👩\u200D💻');
    expect(hostile.text).toBe('<img src=x onerror=alert(1)> gnp.exe 👩\u200D💻');
  });

  it('refuses bad input with 400 and a message per field, and changes nothing', async () => {
    const count = (await history(matches.live)).messages.length;
    for (const [body, field] of [
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(501) }, 'text'],
      [{ text: 'tab\there' }, 'text'],
      [{ text: 'bell\u0007' }, 'text'],
      [{}, 'text'],
      [{ text: 'hi', replyTo: 'one' }, 'replyTo'],
      [{ text: 'hi', replyTo: 99_999_999 }, 'replyTo'],
    ] as const) {
      const response = await call('POST', `/api/matches/${matches.live}/chat`, { who: 'carol', body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await errorOf(response)).fields ?? {})).toContain(field);
    }
    // 500 emoji are 500 characters.
    await posted('carol', matches.live, '⚽'.repeat(500));
    expect((await history(matches.live)).messages.length).toBe(count + 1);
  });

  it('asks guests to sign in (401) and knows no unknown match (404)', async () => {
    const guest = await call('POST', `/api/matches/${matches.live}/chat`, { body: { text: 'hello' } });
    expect(guest.status).toBe(401);
    expect((await errorOf(guest)).code).toBe('unauthenticated');
    expect((await post('alice', 99_999_999, 'hello')).status).toBe(404);
    expect((await call('GET', '/api/matches/99999999/chat')).status).toBe(404);
    expect((await call('GET', '/api/matches/99999999/chat/room')).status).toBe(404);
  });

  it('opens rooms from 60 minutes before kick-off to 30 after the final whistle; read-only otherwise (403)', async () => {
    const state = async (matchId: number) =>
      chatRoomInfoSchema.parse(await (await call('GET', `/api/matches/${matchId}/chat/room`)).json()).state;
    expect(await state(matches.live)).toBe('open');
    expect(await state(matches.soon)).toBe('open');
    expect(await state(matches.justFinished)).toBe('open');
    expect(await state(matches.later)).toBe('read-only');
    expect(await state(matches.longFinished)).toBe('read-only');
    await posted('dave', matches.soon, 'Team news?');
    await posted('dave', matches.justFinished, 'Deserved win');
    for (const matchId of [matches.later, matches.longFinished]) {
      const response = await post('dave', matchId, 'anyone here?');
      expect(response.status).toBe(403);
      const error = await errorOf(response);
      expect(error.code).toBe('room_read_only');
      expect(error.message).toMatch(/60 minutes before kick-off/);
    }
    // Read-only rooms still show their history.
    expect((await history(matches.later)).messages).toEqual([]);
  });

  it('pages the history by cursor: the newest 100 first (newest last), then older ones, each once', async () => {
    const db = t.database.handle.db;
    const base = Date.now();
    await t.services.chat.history(matches.soon);
    for (let index = 0; index < 130; index += 1) {
      await db
        .insertInto('chat_message')
        .values({
          match_id: matches.soon,
          user_id: ids.erin,
          display_name: 'erin',
          text: `line ${index}`,
          reply_to_id: null,
          created_at: new Date(base + index).toISOString(),
          deleted_at: null,
          deleted_by: null,
          deleted_reason: null,
        })
        .execute();
    }
    const first = await history(matches.soon);
    expect(first.messages).toHaveLength(100);
    expect(first.messages.at(-1)?.text).toBe('line 129');
    expect(first.messages[0]?.text).toBe('line 30');
    expect(first.nextCursor).not.toBeNull();
    const second = await history(matches.soon, `?before=${first.nextCursor}`);
    expect(second.messages.map((m) => m.text)).toEqual([
      'Team news?',
      ...Array.from({ length: 30 }, (_, i) => `line ${i}`),
    ]);
    expect(second.nextCursor).toBeNull();
    const small = await history(matches.soon, '?limit=2');
    expect(small.messages.map((m) => m.text)).toEqual(['line 128', 'line 129']);
    expect((await call('GET', `/api/matches/${matches.soon}/chat?before=abc`)).status).toBe(400);
    expect((await call('GET', `/api/matches/${matches.soon}/chat?limit=101`)).status).toBe(400);
  });

  it('refuses spam: the sixth message within 10 s gets 429 with Retry-After and a clear message', async () => {
    for (let index = 0; index < 5; index += 1) await posted('erin', matches.live, `goal ${index}`);
    const response = await post('erin', matches.live, 'goal 5');
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    const error = await errorOf(response);
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/too fast/);
  });

  it('counts an address too: several accounts behind one address share its 5 messages', async () => {
    const address = '198.51.100.77';
    const senders: Who[] = ['alice', 'bob', 'carol', 'dave', 'frank'];
    for (const [index, who] of senders.entries())
      expect((await post(who, matches.justFinished, `shared ${index}`, { address })).status).toBe(201);
    const response = await post('frank', matches.justFinished, 'one more', { address });
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).not.toBeNull();
  });

  it('refuses the same message twice in a row (409)', async () => {
    await posted('frank', matches.soon, 'Come on you Gunners');
    const response = await post('frank', matches.soon, 'come on  YOU gunners');
    expect(response.status).toBe(409);
    expect((await errorOf(response)).code).toBe('duplicate_message');
  });

  it('replies quote the message they answer, and a deleted one is quoted as gone', async () => {
    const question = await posted('alice', matches.soon, 'Who starts up front?');
    const answer = await posted('bob', matches.soon, 'Havertz, I think', { replyTo: question.id });
    expect(answer.replyTo).toEqual({
      id: question.id,
      excerpt: 'Who starts up front?',
      displayName: question.user.displayName,
    });
    // A reply to another room's message is refused.
    const elsewhere = await post('bob', matches.live, 'me too', { replyTo: question.id });
    expect(elsewhere.status).toBe(400);
    // The author deletes the question: gone from the history, chat.deleted announced, the reply quotes nothing.
    const deleted = await call('DELETE', `/api/chat/messages/${question.id}`, { who: 'alice' });
    expect(deleted.status).toBe(200);
    const page = await history(matches.soon);
    expect(page.messages.some((m) => m.id === question.id)).toBe(false);
    expect(page.messages.find((m) => m.id === answer.id)?.replyTo).toEqual({
      id: question.id,
      excerpt: null,
      displayName: question.user.displayName,
    });
    expect((await events(matches.soon)).at(-1)).toMatchObject({
      type: 'chat.deleted',
      data: { matchId: matches.soon, messageId: question.id },
    });
    // Not twice, and nobody deletes another's message here.
    expect((await call('DELETE', `/api/chat/messages/${question.id}`, { who: 'alice' })).status).toBe(404);
    expect((await call('DELETE', `/api/chat/messages/${answer.id}`, { who: 'alice' })).status).toBe(403);
  });

  it('lets two messages posted at once both land, in the same order in the table and on the stream', async () => {
    const [first, second] = await Promise.all([
      post('carol', matches.justFinished, 'at once A'),
      post('dave', matches.justFinished, 'at once B'),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const page = await history(matches.justFinished);
    const landed = page.messages.filter((m) => m.text.startsWith('at once')).map((m) => m.id);
    expect(landed).toHaveLength(2);
    const streamed = (await events(matches.justFinished))
      .filter((event) => event.type === 'chat.message')
      .map((event) => (event.data.message as { id: number }).id)
      .filter((id) => landed.includes(id));
    expect(streamed).toEqual([...landed].sort((a, b) => a - b));
  });

  it('reports go to the moderation queue once per user; a moderator deletes the message and the reports close', async () => {
    const rude = await posted('frank', matches.live, 'something rude');
    expect(
      (await call('POST', `/api/chat/messages/${rude.id}/report`, { who: 'alice', body: { reason: 'abusive' } }))
        .status,
    ).toBe(201);
    expect((await call('POST', `/api/chat/messages/${rude.id}/report`, { who: 'bob' })).status).toBe(201);
    const again = await call('POST', `/api/chat/messages/${rude.id}/report`, {
      who: 'alice',
      body: { reason: 'abusive' },
    });
    expect(again.status).toBe(409);
    expect((await call('POST', `/api/chat/messages/${rude.id}/report`)).status).toBe(401);

    expect((await call('GET', '/api/cms/chat/reports', { who: 'alice' })).status).toBe(403);
    expect((await call('GET', '/api/cms/chat/reports', { who: 'editor' })).status).toBe(403);
    const queue = chatReportPageSchema.parse(
      ((await (await call('GET', '/api/cms/chat/reports', { who: 'moderator' })).json()) as { data: unknown }).data,
    );
    const mine = queue.reports.filter((report) => report.message.id === rude.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      reason: 'abusive',
      status: 'open',
      openReportsOnMessage: 2,
      reporter: { id: ids.alice },
    });

    const removed = await call('POST', `/api/cms/chat/messages/${rude.id}/delete`, {
      who: 'moderator',
      body: { reason: 'Abuse' },
    });
    expect(removed.status).toBe(200);
    expect((await history(matches.live)).messages.some((m) => m.id === rude.id)).toBe(false);
    expect((await events(matches.live)).at(-1)).toMatchObject({ type: 'chat.deleted', data: { messageId: rude.id } });
    const open = chatReportPageSchema.parse(
      ((await (await call('GET', '/api/cms/chat/reports', { who: 'moderator' })).json()) as { data: unknown }).data,
    );
    expect(open.reports.some((report) => report.message.id === rude.id)).toBe(false);
    const audit = await t.services.cms.audit.list({ kind: 'chat', limit: 50 });
    expect(audit.entries[0]).toMatchObject({
      action: 'chat.message-delete',
      actor: { id: ids.moderator },
      target: { kind: 'chat-message', id: String(rude.id) },
    });
    // Deleting twice: 404, and no second audit entry.
    expect((await call('POST', `/api/cms/chat/messages/${rude.id}/delete`, { who: 'moderator' })).status).toBe(404);
    expect((await t.services.cms.audit.list({ kind: 'chat', limit: 50 })).entries).toHaveLength(audit.entries.length);
  });

  it('a banned or timed-out user gets 403 with the reason and the time left, until it is lifted', async () => {
    const timeout = await call('POST', '/api/cms/chat/sanctions', {
      who: 'moderator',
      body: { userId: ids.gina, kind: 'timeout', minutes: 15, matchId: matches.live, reason: 'Flooding' },
    });
    expect(timeout.status).toBe(201);
    const refused = await post('gina', matches.live, 'let me talk');
    expect(refused.status).toBe(403);
    const error = await errorOf(refused);
    expect(error.code).toBe('timed_out');
    expect(error.message).toMatch(/15 minutes/);
    expect(error.message).toMatch(/Flooding/);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(800);
    // A timeout in one room leaves the others.
    await posted('gina', matches.soon, 'over here then');

    const ban = await call('POST', '/api/cms/chat/sanctions', {
      who: 'moderator',
      body: { userId: ids.gina, kind: 'ban', reason: 'Racist abuse' },
    });
    expect(ban.status).toBe(201);
    const sanction = chatSanctionSchema.parse(((await ban.json()) as { data: { sanction: unknown } }).data.sanction);
    expect(sanction).toMatchObject({ kind: 'ban', matchId: null, until: null, active: true });
    const banned = await post('gina', matches.soon, 'hello?');
    expect(banned.status).toBe(403);
    expect(await errorOf(banned)).toMatchObject({
      code: 'banned',
      message: expect.stringMatching(/all chat until a moderator lifts it.*Racist abuse/),
    });

    const listed = (await (
      await call('GET', `/api/cms/chat/sanctions?userId=${ids.gina}`, { who: 'moderator' })
    ).json()) as { data: { sanctions: unknown[] } };
    expect(listed.data.sanctions).toHaveLength(2);
    expect((await call('DELETE', `/api/cms/chat/sanctions/${sanction.id}`, { who: 'moderator' })).status).toBe(200);
    expect((await call('DELETE', `/api/cms/chat/sanctions/${sanction.id}`, { who: 'moderator' })).status).toBe(409);
    expect((await post('gina', matches.soon, 'thanks')).status).toBe(201);

    const bad = await call('POST', '/api/cms/chat/sanctions', {
      who: 'moderator',
      body: { userId: ids.gina, kind: 'timeout', reason: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await errorOf(bad)).fields ?? {})).toContain('minutes');
    expect(
      (
        await call('POST', '/api/cms/chat/sanctions', {
          who: 'alice',
          body: { userId: ids.gina, kind: 'ban', reason: 'x' },
        })
      ).status,
    ).toBe(403);
  });

  it('slow mode is enforced on the server, announced live, and audited', async () => {
    const set = await call('PUT', `/api/cms/chat/rooms/${matches.soon}/slow-mode`, {
      who: 'moderator',
      body: { seconds: 30 },
    });
    expect(set.status).toBe(200);
    expect((await events(matches.soon)).at(-1)).toMatchObject({
      type: 'chat.room',
      data: { room: { slowModeSeconds: 30, state: 'open' } },
    });
    await posted('hal', matches.soon, 'slow one');
    const second = await post('hal', matches.soon, 'slow two');
    expect(second.status).toBe(429);
    expect(await errorOf(second)).toMatchObject({ code: 'slow_mode', message: expect.stringMatching(/30 s/) });
    expect(Number(second.headers.get('Retry-After'))).toBeGreaterThan(25);
    offset += 31_000;
    await posted('hal', matches.soon, 'slow two');
    expect(
      (await call('PUT', `/api/cms/chat/rooms/${matches.soon}/slow-mode`, { who: 'moderator', body: { seconds: 0 } }))
        .status,
    ).toBe(200);
    const audit = await t.services.cms.audit.list({ kind: 'chat.slow-mode', limit: 10 });
    expect(audit.entries.map((entry) => entry.changes.after)).toEqual([
      { slowModeSeconds: 0 },
      { slowModeSeconds: 30 },
    ]);
  });

  it('pins a message for everyone and closes and reopens a room', async () => {
    const notice = await posted('alice', matches.justFinished, 'Post-match thread');
    const pinned = await call('PUT', `/api/cms/chat/rooms/${matches.justFinished}/pin`, {
      who: 'moderator',
      body: { messageId: notice.id },
    });
    expect(pinned.status).toBe(200);
    const room = chatRoomInfoSchema.parse(
      await (await call('GET', `/api/matches/${matches.justFinished}/chat/room`)).json(),
    );
    expect(room.pinned?.id).toBe(notice.id);
    expect(room.people).toBe(0);
    // A message of another room cannot be pinned here.
    const other = (await history(matches.live)).messages[0] as ChatMessage;
    expect(
      (
        await call('PUT', `/api/cms/chat/rooms/${matches.justFinished}/pin`, {
          who: 'moderator',
          body: { messageId: other.id },
        })
      ).status,
    ).toBe(404);

    const closed = await call('POST', `/api/cms/chat/rooms/${matches.justFinished}/close`, {
      who: 'moderator',
      body: { reason: 'Too heated' },
    });
    expect(closed.status).toBe(200);
    expect((await events(matches.justFinished)).at(-1)).toMatchObject({
      type: 'chat.room',
      data: { room: { state: 'closed' } },
    });
    const refused = await post('bob', matches.justFinished, 'hello?');
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('room_closed');
    // Closing again changes nothing and announces nothing.
    const eventsBefore = (await events(matches.justFinished)).length;
    const again = (await (
      await call('POST', `/api/cms/chat/rooms/${matches.justFinished}/close`, { who: 'moderator' })
    ).json()) as { data: { changed: boolean } };
    expect(again.data.changed).toBe(false);
    expect((await events(matches.justFinished)).length).toBe(eventsBefore);
    expect(
      (await call('POST', `/api/cms/chat/rooms/${matches.justFinished}/reopen`, { who: 'moderator' })).status,
    ).toBe(200);
    await posted('bob', matches.justFinished, 'back again');

    // Deleting the pinned message unpins it, live.
    await call('POST', `/api/cms/chat/messages/${notice.id}/delete`, { who: 'moderator' });
    const tail = (await events(matches.justFinished)).slice(-2);
    expect(tail.map((event) => event.type)).toEqual(['chat.deleted', 'chat.room']);
    expect(tail[1]?.data).toMatchObject({ room: { pinned: null } });

    const rooms = (await (await call('GET', '/api/cms/chat/rooms', { who: 'moderator' })).json()) as {
      data: { rooms: Array<{ matchId: number; messages: number }> };
    };
    expect(rooms.data.rooms.map((entry) => entry.matchId)).toContain(matches.justFinished);
  });

  it('erasing an account empties its messages, removes them live and drops its reports', async () => {
    const kept = await posted('ivy', matches.live, 'Ivy stays');
    const gone = await posted('jon', matches.live, 'Jon was here');
    expect(
      (await call('POST', `/api/chat/messages/${kept.id}/report`, { who: 'jon', body: { reason: 'spoiler' } })).status,
    ).toBe(201);
    const before = (await events(matches.live)).length;
    const emptied = await inTransaction(t.database.handle.db, (trx) => t.services.chat.eraseUser(trx, ids.jon));
    expect(emptied).toBeGreaterThanOrEqual(1);
    expect((await history(matches.live)).messages.some((m) => m.user.id === ids.jon)).toBe(false);
    const added = (await events(matches.live)).slice(before);
    expect(added.every((event) => event.type === 'chat.deleted')).toBe(true);
    expect(added.map((event) => event.data.messageId)).toContain(gone.id);
    // The log forgets the text too: a client resuming from before the erasure is never handed it.
    const log = await events(matches.live);
    expect(JSON.stringify(log)).not.toContain('Jon was here');
    expect(log.filter((event) => event.data.messageId === gone.id).map((event) => event.type)).toEqual([
      'chat.deleted',
      'chat.deleted',
    ]);
    expect(JSON.stringify(log)).toContain('Ivy stays');
    const rows = await t.database.handle.db
      .selectFrom('chat_message')
      .select(['text', 'display_name'])
      .where('user_id', '=', ids.jon)
      .execute();
    expect(rows.every((row) => row.text === '' && row.display_name === '')).toBe(true);
    const reports = await t.database.handle.db
      .selectFrom('chat_report')
      .select('id')
      .where('reporter_id', '=', ids.jon)
      .execute();
    expect(reports).toEqual([]);
  });

  it('is described in /api/openapi.json', async () => {
    const document = (await (await call('GET', '/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const path of [
      '/matches/{id}/chat',
      '/matches/{id}/chat/room',
      '/chat/messages/{id}',
      '/chat/messages/{id}/report',
      '/cms/chat/reports',
      '/cms/chat/sanctions',
      '/cms/chat/rooms/{matchId}/slow-mode',
    ])
      expect(document.paths[path], path).toBeDefined();
    expect(Object.keys(document.paths['/matches/{id}/chat'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
  });
});
