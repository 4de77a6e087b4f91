// The real Hono app with the production build's pages, in-process, for tests
// that post to pages' actions or read rendered pages through app.request().
// Needs `npm run build` (scripts/test.sh builds before Vitest); BUILD_DIR picks
// another build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino, { type Logger } from 'pino';
import type { ServerBuild } from 'react-router';
import type { DatabaseEngine } from '../../db/client.ts';
import { createHttpApp } from '../../server/http.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { createMetrics } from '../../server/platform/metrics.ts';
import type { Clock } from '../../server/platform/clock.ts';
import { createServices } from '../../server/services.ts';
import { createTestDatabase } from './test-database.ts';

export const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build');

export interface PageAppOptions {
  engine?: DatabaseEngine;
  env?: Record<string, string>;
  /** Defaults to a silent logger. */
  logger?: Logger;
  /** The shared page cache's lifetime; 0 (the default here) turns it off. */
  pageCacheTtlMs?: number;
  /** For tests that move time (idle sessions, TOTP codes). */
  clock?: Clock;
}

export async function loadBuild(): Promise<ServerBuild> {
  const buildFile = path.join(BUILD_DIR, 'server', 'index.js');
  if (!existsSync(buildFile)) throw new Error(`No build at ${buildFile}: run \`npm run build\` first (scripts/test.sh does).`);
  return (await import(pathToFileURL(buildFile).href)) as ServerBuild;
}

export async function createPageApp(options: PageAppOptions = {}) {
  const build = await loadBuild();
  const database = await createTestDatabase(options.engine ?? 'sqlite');
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, BASE_URL: 'http://scoreline.test', ...options.env });
  const services = createServices({
    config,
    logger: options.logger ?? pino({ level: 'silent' }),
    database: database.handle,
    sessionSecret: 'test-secret-test-secret-test-secret-000',
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const app = createHttpApp({
    services,
    metrics: createMetrics({ collectDefaults: false }),
    getBuild: async () => build,
    clientDir: path.join(BUILD_DIR, 'client'),
    mode: 'production',
    pageCacheTtlMs: options.pageCacheTtlMs ?? 0,
  });
  return { app, services, database, close: () => database.destroy() };
}
