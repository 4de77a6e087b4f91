// The header's badge that says a delay ("delay live updates by N seconds",
// app/lib/live/live-delay.ts) is holding this page's live updates back.
import { useSyncExternalStore } from 'react';
import { liveState, onLiveState, type LiveState } from '../../lib/live/live-client.ts';
import { useLiveDelay } from '../../lib/live/live-delay.ts';

function subscribeState(onChange: () => void): () => void {
  const stop = onLiveState(onChange);
  return () => void stop();
}

/** "Live +30 s": shown while this page follows live updates and a delay holds them back. */
export function LiveDelayBadge() {
  const delay = useLiveDelay();
  const state = useSyncExternalStore<LiveState>(subscribeState, liveState, () => 'idle');
  if (delay === 0 || state === 'idle') return null;
  return (
    <p
      className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100"
      data-testid="live-delay-badge"
    >
      <span aria-hidden="true">Live +{delay} s</span>
      <span className="sr-only">Live updates are delayed by {delay} seconds</span>
    </p>
  );
}
