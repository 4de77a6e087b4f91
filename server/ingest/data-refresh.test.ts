// The data refresh's schedule (issue #19): after the first delay, then every interval from the last attempt
// any node recorded; a failure logged when failures start, not every time; a refresh under way stopped
// and waited for. The refresh itself is a stand-in here (db/seed/data-refresh.test.ts tests the real one).
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { DataRefreshResult } from '../../db/seed/data-refresh.ts';
import { systemClock } from '../platform/clock.ts';
import { createDataRefreshJob } from './data-refresh.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines, warnings: () => lines.filter((line) => line.level === 40) };
}

const unchanged: DataRefreshResult = { outcome: 'unchanged', files: 149 };
const failed: DataRefreshResult = { outcome: 'failed', stage: 'fetch', error: 'fetch failed (connect ECONNREFUSED)' };

describe('the data refresh job', () => {
  it('refreshes after the first delay, then every interval, and not after it stopped', async () => {
    let runs = 0;
    const { logger } = recordingLogger();
    const job = createDataRefreshJob({
      everyMs: 40,
      firstDelayMs: 10,
      run: async () => {
        runs += 1;
        return unchanged;
      },
      lastAttemptAt: async () => null,
      clock: systemClock,
      logger,
    });
    job.start();
    await sleep(5);
    expect(runs).toBe(0);
    await sleep(300);
    expect(runs).toBeGreaterThanOrEqual(3);
    await job.stop();
    const stopped = runs;
    await sleep(100);
    expect(runs).toBe(stopped);
  });

  it('waits an interval after the last attempt any node recorded: a restart does not fetch again', async () => {
    let runs = 0;
    const { logger } = recordingLogger();
    const job = createDataRefreshJob({
      everyMs: 300,
      firstDelayMs: 0,
      run: async () => {
        runs += 1;
        return unchanged;
      },
      lastAttemptAt: async () => new Date(Date.now() - 150),
      clock: systemClock,
      logger,
    });
    job.start();
    await sleep(80);
    expect(runs).toBe(0);
    await sleep(200);
    expect(runs).toBe(1);
    await job.stop();
  });

  it('logs a failure once while failures go on, then that it recovered; a refresh that throws is a failure', async () => {
    const outcomes: Array<DataRefreshResult | Error> = [failed, failed, new Error('database gone'), unchanged];
    const { logger, lines, warnings } = recordingLogger();
    const job = createDataRefreshJob({
      everyMs: 60_000,
      run: async () => {
        const next = outcomes.shift() ?? unchanged;
        if (next instanceof Error) throw next;
        return next;
      },
      lastAttemptAt: async () => null,
      clock: systemClock,
      logger,
    });
    const results = [await job.runNow(), await job.runNow(), await job.runNow(), await job.runNow()];
    expect(results.map((result) => result.outcome)).toEqual(['failed', 'failed', 'failed', 'unchanged']);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]?.msg).toMatch(/nothing changed/);
    expect(lines.filter((line) => line.msg === 'data refresh: upstream reachable again')).toHaveLength(1);
  });

  it('joins a refresh under way rather than starting a second, and stop ends one and waits for it', async () => {
    let runs = 0;
    const { logger } = recordingLogger();
    const job = createDataRefreshJob({
      everyMs: 60_000,
      run: (signal) => {
        runs += 1;
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve({ outcome: 'stopped' })));
      },
      lastAttemptAt: async () => null,
      clock: systemClock,
      logger,
    });
    job.start();
    const first = job.runNow();
    const second = job.runNow();
    expect(second).toBe(first);
    await job.stop();
    expect(await first).toEqual({ outcome: 'stopped' });
    expect(runs).toBe(1);
  });
});
