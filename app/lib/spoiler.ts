// Spoiler-safe mode (issue #5): a per-device switch that hides scores until
// the visitor reveals them. Kept in a cookie rather than localStorage so the
// server renders hidden scores from the very first byte: a spoiler must never
// flash before hydration. Revealed matches last for the page view only.
import { useCallback, useState } from 'react';
import { readCookie } from './time-zone.ts';

export const SPOILER_COOKIE = 'spoiler-safe';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Whether the request's device has spoiler-safe mode on. */
export function spoilerSafeFromCookie(cookieHeader: string | null): boolean {
  return readCookie(cookieHeader, SPOILER_COOKIE) === '1';
}

function writeSpoilerCookie(on: boolean): void {
  document.cookie = on
    ? `${SPOILER_COOKIE}=1; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`
    : `${SPOILER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export interface SpoilerState {
  spoilerSafe: boolean;
  setSpoilerSafe: (on: boolean) => void;
  isHidden: (matchId: number) => boolean;
  reveal: (matchId: number) => void;
}

/** The switch (starting from what the server rendered) and the matches revealed on this page. */
export function useSpoilerSafe(serverValue: boolean): SpoilerState {
  const [spoilerSafe, setState] = useState(serverValue);
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(() => new Set());
  const setSpoilerSafe = useCallback((on: boolean) => {
    writeSpoilerCookie(on);
    setState(on);
    setRevealed(new Set());
  }, []);
  const isHidden = useCallback((matchId: number) => spoilerSafe && !revealed.has(matchId), [spoilerSafe, revealed]);
  const reveal = useCallback((matchId: number) => setRevealed((current) => new Set(current).add(matchId)), []);
  return { spoilerSafe, setSpoilerSafe, isHidden, reveal };
}
