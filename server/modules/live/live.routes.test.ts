// GET /api/live through both of its transports (issue #18, "Resume that keeps
// up"; server/modules/live/live-stream.ts): over a real socket, where the route
// writes node's response itself — the head with the retry field and the
// replayed backlog in one chunk, the same headers as the web stream always
// sent, rows after Last-Event-ID once each, heartbeats, the per-address cap,
// a client that stops reading dropped, every stream ended when the hub stops —
// and through app.request(), which has no node response and gets a web stream.
// SQLite only: what is under test is the transport; the hub's reads are tested
// on both engines in live-hub.test.ts.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { createLiveStream } from './live-stream.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A raw HTTP/1.1 client: the response head as sent, and the body's chunks, de-chunked. */
class RawStream {
  /** The bytes of the first read from the socket, as text. */
  firstRead = '';
  head = '';
  status = 0;
  /** One entry per HTTP chunk. */
  chunks: string[] = [];
  /** The terminating zero-length chunk arrived. */
  ended = false;
  socket: Socket;
  private buffer = Buffer.alloc(0);

  constructor(port: number, path: string, headers: Record<string, string> = {}) {
    this.socket = connect({ host: '127.0.0.1', port }, () => {
      const lines = Object.entries({ Host: '127.0.0.1', ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
      this.socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`);
    });
    this.socket.on('data', (data: Buffer) => this.take(data));
    this.socket.on('error', () => {});
  }

  /** Everything received in the body, as text. */
  get text(): string {
    return this.chunks.join('');
  }

  /** Ids of the event frames received (not ready, resync or heartbeats). */
  ids(): number[] {
    return [...this.text.matchAll(/^id: (\d+)\nevent: (?!ready|resync)/gm)].map((match) => Number(match[1]));
  }

  close() {
    this.socket.destroy();
  }

  private take(data: Buffer) {
    if (this.firstRead === '') this.firstRead = data.toString('utf8');
    this.buffer = Buffer.concat([this.buffer, data]);
    if (this.status === 0) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      this.head = this.buffer.subarray(0, end).toString('latin1');
      this.status = Number(this.head.split(' ')[1]);
      this.buffer = this.buffer.subarray(end + 4);
    }
    for (;;) {
      const sizeEnd = this.buffer.indexOf('\r\n');
      if (sizeEnd < 0) return;
      const size = Number.parseInt(this.buffer.subarray(0, sizeEnd).toString('latin1'), 16);
      if (this.buffer.length < sizeEnd + 2 + size + 2) return;
      if (size === 0) this.ended = true;
      else this.chunks.push(this.buffer.subarray(sizeEnd + 2, sizeEnd + 2 + size).toString('utf8'));
      this.buffer = this.buffer.subarray(sizeEnd + 2 + size + 2);
    }
  }
}

async function until(check: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    if (server.listening) resolve((server.address() as AddressInfo).port);
    else server.once('listening', () => resolve((server.address() as AddressInfo).port));
  });
}

describe('GET /api/live', () => {
  let t: TestApp;
  let server: Server;
  let port: number;

  /** Writes rows to the log as the live service would, and has the hub read them. */
  const append = async (count: number): Promise<number[]> => {
    const ids: number[] = [];
    for (let n = 0; n < count; n += 1) {
      const row = await t.database.handle.db
        .insertInto('live_event')
        .values({ topic: 'match:1', type: 'commentary', match_id: null, data: JSON.stringify({ n }), created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    await t.services.live.hub.pump();
    return ids;
  };

  beforeAll(async () => {
    t = await createTestApp('sqlite', { LIVE_HEARTBEAT_SECONDS: '1', LIVE_MAX_CONNECTIONS_PER_IP: '4' });
    await t.services.live.start();
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    port = await listen(server);
  });

  afterAll(async () => {
    await t.services.live.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  describe('over a real socket (node response written by the route)', () => {
    it('sends the head with the retry field and the replayed backlog in one write, and the headers it always sent', async () => {
      const [from, ...missed] = await append(3);
      // Written to node's response: no web stream is made for it.
      const webStreams = vi.spyOn(globalThis, 'ReadableStream');
      const stream = new RawStream(port, '/api/live?topics=match:1', { 'Last-Event-ID': String(from), 'X-Request-Id': 'live-routes-test-1' });
      await until(() => stream.chunks.length > 0, 'the first chunk');
      expect(webStreams).not.toHaveBeenCalled();
      webStreams.mockRestore();
      expect(stream.head.split('\r\n').filter((line) => !line.startsWith('Date:'))).toEqual([
        'HTTP/1.1 200 OK',
        'cache-control: no-cache, no-transform',
        'content-type: text/event-stream; charset=utf-8',
        'x-accel-buffering: no',
        'x-request-id: live-routes-test-1',
        'Connection: keep-alive',
        'Keep-Alive: timeout=5',
        'Transfer-Encoding: chunked',
      ]);
      expect(stream.chunks[0]).toMatch(/^retry: \d+\n\n$/);
      // One writev: the server and this client share a thread, so the client reads only once it has returned.
      await until(() => stream.ids().length === missed.length, 'the backlog');
      expect(stream.firstRead).toContain(stream.head);
      expect([...stream.firstRead.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]))).toEqual(missed);
      expect(stream.ids()).toEqual(missed);
      // The route's answer to Hono is node-server's shared marker: no middleware may write on it.
      expect([...RESPONSE_ALREADY_SENT.headers.keys()]).toEqual(['x-hono-already-sent']);
      stream.close();
    });

    it('replays what was missed after Last-Event-ID, then live rows, each once and in order', async () => {
      const [from, ...missed] = await append(4);
      const stream = new RawStream(port, '/api/live?topics=match:1', { 'Last-Event-ID': String(from) });
      await until(() => stream.ids().length === missed.length, 'the backlog');
      const live = await append(3);
      await until(() => stream.ids().length === missed.length + live.length, 'the live rows');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stream.ids()).toEqual([...missed, ...live]);
      expect(stream.text).not.toContain('event: resync');
      stream.close();
    });

    it('sends a heartbeat comment while nothing happens', async () => {
      const stream = new RawStream(port, '/api/live?topics=match:2');
      await until(() => stream.chunks.includes(':\n\n'), 'a heartbeat', 3000);
      stream.close();
    });

    it('refuses a connection over the per-address cap with the usual 429, and forgets a client that leaves', async () => {
      await until(() => t.services.live.hub.stats().clients === 0, 'the earlier streams to be forgotten');
      const open = Array.from({ length: 4 }, () => new RawStream(port, '/api/live?topics=scores'));
      await until(() => open.every((stream) => stream.status === 200), 'the streams to open');
      const refused = new RawStream(port, '/api/live?topics=scores');
      await until(() => refused.status !== 0, 'the refusal');
      expect(refused.status).toBe(429);
      expect(refused.head).toMatch(/^retry-after: 30$/m);
      // Not a stream: it passes every middleware, page headers included.
      expect(refused.head).toMatch(/^content-security-policy: /m);
      expect(refused.head).toMatch(/^x-request-id: /m);
      for (const stream of open) stream.close();
      await until(() => t.services.live.hub.stats().clients === 0, 'the hub to forget the closed streams');
      refused.close();
    });

    it('ends every stream when the hub stops, as a shutdown does', async () => {
      const streams = [new RawStream(port, '/api/live?topics=scores'), new RawStream(port, '/api/live?topics=match:1')];
      await until(() => streams.every((stream) => stream.chunks.length > 0), 'the streams to open');
      await t.services.live.hub.stop();
      await until(() => streams.every((stream) => stream.ended), 'the streams to end');
      expect(t.services.live.hub.stats().clients).toBe(0);
      for (const stream of streams) stream.close();
    });
  });

  it('gives app.request(), which has no node response, a web stream with the same headers and frames', async () => {
    const other = await createTestApp('sqlite');
    try {
      await other.services.live.start();
      const rows = await other.database.handle.db
        .insertInto('live_event')
        .values([1, 2, 3].map((n) => ({ topic: 'match:1', type: 'commentary', match_id: null, data: JSON.stringify({ n }), created_at: new Date().toISOString() })))
        .returning('id')
        .execute();
      await other.services.live.hub.pump();
      const [from, ...missed] = rows.map((row) => Number(row.id));
      const response = await other.app.request('/api/live?topics=match:1', { headers: { 'Last-Event-ID': String(from), 'X-Request-Id': 'live-routes-test-2' } });
      expect(response.status).toBe(200);
      expect(Object.fromEntries(response.headers)).toEqual({
        'cache-control': 'no-cache, no-transform',
        'content-type': 'text/event-stream; charset=utf-8',
        'x-accel-buffering': 'no',
        'x-request-id': 'live-routes-test-2',
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = '';
      while ([...text.matchAll(/^id: \d+\nevent: commentary/gm)].length < missed.length) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      expect(text).toMatch(/^retry: \d+\n\n/);
      expect([...text.matchAll(/^id: (\d+)\nevent: commentary/gm)].map((match) => Number(match[1]))).toEqual(missed);
      await reader.cancel();
      await until(() => other.services.live.hub.stats().clients === 0, 'the hub to forget the cancelled stream');
    } finally {
      await other.services.live.stop();
      await other.close();
    }
  });
});

describe('the node transport of a live stream', () => {
  let server: Server;
  let port: number;
  const opened: Array<(response: ServerResponse) => void> = [];

  beforeAll(async () => {
    server = createServer((_request, response) => opened.shift()?.(response));
    server.listen(0, '127.0.0.1');
    port = await listen(server);
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A stream on a fresh connection whose client reads nothing. */
  async function streamToIdleClient() {
    const response = new Promise<ServerResponse>((resolve) => opened.push(resolve));
    const client = connect({ host: '127.0.0.1', port }, () => client.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    client.pause();
    client.on('error', () => {});
    return { stream: createLiveStream(await response, {}), client };
  }

  it('holds at most the catch-up limit (4 MiB) before the head, and the live limit (256 KiB) of a backlog', async () => {
    const { stream, client } = await streamToIdleClient();
    const chunk = new Uint8Array(64 * 1024);
    let held = 0;
    while (stream.sink.write(chunk, true)) held += chunk.byteLength;
    expect(held).toBeGreaterThanOrEqual(4 * 1024 * 1024);
    expect(held).toBeLessThanOrEqual(4 * 1024 * 1024 + 64 * 1024);
    // Live rows are refused at once: far more than 256 KiB is already waiting.
    expect(stream.sink.write(new Uint8Array(1))).toBe(false);
    client.destroy();
  });

  it('drops a client that stops reading once 256 KiB wait beyond what its socket takes in', async () => {
    const { stream, client } = await streamToIdleClient();
    stream.open(() => {});
    const chunk = new Uint8Array(64 * 1024);
    let written = 0;
    // One write a turn: the kernel takes a few MiB of a loopback connection first.
    while (stream.sink.write(chunk) && written < 256 * 1024 * 1024) {
      written += chunk.byteLength;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(written).toBeGreaterThan(256 * 1024);
    expect(written).toBeLessThan(256 * 1024 * 1024);
    client.destroy();
  });

  it('lets a large backlog drain before live rows count against the limit, as the web stream did', async () => {
    const { stream, client } = await streamToIdleClient();
    const backlog = new Uint8Array(3 * 1024 * 1024);
    expect(stream.sink.write(backlog, true)).toBe(true);
    stream.open(() => {});
    const row = new Uint8Array(1024);
    let live = 0;
    while (stream.sink.write(row)) live += row.byteLength;
    // 256 KiB behind the backlog, plus the socket's buffer.
    expect(live).toBeGreaterThanOrEqual(256 * 1024);
    expect(live).toBeLessThanOrEqual(256 * 1024 + 17 * 1024);
    client.destroy();
  });
});
