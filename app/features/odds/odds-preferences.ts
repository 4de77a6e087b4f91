// The visitor's odds settings (issue #24): the price format and "hide odds",
// per device. Kept in cookies, like spoiler-safe mode (app/lib/preferences/
// spoiler.ts), so the server renders the chosen format — or no odds at all —
// from the first byte: a visitor who hid betting content never sees it flash
// before hydration. Another page already open picks a change up when it next
// loads its data.
import { useCallback, useState } from 'react';
import { readCookie } from '../../lib/time/time-zone.ts';
import { ODDS_FORMATS, type OddsFormat } from './odds-format.ts';

export const ODDS_FORMAT_COOKIE = 'odds-format';
/** "1": this device hides the odds panel and the win-probability graph. */
export const ODDS_HIDDEN_COOKIE = 'odds-hidden';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface OddsPreferences {
  format: OddsFormat;
  hidden: boolean;
}

export const DEFAULT_ODDS_PREFERENCES: OddsPreferences = { format: 'decimal', hidden: false };

export function parseOddsFormat(raw: string | null): OddsFormat {
  return (ODDS_FORMATS as readonly string[]).includes(raw ?? '') ? (raw as OddsFormat) : 'decimal';
}

/** The request's (or the browser's) settings; anything unknown reads as the defaults. */
export function oddsPreferencesFromCookie(cookieHeader: string | null): OddsPreferences {
  return {
    format: parseOddsFormat(readCookie(cookieHeader, ODDS_FORMAT_COOKIE)),
    hidden: readCookie(cookieHeader, ODDS_HIDDEN_COOKIE) === '1',
  };
}

function writeCookie(name: string, value: string | null): void {
  document.cookie =
    value === null
      ? `${name}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${name}=${value}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/** Stores the settings; the defaults leave no cookie behind (a page with none stays in the shared page cache). */
export function writeOddsPreferences(preferences: OddsPreferences): void {
  writeCookie(ODDS_FORMAT_COOKIE, preferences.format === 'decimal' ? null : preferences.format);
  writeCookie(ODDS_HIDDEN_COOKIE, preferences.hidden ? '1' : null);
}

/** The settings, starting from what the server rendered with; each change is stored at once. */
export function useOddsPreferences(
  serverValue: OddsPreferences,
): [OddsPreferences, (change: Partial<OddsPreferences>) => void] {
  const [preferences, setPreferences] = useState(serverValue);
  const change = useCallback((update: Partial<OddsPreferences>) => {
    setPreferences((current) => {
      const next = { ...current, ...update };
      writeOddsPreferences(next);
      return next;
    });
  }, []);
  return [preferences, change];
}
