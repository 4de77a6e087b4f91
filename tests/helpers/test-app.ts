// Builds the real Hono app in-process for integration tests (app.request()).
import pino from 'pino';
import type { DatabaseEngine } from '../../db/client.ts';
import { createHttpApp } from '../../server/http.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { createMetrics } from '../../server/platform/metrics.ts';
import type { Clock } from '../../server/platform/clock.ts';
import { createServices } from '../../server/services.ts';
import { createTestDatabase } from './test-database.ts';

/** `clock`: tests that move time (sessions idle, codes that change every 30 s) pass their own. */
export async function createTestApp(
  engine: DatabaseEngine,
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
) {
  const database = await createTestDatabase(engine);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, ...env });
  const services = createServices({
    config,
    logger: pino({ level: 'silent' }),
    database: database.handle,
    sessionSecret: 'test-secret-test-secret-test-secret-000',
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const metrics = createMetrics({ collectDefaults: false });
  const app = createHttpApp({ services, metrics });
  return { app, services, database, metrics, close: () => database.destroy() };
}
