// Issue #17, findings 4 and 6: bodies are capped at 64 kB everywhere (413),
// and a page's action answers a body it cannot read with 415 or 400, never a
// 500. Pages need the production build (scripts/test.sh builds before Vitest).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../tests/helpers/page-app.ts';
import { createTestApp } from '../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../tests/helpers/test-database.ts';
import { MAX_BODY_BYTES } from './platform/request-body.ts';

/** A body sent in chunks without Content-Length, as a chunked upload arrives. */
function chunked(text: string, chunkSize = 8192): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

const OVER_LIMIT = MAX_BODY_BYTES + 1024;

describe.each(TEST_ENGINES)('request bodies on the API on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const countMessages = async () =>
    Number(
      (await t.database.handle.db.selectFrom('contact_message').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
  const hugeMessage = () =>
    JSON.stringify({ name: 'Ada', email: 'ada@example.org', topic: 'data', message: 'x'.repeat(OVER_LIMIT) });

  it('answers 413 with the JSON error body for a body over 64 kB with Content-Length, and stores nothing', async () => {
    const before = await countMessages();
    const body = hugeMessage();
    const response = await t.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is larger than 64 kB' },
    });
    expect(await countMessages()).toBe(before);
  });

  it('answers 413 for a chunked body without Content-Length once it passes 64 kB', async () => {
    const before = await countMessages();
    const response = await t.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked(hugeMessage()),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    expect(await countMessages()).toBe(before);
  });

  it('reads a chunked body under the limit as usual', async () => {
    const response = await t.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked(JSON.stringify({ name: 'Ada', email: 'ada@example.org', topic: 'data', message: 'A chunked message of some length.' }), 7),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(201);
  });

  it('refuses an over-long password as invalid input before it is checked', async () => {
    const response = await t.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.org', password: 'p'.repeat(60_000) }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
  });
});

describe('request bodies on the pages', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  let matchId: number;
  beforeAll(async () => {
    t = await createPageApp();
    const match = await t.database.handle.db.selectFrom('match').select('id').limit(1).executeTakeFirst();
    matchId = match?.id ?? 1;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const ACTIONS = ['/login', '/register', '/contact', '/auth/reset-password', '/cms/login', '/account', '/en/login'];
  const actions = () => [...ACTIONS, `/match/${matchId}`];

  const BROKEN_MULTIPART = [
    '--boundary\r\n',
    'Content-Disposition: form-data; name="email"\r\n\r\n',
    'ada@example.org\r\n',
    '--boundary\r\n',
    'Content-Disposition: form-data; name="password"\r\n',
    'cut off here',
  ].join('');

  const wrongBodies: Array<[string, number, RequestInit]> = [
    ['JSON', 415, { headers: { 'content-type': 'application/json' }, body: '{"email":"ada@example.org"}' }],
    ['text/plain', 415, { headers: { 'content-type': 'text/plain' }, body: 'email=ada@example.org' }],
    ['an unknown type without a body', 415, { headers: { 'content-type': 'application/x-nonsense' } }],
    ['a broken multipart body', 400, { headers: { 'content-type': 'multipart/form-data; boundary=boundary' }, body: BROKEN_MULTIPART }],
    ['multipart without a boundary', 400, { headers: { 'content-type': 'multipart/form-data' }, body: 'email=a' }],
    ['no body and no content type', 400, {}],
  ];

  it.each(wrongBodies)('answers %s posted to every action with %i and a clear message, no 500', async (_name, status, init) => {
    for (const path of actions()) {
      const response = await t.app.request(path, { method: 'POST', ...init });
      const text = await response.text();
      expect(response.status, `${path}: ${text.slice(0, 200)}`).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(text).toMatch(/form/i);
      expect(text).not.toMatch(/\bat \S+ \(|TypeError|stack/);
    }
  });

  it('answers 413 for a form over 64 kB, with or without Content-Length', async () => {
    const form = new URLSearchParams({ email: 'ada@example.org', password: 'p'.repeat(OVER_LIMIT) }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const sized = await t.app.request('/login', {
      method: 'POST',
      headers: { ...headers, 'content-length': String(form.length) },
      body: form,
    });
    expect(sized.status).toBe(413);
    expect(await sized.text()).toContain('too large');
    const streamed = await t.app.request('/contact', {
      method: 'POST',
      headers,
      body: chunked(form),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it("keeps React Router's own .data action requests working, urlencoded and multipart", async () => {
    const urlencoded = await t.app.request('/login.data', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'nobody@example.org', password: 'wrong-password-1' }).toString(),
    });
    expect(urlencoded.headers.get('content-type')).toContain('text/x-script');
    expect(await urlencoded.text()).toContain('nobody@example.org');

    const form = new FormData();
    form.set('name', 'Ada');
    form.set('email', 'not-an-address');
    form.set('topic', 'data');
    form.set('message', 'A message that is long enough.');
    const multipart = await t.app.request('/contact.data', { method: 'POST', body: form });
    expect(multipart.headers.get('content-type')).toContain('text/x-script');
    expect(await multipart.text()).toContain('invalid');
  });

  it('signs in and redirects to a target with characters above U+00FF, encoded', async () => {
    const email = 'spartak@example.org';
    const password = 'a long enough password 17';
    const registered = await t.app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(registered.status).toBe(201);

    for (const [target, location] of [
      ['/team?q=Спартак', '/team?q=%D0%A1%D0%BF%D0%B0%D1%80%D1%82%D0%B0%D0%BA'],
      ['/team?q=Málaga', '/team?q=M%C3%A1laga'],
    ]) {
      const response = await t.app.request('/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password, redirect: target as string }).toString(),
      });
      expect(response.status, target).toBe(302);
      expect(response.headers.get('location')).toBe(location);
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('scoreline_access='))).toBe(true);
    }

    // The same through React Router's own request: the redirect travels in the body.
    const data = await t.app.request('/login.data', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password, redirect: '/team?q=Спартак' }).toString(),
    });
    expect(data.status).toBeLessThan(500);
    expect(await data.text()).toContain('%D0%A1%D0%BF');
  });
});
