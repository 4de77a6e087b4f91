// Site settings on two nodes (issue #20): an admin's change on node A reaches
// node B without a restart — B has read and kept the settings, and the notice
// on the bus makes it read them again at once (not a minute later, when its
// copy would expire): a third node on no bus keeps its copy until then. Two
// apps on one database: SQLite with the in-process bus,
// and PostgreSQL with each app on its own Redis connection when both servers
// are configured (TEST_POSTGRES_URL, TEST_REDIS_URL), as two processes would be.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseEngine } from '../../../db/client.ts';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '../../../tests/helpers/test-database.ts';
import { createHttpApp } from '../../http.ts';
import { createMemoryBus, createRedisBus, type LiveBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config.ts';
import { createMetrics } from '../../platform/metrics.ts';
import { createServices, type AppServices } from '../../services.ts';
import { SETTINGS_MAX_AGE_MS } from './settings.service.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const logger = pino({ level: 'silent' });

interface Node {
  services: AppServices;
  app: ReturnType<typeof createHttpApp>;
  close(): Promise<void>;
}

const setups: Array<{ name: string; engine: DatabaseEngine; bus: () => LiveBus; run: boolean }> = [
  { name: 'SQLite, in-process bus', engine: 'sqlite', bus: (() => { const shared = createMemoryBus(); return () => shared; })(), run: true },
  { name: 'PostgreSQL, Redis', engine: 'postgres', bus: () => createRedisBus(REDIS_URL ?? '', logger), run: Boolean(TEST_POSTGRES_URL && REDIS_URL) },
];

describe.each(setups.filter((setup) => setup.run))('settings on two nodes ($name)', (setup) => {
  let database: TestDatabase;
  let a: Node;
  let b: Node;
  /** A node no notice reaches (a bus of its own), with a clock the test moves. */
  let deaf: Node;
  let deafNow = Date.now();

  function startNode(options: { bus?: LiveBus; clock?: Clock } = {}): Node {
    // Each node has its own connection (pool) to the one database, and its own bus connection.
    const handle = openDatabase(database.url);
    const bus = options.bus ?? setup.bus();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, BASE_URL: ORIGIN, SITE_NAME: 'Scoreline Env' });
    const services = createServices({
      config,
      logger,
      database: handle,
      sessionSecret: 'test-secret-test-secret-test-secret-000',
      bus,
      ...(options.clock ? { clock: options.clock } : {}),
    });
    const app = createHttpApp({ services, metrics: createMetrics({ collectDefaults: false }) });
    return {
      services,
      app,
      async close() {
        await bus.close();
        await handle.close();
      },
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase(setup.engine);
    a = startNode();
    b = startNode();
    deaf = startNode({ bus: createMemoryBus(), clock: { now: () => new Date(deafNow) } });
    const created = await a.services.accounts.createStaffUser({ email: 'admin@example.com', password: PASSWORD, displayName: 'Admin', role: 'admin' });
    if (!created.ok) throw new Error(created.message);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await deaf?.close();
    await database?.destroy();
  });

  it("node B uses node A's change at once, without a restart", async () => {
    // B (and the deaf node) have read the settings and keep them.
    expect((await b.services.siteSettings.current()).siteName).toBe('Scoreline Env');
    expect((await deaf.services.siteSettings.current()).siteName).toBe('Scoreline Env');
    // With Redis, B's subscription must be in place before A announces.
    if (setup.engine === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));

    const login = await a.app.request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
    const started = Date.now();
    const saved = await a.app.request(`${ORIGIN}/api/cms/settings`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ siteName: 'Goal Line', bannerText: 'Derby day' }),
    });
    expect(saved.status).toBe(200);
    expect((await a.services.siteSettings.publicConfig()).siteName).toBe('Goal Line');

    let seen = '';
    while (Date.now() - started < 5000) {
      seen = (await b.services.siteSettings.current()).siteName;
      if (seen === 'Goal Line') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toBe('Goal Line');
    expect(Date.now() - started).toBeLessThan(SETTINGS_MAX_AGE_MS);
    expect(await b.services.siteSettings.announcement(new Date())).toEqual({ text: 'Derby day', link: null });
    expect((await b.services.siteSettings.publicConfig()).siteName).toBe('Goal Line');

    // What carried it was the notice: a node it does not reach keeps its copy, until that is a minute old.
    expect((await deaf.services.siteSettings.current()).siteName).toBe('Scoreline Env');
    deafNow += SETTINGS_MAX_AGE_MS + 1000;
    // The first use after that still answers at once with the old copy, and reads again meanwhile.
    expect((await deaf.services.siteSettings.current()).siteName).toBe('Scoreline Env');
    const expired = Date.now();
    while (Date.now() - expired < 3000 && deaf.services.siteSettings.snapshot().siteName !== 'Goal Line') {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(deaf.services.siteSettings.snapshot().siteName).toBe('Goal Line');
  });
});
