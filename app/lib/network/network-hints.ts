// Link prefetch is skipped on 2g or data-saver connections (spec §9). The
// Network Information API is Chromium-only; elsewhere we prefetch as usual.
import { useSyncExternalStore } from 'react';

interface NetworkInformationLike extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

function connection(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

export function isConstrainedConnection(info: { saveData?: boolean; effectiveType?: string } | undefined): boolean {
  if (!info) return false;
  return info.saveData === true || info.effectiveType === '2g' || info.effectiveType === 'slow-2g';
}

function subscribe(onChange: () => void): () => void {
  const info = connection();
  if (!info || typeof info.addEventListener !== 'function') return () => {};
  info.addEventListener('change', onChange);
  return () => info.removeEventListener('change', onChange);
}

/**
 * True when links may be prefetched. The server assumes yes, as most connections allow it: intent
 * prefetch renders nothing until a pointer or focus arrives, so the HTML is the same either way, and a
 * server answer that differed from the browser's would make React re-render every link of the page
 * synchronously just after hydrating it (a CPU profile of the league page showed ~60 ms, ~240 ms at 4x).
 */
export function usePrefetchAllowed(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !isConstrainedConnection(connection()),
    () => true,
  );
}
