// Components whose code is not part of a page's first-load JavaScript (issue #5's
// 130 kB budget): the match centre's sections, the search box. The server
// renders them in full — their modules are loaded before the first request
// (entry.server awaits deferredModulesReady) — so the HTML is whole, with or
// without JavaScript. In the browser each sits in a Suspense boundary and
// hydrates when its chunk arrives, which it starts to fetch as hydration reaches
// it; until then React leaves the server's HTML in place.
//
// While the code is on its way the component keeps the props the server
// rendered it with: an update to a boundary that has not hydrated yet would make
// React throw the server's HTML away and show the (empty) fallback. Live updates
// that came in meanwhile are applied the moment the code is there.
//
// Once the page has hydrated and no deferred part on it waits for its code, the document element
// has a `data-hydrated` attribute: the end-to-end tests wait for it before they interact.
import {
  lazy,
  Suspense,
  useEffect,
  startTransition,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactElement,
} from 'react';
import { loadChunk, reloadingFor } from './chunk-reload.ts';

const serverLoads: Array<Promise<unknown>> = [];
/** Code started by route modules loaded for a client-side navigation (see deferredCodeLoaded). */
const navigationLoads = new Set<Promise<unknown>>();
/** A navigation never waits longer than this for code below the fold: the parts then fill in when it comes. */
const NAVIGATION_WAIT_MS = 2_000;
let pageHydrating = true;
let waiting = 0;
let rootHydrated = false;

function publishWaiting(change: number): void {
  waiting += change;
  document.documentElement.toggleAttribute('data-hydrated', rootHydrated && waiting === 0);
}

/**
 * False in the server's HTML and while the part hydrates, true after (and at once in parts mounted later):
 * for what only works with JavaScript. React renders the component again, in one task, once hydrated:
 * keep it small (a button, an input), not the section around it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, isBrowser, isServer);
}
const subscribeNothing = () => () => undefined;
const isBrowser = () => true;
const isServer = () => false;

/** Called by the root layout: its effects run after every part of the page has run its own. */
export function useHydratedMark(): void {
  useEffect(() => {
    rootHydrated = true;
    publishWaiting(0);
  }, []);
}

/** One deferred component on the page: waiting for its code from the wrapper's mount until it has hydrated. */
class Slot {
  private counted = false;
  private done = false;

  /** The wrapper is mounted: it waits unless its code already ran (a later navigation). */
  mounted(): void {
    if (this.done || this.counted) return;
    this.counted = true;
    publishWaiting(1);
  }

  /** The code is here and has hydrated the server's HTML (or rendered). */
  arrived(): void {
    this.done = true;
    this.release();
  }

  release(): void {
    if (!this.counted) return;
    this.counted = false;
    publishWaiting(-1);
  }
}

/** One part of the page that hydrates later than the rest (app/lib/loading/hydrate-later.tsx): `data-hydrated` waits for it too. */
export type PartSlot = Pick<Slot, 'mounted' | 'arrived' | 'release'>;
export const partSlot = (): PartSlot => new Slot();

/** Whether the page has hydrated: a component rendering now was mounted later (a client-side navigation). */
export const isPageHydrated = (): boolean => rootHydrated;

/** Resolves once the modules of every deferred component are loaded (the server renders them in full). */
export async function deferredModulesReady(): Promise<void> {
  await Promise.all(serverLoads);
}

/**
 * Called by the browser's entry once hydration has begun: a deferred component defined after that (in a
 * route module loaded for a client-side navigation) fetches its code at once, alongside the route's data.
 */
export function deferredAfterHydration(): void {
  pageHydrating = false;
}

/**
 * For a route's clientLoader: resolves once the code of the deferred components its module defined has
 * arrived (at most 2 s), so a client-side navigation shows them with the page instead of after it.
 */
export async function deferredCodeLoaded(): Promise<void> {
  const pending = [...navigationLoads];
  if (pending.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(pending),
    new Promise((resolve) => (timer = setTimeout(resolve, NAVIGATION_WAIT_MS))),
  ]);
  clearTimeout(timer);
}

export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactElement {
  type Props = P & { slot: Slot };
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<{ default: ComponentType<Props> }> | null = null;
  const listeners = new Set<() => void>();
  const start = () =>
    (loading ??= loadChunk(load).then(
      (component) => {
        function Arrived({ slot, ...props }: Props) {
          useEffect(() => slot.arrived(), [slot]);
          const Component = component;
          return <Component {...(props as unknown as P)} />;
        }
        loaded = Arrived;
        // After React's own callbacks on this promise: the boundary hydrates with the server's props first.
        setTimeout(() => {
          for (const listener of listeners) listener();
        }, 0);
        return { default: Arrived };
      },
      (error: unknown) => {
        // A new deployment replaced the chunk: the guarded reload (app/lib/loading/chunk-reload.ts); while it
        // reloads the server's HTML stays. Otherwise the error reaches the nearest error boundary.
        const reloading = reloadingFor(error);
        if (reloading) return reloading;
        loading = null;
        throw error;
      },
    ));
  if (import.meta.env.SSR) serverLoads.push(start());
  else if (!pageHydrating) {
    const started = start();
    navigationLoads.add(started);
    // The boundary's render reports a failure.
    started.then(
      () => navigationLoads.delete(started),
      () => navigationLoads.delete(started),
    );
  }
  const Lazy = lazy(start);
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const isLoaded = () => loaded !== null;

  return function Deferred(props: P): ReactElement {
    // The server has the module and renders it directly; the browser goes through `lazy` unless the code
    // was already there when this instance mounted (a later client-side navigation).
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    const [serverProps] = useState(props);
    const [slot] = useState(() => new Slot());
    useEffect(() => {
      slot.mounted();
      return () => slot.release();
    }, [slot]);
    // Not useSyncExternalStore: its change would re-render the part at once, in one task; a transition
    // lets React spread the work (with live updates meanwhile, the whole match centre renders again).
    const [codeHere, setCodeHere] = useState(isLoaded);
    useEffect(() => {
      if (codeHere) return;
      const arrived = () => startTransition(() => setCodeHere(true));
      if (isLoaded()) return arrived();
      return subscribe(arrived);
    }, [codeHere]);
    const shown = codeHere ? props : serverProps;
    return useMemo(
      () => (
        <Suspense fallback={null}>
          <Component {...shown} slot={slot} />
        </Suspense>
      ),
      [Component, shown, slot],
    );
  };
}
