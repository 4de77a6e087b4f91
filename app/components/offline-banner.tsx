import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { useOnlineStatus } from '../lib/network/online-status.ts';

/** Shown while the browser is offline; when it comes back, the page's data is refreshed. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const revalidator = useRevalidator();
  const wasOffline = useRef(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
    } else if (wasOffline.current) {
      wasOffline.current = false;
      void revalidator.revalidate();
    }
  }, [online, revalidator]);

  if (online) return null;
  return (
    <div role="status" className="sticky top-0 z-40 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
      You are offline. Scores will update again as soon as your connection is back.
    </div>
  );
}
