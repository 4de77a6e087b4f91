import { useSyncExternalStore } from 'react';
import { COLOUR_MODES, type ColourMode } from '../../domain/colour-mode.ts';
import { applyColourMode, readColourMode, subscribeColourMode } from '../lib/preferences/colour-mode.ts';

const LABELS: Record<ColourMode, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** A three-way choice; plain radio buttons, so keyboard and screen readers work as expected. */
export function ColourModeSwitch() {
  // The server cannot see localStorage: it renders "system" and the browser corrects it after hydration.
  const mode = useSyncExternalStore(subscribeColourMode, readColourMode, () => 'system' as const);

  return (
    <fieldset className="flex items-center gap-0.5 rounded-full border border-slate-300 p-0.5 text-xs dark:border-slate-600">
      <legend className="sr-only">Colour mode</legend>
      {COLOUR_MODES.map((option) => (
        <label
          key={option}
          className="cursor-pointer rounded-full px-2 py-1 has-checked:bg-slate-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:has-checked:bg-slate-100 dark:has-checked:text-slate-900"
        >
          <input
            type="radio"
            name="colour-mode"
            value={option}
            checked={mode === option}
            onChange={() => applyColourMode(option)}
            className="sr-only"
          />
          {LABELS[option]}
        </label>
      ))}
    </fieldset>
  );
}
