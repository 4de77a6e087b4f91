// Analytics tag manager (spec §9): only when a container id is configured, and
// only 3500 ms after the page has loaded or on the first scroll, mouse move or
// touch, whichever comes first — so it never competes with the page itself.

export const ANALYTICS_DELAY_MS = 3500;
const INTERACTION_EVENTS = ['scroll', 'mousemove', 'touchstart'] as const;

let scheduled = false;

export function scheduleTagManager(containerId: string | null): void {
  if (!containerId || scheduled) return;
  scheduled = true;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const load = () => {
    clearTimeout(timer);
    for (const name of INTERACTION_EVENTS) window.removeEventListener(name, load);
    window.removeEventListener('load', startTimer);
    injectTagManager(containerId);
  };
  function startTimer() {
    timer = setTimeout(load, ANALYTICS_DELAY_MS);
  }

  for (const name of INTERACTION_EVENTS) window.addEventListener(name, load, { once: true, passive: true });
  if (document.readyState === 'complete') startTimer();
  else window.addEventListener('load', startTimer, { once: true });
}

function injectTagManager(containerId: string): void {
  if (document.querySelector('script[data-tag-manager]')) return;
  const w = window as Window & { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.dataset.tagManager = containerId;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  document.head.appendChild(script);
}
