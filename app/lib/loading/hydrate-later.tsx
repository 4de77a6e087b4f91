// Parts of a long page that hydrate one at a time when the browser is idle,
// instead of all together with the page (issue #5: a busy day lists 120+
// matches, and hydrating them in one go kept a phone's main thread busy for
// long tasks). The server renders each part in full; in the browser it sits in
// a Suspense boundary that waits for its turn, so React leaves the server's
// HTML in place, links and forms working as plain HTML, until then:
// - turns are given out in page order, one per idle period (at the latest
//   after a second), so each part hydrates and commits in its own short tasks;
// - a part the visitor reaches for (pointer down, focus) gets its turn at once,
//   so the click or key that follows finds it hydrated;
// - until it has hydrated the part keeps the children the server rendered (an
//   update to a boundary that has not hydrated would make React throw the HTML
//   away); what changed meanwhile (live scores, the clock) applies right after.
// Parts mounted after the page hydrated (client-side navigation) render at once.
import { startTransition, Suspense, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isPageHydrated, partSlot, type PartSlot } from './deferred.tsx';

const ATTRIBUTE = 'data-hydrate-later';
const MAX_WAIT_MS = 1000;

/** Parts waiting for their turn, in page order (a Map keeps insertion order), by their id. */
const waiting = new Map<string, () => void>();
let scheduled = false;
let listening = false;

/** Gives the part `key` its turn now, unless it has had it. */
function start(key: string | undefined | null): void {
  const begin = key ? waiting.get(key) : undefined;
  if (!key || !begin) return;
  waiting.delete(key);
  begin();
}

function next(): void {
  scheduled = false;
  start(waiting.keys().next().value);
  schedule();
}

function schedule(): void {
  if (scheduled || waiting.size === 0) return;
  scheduled = true;
  if ('requestIdleCallback' in window) requestIdleCallback(next, { timeout: MAX_WAIT_MS });
  else setTimeout(next, 1);
}

/** A part the visitor reaches for hydrates now. */
function reachedFor(event: Event): void {
  const part = event.target instanceof Element ? event.target.closest(`[${ATTRIBUTE}]`) : null;
  start(part?.getAttribute(ATTRIBUTE));
}

function turnFor(key: string): Promise<void> {
  if (!listening) {
    listening = true;
    for (const type of ['pointerdown', 'focusin', 'keydown'])
      document.addEventListener(type, reachedFor, { capture: true, passive: true });
  }
  return new Promise<void>((resolve) => {
    waiting.set(key, resolve);
    schedule();
  });
}

function Turn({
  turn,
  onHydrated,
  children,
}: {
  turn: Promise<void> | null;
  onHydrated: () => void;
  children: ReactNode;
}) {
  if (turn) use(turn);
  useEffect(() => onHydrated(), [onHydrated]);
  return children;
}

/**
 * `children` hydrate when their turn comes (see above). `id` must be unique on the page; the part's root
 * element carries it as `data-hydrate-later` (partAttributes) so a pointer or focus inside finds it.
 */
export function HydrateLater({ id, children }: { id: string; children: ReactNode }) {
  const [turn] = useState(() => (typeof window === 'undefined' || isPageHydrated() ? null : turnFor(id)));
  const [serverChildren] = useState(children);
  const [hydrated, setHydrated] = useState(turn === null);
  const [slot] = useState<PartSlot>(partSlot);
  useEffect(() => {
    if (turn) slot.mounted();
    return () => slot.release();
  }, [slot, turn]);
  const [onHydrated] = useState(() => () => {
    slot.arrived();
    if (turn) startTransition(() => setHydrated(true));
  });
  const shown = hydrated ? children : serverChildren;
  return useMemo(
    () => (
      <Suspense fallback={null}>
        <Turn turn={turn} onHydrated={onHydrated}>
          {shown}
        </Turn>
      </Suspense>
    ),
    [turn, onHydrated, shown],
  );
}

/** The attribute that ties a part's root element to its HydrateLater. */
export function partAttributes(id: string): Record<typeof ATTRIBUTE, string> {
  return { [ATTRIBUTE]: id };
}
