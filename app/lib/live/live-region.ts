// The page's one polite live region (app/components/live-announcer.tsx) as
// something to say things through: the region registers itself here when it
// mounts, and what it says is decided in app/lib/live/live-announcements.ts,
// loaded with the first live update. Kept apart so that helper code never
// imports a component (issue #18).

let speak: ((text: string) => void) | null = null;

/** Says `text` in the page's live region (nothing before it has mounted). */
export function speakLive(text: string): void {
  speak?.(text);
}

/** Called by the live region when it mounts; the returned function unregisters it. */
export function registerLiveRegion(say: (text: string) => void): () => void {
  speak = say;
  return () => {
    if (speak === say) speak = null;
  };
}
