// Colour mode in the browser (spec §9): reading, following and applying the
// visitor's choice. The modes, the storage key and the script that applies the
// mode before first paint are shared with the server (domain/colour-mode.ts).
import { COLOUR_MODE_STORAGE_KEY, type ColourMode } from '../../../domain/colour-mode.ts';

export function readColourMode(): ColourMode {
  try {
    const stored = window.localStorage.getItem(COLOUR_MODE_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function isDarkFor(mode: ColourMode): boolean {
  if (mode === 'dark') return true;
  if (mode === 'light') return false;
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

const CHANGE_EVENT = 'scoreline:colour-mode';

/** For useSyncExternalStore: changes in this tab and in other tabs. */
export function subscribeColourMode(onChange: () => void): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  // Follow the system setting live while the visitor has chosen "system".
  const onSystemChange = () => {
    if (readColourMode() === 'system') applyColourMode('system');
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === COLOUR_MODE_STORAGE_KEY) applyColourMode(readColourMode());
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  media.addEventListener('change', onSystemChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
    media.removeEventListener('change', onSystemChange);
  };
}

/** Stores the preference and applies it to <html> at once. */
export function applyColourMode(mode: ColourMode): void {
  try {
    if (mode === 'system') window.localStorage.removeItem(COLOUR_MODE_STORAGE_KEY);
    else window.localStorage.setItem(COLOUR_MODE_STORAGE_KEY, mode);
  } catch {
    // Storage can be disabled (private mode); the choice then lasts for this page only.
  }
  const root = document.documentElement;
  const dark = isDarkFor(mode);
  root.classList.toggle('dark', dark);
  root.dataset.colorMode = mode;
  root.style.colorScheme = dark ? 'dark' : 'light';
  window.dispatchEvent(new Event(CHANGE_EVENT));
}
