// npm run dev: one port, hot reload. Vite (in middleware mode) serves source
// modules and assets; everything else falls through to the same Hono app as
// production, with the server build loaded live from Vite.
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { createServer as createViteServer } from 'vite';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createHttpApp } from './http.ts';
import { loadConfig } from './platform/config.ts';
import { createLogger } from './platform/logger.ts';
import { createMetrics } from './platform/metrics.ts';
import { ensureSessionSecret } from './platform/secrets.ts';
import { createServices } from './services.ts';

const config = loadConfig({ NODE_ENV: 'development', ...process.env });
const logger = createLogger(config);
const database = openDatabase(config.DATABASE_URL);
await migrateToLatest(database);
const services = createServices({ config, logger, database, sessionSecret: ensureSessionSecret(config) });

const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' });
const app = createHttpApp({
  services,
  metrics: createMetrics(),
  mode: 'development',
  getBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
});
const listener = getRequestListener(app.fetch);

createServer((req, res) => {
  vite.middlewares(req, res, () => void listener(req, res));
}).listen(config.PORT, config.HOST, () => {
  logger.info({ url: `http://localhost:${config.PORT}` }, 'Scoreline dev server with hot reload');
});
