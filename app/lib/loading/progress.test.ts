import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressController, type ProgressState } from './progress.ts';

describe('progress bar timing', () => {
  let states: ProgressState[];
  let latest: () => ProgressState | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    latest = () => states.at(-1);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays hidden for a load shorter than the 200 ms throttle', () => {
    const bar = createProgressController((state) => states.push(state));
    bar.start();
    vi.advanceTimersByTime(150);
    bar.finish();
    expect(states.every((state) => !state.visible)).toBe(true);
  });

  it('appears after 200 ms, rises to 100 over about 5 s and hides 500 ms after finishing', () => {
    const bar = createProgressController((state) => states.push(state));
    bar.start();
    vi.advanceTimersByTime(199);
    expect(latest()?.visible ?? false).toBe(false);
    vi.advanceTimersByTime(1);
    expect(latest()).toEqual({ visible: true, progress: 0, failed: false });
    vi.advanceTimersByTime(2500);
    expect(latest()?.progress).toBeCloseTo(50, 0);
    vi.advanceTimersByTime(2500);
    expect(latest()?.progress).toBeCloseTo(100, 0);
    vi.advanceTimersByTime(5000);
    expect(latest()?.progress).toBe(100);
    bar.finish();
    expect(latest()).toEqual({ visible: true, progress: 100, failed: false });
    vi.advanceTimersByTime(499);
    expect(latest()?.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(latest()?.visible).toBe(false);
  });

  it('shows a failure visibly, then hides', () => {
    const bar = createProgressController((state) => states.push(state));
    bar.start();
    vi.advanceTimersByTime(50);
    bar.fail();
    expect(latest()).toEqual({ visible: true, progress: 100, failed: true });
    vi.advanceTimersByTime(500);
    expect(latest()?.visible).toBe(false);
  });
});
