// Composition root (DESIGN.md §3): config → database → services → HTTP; then
// listen, and shut down gracefully on SIGTERM/SIGINT (stop accepting, drain,
// close the database).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedOnFirstStart } from '../db/seed/auto-seed.ts';
import { createHttpApp } from './http.ts';
import { ensureDemoCatalogue } from './modules/media/media.demo.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { createLogger } from './platform/logger.ts';
import { createMetrics } from './platform/metrics.ts';
import { nodeServerOptions } from './platform/node-server.ts';
import { ensureSessionSecret } from './platform/secrets.ts';
import { createServices } from './services.ts';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const logger = createLogger(config);
  const buildDir = path.resolve(config.BUILD_DIR);
  const buildFile = path.join(buildDir, 'server', 'index.js');
  if (!existsSync(buildFile)) {
    logger.fatal({ buildFile }, 'No production build found: run `npm run build` (npm start does it for you)');
    process.exit(1);
  }

  const database = openDatabase(config.DATABASE_URL);
  const applied = await migrateToLatest(database);
  logger.info({ engine: database.engine, applied }, 'database ready');

  const sessionSecret = ensureSessionSecret(config);
  const services = createServices({ config, logger, database, sessionSecret });
  // With Redis, limits are shared between nodes only once it answers: wait for it a little before
  // listening, and go on with this node's own memory limits (logged) if it does not.
  if (!(await services.rateLimits.ready(5000)))
    logger.warn('rate limits: Redis did not answer within 5 s; this node counts in memory until it does');
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const app = createHttpApp({
    services,
    metrics: createMetrics(),
    getBuild: async () => build,
    clientDir: path.join(buildDir, 'client'),
    mode: 'production',
    pageCacheTtlMs: config.PAGE_CACHE_TTL_MS,
  });

  // Slow clients are dropped once their request has taken too long to arrive; responses, live streams
  // included, are not timed (server/platform/node-server.ts).
  const server = serve(
    { fetch: app.fetch, port: config.PORT, hostname: config.HOST, serverOptions: nodeServerOptions() },
    (info) => {
      logger.info({ port: info.port, url: config.BASE_URL, role: config.ROLE }, 'Scoreline is listening');
    },
  );

  // Signals are handled from the moment the server exists, before the start-up steps below are awaited:
  // a SIGTERM that arrived while the live log was still being read used to end the process at once,
  // dropping the requests it was already answering.
  let stopping = false;
  const shutdown = (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, draining');
    const force = setTimeout(() => {
      logger.warn('grace period over: closing remaining connections');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Whatever happens while draining, the process ends: a close that never calls back or a
    // failing cleanup must not leave a process with its server closed and nothing to do.
    const last = setTimeout(() => {
      logger.error('shutdown did not finish in time: exiting');
      process.exit(exitCode || 1);
    }, SHUTDOWN_GRACE_MS + 5_000);
    last.unref();
    // Streams end first, so their clients reconnect to another node; then requests drain.
    const closingLive = Promise.allSettled([
      services.ingest.stop(),
      services.live.stop(),
      services.paymentJobs.stop(),
      services.media.transcoder.stop(),
      services.chat.stop(),
    ]);
    server.close(() => {
      void (async () => {
        try {
          await closingLive;
          await services.rateLimits.close();
          await database.close();
          logger.info('stopped');
        } catch (error) {
          logger.error({ err: error }, 'shutdown: cleanup failed');
          exitCode ||= 1;
        } finally {
          process.exit(exitCode);
        }
      })();
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  // Errors no request owns go to the JSON log, not to stderr as raw stacks (issue #17, finding 7), and
  // end the process as Node would have: after either, its state cannot be trusted. A supervisor restarts it.
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled promise rejection: stopping');
    shutdown('unhandledRejection', 1);
  });
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception: stopping');
    if (stopping) process.exit(1);
    shutdown('uncaughtException', 1);
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // First start of an empty database: import in the background while the site already answers.
  let footballReady: Promise<unknown> = Promise.resolve();
  if (config.ROLE !== 'web' && config.AUTO_SEED) {
    footballReady = seedOnFirstStart(database, {
      dataDir: config.DATA_DIR,
      fetchDir: path.resolve('var/data'),
      log: (message) => logger.info({ seed: true }, message),
    })
      .then((outcome) => {
        logger.info({ outcome }, 'football data ready');
        return services.ingest.refresh();
      })
      .catch((error: unknown) =>
        logger.error({ err: error }, 'first-start import failed; the database was left as it was'),
      );
  }
  // The demo video catalogue (issue #22), made when missing once the matches it links to are there.
  if (config.MEDIA_DEMO) {
    void footballReady
      .then(() =>
        ensureDemoCatalogue({
          db: database.db,
          mediaDir: config.MEDIA_DIR,
          ffmpegPath: config.FFMPEG_PATH,
          now: services.clock.now(),
          add: (video) => services.media.add(video),
          log: (message) => logger.info({ media: true }, message),
        }),
      )
      .catch((error: unknown) => logger.error({ err: error }, 'media demo catalogue could not be made'));
  }

  // Model odds (issue #24): every competition's current fit, in the background once the data is there;
  // the odds API answers meanwhile (a match's first request waits for its competition's fit).
  void footballReady
    .then(() => services.odds.warmUp())
    .then((done) => logger.info(done, 'odds: models fitted'))
    .catch((error: unknown) => logger.error({ err: error }, 'odds: fitting at start failed'));

  // Uploads staff made in the CMS are transcoded in the background, one at a time on each node; a job a
  // crash or restart interrupted is queued again here (docs/media.md "CMS and uploads").
  void services.media.transcoder
    .start()
    .catch((error: unknown) => logger.error({ err: error }, 'media transcoder could not start'));

  // Live: follow the event log for this process's SSE clients; the ingest leader feeds it.
  await services.live.start();
  // A signal during the start-up steps: the shutdown above is already under way, start nothing more.
  if (stopping) return;
  // Payments jobs (order expiry, reminders) run on every node: each is safe to run on several at once.
  services.paymentJobs.start();
  // Chat: share this node's rooms' "people here" counts with the other nodes (Redis only).
  services.chat.start();
  if (config.ROLE !== 'web') {
    services.ingest.start();
    logger.info(
      { providers: services.ingest.providers, replaySpeed: config.REPLAY_SPEED },
      'ingest: campaigning for leadership',
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Scoreline failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
