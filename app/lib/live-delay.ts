// Timing of live updates on the page (issue #5). "Delay live updates by N
// seconds": a per-device setting (localStorage) that makes the tab's live
// connection hold every incoming update for N seconds before any page sees
// it, so the site never runs ahead of a TV broadcast. Also the throttle of the
// screen-reader announcements of goals and red cards. The queue that holds the
// updates is in delay-queue.ts, with the connection's code (loaded after the
// page); both classes take injectable timers and are tested with fake ones.
import { useSyncExternalStore } from 'react';

export const LIVE_DELAY_STORAGE_KEY = 'scoreline-live-delay';
export const LIVE_DELAY_MAX_SECONDS = 300;
const CHANGE_EVENT = 'scoreline:live-delay';

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** Stored text → whole seconds in 0–300; anything else counts as no delay. */
export function parseLiveDelay(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || raw.trim() === '') return 0;
  const value = Number(raw);
  if (!Number.isFinite(value)) return 0;
  return Math.min(LIVE_DELAY_MAX_SECONDS, Math.max(0, Math.round(value)));
}

/** The device's delay in seconds (0 on the server or when storage is blocked). */
export function readLiveDelay(): number {
  if (typeof window === 'undefined') return 0;
  try {
    return parseLiveDelay(window.localStorage.getItem(LIVE_DELAY_STORAGE_KEY));
  } catch {
    return 0;
  }
}

export function setLiveDelay(seconds: number): void {
  const value = parseLiveDelay(String(seconds));
  try {
    if (value === 0) window.localStorage.removeItem(LIVE_DELAY_STORAGE_KEY);
    else window.localStorage.setItem(LIVE_DELAY_STORAGE_KEY, String(value));
    memoryValue = null;
  } catch {
    // Storage can be disabled (private mode): the choice lasts for this page only.
    memoryValue = value;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

let memoryValue: number | null = null;

function snapshot(): number {
  return memoryValue ?? readLiveDelay();
}

/** Calls `onChange` when the setting changes here or in another tab. */
export function subscribeLiveDelay(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === LIVE_DELAY_STORAGE_KEY || event.key === null) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The delay in seconds; 0 in the server's HTML and until hydration. */
export function useLiveDelay(): number {
  return useSyncExternalStore(subscribeLiveDelay, snapshot, () => 0);
}

/** The current delay in milliseconds, for code outside React. */
export function liveDelayMs(): number {
  return typeof window === 'undefined' ? 0 : snapshot() * 1000;
}

/**
 * Screen-reader announcements at most one per `intervalMs`: the first is said
 * after `settleMs` (at once by default), the ones arriving meanwhile or during
 * the pause are said together when it ends (the newest few, with a count of
 * the rest). A text given as a function is written when it is said, with
 * whatever arrived in between (a goal's minute from its key event).
 */
export class AnnouncementThrottle {
  private pending: Array<string | (() => string)> = [];
  private lastSaidAt = -Infinity;
  private timer: unknown = null;

  constructor(
    private readonly say: (text: string) => void,
    private readonly intervalMs = 4000,
    private readonly timers: Timers = realTimers,
    private readonly maxJoined = 3,
    private readonly settleMs = 0,
  ) {}

  push(text: string | (() => string)): void {
    this.pending.push(text);
    const wait = Math.max(this.settleMs, this.lastSaidAt + this.intervalMs - this.timers.now());
    if (wait <= 0 && this.timer === null) {
      this.flush();
      return;
    }
    if (this.timer === null) {
      this.timer = this.timers.setTimeout(() => {
        this.timer = null;
        this.flush();
      }, Math.max(0, wait));
    }
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const newest = this.pending.slice(-this.maxJoined).map((text) => (typeof text === 'string' ? text : text()));
    const left = this.pending.length - newest.length;
    this.pending = [];
    this.lastSaidAt = this.timers.now();
    this.say(left > 0 ? `${newest.join('. ')}. And ${left} more.` : newest.join('. '));
  }
}
