// Mounted once by the root: a signed-in visitor's favourites follow their
// account (app/lib/preferences/favourites-sync.ts). That code loads only when someone is
// signed in, so a guest's pages do not carry it (issue #5 first-load budget).
import { useEffect } from 'react';
import { loadChunk } from '../loading/chunk-reload.ts';
import { setAccountWriter, type FavouriteKind } from './favourites.ts';

export function useFavouritesSync(userId: number | null): void {
  useEffect(() => {
    if (userId === null) return;
    // A star clicked before the code is here waits for it rather than being lost.
    const queued: Array<[FavouriteKind, string, boolean]> = [];
    setAccountWriter((kind, ref, starred) => void queued.push([kind, ref, starred]));
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Offline, the load waits for the connection to come back.
    loadChunk(() => import('./favourites-sync.ts')).then(
      ({ startFavouritesSync }) => {
        if (!cancelled) stop = startFavouritesSync(userId, queued);
      },
      (error: unknown) => console.error('Favourites cannot be synced to your account: their code did not load.', error),
    );
    return () => {
      cancelled = true;
      if (stop) stop();
      else setAccountWriter(null);
    };
  }, [userId]);
}
