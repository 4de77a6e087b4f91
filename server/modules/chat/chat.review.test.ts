// Review of the chat API (issue #23) through the real app on SQLite and PostgreSQL: who may sanction whom,
// the per-address limit for IPv6 clients, and reports racing a deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatReportPageSchema, chatSanctionSchema } from '../../../domain/chat-moderation.ts';
import { insertChatMatches, type ChatMatches } from '../../../tests/helpers/chat-matches.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const FANS = ['fan1', 'fan2', 'fan3', 'fan4', 'fan5', 'fan6', 'fan7'] as const;
const STAFF = ['moderator', 'moderator2', 'editor', 'admin', 'admin2'] as const;
type Who = (typeof FANS)[number] | (typeof STAFF)[number];

describe.each(TEST_ENGINES)('chat review on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let matches: ChatMatches;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, number>;
  let addresses = 0;

  async function call(
    method: string,
    target: string,
    options: { who?: Who; body?: unknown; address?: string } = {},
  ): Promise<Response> {
    addresses += 1;
    return t.app.request(`${ORIGIN}${target}`, {
      method,
      headers: {
        Origin: ORIGIN,
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(options.who
          ? {
              Authorization: `Bearer ${tokens[options.who]}`,
              'X-Forwarded-For': options.address ?? `198.51.100.${addresses % 250}`,
            }
          : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  }

  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

  async function activeSanctionsOf(userId: number) {
    const response = await call('GET', `/api/cms/chat/sanctions?userId=${userId}&active=0`, { who: 'admin' });
    expect(response.status).toBe(200);
    return chatSanctionSchema
      .array()
      .parse(((await response.json()) as { data: { sanctions: unknown } }).data.sanctions);
  }

  beforeAll(async () => {
    t = await createTestApp(engine, {
      BASE_URL: ORIGIN,
      TRUST_PROXY: '1',
      CHAT_NEW_ACCOUNT_MINUTES: '0',
      // Many posts from one author (the report race); the address limit stays at its default of 5.
      CHAT_MESSAGE_BURST: '100',
    });
    matches = await insertChatMatches(t.database.handle.db);
    for (const name of FANS) {
      const result = await t.services.accounts.register(
        { email: `${name}@example.com`, password: PASSWORD },
        { ip: '192.0.2.1', userAgent: 'vitest' },
      );
      if (!result.ok) throw new Error(result.message);
      tokens[name] = result.session.token.access_token;
      ids[name] = result.session.user.id;
    }
    for (const name of STAFF) {
      const role = name.replace(/\d$/, '') as 'moderator' | 'editor' | 'admin';
      const created = await t.services.accounts.createStaffUser({
        email: `${name}@example.com`,
        password: PASSWORD,
        displayName: name,
        role,
      });
      if (!created.ok) throw new Error(created.message);
      ids[name] = created.user.id;
      const login = await t.app.request(`${ORIGIN}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
        body: JSON.stringify({ email: `${name}@example.com`, password: PASSWORD }),
      });
      tokens[name] = ((await login.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('several accounts in one IPv6 /64 share its 5 messages, however the addresses are written', async () => {
    // 2001:db8::/64 written as the socket or a proxy writes it: "2001:db8::1", "2001:db8::2", … — the /64's
    // zero groups shortened, so each address used to be a key of its own and the address limit never held.
    const statuses: number[] = [];
    for (const [index, who] of FANS.slice(0, 6).entries()) {
      const response = await call('POST', `/api/matches/${matches.live}/chat`, {
        who,
        body: { text: `Hello from the same network, ${index}` },
        address: `2001:db8::${index + 1}`,
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect((await errorOf(response)).code).toBe('rate_limited');
        expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('a report sent while the author deletes the message leaves no open report of a deleted message', async () => {
    for (let round = 0; round < 12; round++) {
      const posted = await call('POST', `/api/matches/${matches.soon}/chat`, {
        who: 'fan1',
        body: { text: `Message number ${round}` },
      });
      expect(posted.status).toBe(201);
      const { message } = (await posted.json()) as { message: { id: number } };
      const reporter = FANS[1 + (round % 5)] ?? 'fan2';
      const [reported, deleted] = await Promise.all([
        call('POST', `/api/chat/messages/${message.id}/report`, { who: reporter, body: { reason: 'Spam' } }),
        call('DELETE', `/api/chat/messages/${message.id}`, { who: 'fan1' }),
      ]);
      expect(deleted.status).toBe(200);
      // Either the report came first (and was closed with the deletion) or it was refused as gone.
      expect([201, 404]).toContain(reported.status);
    }
    const queue = await call('GET', `/api/cms/chat/reports?status=open&matchId=${matches.soon}`, { who: 'moderator' });
    expect(queue.status).toBe(200);
    const page = chatReportPageSchema.parse(((await queue.json()) as { data: unknown }).data);
    expect(page.reports.filter((report) => report.message.deletedAt !== null)).toEqual([]);
  });

  it('the same report twice at once is filed once (201 and 409); a deletion by the author and a moderator at once happens once', async () => {
    const posted = await call('POST', `/api/matches/${matches.soon}/chat`, {
      who: 'fan4',
      body: { text: 'Reported twice, deleted twice' },
    });
    expect(posted.status).toBe(201);
    const { message } = (await posted.json()) as { message: { id: number } };
    const reports = await Promise.all(
      [0, 1].map(() =>
        call('POST', `/api/chat/messages/${message.id}/report`, { who: 'fan5', body: { reason: 'Twice' } }),
      ),
    );
    expect(reports.map((response) => response.status).sort()).toEqual([201, 409]);
    const [byAuthor, byModerator] = await Promise.all([
      call('DELETE', `/api/chat/messages/${message.id}`, { who: 'fan4' }),
      call('POST', `/api/cms/chat/messages/${message.id}/delete`, { who: 'moderator', body: {} }),
    ]);
    expect([byAuthor.status, byModerator.status].sort()).toEqual([200, 404]);
    const deletions = await t.database.handle.db
      .selectFrom('live_event')
      .select('data')
      .where('topic', '=', `chat:${matches.soon}`)
      .where('type', '=', 'chat.deleted')
      .execute();
    // The message's own event, rewritten in place as its deletion (chat-redact.ts), and one deletion appended.
    expect(deletions.filter((row) => JSON.parse(row.data).messageId === message.id)).toHaveLength(2);
    const queue = await call('GET', `/api/cms/chat/reports?status=open&matchId=${matches.soon}`, { who: 'moderator' });
    const page = chatReportPageSchema.parse(((await queue.json()) as { data: unknown }).data);
    expect(page.reports.filter((report) => report.message.id === message.id)).toEqual([]);
  });

  it('reports sent while the author’s account is erased leave no open report of an erased message', async () => {
    const posted: number[] = [];
    for (let index = 0; index < 6; index++) {
      const response = await call('POST', `/api/matches/${matches.live}/chat`, {
        who: 'fan6',
        body: { text: `Soon erased, number ${index}` },
      });
      expect(response.status).toBe(201);
      posted.push(((await response.json()) as { message: { id: number } }).message.id);
    }
    const reporters = ['fan1', 'fan2', 'fan3', 'fan4', 'fan5'] as const;
    const [erased, ...reports] = await Promise.all([
      call('POST', `/api/cms/users/${ids.fan6}/erase`, {
        who: 'moderator',
        body: { confirmEmail: 'fan6@example.com' },
      }),
      ...posted.flatMap((id) =>
        reporters.map((who) => call('POST', `/api/chat/messages/${id}/report`, { who, body: { reason: 'Rude' } })),
      ),
    ]);
    expect(erased?.status).toBe(200);
    for (const report of reports) expect([201, 404]).toContain(report.status);
    const open = await t.database.handle.db
      .selectFrom('chat_report')
      .select(['id', 'message_id'])
      .where('status', '=', 'open')
      .where('message_id', 'in', posted)
      .execute();
    expect(open).toEqual([]);
  });

  it('history and room are never kept by shared caches: a deleted message or a closed room is not served stale', async () => {
    const posted = await call('POST', `/api/matches/${matches.justFinished}/chat`, {
      who: 'fan3',
      body: { text: 'Something a moderator will remove' },
    });
    expect(posted.status).toBe(201);
    const { message } = (await posted.json()) as { message: { id: number } };
    for (const path of [
      `/api/matches/${matches.justFinished}/chat`,
      `/api/matches/${matches.justFinished}/chat/room`,
    ]) {
      const response = await call('GET', path);
      expect(response.status).toBe(200);
      // "no-cache": every use revalidates (the ETag makes that cheap); never "public, max-age=…".
      expect(response.headers.get('Cache-Control'), path).toBe('no-cache');
    }
    const first = await call('GET', `/api/matches/${matches.justFinished}/chat`);
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();
    const removed = await call('POST', `/api/cms/chat/messages/${message.id}/delete`, { who: 'moderator', body: {} });
    expect(removed.status).toBe(200);
    const again = await t.app.request(`${ORIGIN}/api/matches/${matches.justFinished}/chat`, {
      headers: { 'If-None-Match': etag ?? '' },
    });
    expect(again.status).toBe(200);
    expect(JSON.stringify(await again.json())).not.toContain('Something a moderator will remove');
  });

  it('a moderator cannot time out or ban staff (403, nothing stored); an administrator may sanction staff but not an administrator', async () => {
    for (const target of ['admin', 'moderator2', 'editor'] as const) {
      for (const kind of ['ban', 'timeout'] as const) {
        const response = await call('POST', '/api/cms/chat/sanctions', {
          who: 'moderator',
          body: { userId: ids[target], kind, reason: 'Silenced', ...(kind === 'timeout' ? { minutes: 60 } : {}) },
        });
        expect(response.status, target).toBe(403);
        const error = await errorOf(response);
        expect(error.code).toBe('forbidden');
        expect(error.fields?.userId).toBeTruthy();
      }
      expect(await activeSanctionsOf(ids[target])).toEqual([]);
    }
    const adminOnAdmin = await call('POST', '/api/cms/chat/sanctions', {
      who: 'admin',
      body: { userId: ids.admin2, kind: 'ban', reason: 'Silenced' },
    });
    expect(adminOnAdmin.status).toBe(403);
    expect(await activeSanctionsOf(ids.admin2)).toEqual([]);
    // An administrator may still time out a moderator, and a moderator a fan.
    const adminOnModerator = await call('POST', '/api/cms/chat/sanctions', {
      who: 'admin',
      body: { userId: ids.moderator2, kind: 'timeout', minutes: 5, reason: 'Cool down' },
    });
    expect(adminOnModerator.status).toBe(201);
    const moderatorOnFan = await call('POST', '/api/cms/chat/sanctions', {
      who: 'moderator',
      body: { userId: ids.fan7, kind: 'timeout', minutes: 5, reason: 'Spam' },
    });
    expect(moderatorOnFan.status).toBe(201);
  });

  it('a timeout an administrator gave a moderator is lifted only by an administrator, not by that moderator or another', async () => {
    const given = await call('POST', '/api/cms/chat/sanctions', {
      who: 'admin',
      body: { userId: ids.moderator2, kind: 'timeout', minutes: 30, reason: 'Cool down' },
    });
    expect(given.status).toBe(201);
    const { sanction } = ((await given.json()) as { data: { sanction: { id: number } } }).data;
    for (const who of ['moderator2', 'moderator'] as const) {
      const refused = await call('DELETE', `/api/cms/chat/sanctions/${sanction.id}`, { who });
      expect(refused.status, who).toBe(403);
      expect((await errorOf(refused)).code).toBe('forbidden');
    }
    expect((await activeSanctionsOf(ids.moderator2)).find((row) => row.id === sanction.id)?.active).toBe(true);
    const lifted = await call('DELETE', `/api/cms/chat/sanctions/${sanction.id}`, { who: 'admin' });
    expect(lifted.status).toBe(200);
    expect((await activeSanctionsOf(ids.moderator2)).find((row) => row.id === sanction.id)?.active).toBe(false);
    // A fan's timeout is lifted by any moderator.
    const fan = await call('POST', '/api/cms/chat/sanctions', {
      who: 'admin',
      body: { userId: ids.fan7, kind: 'timeout', minutes: 30, reason: 'Spam' },
    });
    const fanSanction = ((await fan.json()) as { data: { sanction: { id: number } } }).data.sanction;
    expect((await call('DELETE', `/api/cms/chat/sanctions/${fanSanction.id}`, { who: 'moderator' })).status).toBe(200);
  });
});
