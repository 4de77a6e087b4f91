// The player as pages use it: its code (and hls.js, which it imports only when needed) is not part of a
// page's first-load JavaScript (server/page-budgets.test.ts). The server renders it whole (poster and
// controls); the browser hydrates it when its chunk arrives.
import { deferred } from '../../lib/loading/deferred.tsx';
import type { VideoPlayerProps } from './video-player.tsx';

export const Player = deferred<VideoPlayerProps>(async () => (await import('./video-player.tsx')).VideoPlayer);
