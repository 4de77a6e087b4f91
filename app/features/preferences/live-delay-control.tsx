// "Delay live updates by N seconds" (issue #5): the per-device setting on the
// day's match lists, the live page and match pages. Pages use it through
// live-delay-setting.tsx, which loads this code after the page's.
import { useId, useState } from 'react';
import { useHydrated } from '../../lib/loading/deferred.tsx';
import { LIVE_DELAY_MAX_SECONDS, parseLiveDelay, setLiveDelay, useLiveDelay } from '../../lib/live/live-delay.ts';


export function LiveDelayControl({ className = '' }: { className?: string }) {
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
            if (event.target.validity.valid && event.target.value !== '')
              setLiveDelay(parseLiveDelay(event.target.value));
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
