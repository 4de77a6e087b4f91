// Colour mode (spec §9): system | light | dark, kept in localStorage and applied
// before first paint by COLOUR_MODE_SCRIPT. The page inlines the script and the
// server puts its SHA-256 hash in the Content-Security-Policy
// (server/platform/security.ts), so both read it from here; the browser side of
// the preference is app/lib/preferences/colour-mode.ts.

export const COLOUR_MODES = ['system', 'light', 'dark'] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];
export const COLOUR_MODE_STORAGE_KEY = 'scoreline-color-mode';

// Keep this a constant string: its hash is computed once on the server.
export const COLOUR_MODE_SCRIPT = `(function(){try{var k='${COLOUR_MODE_STORAGE_KEY}';var m=localStorage.getItem(k);if(m!=='light'&&m!=='dark')m='system';var d=m==='dark'||(m==='system'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var r=document.documentElement;r.classList.toggle('dark',d);r.dataset.colorMode=m;r.style.colorScheme=d?'dark':'light';}catch(e){}})();`;
