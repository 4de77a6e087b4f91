import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../tests/helpers/test-database.ts';
import { createTestApp } from '../tests/helpers/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const validMessage = { name: 'Ada', email: 'ada@example.org', topic: 'data', message: 'The score of match 12 looks wrong.' };

describe.each(TEST_ENGINES)('HTTP API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const countMessages = async () =>
    Number((await t.database.handle.db.selectFrom('contact_message').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('has no test routes unless ENABLE_TEST_ROUTES is set, and leaves them out of the API description', async () => {
    const response = await t.app.request('/api/test/demo-replays', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ matchId: 1 }),
    });
    expect(response.status).toBe(404);
    const enabled = await createTestApp(engine, { ENABLE_TEST_ROUTES: '1' });
    try {
      const bad = await enabled.app.request('/api/test/demo-replays', { method: 'POST', body: 'not json' });
      expect(bad.status).toBe(400);
      const unknown = await enabled.app.request('/api/test/demo-replays', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ matchId: 999_999 }),
      });
      expect(unknown.status).toBe(404);
      const description = (await (await enabled.app.request('/api/openapi.json')).json()) as { paths: object };
      expect(Object.keys(description.paths).some((path) => path.includes('/test/'))).toBe(false);
    } finally {
      await enabled.close();
    }
  });

  it('reports health with the database checked', async () => {
    const response = await t.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
  });

  it('stores a valid contact message and answers 201', async () => {
    const before = await countMessages();
    const response = await t.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validMessage),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { data: { id: number; name: string; createdAt: string } };
    expect(body.data).toMatchObject({ name: 'Ada', email: 'ada@example.org', topic: 'data' });
    expect(new Date(body.data.createdAt).toString()).not.toBe('Invalid Date');
    expect(await countMessages()).toBe(before + 1);
    const row = await t.database.handle.db.selectFrom('contact_message').selectAll().where('id', '=', body.data.id).executeTakeFirstOrThrow();
    expect(row.message).toBe(validMessage.message);
  });

  it('rejects invalid input with field errors and stores nothing', async () => {
    const before = await countMessages();
    const response = await t.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '', email: 'nope', topic: 'gossip', message: 'hi' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('invalid_input');
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'message', 'name', 'topic']);
    expect(await countMessages()).toBe(before);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await t.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('describes itself in OpenAPI and in readable docs', async () => {
    const document = (await (await t.app.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/health', '/contact']));
    const docs = await t.app.request('/api/docs');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('/api/contact');
  });

  it('sets security headers and a request id on every response', async () => {
    const response = await t.app.request('/api/health', { headers: { 'x-request-id': 'abcdef123456' } });
    expect(response.headers.get('x-request-id')).toBe('abcdef123456');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'sha256-[^']+'/);
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
  });

  it('counts requests in /metrics, served only with METRICS_TOKEN to its bearer', async () => {
    const token = 'metrics-token-0123456789';
    const withToken = await createTestApp(engine, { METRICS_TOKEN: token });
    try {
      await withToken.app.request('/api/health');
      const allowed = await withToken.app.request('/metrics', { headers: { authorization: `Bearer ${token}` } });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toMatch(/scoreline_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
      for (const authorization of [undefined, `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, `Basic ${token}`, token, 'Bearer ']) {
        const refused = await withToken.app.request('/metrics', { headers: authorization ? { authorization } : {} });
        expect(refused.status, String(authorization)).toBe(401);
        expect(await refused.text()).not.toContain('scoreline_http');
      }
    } finally {
      await withToken.close();
    }
    // Without a token configured, /metrics is not served at all.
    const unconfigured = await t.app.request('/metrics');
    expect(unconfigured.status).toBe(404);
    expect(await unconfigured.text()).not.toContain('scoreline_http');
  });

  it('reports a failing database as 503', async () => {
    const broken = await createTestApp(engine);
    await broken.database.handle.close();
    const errors: unknown[] = [];
    broken.services.logger.error = ((...args: unknown[]) => void errors.push(args)) as typeof broken.services.logger.error;
    const response = await broken.app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'degraded', checks: { database: 'failing' } });
    expect(errors).toHaveLength(1);
    await broken.close().catch(() => {});
  });
});

describe('HSTS', () => {
  it('is sent in production, and only to requests that arrived over HTTPS', async () => {
    const production = await createTestApp('sqlite', { NODE_ENV: 'production' });
    const proxied = await createTestApp('sqlite', { NODE_ENV: 'production', TRUST_PROXY: '1' });
    const test = await createTestApp('sqlite', { TRUST_PROXY: '1' });
    try {
      const hsts = async (t: TestApp, url: string, headers: Record<string, string> = {}) =>
        (await t.app.request(url, { headers })).headers.get('strict-transport-security');
      expect(await hsts(production, 'https://scoreline.test/api/health')).toContain('max-age=');
      expect(await hsts(production, 'http://scoreline.test/api/health')).toBeNull();
      // X-Forwarded-Proto counts only from a trusted proxy (TRUST_PROXY).
      expect(await hsts(production, 'http://scoreline.test/api/health', { 'x-forwarded-proto': 'https' })).toBeNull();
      expect(await hsts(proxied, 'http://scoreline.test/api/health', { 'x-forwarded-proto': 'https' })).toContain('max-age=');
      expect(await hsts(proxied, 'http://scoreline.test/api/health', { 'x-forwarded-proto': 'http' })).toBeNull();
      expect(await hsts(proxied, 'http://scoreline.test/api/health')).toBeNull();
      expect(await hsts(test, 'https://scoreline.test/api/health')).toBeNull();
    } finally {
      await Promise.all([production.close(), proxied.close(), test.close()]);
    }
  });
});
