// Scroll behaviour (spec §2): a new page starts at the top unless its route
// opts out, back/forward restores the saved position, and a hash scrolls to its
// anchor. Positions survive a reload in sessionStorage.
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

function loadPositions(): Map<string, number> {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) {
      return new Map(parsed.filter((entry): entry is [string, number] => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number'));
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
  const currentKey = useRef(location.key);
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
    const saved = positions.current.get(location.key);
    currentKey.current = location.key;
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

    if (navigationType === 'POP' && saved !== undefined) {
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
