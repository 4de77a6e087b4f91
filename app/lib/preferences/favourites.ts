// Favourites kept on the device (issue #5): teams, competitions and matches a
// visitor has starred, in localStorage; while signed in, every change is also
// written to the account (app/lib/preferences/favourites-sync.ts keeps the two in step). Read with
// useSyncExternalStore whose server snapshot is "nothing starred", so the
// first client render matches the server's HTML and the pinned order follows
// right after hydration.
import { useSyncExternalStore } from 'react';

export const FAVOURITES_STORAGE_KEY = 'scoreline-favourites';
const CHANGE_EVENT = 'scoreline:favourites';

export interface Favourites {
  teams: number[];
  competitions: string[];
  matches: number[];
}

export const NO_FAVOURITES: Favourites = Object.freeze({ teams: [], competitions: [], matches: [] }) as Favourites;

// Checked by hand rather than with zod: zod compiles its checks with `new
// Function`, which the Content-Security-Policy forbids, and it would add
// weight to every page's JavaScript.
function integers(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Stored text → favourites; anything unreadable counts as none. */
export function parseFavourites(raw: string | null): Favourites {
  if (!raw) return NO_FAVOURITES;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return NO_FAVOURITES;
    const record = parsed as Record<string, unknown>;
    return {
      teams: integers(record.teams),
      competitions: strings(record.competitions),
      matches: integers(record.matches),
    };
  } catch {
    return NO_FAVOURITES;
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(FAVOURITES_STORAGE_KEY);
  } catch {
    return null;
  }
}

// useSyncExternalStore needs the same object while the stored text is unchanged.
let cachedRaw: string | null = null;
let cachedValue: Favourites = NO_FAVOURITES;

function snapshot(): Favourites {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parseFavourites(raw);
  }
  return cachedValue;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === FAVOURITES_STORAGE_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function useFavourites(): Favourites {
  return useSyncExternalStore(subscribe, snapshot, () => NO_FAVOURITES);
}

function toggled<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];
}

export type FavouriteKind = 'team' | 'competition' | 'match';
type AccountWriter = (kind: FavouriteKind, ref: string, starred: boolean) => void;
let accountWriter: AccountWriter | null = null;

/** While signed in, stars and unstars also go to the account (set by app/lib/preferences/favourites-sync.ts). */
export function setAccountWriter(writer: AccountWriter | null): void {
  accountWriter = writer;
}

/** Replaces what this device keeps (the account's favourites, once signed in). */
export function replaceFavourites(next: Favourites): void {
  update(() => next);
}

function update(change: (current: Favourites) => Favourites): Favourites {
  const next = change(snapshot());
  try {
    window.localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage can be disabled (private mode): nothing to keep.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
  return next;
}

export function toggleFavouriteTeam(teamId: number): void {
  const next = update((current) => ({ ...current, teams: toggled(current.teams, teamId) }));
  accountWriter?.('team', String(teamId), next.teams.includes(teamId));
}

export function toggleFavouriteCompetition(code: string): void {
  const next = update((current) => ({ ...current, competitions: toggled(current.competitions, code) }));
  accountWriter?.('competition', code, next.competitions.includes(code));
}

export function toggleFavouriteMatch(matchId: number): void {
  const next = update((current) => ({ ...current, matches: toggled(current.matches, matchId) }));
  accountWriter?.('match', String(matchId), next.matches.includes(matchId));
}
