// Spoiler-safe mode (issue #5): a per-device setting that hides scores until
// the visitor reveals them — every score, or only the matches of chosen teams.
// Kept in cookies rather than localStorage so the server renders hidden scores
// from the very first byte: a spoiler must never flash before hydration.
// Revealed matches last for the page view only.
import { useCallback, useState } from 'react';
import { readCookie } from '../time/time-zone.ts';

/** "1": every score is hidden. */
export const SPOILER_COOKIE = 'spoiler-safe';
/** The teams whose scores are hidden, as ids joined by "-" ("12-45"). */
export const SPOILER_TEAMS_COOKIE = 'spoiler-teams';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const MAX_TEAMS = 50;

export interface SpoilerSetting {
  all: boolean;
  teams: number[];
}

export const NO_SPOILER_SETTING: SpoilerSetting = { all: false, teams: [] };

/** Cookie text → team ids: positive integers, each once, at most 50; anything else is dropped. */
export function parseSpoilerTeams(raw: string | null): number[] {
  if (!raw) return [];
  const ids = raw
    .split('-')
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(0, MAX_TEAMS);
}

/** The request's (or the browser's) spoiler setting. */
export function spoilerSettingFromCookie(cookieHeader: string | null): SpoilerSetting {
  return {
    all: readCookie(cookieHeader, SPOILER_COOKIE) === '1',
    teams: parseSpoilerTeams(readCookie(cookieHeader, SPOILER_TEAMS_COOKIE)),
  };
}

/** Whether the setting hides this match's score. */
export function hidesMatch(setting: SpoilerSetting, match: { home: { id: number }; away: { id: number } }): boolean {
  return setting.all || setting.teams.includes(match.home.id) || setting.teams.includes(match.away.id);
}

function writeCookie(name: string, value: string | null): void {
  document.cookie =
    value === null
      ? `${name}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${name}=${value}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

function writeSetting(setting: SpoilerSetting): void {
  writeCookie(SPOILER_COOKIE, setting.all ? '1' : null);
  writeCookie(SPOILER_TEAMS_COOKIE, setting.teams.length > 0 ? setting.teams.join('-') : null);
}

type MatchTeams = { id: number; home: { id: number }; away: { id: number } };

export interface SpoilerState {
  setting: SpoilerSetting;
  /** Every score hidden (the lists' "Hide scores" switch). */
  spoilerSafe: boolean;
  setSpoilerSafe: (on: boolean) => void;
  hidesTeam: (teamId: number) => boolean;
  setTeamHidden: (teamId: number, on: boolean) => void;
  isHidden: (match: MatchTeams) => boolean;
  reveal: (matchId: number) => void;
}

/** The setting (starting from what the server rendered) and the matches revealed on this page. */
export function useSpoilerSafe(serverValue: SpoilerSetting): SpoilerState {
  const [setting, setSetting] = useState(serverValue);
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(() => new Set());
  const change = useCallback((next: (current: SpoilerSetting) => SpoilerSetting) => {
    setSetting((current) => {
      const updated = next(current);
      writeSetting(updated);
      return updated;
    });
    setRevealed(new Set());
  }, []);
  const setSpoilerSafe = useCallback((on: boolean) => change((current) => ({ ...current, all: on })), [change]);
  const setTeamHidden = useCallback(
    (teamId: number, on: boolean) =>
      change((current) => ({
        ...current,
        teams: on
          ? [...current.teams.filter((id) => id !== teamId), teamId].slice(-MAX_TEAMS)
          : current.teams.filter((id) => id !== teamId),
      })),
    [change],
  );
  const hidesTeam = useCallback((teamId: number) => setting.teams.includes(teamId), [setting]);
  const isHidden = useCallback(
    (match: MatchTeams) => hidesMatch(setting, match) && !revealed.has(match.id),
    [setting, revealed],
  );
  const reveal = useCallback((matchId: number) => setRevealed((current) => new Set(current).add(matchId)), []);
  return { setting, spoilerSafe: setting.all, setSpoilerSafe, hidesTeam, setTeamHidden, isHidden, reveal };
}
