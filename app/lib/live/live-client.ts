// What pages use to follow live updates: the tab's one live connection
// (app/lib/live/live-connection.ts) without its code in every page's first-load
// JavaScript (issue #5 budget). The first subscription loads the connection
// module, together with the event schemas it needs to open its stream, and
// hands it every subscription made meanwhile. Nothing is missed while the code
// arrives: a subscription carries the position its page's data was read at,
// and the connection resumes from there.
import type * as ConnectionModuleType from './live-connection.ts';
import { loadChunk } from '../loading/chunk-reload.ts';
import { nextTask } from '../loading/next-task.ts';
import type { LiveState, Subscription } from './live-connection.ts';

export type { LiveState } from './live-connection.ts';

type ConnectionModule = typeof ConnectionModuleType;

let module: ConnectionModule | null = null;
let loading: Promise<ConnectionModule> | null = null;
const stateListeners = new Set<(state: LiveState) => void>();

function load(): Promise<ConnectionModule> {
  // Started in a task of its own, not in the effects' (with the imports' preload links, that task was
  // one of the longest after hydration); zod, which the connection's schemas need, fetched and
  // evaluated alongside the connection, not after.
  loading ??= nextTask()
    .then(() => {
      void import('./zod-runtime.ts').catch(() => undefined);
      return loadChunk(() => import('./live-connection.ts'));
    })
    .then(
      (loaded) => {
        module = loaded;
        loaded.liveConnection().onState((state) => {
          for (const listener of stateListeners) listener(state);
        });
        return loaded;
      },
      (error: unknown) => {
        loading = null; // a failed chunk download is tried again by the next subscription
        throw error;
      },
    );
  return loading;
}

/** Follows `subscription.topics` from `position` (where the page's data was read); returns the unsubscribe. */
export function subscribeLive(subscription: Subscription, position: number | null): () => void {
  if (module) return module.liveConnection().subscribe(subscription, position);
  let stop: (() => void) | null = null;
  let cancelled = false;
  load().then(
    (loaded) => {
      if (!cancelled) stop = loaded.liveConnection().subscribe(subscription, position);
    },
    (error: unknown) => console.error('Live updates are unavailable: their code did not load.', error),
  );
  return () => {
    cancelled = true;
    stop?.();
  };
}

/** The connection's state ('idle' until something subscribes). */
export function liveState(): LiveState {
  return module?.liveConnection().state ?? 'idle';
}

export function onLiveState(listener: (state: LiveState) => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}
