// The visitor's odds settings (issue #24): the price format and "hide odds",
// per device. Kept in cookies, like spoiler-safe mode (app/lib/preferences/
// spoiler.ts), so the server renders the chosen format — or no odds at all —
// from the first byte: a visitor who hid betting content never sees it flash
// before hydration. Another page already open picks a change up when it next
// loads its data.
// A signed-in visitor's settings follow their account
// (app/lib/preferences/account-preferences-sync.ts): a change here is sent at
// once, and the account's values arriving from another device show here.
import { useCallback, useEffect, useState } from 'react';
import type { AccountPreferences } from '../../../domain/account-preferences.ts';
import { ACCOUNT_PREFERENCES_EVENT, PREFERENCES_CHANGED_EVENT } from '../../lib/preferences/preference-events.ts';
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
    window.dispatchEvent(new Event(PREFERENCES_CHANGED_EVENT));
  }, []);
  // The account's settings, once copied onto this device (cookies already written), show here at once —
  // also when they were copied before this panel arrived (it loads after the page): the cookies are read
  // once on mount as well (by hand: readCookie lives in the shell, which exports it to no feature chunk).
  useEffect(() => {
    const show = ({ hidden, format }: OddsPreferences) =>
      setPreferences((current) =>
        current.hidden === hidden && current.format === format ? current : { hidden, format },
      );
    const onApplied = (event: Event) => {
      const { oddsHidden, oddsFormat } = (event as CustomEvent<AccountPreferences>).detail;
      show({ hidden: oddsHidden, format: oddsFormat });
    };
    queueMicrotask(() => {
      const cookies = `; ${document.cookie}`;
      show({
        hidden: cookies.includes(`; ${ODDS_HIDDEN_COOKIE}=1`),
        format: parseOddsFormat(cookies.split(`; ${ODDS_FORMAT_COOKIE}=`)[1]?.split(';')[0] ?? null),
      });
    });
    window.addEventListener(ACCOUNT_PREFERENCES_EVENT, onApplied);
    return () => window.removeEventListener(ACCOUNT_PREFERENCES_EVENT, onApplied);
  }, []);
  return [preferences, change];
}
