import { describe, expect, it } from 'vitest';
import { DelayQueue } from './delay-queue.ts';
import { AnnouncementThrottle } from './live-announcements.ts';
import { parseLiveDelay, type Timers } from './live-delay.ts';

/** Hand-driven timers: `advance(ms)` moves the clock and runs what fell due, in order. */
function fakeTimers() {
  let now = 0;
  let nextId = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      due.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id) => {
      due.delete(id as number);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = [...due.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      due.delete(next[0]);
      now = next[1].at;
      next[1].run();
    }
    now = end;
  };
  return { timers, advance, pending: () => due.size };
}

describe('DelayQueue', () => {
  it('releases at once when there is no delay', () => {
    const { timers } = fakeTimers();
    const released: string[] = [];
    const queue = new DelayQueue<string>((item) => released.push(item), timers);
    queue.push('goal');
    expect(released).toEqual(['goal']);
  });

  it('holds each update for the delay after it arrived, in arrival order', () => {
    const { timers, advance } = fakeTimers();
    const released: Array<[string, number]> = [];
    const queue = new DelayQueue<string>((item) => released.push([item, timers.now()]), timers);
    queue.setDelay(30_000);
    queue.push('kick-off');
    advance(10_000);
    queue.push('goal');
    advance(19_999);
    expect(released).toEqual([]);
    advance(1);
    expect(released).toEqual([['kick-off', 30_000]]);
    advance(9_999);
    expect(released).toHaveLength(1);
    advance(1);
    expect(released).toEqual([
      ['kick-off', 30_000],
      ['goal', 40_000],
    ]);
    expect(queue.size).toBe(0);
  });

  it('a shorter delay releases what is now due, oldest first', () => {
    const { timers, advance } = fakeTimers();
    const released: string[] = [];
    const queue = new DelayQueue<string>((item) => released.push(item), timers);
    queue.setDelay(60_000);
    queue.push('a');
    advance(5_000);
    queue.push('b');
    advance(4_000);
    expect(released).toEqual([]);
    queue.setDelay(3_000);
    // Both are now older than the new delay: released together, oldest first.
    expect(released).toEqual(['a', 'b']);
    queue.push('c');
    expect(released).toEqual(['a', 'b']);
    advance(3_000);
    expect(released).toEqual(['a', 'b', 'c']);
    queue.setDelay(0);
    queue.push('d');
    expect(released).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a longer delay holds what was about to be released; clear drops everything', () => {
    const { timers, advance, pending } = fakeTimers();
    const released: string[] = [];
    const queue = new DelayQueue<string>((item) => released.push(item), timers);
    queue.setDelay(10_000);
    queue.push('a');
    advance(9_000);
    queue.setDelay(20_000);
    advance(10_000);
    expect(released).toEqual([]);
    advance(1_000);
    expect(released).toEqual(['a']);
    queue.push('b');
    queue.clear();
    expect(pending()).toBe(0);
    advance(60_000);
    expect(released).toEqual(['a']);
  });
});

describe('parseLiveDelay', () => {
  it('keeps whole seconds between 0 and 300', () => {
    expect(parseLiveDelay('45')).toBe(45);
    expect(parseLiveDelay('12.6')).toBe(13);
    expect(parseLiveDelay('900')).toBe(300);
    expect(parseLiveDelay('-5')).toBe(0);
    expect(parseLiveDelay('soon')).toBe(0);
    expect(parseLiveDelay('')).toBe(0);
    expect(parseLiveDelay(null)).toBe(0);
  });
});

describe('AnnouncementThrottle', () => {
  it('says the first at once and joins a burst into one announcement after the pause', () => {
    const { timers, advance } = fakeTimers();
    const said: Array<[string, number]> = [];
    const throttle = new AnnouncementThrottle((text) => said.push([text, timers.now()]), 4_000, timers);
    throttle.push('Goal: Wales 1–0 Slovakia, 10\'');
    expect(said).toEqual([['Goal: Wales 1–0 Slovakia, 10\'', 0]]);
    advance(1_000);
    throttle.push('Red card: Italy v Spain, 30\'');
    advance(500);
    throttle.push('Goal: England 1–0 Russia, 73\'');
    advance(2_499);
    expect(said).toHaveLength(1);
    advance(1);
    expect(said[1]).toEqual(['Red card: Italy v Spain, 30\'. Goal: England 1–0 Russia, 73\'', 4_000]);
    // After a quiet spell the next one is said at once again.
    advance(10_000);
    throttle.push('Goal: Italy 1–0 Spain, 33\'');
    expect(said[2]).toEqual(['Goal: Italy 1–0 Spain, 33\'', 14_000]);
  });

  it('after a settling pause, writes a text given as a function with what arrived meanwhile', () => {
    const { timers, advance } = fakeTimers();
    const said: Array<[string, number]> = [];
    const throttle = new AnnouncementThrottle((text) => said.push([text, timers.now()]), 4_000, timers, 3, 1_000);
    let minute = "87'";
    throttle.push(() => `Goal: Portugal 1–0 France, ${minute}`);
    advance(300);
    minute = "109'";
    advance(699);
    expect(said).toEqual([]);
    advance(1);
    expect(said).toEqual([["Goal: Portugal 1–0 France, 109'", 1_000]]);
  });

  it('keeps the newest few of a long burst and counts the rest', () => {
    const { timers, advance } = fakeTimers();
    const said: string[] = [];
    const throttle = new AnnouncementThrottle((text) => said.push(text), 4_000, timers, 2);
    throttle.push('one');
    for (const text of ['two', 'three', 'four', 'five']) throttle.push(text);
    advance(4_000);
    expect(said).toEqual(['one', 'four. five. And 2 more.']);
  });
});
