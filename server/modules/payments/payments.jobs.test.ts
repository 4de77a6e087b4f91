// The payments job runner: runs each job every interval once started, never overlaps a job with
// itself, survives a failing run, and stops (waiting for a run under way).
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../platform/clock.ts';
import { createPaymentJobs } from './payments.jobs.ts';

describe('payment jobs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const logger = pino({ level: 'silent' });

  it('runs a job every interval once started, and no more once stopped', async () => {
    const jobs = createPaymentJobs({ clock: systemClock, logger, firstDelayMaxMs: 0 });
    const runs: Date[] = [];
    jobs.every('tick', 1000, async ({ now }) => {
      runs.push(now);
    });
    expect(jobs.names).toEqual(['tick']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(0); // not started
    jobs.start();
    await vi.advanceTimersByTimeAsync(3500);
    expect(runs).toHaveLength(4); // at 0, 1000, 2000, 3000
    await jobs.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(4);
  });

  it('never overlaps a run with itself and goes on after a failure', async () => {
    const jobs = createPaymentJobs({ clock: systemClock, logger, firstDelayMaxMs: 0 });
    let active = 0;
    let most = 0;
    let calls = 0;
    jobs.every('slow', 100, async () => {
      calls += 1;
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 250));
      active -= 1;
      if (calls === 1) throw new Error('boom');
    });
    jobs.start();
    const manual = jobs.runNow('slow'); // joins the run under way
    await vi.advanceTimersByTimeAsync(1000);
    await expect(manual).rejects.toThrow('boom');
    expect(most).toBe(1);
    expect(calls).toBeGreaterThanOrEqual(2);
    const stopping = jobs.stop();
    await vi.advanceTimersByTimeAsync(300);
    await stopping;
    expect(active).toBe(0);
  });

  it('refuses a second job of the same name and an unknown name', async () => {
    const jobs = createPaymentJobs({ clock: systemClock, logger });
    jobs.every('a', 1000, async () => 1);
    expect(() => jobs.every('a', 1000, async () => 2)).toThrow(/already registered/);
    await expect(jobs.runNow('b')).rejects.toThrow(/No payments job/);
    await expect(jobs.runNow('a')).resolves.toBe(1);
  });
});
