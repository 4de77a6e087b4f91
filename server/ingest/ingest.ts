// The ingest side of a process (issue #4): providers → scheduler → pipeline,
// run only by the leader (leadership.ts), plus the event log's upkeep.
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../../db/client.ts';
import type { LiveService } from '../modules/live/live.service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import { readDataRefreshStatus, refreshOpenfootball, type DataRefreshResult, type DataRefreshStatus } from '../../db/seed/data-refresh.ts';
import { createDataRefreshJob } from './data-refresh.ts';
import { createLeadership } from './leadership.ts';
import { createPipeline, type Pipeline } from './pipeline.ts';
import { createFootballDataProvider } from './providers/football-data/football-data.client.ts';
import { createReplayProvider, type ReplayProvider } from './providers/replay/replay-provider.ts';
import { listUnfinishedReplays } from './providers/replay/replay.queries.ts';
import { createScheduler, type ProviderSchedule } from './scheduler.ts';

export interface Ingest {
  pipeline: Pipeline;
  replay: ReplayProvider;
  /** Which providers run on this deployment, and whether the demo schedule does. */
  providers: string[];
  demoSchedule: boolean;
  /** Starts campaigning for leadership; the leader runs the scheduler. */
  start(): void;
  isLeader(): boolean;
  /** Replays of `source` ('replay' or 'relive') that have not finished. */
  runningReplays(source: string): Promise<number>;
  /** Asks the providers for fixtures now (after a first-start import). */
  refresh(): Promise<void>;
  /** Refreshes the openfootball data now when this process leads ingest (issue #19); null when it does not. */
  refreshData(): Promise<DataRefreshResult | null>;
  /** When the data was last refreshed, by whichever process led: it is in the database. */
  dataRefreshStatus(): Promise<DataRefreshStatus>;
  stop(): Promise<void>;
}

const MINUTE = 60_000;

export function createIngest(options: {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  logger: Logger;
  /** The live module: ingest writes the log through it and keeps it pruned while leading. */
  live: Pick<LiveService, 'append' | 'prune'>;
}): Ingest {
  const { config, database, clock, live } = options;
  const logger = options.logger.child({ component: 'ingest' });
  const pipeline = createPipeline({ database, clock, logger, live });
  const replay = createReplayProvider({ db: database.db, clock, seed: config.REPLAY_SEED, speed: config.REPLAY_SPEED });
  const footballData = createFootballDataProvider(config, logger);

  const schedules: ProviderSchedule[] = [];
  // The demo schedule runs when asked, or when no real provider is configured; on-demand
  // replays ("relive") always move on, so the replay provider is always polled for live matches.
  const demoOn = config.REPLAY_MODE === 'on' || (config.REPLAY_MODE === 'auto' && footballData === null);
  schedules.push({
    provider: replay,
    liveEveryMs: config.REPLAY_SPEED >= 2 ? 1000 : 2000,
    fixturesEveryMs: demoOn ? 10 * MINUTE : null,
    finalCheckAfterMs: null,
  });
  if (footballData) {
    // The free plan allows 10 requests a minute: live every 30 s, the three days every 10 min, finals once.
    schedules.push({ provider: footballData, liveEveryMs: 30_000, fixturesEveryMs: 10 * MINUTE, finalCheckAfterMs: 10 * MINUTE });
  }
  const scheduler = createScheduler({ pipeline, schedules, clock, logger });

  let upkeep: NodeJS.Timeout | null = null;
  const prune = () => {
    const before = new Date(clock.now().getTime() - config.LIVE_EVENT_RETENTION_HOURS * 3600_000);
    live
      .prune(before)
      .then((removed) => removed > 0 && logger.info({ removed }, 'pruned old live events'))
      .catch((error: unknown) => logger.warn({ err: error }, 'pruning live events failed'));
  };

  // The daily refresh of the openfootball files (issue #19): the leader's, like the scheduler.
  const dataRefresh = createDataRefreshJob({
    everyMs: Math.max(1, config.DATA_REFRESH_INTERVAL_HOURS * 3_600_000),
    run: (signal) =>
      refreshOpenfootball(database, {
        baseUrl: config.DATA_REFRESH_URL,
        fallbackDir: config.DATA_DIR,
        signal,
        now: () => clock.now(),
        log: (message) => logger.info({ task: 'data-refresh' }, message),
      }),
    lastAttemptAt: async () => {
      const { lastAttempt } = await readDataRefreshStatus(database.db);
      return lastAttempt ? new Date(lastAttempt.at) : null;
    },
    clock,
    logger,
  });

  const leadership = createLeadership({
    databaseUrl: config.DATABASE_URL,
    logger,
    retryMs: config.INGEST_LEADER_RETRY_SECONDS * 1000,
    onLead: () => {
      scheduler.start();
      prune();
      upkeep = setInterval(prune, 60 * MINUTE);
      upkeep.unref();
      if (config.DATA_REFRESH_INTERVAL_HOURS > 0) dataRefresh.start();
    },
    onLose: async () => {
      if (upkeep) clearInterval(upkeep);
      upkeep = null;
      await Promise.all([scheduler.stop(), dataRefresh.stop()]);
    },
  });

  return {
    pipeline,
    replay,
    providers: schedules.map((schedule) => schedule.provider.name),
    demoSchedule: demoOn,
    start: () => leadership.start(),
    isLeader: () => leadership.isLeader(),
    refresh: () => scheduler.refresh(),
    refreshData: async () => (leadership.isLeader() ? dataRefresh.runNow() : null),
    dataRefreshStatus: () => readDataRefreshStatus(database.db),
    runningReplays: async (source) => (await listUnfinishedReplays(database.db)).filter((replay) => replay.source === source).length,
    stop: () => leadership.stop(),
  };
}
