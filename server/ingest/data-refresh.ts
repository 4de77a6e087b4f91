// Keeping the data current by itself (issue #19): the ingest leader refreshes the openfootball files every
// DATA_REFRESH_INTERVAL_HOURS (db/seed/data-refresh.ts does the work: checksummed fetch, import of what
// changed, all or nothing). Started when this process becomes the leader and stopped when it stops being
// one, so one process in a deployment refreshes. The first refresh comes an interval after the last one
// any node recorded (a restart does not fetch again), or a minute after taking the lead when one is due.
// A failed refresh (no network, upstream down) is logged once, when the failures start, and tried again at
// the next interval; the site goes on serving what it has.
import type { Logger } from 'pino';
import type { DataRefreshResult } from '../../db/seed/data-refresh.ts';
import type { Clock } from '../platform/clock.ts';

export interface DataRefreshJob {
  /** Schedules refreshes (on becoming the ingest leader). */
  start(): void;
  /** Stops scheduling and waits for a refresh under way (on losing the lead, on shutdown). */
  stop(): Promise<void>;
  /** Refreshes now, or joins the refresh under way. */
  runNow(): Promise<DataRefreshResult>;
}

/** setTimeout's longest wait; a longer interval is waited out in several. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createDataRefreshJob(options: {
  everyMs: number;
  /** Runs one refresh; `signal` is aborted when the job stops. */
  run: (signal: AbortSignal) => Promise<DataRefreshResult>;
  /** When any node last tried (from the database); null: never. */
  lastAttemptAt: () => Promise<Date | null>;
  clock: Clock;
  logger: Logger;
  /** After taking the lead, when a refresh is due: lets a starting process settle first. */
  firstDelayMs?: number;
  /** After finding another import under way (a first start's). */
  busyRetryMs?: number;
}): DataRefreshJob {
  const { everyMs, clock } = options;
  const logger = options.logger.child({ task: 'data-refresh' });
  const firstDelayMs = options.firstDelayMs ?? Math.min(60_000, everyMs);
  const busyRetryMs = options.busyRetryMs ?? Math.min(10 * 60_000, everyMs);
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let dueAt = 0;
  let inFlight: Promise<DataRefreshResult> | null = null;
  let controller = new AbortController();
  /** Whether the last refresh failed: a failure is logged when failures start, not every interval. */
  let failing = false;

  function report(result: DataRefreshResult) {
    const hours = Math.round((everyMs / 3_600_000) * 100) / 100;
    switch (result.outcome) {
      case 'failed':
        if (!failing)
          logger.warn(
            { stage: result.stage, err: result.error, retryInHours: hours },
            'data refresh failed; nothing changed, the site serves what it has',
          );
        else logger.debug({ stage: result.stage, err: result.error }, 'data refresh failed again');
        failing = true;
        return;
      case 'imported':
        logger.info(
          { changed: result.changed, counts: result.counts },
          `data refresh: imported ${result.changed.length} changed files`,
        );
        break;
      case 'unchanged':
        logger.info({ files: result.files }, 'data refresh: the data is what upstream has');
        break;
      default:
        logger.debug({ outcome: result.outcome }, 'data refresh: not run');
        return;
    }
    if (failing) logger.info('data refresh: upstream reachable again');
    failing = false;
  }

  function runNow(): Promise<DataRefreshResult> {
    inFlight ??= options
      .run(controller.signal)
      .catch((error: unknown): DataRefreshResult => ({
        outcome: 'failed',
        stage: 'import',
        error: error instanceof Error ? error.message : String(error),
      }))
      .then((result) => {
        report(result);
        return result;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  function wakeAt(at: number) {
    dueAt = at;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void wake(), Math.min(MAX_TIMER_MS, Math.max(0, at - clock.now().getTime())));
    timer.unref();
  }

  async function wake() {
    timer = null;
    if (!running) return;
    if (clock.now().getTime() < dueAt) return wakeAt(dueAt);
    const result = await runNow();
    if (running) wakeAt(clock.now().getTime() + (result.outcome === 'busy' ? busyRetryMs : everyMs));
  }

  return {
    start() {
      if (running) return;
      running = true;
      controller = new AbortController();
      void options
        .lastAttemptAt()
        .catch(() => null)
        .then((last) => {
          if (!running) return;
          const now = clock.now().getTime();
          const due = last ? last.getTime() + everyMs : now;
          wakeAt(Math.max(now + firstDelayMs, due));
          logger.info({ nextAt: new Date(dueAt).toISOString() }, 'data refresh scheduled');
        });
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      controller.abort();
      await inFlight;
    },
    runNow,
  };
}
