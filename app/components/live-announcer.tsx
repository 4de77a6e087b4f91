// The polite live region (issue #5, WCAG 2.2 AA): goals and red cards from
// live updates, read out by screen readers without moving focus. What it says
// is decided in app/lib/live/live-announcements.ts, loaded with the first live
// update, which speaks through app/lib/live/live-region.ts; this part, in every
// page, is the region itself.
import { useEffect, useState } from 'react';
import { registerLiveRegion } from '../lib/live/live-region.ts';

/** The page's one live region; mounted once, in the root. */
export function LiveAnnouncer() {
  const [text, setText] = useState('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unregister = registerLiveRegion((next) => {
      // Emptied first so the same words twice in a row are read twice.
      setText('');
      clearTimeout(timer);
      timer = setTimeout(() => setText(next), 100);
    });
    return () => {
      unregister();
      clearTimeout(timer);
    };
  }, []);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-announcer">
      {text}
    </div>
  );
}
