// Posting at once (issue #23; docs/chat.md, "Posting at once"), through the real app on SQLite and
// PostgreSQL. Posts by different users in one room do not wait for each other until the message and its
// live event are written (one statement under the log's append lock), so these check what must still hold
// when they overlap: every post lands once, message ids and stream positions in one order; one user's
// posts at once still obey slow mode and the repeat rule; a staff change (closing the room) takes effect
// for the next post, with nothing posted after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatHistorySchema } from '../../../domain/chat-contracts.ts';
import { insertChatMatches, type ChatMatches } from '../../../tests/helpers/chat-matches.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { insertSanction, lockChatter } from './chat.queries.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const USERS = 20;

describe.each(TEST_ENGINES)('chat posts at once on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let matches: ChatMatches;
  const tokens: string[] = [];
  let moderator = '';

  /** User n posts from an address of its own (the per-address limit is not what is tested). */
  async function post(n: number, matchId: number, text: string): Promise<Response> {
    return t.app.request(`${ORIGIN}/api/matches/${matchId}/chat`, {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        'Content-Type': 'application/json',
        Authorization: `Bearer ${tokens[n]}`,
        'X-Forwarded-For': `203.0.113.${n + 10}`,
      },
      body: JSON.stringify({ text }),
    });
  }

  async function outcome(response: Response): Promise<{ status: number; code?: string; id?: number }> {
    const body = (await response.json()) as { message?: { id: number }; error?: { code: string } };
    return {
      status: response.status,
      ...(body.error ? { code: body.error.code } : {}),
      ...(body.message ? { id: body.message.id } : {}),
    };
  }

  async function moderate(method: string, path: string, body?: unknown): Promise<Response> {
    return t.app.request(`${ORIGIN}/api/cms/chat${path}`, {
      method,
      headers: {
        Origin: ORIGIN,
        Authorization: `Bearer ${moderator}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async function history(matchId: number) {
    const response = await t.app.request(`${ORIGIN}/api/matches/${matchId}/chat`);
    expect(response.status).toBe(200);
    return chatHistorySchema.parse(await response.json()).messages;
  }

  /** The room's events in the log, in stream order. */
  async function events(matchId: number) {
    const rows = await t.database.handle.db
      .selectFrom('live_event')
      .select(['id', 'type', 'data'])
      .where('topic', '=', `chat:${matchId}`)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      position: Number(row.id),
      type: row.type,
      data: JSON.parse(row.data) as { message?: { id: number; text: string }; room?: { state: string } },
    }));
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: ORIGIN, TRUST_PROXY: '1', CHAT_NEW_ACCOUNT_MINUTES: '0' });
    matches = await insertChatMatches(t.database.handle.db);
    for (let n = 0; n < USERS; n += 1) {
      const result = await t.services.accounts.register(
        { email: `fan${n}@example.com`, password: PASSWORD },
        { ip: '198.51.100.1', userAgent: 'vitest' },
      );
      if (!result.ok) throw new Error(result.message);
      tokens.push(result.session.token.access_token);
    }
    const staff = await t.services.accounts.createStaffUser({
      email: 'mod@example.com',
      password: PASSWORD,
      displayName: 'Mod',
      role: 'moderator',
    });
    if (!staff.ok) throw new Error(staff.message);
    const login = await t.app.request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ email: 'mod@example.com', password: PASSWORD }),
    });
    moderator = ((await login.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it(`${USERS} users posting at once in one room all land, once each, message ids in stream order`, async () => {
    const results = await Promise.all(
      Array.from({ length: USERS }, (_, n) => post(n, matches.live, `at once from fan ${n}`).then(outcome)),
    );
    expect(results.map((result) => result.status)).toEqual(Array.from({ length: USERS }, () => 201));
    const landed = results.map((result) => result.id as number);
    expect(new Set(landed).size).toBe(USERS);

    // The history: each once, newest last, i.e. by id.
    const shown = (await history(matches.live)).map((message) => message.id);
    expect([...shown].sort((x, y) => x - y)).toEqual(shown);
    expect([...shown].sort((x, y) => x - y)).toEqual([...landed].sort((x, y) => x - y));

    // The log: one chat.message per message, and the stream's order is the ids' order.
    const streamed = (await events(matches.live))
      .filter((event) => event.type === 'chat.message')
      .map((event) => event.data.message?.id as number);
    expect(streamed).toEqual(shown);
  });

  it('one user posting twice at once under slow mode gets one message in and one 429 slow_mode', async () => {
    expect((await moderate('PUT', `/rooms/${matches.soon}/slow-mode`, { seconds: 60 })).status).toBe(200);
    // Five users, each sending two different messages at the same moment.
    const results = await Promise.all(
      [0, 1, 2, 3, 4].flatMap((n) => [
        post(n, matches.soon, `first of fan ${n}`).then(outcome),
        post(n, matches.soon, `second of fan ${n}`).then(outcome),
      ]),
    );
    for (let n = 0; n < 5; n += 1) {
      const mine = results.slice(n * 2, n * 2 + 2);
      expect(mine.map((result) => result.status).sort()).toEqual([201, 429]);
      expect(mine.find((result) => result.status === 429)?.code).toBe('slow_mode');
    }
    expect(await history(matches.soon)).toHaveLength(5);
  });

  it('one user sending the same text twice at once gets it in once and one 409 duplicate_message', async () => {
    const results = await Promise.all(
      [5, 6, 7, 8, 9].flatMap((n) => [
        post(n, matches.justFinished, `same words from fan ${n}`).then(outcome),
        post(n, matches.justFinished, `Same  words from fan ${n}`).then(outcome),
      ]),
    );
    for (let n = 0; n < 5; n += 1) {
      const mine = results.slice(n * 2, n * 2 + 2);
      expect(mine.map((result) => result.status).sort()).toEqual([201, 409]);
      expect(mine.find((result) => result.status === 409)?.code).toBe('duplicate_message');
    }
    expect(await history(matches.justFinished)).toHaveLength(5);
  });

  it('a moderator closing the room while posts arrive: nothing lands after the close, and the next post is refused', async () => {
    const posts = Array.from({ length: 10 }, (_, n) =>
      post(n + 10, matches.justFinished, `racing the close, fan ${n + 10}`).then(outcome),
    );
    const close = moderate('POST', `/rooms/${matches.justFinished}/close`, { reason: 'Enough' });
    const [closed, ...results] = await Promise.all([close, ...posts]);
    expect(closed.status).toBe(200);
    for (const result of results) {
      expect([201, 403]).toContain(result.status);
      if (result.status === 403) expect(result.code).toBe('room_closed');
    }
    // In the log, every message that landed comes before the room's "closed" event.
    const log = await events(matches.justFinished);
    const closedAt = log.findIndex((event) => event.type === 'chat.room' && event.data.room?.state === 'closed');
    expect(closedAt).toBeGreaterThanOrEqual(0);
    const landed = new Set(results.filter((result) => result.status === 201).map((result) => result.id));
    expect(log.slice(closedAt).filter((event) => event.type === 'chat.message')).toEqual([]);
    expect(
      log.slice(0, closedAt).filter((event) => event.type === 'chat.message' && landed.has(event.data.message?.id)),
    ).toHaveLength(landed.size);
    expect(await outcome(await post(19, matches.justFinished, 'after the close'))).toMatchObject({
      status: 403,
      code: 'room_closed',
    });
  });

  it.runIf(engine === 'postgres')(
    'a ban given while the user’s post is on its way holds for that post (403 banned), not only the next',
    async () => {
      const db = t.database.handle.db;
      const registered = await t.services.accounts.register(
        { email: 'fan-banned-midway@example.com', password: PASSWORD },
        { ip: '198.51.100.1', userAgent: 'vitest' },
      );
      if (!registered.ok) throw new Error(registered.message);
      const user = await db
        .selectFrom('user_account')
        .select('id')
        .where('email', '=', 'fan-banned-midway@example.com')
        .executeTakeFirstOrThrow();
      const by = await db
        .selectFrom('user_account')
        .select('id')
        .where('email', '=', 'mod@example.com')
        .executeTakeFirstOrThrow();
      // The ban is written (as POST /api/cms/chat/sanctions writes it) and held uncommitted while the post starts.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const banWritten = new Promise<void>((resolve) => (written = resolve));
      const banning = inTransaction(db, async (trx) => {
        await lockChatter(trx, 'postgres', Number(user.id));
        await insertSanction(trx, {
          userId: Number(user.id),
          matchId: null,
          kind: 'ban',
          reason: 'Abuse',
          until: null,
          by: Number(by.id),
          at: new Date(),
        });
        written();
        await gate;
      });
      await banWritten;
      const posting = Promise.resolve(
        t.app.request(`${ORIGIN}/api/matches/${matches.live}/chat`, {
          method: 'POST',
          headers: {
            Origin: ORIGIN,
            'Content-Type': 'application/json',
            Authorization: `Bearer ${registered.session.token.access_token}`,
            'X-Forwarded-For': '203.0.113.200',
          },
          body: JSON.stringify({ text: 'said as the ban lands' }),
        }),
      ).then(outcome);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await banning;
      expect(await posting).toMatchObject({ status: 403, code: 'banned' });
      expect((await history(matches.live)).map((message) => message.text)).not.toContain('said as the ban lands');
    },
  );
});
