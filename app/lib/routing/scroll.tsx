// Scroll behaviour (spec §2): a new page starts at the top unless its route
// opts out, back/forward restores the saved position, and a hash scrolls to its
// anchor. Positions survive a reload in sessionStorage.
//
// A full page load is a new page too (issue #19): only a document the browser
// reached by back/forward (or a reload) gets a saved position back. React Router
// gives every document's first history entry the same key, 'default', so saved
// positions are kept under the URL for those entries: otherwise /terms, loaded
// after /about-us was read down to y=1200, opened at y=1200.
//
// Opting out: a route with `handle.preserveScroll` keeps the position when the
// visitor arrives from a page under the same parent (tabs of one match), not
// when they arrive from elsewhere.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigationType } from 'react-router';
import { routeHandle } from './route-handle.ts';

const STORAGE_KEY = 'scoreline-scroll-positions';
const MAX_SAVED = 100;

// useLayoutEffect warns during server rendering; it only matters in the browser.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** The key positions are saved under: the entry's own, or for a document's first entry ('default') its URL. */
function positionKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `default ${location.pathname}${location.search}` : location.key;
}

/** Whether this document was reached by back/forward or a reload, the loads that restore a position. */
function documentRestores(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'back_forward' || entry?.type === 'reload';
}

function loadPositions(): Map<string, number> {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) {
      return new Map(
        parsed.filter(
          (entry): entry is [string, number] =>
            Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number',
        ),
      );
    }
  } catch {
    // Corrupt or unavailable storage: start afresh.
  }
  return new Map();
}

export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const matches = useMatches();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(positionKey(location));
  const firstRender = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current ??= loadPositions();
    let frame = 0;
    const record = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.current?.set(currentKey.current, window.scrollY));
    };
    const persist = () => {
      const map = positions.current;
      if (!map) return;
      map.set(currentKey.current, window.scrollY);
      const entries = [...map.entries()].slice(-MAX_SAVED);
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
      } catch {
        // Quota or privacy mode: positions then last for this page only.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  const previousPaths = useRef<string[]>([]);

  useBrowserLayoutEffect(() => {
    positions.current ??= loadPositions();
    currentKey.current = positionKey(location);
    const saved = positions.current.get(currentKey.current);
    const isFirst = firstRender.current;
    firstRender.current = false;
    const deepest = matches.at(-1);
    const parent = matches.at(-2);
    const preserve =
      deepest !== undefined &&
      parent !== undefined &&
      routeHandle(deepest.handle).preserveScroll === true &&
      parent.pathname !== '/' &&
      previousPaths.current.includes(parent.pathname);
    previousPaths.current = matches.map((match) => match.pathname);

    // The first render of a document is a POP whichever way the document came: a link, a typed address or back.
    if (navigationType === 'POP' && saved !== undefined && (!isFirst || documentRestores())) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash.length > 1) {
      const id = decodeURIComponent(location.hash.slice(1));
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    // On the very first render the browser has already placed the page.
    if (isFirst || preserve) return;
    window.scrollTo(0, 0);
    // Runs once per location; matches and navigation type belong to that location.
  }, [location.key]);

  return null;
}
