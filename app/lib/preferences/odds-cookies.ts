// The visitor's odds settings (issue #24) as this device keeps them: cookies,
// read by the server so a page renders the chosen format, or no odds, from the
// first byte. Here in app/lib rather than the odds feature: the account sync
// (account-preferences-sync.ts) writes them too. The panel's hook that uses
// them is app/features/odds/odds-preferences.ts.
import { PREFERENCE_ODDS_FORMATS } from '../../../domain/account-preferences.ts';
import type { PriceFormat } from '../../../domain/odds/prices.ts';
import { readCookie } from '../time/time-zone.ts';

type OddsFormat = PriceFormat;
const ODDS_FORMATS = PREFERENCE_ODDS_FORMATS;

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

/** A year-long cookie the pages read (none for null), as the device's settings are kept. */
export function writeCookie(name: string, value: string | null): void {
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
