// "Delay live updates by N seconds" (issue #5): the per-device setting beside
// the spoiler switch and on match pages, and the header badge that says a
// delay is holding this page's live updates back.
import { useId, useState, useSyncExternalStore } from 'react';
import { liveConnection, type LiveState } from '../../lib/live-connection.ts';
import { LIVE_DELAY_MAX_SECONDS, parseLiveDelay, setLiveDelay, useLiveDelay } from '../../lib/live-delay.ts';

const noSubscription = () => () => {};

/** False in the server's HTML and the first client render, true once hydrated. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function LiveDelaySetting({ className = '' }: { className?: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const delay = useLiveDelay();
  // What the visitor is typing; the stored value follows each valid number.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(delay);
  return (
    <div className={`inline-flex items-center gap-2 text-sm ${className}`}>
      <label htmlFor={id} className="font-semibold">
        Delay live updates
      </label>
      <span className="inline-flex items-center gap-1">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={LIVE_DELAY_MAX_SECONDS}
          step={1}
          value={shown}
          disabled={!hydrated}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setDraft(event.target.value);
            if (event.target.validity.valid && event.target.value !== '') setLiveDelay(parseLiveDelay(event.target.value));
          }}
          onBlur={() => {
            setLiveDelay(parseLiveDelay(shown));
            setDraft(null);
          }}
          className="w-16 rounded-md border border-slate-400 bg-white px-2 py-1 text-right tabular-nums disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900"
        />
        <span aria-hidden="true">s</span>
      </span>
      <span id={`${id}-hint`} className="sr-only">
        seconds, 0 to {LIVE_DELAY_MAX_SECONDS}, to stay behind a TV broadcast
      </span>
    </div>
  );
}

function subscribeState(onChange: () => void): () => void {
  const stop = liveConnection().onState(onChange);
  return () => void stop();
}

/** "Live +30 s": shown while this page follows live updates and a delay holds them back. */
export function LiveDelayBadge() {
  const delay = useLiveDelay();
  const state = useSyncExternalStore<LiveState>(
    subscribeState,
    () => liveConnection().state,
    () => 'idle',
  );
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
