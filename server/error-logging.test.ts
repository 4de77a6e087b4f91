// Issue #17, finding 7: an unexpected error of a page goes to the JSON log
// once, with the request id — not to stderr as a raw stack (React Router's
// default handleError prints with console.error). Needs the production build.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPageApp } from '../tests/helpers/page-app.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  err?: { message: string; stack: string };
}

describe('unexpected errors of pages', () => {
  const lines: LogLine[] = [];
  let t: Awaited<ReturnType<typeof createPageApp>>;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as LogLine);
        callback();
      },
    });
    t = await createPageApp({ env: { ENABLE_TEST_ROUTES: '1' }, logger: pino({ level: 'debug' }, sink) });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    lines.length = 0;
  });

  const errorsOf = (reqId: string) => lines.filter((line) => line.level >= 50 && line.reqId === reqId);

  it.each([
    ['a document request', '/__test/error-without-status'],
    ["React Router's data request", '/__test/error-without-status.data'],
  ])('logs an error thrown by a loader of %s once, as JSON with the request id, and nothing on stderr', async (_kind, path) => {
    const stderr = vi.spyOn(process.stderr, 'write');
    const consoleError = vi.spyOn(console, 'error');
    const reqId = `error-test-${path.length}`;
    const response = await t.app.request(path, { headers: { 'x-request-id': reqId } });
    await response.text();
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBe(reqId);
    const logged = errorsOf(reqId);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.err?.message).toBe('A failure that carries no status');
    expect(logged[0]?.err?.stack).toContain('A failure that carries no status');
    expect(consoleError).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
  });

  it('logs an error a Suspense boundary recovered from while rendering, once, with the request id', async () => {
    const stderr = vi.spyOn(process.stderr, 'write');
    const consoleError = vi.spyOn(console, 'error');
    const response = await t.app.request('/__test/suspense-error', { headers: { 'x-request-id': 'error-test-suspense' } });
    const html = await response.text();
    expect(html).toContain('A page with a part that fails');
    const logged = errorsOf('error-test-suspense');
    expect(logged).toHaveLength(1);
    expect(logged[0]?.msg).toBe('page render error inside a Suspense boundary');
    expect(logged[0]?.err?.message).toBe('A part that fails to render on the server');
    expect(consoleError).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
  });

  it('answers a page address with a malformed escape as a missing page, printing nothing', async () => {
    const consoleWarn = vi.spyOn(console, 'warn');
    const stderr = vi.spyOn(process.stderr, 'write');
    for (const path of ['/team/%zz', '/league/%E0%A4%A', '/%']) {
      const response = await t.app.request(path, { headers: { 'x-request-id': 'error-test-escape' } });
      await response.text();
      expect(response.status, path).toBe(404);
    }
    expect(consoleWarn).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
    expect(errorsOf('error-test-escape')).toEqual([]);
  });

  it('does not log a route’s own 404 or a refused form as an error', async () => {
    const stderr = vi.spyOn(process.stderr, 'write');
    const consoleError = vi.spyOn(console, 'error');
    const missing = await t.app.request('/no/such/page/here', { headers: { 'x-request-id': 'error-test-404' } });
    expect(missing.status).toBe(404);
    const noAction = await t.app.request('/about-us', {
      method: 'POST',
      headers: { 'x-request-id': 'error-test-405', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(noAction.status).toBe(405);
    const json = await t.app.request('/login', {
      method: 'POST',
      headers: { 'x-request-id': 'error-test-415', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    for (const reqId of ['error-test-404', 'error-test-405', 'error-test-415']) expect(errorsOf(reqId)).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
  });
});
