// The queue behind "delay live updates by N seconds" (app/lib/live/live-delay.ts):
// the tab's live connection pushes every update through it. Loaded with the
// connection's code, not with the page.
import { realTimers, type Timers } from './live-delay.ts';

/**
 * Holds each pushed item for `delayMs` after it arrived, then releases it;
 * items leave in arrival order. With no delay (and nothing held) an item is
 * released at once. Changing the delay applies to held items too: a shorter
 * delay releases what is now due.
 */
export class DelayQueue<T> {
  private held: Array<{ item: T; arrivedAt: number }> = [];
  private timer: unknown = null;
  private delayMs = 0;

  constructor(
    private readonly release: (item: T) => void,
    private readonly timers: Timers = realTimers,
  ) {}

  get size(): number {
    return this.held.length;
  }

  get delay(): number {
    return this.delayMs;
  }

  setDelay(delayMs: number): void {
    this.delayMs = Math.max(0, delayMs);
    this.flush();
  }

  push(item: T): void {
    if (this.delayMs === 0 && this.held.length === 0) {
      this.release(item);
      return;
    }
    this.held.push({ item, arrivedAt: this.timers.now() });
    this.flush();
  }

  /** Drops everything held (nothing is released). */
  clear(): void {
    this.held = [];
    this.schedule();
  }

  private flush(): void {
    const now = this.timers.now();
    while (this.held.length > 0 && (this.held[0]?.arrivedAt ?? 0) + this.delayMs <= now) {
      const next = this.held.shift();
      if (next) this.release(next.item);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    const head = this.held[0];
    if (!head) return;
    const wait = Math.max(0, head.arrivedAt + this.delayMs - this.timers.now());
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, wait);
  }
}
