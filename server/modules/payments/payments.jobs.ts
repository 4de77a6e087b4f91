// The payments module's periodic jobs (issue #21; docs/payments.md "Jobs"): order expiry now, the
// expiry-reminder mail next. They run on EVERY node at once (any ROLE), so each job must be safe to
// run concurrently with itself on another node: a conditional update that only one node can win
// (e.g. `UPDATE … WHERE status = 'pending'`, or a unique key), never "read, decide, write".
//
// Started by server/main.ts after the app listens and stopped on shutdown, before the database
// closes; tests drive a job with runNow(). Within one process a job never overlaps itself: a run
// that outlasts its interval delays the next. A failing run is logged and tried at the next interval.
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.ts';

/** One run of a job. `signal` is aborted when the runner stops: a long run should end early. */
export type JobFn = (context: { now: Date; signal: AbortSignal }) => Promise<unknown>;

export interface PaymentJobs {
  /**
   * Registers a job run every `intervalMs` (its first run comes after a short random delay, so
   * nodes started together do not all run at the same moment). Register before start(); names are unique.
   */
  every(name: string, intervalMs: number, fn: JobFn): void;
  /** Starts the timers (server/main.ts). Calling it twice does nothing. */
  start(): void;
  /** Stops the timers and waits for runs under way. */
  stop(): Promise<void>;
  /** Runs a job now (tests, an operator), or joins its run under way. Throws what the job throws. */
  runNow(name: string): Promise<unknown>;
  /** The registered jobs' names. */
  readonly names: string[];
}

/** setTimeout's longest wait. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Job {
  name: string;
  intervalMs: number;
  fn: JobFn;
  timer: NodeJS.Timeout | null;
  inFlight: Promise<unknown> | null;
  failing: boolean;
}

export function createPaymentJobs(options: {
  clock: Clock;
  logger: Logger;
  /** The longest random delay before a job's first run; default: the smaller of 30 s and its interval. */
  firstDelayMaxMs?: number;
}): PaymentJobs {
  const logger = options.logger.child({ task: 'payments-jobs' });
  const jobs = new Map<string, Job>();
  let running = false;
  let controller = new AbortController();

  function run(job: Job): Promise<unknown> {
    job.inFlight ??= job
      .fn({ now: options.clock.now(), signal: controller.signal })
      .then((result) => {
        if (job.failing) logger.info({ job: job.name }, 'payments job: working again');
        job.failing = false;
        return result;
      })
      .finally(() => {
        job.inFlight = null;
      });
    return job.inFlight;
  }

  function schedule(job: Job, delayMs: number) {
    if (job.timer) clearTimeout(job.timer);
    job.timer = setTimeout(() => void tick(job), Math.min(MAX_TIMER_MS, Math.max(0, delayMs)));
    job.timer.unref();
  }

  async function tick(job: Job) {
    job.timer = null;
    if (!running) return;
    try {
      await run(job);
    } catch (error) {
      // Logged when failures start, not every interval.
      if (!job.failing)
        logger.error({ err: error, job: job.name }, 'payments job failed; it runs again at the next interval');
      else logger.debug({ err: error, job: job.name }, 'payments job failed again');
      job.failing = true;
    }
    if (running) schedule(job, job.intervalMs);
  }

  return {
    every(name, intervalMs, fn) {
      if (jobs.has(name)) throw new Error(`A payments job named “${name}” is already registered`);
      if (!Number.isFinite(intervalMs) || intervalMs < 1) throw new Error(`Job “${name}”: the interval must be ≥ 1 ms`);
      const job: Job = { name, intervalMs, fn, timer: null, inFlight: null, failing: false };
      jobs.set(name, job);
      if (running) schedule(job, Math.random() * Math.min(options.firstDelayMaxMs ?? 30_000, intervalMs));
    },
    start() {
      if (running) return;
      running = true;
      controller = new AbortController();
      for (const job of jobs.values()) {
        schedule(job, Math.random() * Math.min(options.firstDelayMaxMs ?? 30_000, job.intervalMs));
      }
      logger.info({ jobs: [...jobs.keys()] }, 'payments jobs started');
    },
    async stop() {
      running = false;
      controller.abort();
      for (const job of jobs.values()) {
        if (job.timer) clearTimeout(job.timer);
        job.timer = null;
      }
      await Promise.allSettled([...jobs.values()].map((job) => job.inFlight));
    },
    runNow(name) {
      const job = jobs.get(name);
      if (!job) return Promise.reject(new Error(`No payments job named “${name}”`));
      return run(job);
    },
    get names() {
      return [...jobs.keys()];
    },
  };
}
