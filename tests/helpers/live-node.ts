// One API-only Scoreline node for multi-process tests (issue #4): the same
// composition as server/main.ts without the page build. Configured by the
// environment; prints "listening {port}" once it answers.
import { serve } from '@hono/node-server';
import { openDatabase } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createHttpApp } from '../../server/http.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { createLogger } from '../../server/platform/logger.ts';
import { createMetrics } from '../../server/platform/metrics.ts';
import { createServices } from '../../server/services.ts';

const config = loadConfig();
const logger = createLogger(config);
const database = openDatabase(config.DATABASE_URL);
await migrateToLatest(database);
const services = createServices({ config, logger, database, sessionSecret: 'live-node-test-secret-000000000000000' });
const app = createHttpApp({ services, metrics: createMetrics({ collectDefaults: false }) });
await services.live.start();
if (config.ROLE !== 'web') services.ingest.start();
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`listening ${info.port}\n`);
});
process.on('SIGTERM', () => {
  void Promise.allSettled([services.ingest.stop(), services.live.stop()]).then(() => server.close(() => process.exit(0)));
});
