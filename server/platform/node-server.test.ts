// Issue #17: clients that send their request slowly are dropped, live streams
// are not, and a body past 64 kB is refused before the rest of it is read
// (sockets matter for all three). A real listening server (the app of tests/helpers/test-app.ts) on
// 127.0.0.1, with the timeouts shortened so the test takes a few seconds.
import { request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/test-app.ts';
import { SERVER_TIMEOUTS, nodeServerOptions, type ServerTimeouts } from './node-server.ts';

const SHORT: ServerTimeouts = { headersTimeoutMs: 500, requestTimeoutMs: 1_000, checkIntervalMs: 100 };
/** Far longer than any timeout here: a client still connected then was not dropped. */
const GIVE_UP_MS = 5_000;

interface Dropped {
  afterMs: number;
  answer: string;
}

/** Opens a raw connection, writes `start`, then `drip` every 100 ms; resolves when the server closes it. */
function slowClient(port: number, start: string, drip: string): Promise<Dropped> {
  return new Promise((resolve, reject) => {
    const opened = performance.now();
    let answer = '';
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(start));
    const timer = setInterval(() => socket.writable && socket.write(drip), 100);
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still connected after ${GIVE_UP_MS} ms`));
    }, GIVE_UP_MS);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ afterMs: performance.now() - opened, answer });
    });
  });
}

describe('the Node server’s request timeouts', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { LIVE_HEARTBEAT_SECONDS: '1' });
    await t.services.live.start();
    await new Promise<void>((resolve) => {
      server = serve(
        { fetch: t.app.fetch, hostname: '127.0.0.1', port: 0, serverOptions: nodeServerOptions(SHORT) },
        () => resolve(),
      ) as Server;
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.services.live.stop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });

  it('in production: headers within 10 s, checked every second', () => {
    expect(SERVER_TIMEOUTS.headersTimeoutMs).toBe(10_000);
    expect(SERVER_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(1_000);
    expect(SERVER_TIMEOUTS.requestTimeoutMs).toBeGreaterThanOrEqual(SERVER_TIMEOUTS.headersTimeoutMs);
    expect(nodeServerOptions()).toEqual({ headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 });
  });

  it('drops clients that send their headers a line at a time, all of them, once the headers timeout is over', async () => {
    const clients = Array.from({ length: 20 }, () =>
      slowClient(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n'),
    );
    const dropped = await Promise.all(clients);
    for (const client of dropped) {
      expect(client.afterMs).toBeGreaterThanOrEqual(SHORT.headersTimeoutMs - 50);
      expect(client.afterMs).toBeLessThan(SHORT.headersTimeoutMs + SHORT.checkIntervalMs + 1_000);
      expect(client.answer).toMatch(/^HTTP\/1\.1 408/);
    }
  });

  it('drops a client that sends its body a byte at a time once the request timeout is over', async () => {
    const client = await slowClient(
      port,
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      ' ',
    );
    expect(client.afterMs).toBeGreaterThanOrEqual(SHORT.requestTimeoutMs - 50);
    expect(client.afterMs).toBeLessThan(SHORT.requestTimeoutMs + SHORT.checkIntervalMs + 1_000);
  });

  it.each([
    ['with Content-Length', 'Content-Length: 10000000\r\n'],
    ['chunked', 'Transfer-Encoding: chunked\r\n'],
  ])('refuses a 10 MB body %s with 413 after at most 64 kB, and closes the connection', async (_kind, framing) => {
    const answer = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.write(`POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}\r\n`);
        const chunk = 'x'.repeat(16 * 1024);
        // 128 kB offered, a chunk at a time: the server answers without waiting for the other 9.9 MB.
        for (let i = 0; i < 8; i += 1) socket.write(framing.startsWith('Transfer') ? `${chunk.length.toString(16)}\r\n${chunk}\r\n` : chunk);
      });
      const giveUp = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer in ${GIVE_UP_MS} ms: ${received}`));
      }, GIVE_UP_MS);
      socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(giveUp);
        resolve(received);
      });
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('"code":"payload_too_large"');
  });

  it('leaves a live stream open well past both timeouts', async () => {
    const received: number[] = [];
    const opened = performance.now();
    const outcome = await new Promise<{ status?: number; type?: string; open: boolean }>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, path: '/api/live?topics=scores', headers: { accept: 'text/event-stream' } },
        (response) => {
          let ended = false;
          response.on('data', () => received.push(performance.now() - opened));
          response.on('close', () => (ended = true));
          setTimeout(() => {
            resolve({ status: response.statusCode, type: response.headers['content-type'], open: !ended && !response.destroyed });
            request.destroy();
          }, SHORT.requestTimeoutMs * 2 + SHORT.checkIntervalMs * 3);
        },
      );
      request.on('error', (error) => (received.length > 0 ? undefined : reject(error)));
      request.end();
    });
    expect(outcome.status).toBe(200);
    expect(outcome.type).toContain('text/event-stream');
    expect(outcome.open).toBe(true);
    // Heartbeats (every second here) still arrive after both timeouts have passed.
    expect(received.some((ms) => ms > SHORT.requestTimeoutMs + SHORT.checkIntervalMs)).toBe(true);
  });
});
