// Chat on two nodes sharing PostgreSQL and Redis (issue #23), in one process as two apps would run in two:
// each node has its own database pool, its own Redis bus connection, and the rate limits and "people here"
// counts shared through Redis (under this test's own key prefixes). Clients are real SSE streams of
// GET /api/live?topics=chat:<id> on either node. A message posted on A arrives on B's clients; a client that
// reconnects with Last-Event-ID gets what it missed, once; spam is refused across nodes; a ban made on A
// holds on B; a deletion reaches both nodes' clients; slow mode set on one node is enforced on the other;
// two messages posted at once on A and B land in one order that every client sees.
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../db/client.ts';
import { chatRoomInfoSchema } from '../../../domain/chat-contracts.ts';
import { insertChatMatches, type ChatMatches } from '../../../tests/helpers/chat-matches.ts';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '../../../tests/helpers/test-database.ts';
import { createHttpApp } from '../../http.ts';
import { createRedisBus } from '../../platform/bus.ts';
import { loadConfig } from '../../platform/config.ts';
import { createMetrics } from '../../platform/metrics.ts';
import { createRedisRateLimits, type RateLimits } from '../../platform/rate-limit.ts';
import { createServices, type AppServices } from '../../services.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const logger = pino({ level: 'silent' });
/** Users who only post all at once (their own room, their own limits). */
const CROWD = ['gus', 'hal', 'ida', 'jay', 'kit', 'lou', 'meg', 'nat', 'oli', 'pia', 'quinn', 'rob'];

interface Node {
  name: string;
  services: AppServices;
  app: ReturnType<typeof createHttpApp>;
  handle: DatabaseHandle;
  rateLimits: RateLimits;
}

interface Frame {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

/** One SSE stream of GET /api/live on a node, recording every frame. */
class StreamClient {
  frames: Frame[] = [];
  lastId: number | null = null;
  private controller = new AbortController();

  static async open(node: Node, topics: string, lastEventId: number | null = null): Promise<StreamClient> {
    const client = new StreamClient();
    client.lastId = lastEventId;
    const response = await node.app.request(`${ORIGIN}/api/live?topics=${topics}`, {
      headers: lastEventId === null ? {} : { 'Last-Event-ID': String(lastEventId) },
      signal: client.controller.signal,
    });
    if (response.status !== 200) throw new Error(`stream refused: ${response.status}`);
    client.read(response.body as ReadableStream<Uint8Array>);
    await until(() => client.frames.length > 0 || client.lastId !== null, 'the stream to start');
    return client;
  }

  private read(body: ReadableStream<Uint8Array>) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = new Map<string, string>();
            for (const line of block.split('\n')) {
              if (line === '' || line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
            }
            const id = fields.get('id');
            if (id !== undefined) this.lastId = Number(id);
            const event = fields.get('event');
            if (event && event !== 'ready' && id !== undefined)
              this.frames.push({
                id: Number(id),
                event,
                data: JSON.parse(fields.get('data') ?? '{}') as Record<string, unknown>,
              });
          }
        }
      } catch {
        // closed by the test
      }
    })();
  }

  /** The chat messages received, by text. */
  texts(): string[] {
    return this.frames
      .filter((frame) => frame.event === 'chat.message')
      .map((frame) => (frame.data.message as { text: string }).text);
  }

  close() {
    this.controller.abort();
  }
}

