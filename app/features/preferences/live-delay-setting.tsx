// "Delay live updates by N seconds" (issue #5) where pages show it: the form
// (live-delay-control.tsx) is rendered by the server and its code loads after
// the page's (app/lib/loading/deferred.tsx; first-load budget).
import { deferred } from '../../lib/loading/deferred.tsx';

export const LiveDelaySetting = deferred<{ className?: string }>(
  async () => (await import('./live-delay-control.tsx')).LiveDelayControl,
);
