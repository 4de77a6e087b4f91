// A failed code-chunk load reloads the page, at most once per 60 seconds
// (spec §2, §9). The time of the last reload lives in sessionStorage so the
// guard survives the reload itself; a second failure inside the window is
// reported to the user instead of looping.
import { lazy, type ComponentType } from 'react';

export const CHUNK_RELOAD_GUARD_MS = 60_000;
const STORAGE_KEY = 'scoreline-chunk-reload-at';

const CHUNK_ERROR_PATTERN =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return CHUNK_ERROR_PATTERN.test(message);
}

/** Reloads unless a reload for the same reason happened less than 60 s ago. Returns whether it reloads. */
export function reloadForChunkError(now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(window.sessionStorage.getItem(STORAGE_KEY) ?? 0);
  } catch {
    // No storage: fall through with last = 0 only once per page (tracked below).
  }
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    if (reloadedWithoutStorage) return false;
    reloadedWithoutStorage = true;
  }
  window.location.reload();
  return true;
}
let reloadedWithoutStorage = false;

/** Catches chunk failures Vite reports for preloaded dependencies. Call once on the client. */
export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Offline, a reload would only show the browser's error page: the importer waits (loadChunk).
    if (!navigator.onLine) return;
    if (reloadForChunkError()) event.preventDefault();
  });
}

function backOnline(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * Loads code that comes after the page (app/lib/loading/deferred.tsx, app/lib/live/live-client.ts). A load that
 * fails while the browser is offline is tried again once it is back online; any other failure is
 * the caller's (for a chunk error: the guarded reload).
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (typeof navigator === 'undefined' || navigator.onLine) throw error;
      await backOnline();
    }
  }
}

/**
 * For a failed chunk load (a new deployment replaced the chunk): starts the guarded reload and gives a
 * promise that never settles, to keep waiting while the page reloads. Null for any other error, or when
 * the guard refuses (a second failure within 60 s): the caller lets the error through.
 */
export function reloadingFor(error: unknown): Promise<never> | null {
  return isChunkLoadError(error) && reloadForChunkError() ? new Promise<never>(() => {}) : null;
}

/**
 * React.lazy that turns a failed chunk load into the guarded reload. When the
 * guard refuses (a second failure within 60 s) the error reaches the nearest
 * error boundary, which says what happened.
 */
export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    try {
      return await load();
    } catch (error) {
      // Keeps suspending while the page reloads.
      const reloading = reloadingFor(error);
      if (reloading) return reloading;
      throw error;
    }
  });
}