async function until(check: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(!(TEST_POSTGRES_URL && REDIS_URL))('chat on two nodes sharing PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let a: Node;
  let b: Node;
  let matches: ChatMatches;
  const clients: StreamClient[] = [];
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  /** This run's own Redis keys: other test files (and other people's) share the server. */
  const prefix = `scoreline-test:${randomBytes(4).toString('hex')}`;

  function startNode(name: string): Node {
    const handle = openDatabase(database.url);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      BASE_URL: ORIGIN,
      REDIS_URL: REDIS_URL ?? '',
      TRUST_PROXY: '1',
      CHAT_NEW_ACCOUNT_MINUTES: '0',
      CHAT_PRESENCE_SECONDS: '1',
    });
    const rateLimits = createRedisRateLimits(REDIS_URL ?? '', logger, {
      prefix: `${prefix}:rl`,
      commandTimeoutMs: 5000,
    });
    const services = createServices({
      config,
      logger,
      database: handle,
      sessionSecret: 'test-secret-test-secret-test-secret-000',
      bus: createRedisBus(REDIS_URL ?? '', logger),
      rateLimits,
      chatPresencePrefix: `${prefix}:people`,
    });
    return {
      name,
      services,
      app: createHttpApp({ services, metrics: createMetrics({ collectDefaults: false }) }),
      handle,
      rateLimits,
    };
  }

  async function open(node: Node, lastEventId: number | null = null) {
    const client = await StreamClient.open(node, `chat:${matches.live}`, lastEventId);
    clients.push(client);
    return client;
  }

  function post(node: Node, who: string, text: string, matchId = matches.live) {
    return node.app.request(`${ORIGIN}/api/matches/${matchId}/chat`, {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        'Content-Type': 'application/json',
        Authorization: `Bearer ${tokens[who]}`,
        'X-Forwarded-For': `203.0.113.${ids[who]}`,
      },
      body: JSON.stringify({ text }),
    });
  }

  async function posted(node: Node, who: string, text: string): Promise<number> {
    const response = await post(node, who, text);
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { message: { id: number } }).message.id;
  }

  function moderate(node: Node, method: string, path: string, body?: unknown) {
    return node.app.request(`${ORIGIN}/api/cms/chat${path}`, {
      method,
      headers: {
        Origin: ORIGIN,
        Authorization: `Bearer ${tokens.moderator}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    matches = await insertChatMatches(database.handle.db);
    a = startNode('a');
    b = startNode('b');
    // Limits are shared only once Redis answers; before that each node would count alone.
    expect(await a.rateLimits.ready()).toBe(true);
    expect(await b.rateLimits.ready()).toBe(true);
    await Promise.all([a.services.live.start(), b.services.live.start()]);
    for (const name of ['ann', 'ben', 'cat', 'dan', 'eve', 'fay', ...CROWD]) {
      const result = await a.services.accounts.register(
        { email: `${name}@example.com`, password: PASSWORD },
        { ip: '198.51.100.1', userAgent: 'vitest' },
      );
      if (!result.ok) throw new Error(result.message);
      tokens[name] = result.session.token.access_token;
      ids[name] = result.session.user.id;
    }
    const staff = await a.services.accounts.createStaffUser({
      email: 'mod@example.com',
      password: PASSWORD,
      displayName: 'Mod',
      role: 'moderator',
    });
    if (!staff.ok) throw new Error(staff.message);
    const login = await b.app.request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ email: 'mod@example.com', password: PASSWORD }),
    });
    tokens.moderator = ((await login.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    for (const node of [a, b]) {
      if (!node) continue;
      await node.services.chat.stop();
      await node.services.live.stop();
      await node.rateLimits.close();
      await node.handle.close();
    }
    await database?.destroy();
  });

  it('a message posted on A reaches the clients of both nodes, once each', async () => {
    const [onA, onB] = [await open(a), await open(b)];
    await posted(a, 'ann', 'Hello from node A');
    await until(() => onA.texts().length === 1 && onB.texts().length === 1, 'the message on both nodes');
    expect(onB.texts()).toEqual(['Hello from node A']);
    await posted(b, 'ben', 'And from node B');
    await until(() => onA.texts().length === 2 && onB.texts().length === 2, 'the second message on both nodes');
    expect(onA.texts()).toEqual(onB.texts());
  });

  it('counts the people in a room across both nodes', async () => {
    a.services.chat.start();
    b.services.chat.start();
    const people = async (node: Node) =>
      chatRoomInfoSchema.parse(await (await node.app.request(`${ORIGIN}/api/matches/${matches.live}/chat/room`)).json())
        .people;
    const streams = clients.length;
    // Each node's own streams count at once; the other node's once it has shared them (every second here).
    const deadline = Date.now() + 5000;
    let seen = [0, 0];
    while (Date.now() < deadline) {
      seen = [await people(a), await people(b)];
      if (seen[0] === streams && seen[1] === streams) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toEqual([streams, streams]);
  });

  it('a client that reconnects with Last-Event-ID gets what it missed, once, then the live ones', async () => {
    const away = await open(b);
    await posted(a, 'cat', 'before the drop');
    await until(() => away.texts().includes('before the drop'), 'the first message');
    const position = away.lastId;
    away.close();
    await posted(a, 'cat', 'missed one');
    await posted(b, 'dan', 'missed two');
    // Back, on the other node, from where it was.
    const back = await open(a, position);
    await until(() => back.texts().length >= 2, 'the missed messages');
    await posted(b, 'cat', 'live again');
    await until(() => back.texts().includes('live again'), 'the live message');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(back.texts()).toEqual(['missed one', 'missed two', 'live again']);
    const frameIds = back.frames.map((frame) => frame.id);
    expect(new Set(frameIds).size).toBe(frameIds.length);
    expect([...frameIds].sort((x, y) => x - y)).toEqual(frameIds);
  });

  it('refuses spam across nodes: the limits are shared through Redis (429 with Retry-After)', async () => {
    for (let index = 0; index < 5; index += 1) await posted(index % 2 === 0 ? a : b, 'eve', `spam ${index}`);
    const refused = await post(b, 'eve', 'spam 5');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  });

  it('a ban made on A holds on B (403 with the reason), and a deletion on B vanishes on both nodes', async () => {
    const [onA, onB] = [await open(a), await open(b)];
    const id = await posted(b, 'dan', 'something nasty');
    await until(
      () => onA.texts().includes('something nasty') && onB.texts().includes('something nasty'),
      'the message',
    );
    const ban = await moderate(a, 'POST', '/sanctions', { userId: ids.dan, kind: 'ban', reason: 'Abuse', minutes: 60 });
    expect(ban.status).toBe(201);
    const refused = await post(b, 'dan', 'let me back');
    expect(refused.status).toBe(403);
    const error = ((await refused.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('banned');
    expect(error.message).toMatch(/60 minutes.*Abuse/);

    expect((await moderate(b, 'POST', `/messages/${id}/delete`, { reason: 'Abuse' })).status).toBe(200);
    const deleted = (client: StreamClient) =>
      client.frames.some((frame) => frame.event === 'chat.deleted' && frame.data.messageId === id);
    await until(() => deleted(onA) && deleted(onB), 'chat.deleted on both nodes');
  });

  it('a deleted message is gone from the log too: resuming from before it, on either node, never replays its text', async () => {
    const watcher = await open(b);
    const before = watcher.lastId;
    const secret = await posted(a, 'gus', 'a secret to forget');
    const reply = await a.app.request(`${ORIGIN}/api/matches/${matches.live}/chat`, {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        'Content-Type': 'application/json',
        Authorization: `Bearer ${tokens.hal}`,
        'X-Forwarded-For': `203.0.113.${ids.hal}`,
      },
      body: JSON.stringify({ text: 'quoting it', replyTo: secret }),
    });
    expect(reply.status).toBe(201);
    await until(() => watcher.texts().includes('quoting it'), 'both messages on B (so its memory holds them)');
    expect((await moderate(a, 'POST', `/messages/${secret}/delete`, { reason: 'Personal data' })).status).toBe(200);
    const deletedOn = (client: StreamClient) =>
      client.frames.filter((frame) => frame.event === 'chat.deleted' && frame.data.messageId === secret).length;
    await until(() => deletedOn(watcher) === 1, 'the deletion on B');
    for (const node of [a, b]) {
      const back = await open(node, before);
      await until(() => deletedOn(back) === 2, `the missed events on ${node.name}`);
      const raw = JSON.stringify(back.frames);
      expect(raw).not.toContain('a secret to forget');
      expect(back.texts()).toEqual(['quoting it']);
      const quoting = back.frames.find((frame) => frame.event === 'chat.message')!;
      expect((quoting.data.message as { replyTo: { id: number; excerpt: string | null } }).replyTo).toMatchObject({
        id: secret,
        excerpt: null,
      });
    }
  });

  it('slow mode set on A is enforced on B', async () => {
    expect((await moderate(a, 'PUT', `/rooms/${matches.live}/slow-mode`, { seconds: 60 })).status).toBe(200);
    // fay has not posted yet: her first message goes, her next one waits a minute, whichever node she asks.
    await posted(a, 'fay', 'slow and steady');
    const refused = await post(b, 'fay', 'too soon');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('slow_mode');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(50);
    expect((await moderate(b, 'PUT', `/rooms/${matches.live}/slow-mode`, { seconds: 0 })).status).toBe(200);
  });

  it('two messages posted at once on A and B both land, in one order every client sees', async () => {
    const [onA, onB] = [await open(a), await open(b)];
    const [first, second] = await Promise.all([post(a, 'ben', 'together 1'), post(b, 'cat', 'together 2')]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const landed = [
      ((await first.json()) as { message: { id: number } }).message.id,
      ((await second.json()) as { message: { id: number } }).message.id,
    ].sort((x, y) => x - y);
    const order = (client: StreamClient) =>
      client.frames
        .filter((frame) => frame.event === 'chat.message')
        .map((frame) => (frame.data.message as { id: number }).id)
        .filter((messageId) => landed.includes(messageId));
    await until(() => order(onA).length === 2 && order(onB).length === 2, 'both messages on both nodes');
    expect(order(onA)).toEqual(landed);
    expect(order(onB)).toEqual(landed);
  });
  it("many users posting at once over both nodes: every client on both gets each message once, in the history's order", async () => {
    const room = matches.soon;
    const watchers = await Promise.all([a, b, a, b].map((node) => StreamClient.open(node, `chat:${room}`)));
    clients.push(...watchers);
    const responses = await Promise.all(
      CROWD.map((who, n) =>
        (n % 2 === 0 ? a : b).app.request(`${ORIGIN}/api/matches/${room}/chat`, {
          method: 'POST',
          headers: {
            Origin: ORIGIN,
            'Content-Type': 'application/json',
            Authorization: `Bearer ${tokens[who]}`,
            'X-Forwarded-For': `203.0.113.${ids[who]}`,
          },
          body: JSON.stringify({ text: `all at once: ${who}` }),
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(CROWD.map(() => 201));
    const history = (await (await a.app.request(`${ORIGIN}/api/matches/${room}/chat`)).json()) as {
      messages: Array<{ id: number }>;
    };
    const order = history.messages.map((message) => message.id);
    expect(order).toHaveLength(CROWD.length);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    const received = (client: StreamClient) =>
      client.frames
        .filter((frame) => frame.event === 'chat.message')
        .map((frame) => (frame.data.message as { id: number }).id);
    await until(() => watchers.every((client) => received(client).length >= CROWD.length), 'every message everywhere');
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const client of watchers) expect(received(client)).toEqual(order);
  });
});
