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
