// Keeps the device's favourites (app/lib/preferences/favourites.ts) and the signed-in
// account's in step (issue #5: "kept on the device for guests, synced to the
// account once accounts exist").
// - The first time this device sees an account, what was starred here as a
//   guest is added to the account (sign-in by form already sends it; sign-in
//   through OpenID Connect does not), then the device shows the account's set.
// - After that the account is the truth: each page load takes its set, and
//   every star or unstar is written to it as it happens.
// - Signing out keeps the device's copy, as a guest's favourites.
// Loaded only for signed-in visitors, by app/lib/preferences/use-favourites-sync.ts; the
// display settings (hide odds, chat masking, …) follow the account from the same chunk
// (account-preferences-sync.ts, in this same chunk).
import { startAccountPreferencesSync } from './account-preferences-sync.ts';
import {
  FAVOURITES_STORAGE_KEY,
  parseFavourites,
  replaceFavourites,
  setAccountWriter,
  type FavouriteKind,
  type Favourites,
} from './favourites.ts';

/** Which account this device's favourites were last merged into. */
export const FAVOURITES_OWNER_KEY = 'scoreline-favourites-owner';
const API = '/api/auth/favourites';

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the account still has them.
  }
}

function pathOf(kind: FavouriteKind, ref: string): string {
  return `${API}/${kind}/${encodeURIComponent(ref)}`;
}

/** True once the account has the change, or can never have it (404: the team or match is gone). */
async function writeToAccount(kind: FavouriteKind, ref: string, starred: boolean): Promise<boolean> {
  try {
    const response = await fetch(pathOf(kind, ref), {
      method: starred ? 'PUT' : 'DELETE',
      credentials: 'same-origin',
      // A star clicked just before leaving the page still reaches the account.
      keepalive: true,
    });
    return response.ok || response.status === 404;
  } catch {
    return false;
  }
}

/** What the device has that the account lacks: one entry per favourite to add. */
export function missingFromAccount(device: Favourites, account: Favourites): Array<[FavouriteKind, string]> {
  return [
    ...device.teams
      .filter((id) => !account.teams.includes(id))
      .map((id): [FavouriteKind, string] => ['team', String(id)]),
    ...device.competitions
      .filter((code) => !account.competitions.includes(code))
      .map((code): [FavouriteKind, string] => ['competition', code]),
    ...device.matches
      .filter((id) => !account.matches.includes(id))
      .map((id): [FavouriteKind, string] => ['match', String(id)]),
  ];
}

/** Device ∪ account, device order first. */
export function unionOf(device: Favourites, account: Favourites): Favourites {
  const join = <T>(first: readonly T[], second: readonly T[]) => [
    ...first,
    ...second.filter((item) => !first.includes(item)),
  ];
  return {
    teams: join(device.teams, account.teams),
    competitions: join(device.competitions, account.competitions),
    matches: join(device.matches, account.matches),
  };
}

async function synchronise(userId: number, signal: AbortSignal): Promise<void> {
  const response = await fetch(API, { credentials: 'same-origin', signal });
  if (!response.ok) return;
  const body: unknown = await response.json();
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  // Read with the device's own parser: same shape, and no zod in the page's JavaScript.
  const account = parseFavourites(JSON.stringify(data ?? null));
  if (signal.aborted) return;
  if (readStorage(FAVOURITES_OWNER_KEY) === String(userId)) {
    replaceFavourites(account);
    return;
  }
  const device = parseFavourites(readStorage(FAVOURITES_STORAGE_KEY));
  const missing = missingFromAccount(device, account);
  const added = await Promise.all(missing.map(([kind, ref]) => writeToAccount(kind, ref, true)));
  if (signal.aborted) return;
  replaceFavourites(unionOf(device, account));
  // Until every addition has gone through (offline?), the next page load merges again.
  if (added.every(Boolean)) writeStorage(FAVOURITES_OWNER_KEY, String(userId));
}

/**
 * While `userId` is signed in, favourites follow the account; `queued` are the stars and unstars
 * made before this code arrived, written first. Returns the stop.
 */
export function startFavouritesSync(
  userId: number,
  queued: ReadonlyArray<[FavouriteKind, string, boolean]>,
): () => void {
  setAccountWriter((kind, ref, starred) => void writeToAccount(kind, ref, starred));
  const controller = new AbortController();
  const run = async () => {
    for (const [kind, ref, starred] of queued) await writeToAccount(kind, ref, starred);
    await synchronise(userId, controller.signal);
  };
  run().catch(() => {
    // Offline or signed out meanwhile: the device's copy stays as it is.
  });
  const stopPreferences = startAccountPreferencesSync(userId);
  return () => {
    controller.abort();
    setAccountWriter(null);
    stopPreferences();
  };
}
