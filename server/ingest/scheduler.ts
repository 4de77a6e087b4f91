// The ingest scheduler (issue #4): asks each provider for live matches often,
// for the days around today less often, and for a finished match once more
// for its final data; every snapshot goes through the pipeline. A provider
// that is rate-limited or down is waited out; a malformed payload is logged
// and skipped, and the loop goes on.
import type { Logger } from 'pino';
import { addDays, utcDayOf } from '../../domain/time-zones.ts';
import type { Clock } from '../platform/clock.ts';
import type { Pipeline } from './pipeline.ts';
import { ProviderPayloadError, ProviderUnavailableError, type LiveProvider } from './provider.ts';

export interface ProviderSchedule {
  provider: LiveProvider;
  /** How often live matches are polled. */
  liveEveryMs: number;
  /** How often the fixtures of yesterday, today and tomorrow are fetched; null: never. */
  fixturesEveryMs: number | null;
  /** Fetch a match's detail once more this long after it finished (null: never, e.g. replays). */
  finalCheckAfterMs: number | null;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** One full round now (tests): fixtures, then live. */
  runOnce(): Promise<void>;
  /** Fetches fixtures now, e.g. when a first-start import has just finished. */
  refresh(): Promise<void>;
}

export function createScheduler(options: { pipeline: Pipeline; schedules: ProviderSchedule[]; clock: Clock; logger: Logger }): Scheduler {
  const { pipeline, clock, logger } = options;
  let running = false;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();

  async function applyAll(provider: LiveProvider, snapshots: readonly unknown[]): Promise<string[]> {
    const finished: string[] = [];
    for (const snapshot of snapshots) {
      // Let requests through between writes (better-sqlite3 is synchronous).
      await new Promise((resolve) => setImmediate(resolve));
      try {
        const result = await pipeline.apply(snapshot);
        const externalId = (snapshot as { externalId?: string }).externalId;
        if (result.outcome !== 'unchanged' && (snapshot as { status?: string }).status === 'finished' && externalId) finished.push(externalId);
      } catch (error) {
        if (error instanceof ProviderPayloadError) logger.warn({ provider: provider.name, err: error.message, issues: error.issues.slice(0, 5) }, 'ingest: skipped a snapshot');
        else throw error;
      }
    }
    return finished;
  }

  function loop(name: string, everyMs: number, task: () => Promise<void>) {
    const run = async () => {
      if (!running) return;
      let wait = everyMs;
      const work = task().catch((error: unknown) => {
        if (error instanceof ProviderUnavailableError) {
          wait = Math.max(everyMs, error.retryAfterMs);
          logger.warn({ task: name, retryInMs: wait, err: error.message }, 'ingest: provider unavailable, waiting');
        } else if (error instanceof ProviderPayloadError) {
          logger.warn({ task: name, err: error.message, issues: error.issues.slice(0, 5) }, 'ingest: rejected a payload');
        } else {
          logger.error({ task: name, err: error }, 'ingest: task failed');
        }
      });
      inFlight.add(work);
      await work;
      inFlight.delete(work);
      if (!running) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void run();
      }, wait);
      timers.add(timer);
    };
    void run();
  }

  function days(): string[] {
    const today = utcDayOf(clock.now());
    return [addDays(today, -1), today, addDays(today, 1)];
  }

  async function fixtures(schedule: ProviderSchedule) {
    for (const day of days()) await applyAll(schedule.provider, await schedule.provider.fixtures(day));
  }

  async function live(schedule: ProviderSchedule) {
    const finished = await applyAll(schedule.provider, await schedule.provider.liveSnapshot());
    if (schedule.finalCheckAfterMs === null) return;
    for (const externalId of finished) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!running) return;
        const work = schedule.provider
          .matchDetail(externalId)
          .then((snapshot) => applyAll(schedule.provider, [snapshot]))
          .catch((error: unknown) => logger.warn({ err: error, externalId }, 'ingest: final check failed'));
        inFlight.add(work);
        void work.finally(() => inFlight.delete(work));
      }, schedule.finalCheckAfterMs);
      timers.add(timer);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      for (const schedule of options.schedules) {
        if (schedule.fixturesEveryMs !== null) loop(`${schedule.provider.name}:fixtures`, schedule.fixturesEveryMs, () => fixtures(schedule));
        loop(`${schedule.provider.name}:live`, schedule.liveEveryMs, () => live(schedule));
      }
      logger.info({ providers: options.schedules.map((schedule) => schedule.provider.name) }, 'ingest: scheduler started');
    },
    async stop() {
      running = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
    async refresh() {
      if (!running) return;
      for (const schedule of options.schedules) {
        if (schedule.fixturesEveryMs === null) continue;
        await fixtures(schedule).catch((error: unknown) => logger.warn({ err: error }, 'ingest: refresh failed'));
      }
    },
    async runOnce() {
      for (const schedule of options.schedules) {
        if (schedule.fixturesEveryMs !== null) await fixtures(schedule);
        await live(schedule);
      }
    },
  };
}
