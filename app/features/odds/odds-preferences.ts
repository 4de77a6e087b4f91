// The visitor's odds settings (issue #24): the price format and "hide odds",
// per device. Kept in cookies, like spoiler-safe mode (app/lib/preferences/
// spoiler.ts), so the server renders the chosen format — or no odds at all —
// from the first byte: a visitor who hid betting content never sees it flash
// before hydration. Another page already open picks a change up when it next
// loads its data. The cookies themselves: app/lib/preferences/odds-cookies.ts.
// A signed-in visitor's settings follow their account
// (app/lib/preferences/account-preferences-sync.ts): a change here is sent at
// once, and the account's values arriving from another device show here.
import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_PREFERENCES_EVENT, PREFERENCES_CHANGED_EVENT } from '../../lib/preferences/preference-events.ts';
import { writeOddsPreferences, type OddsPreferences } from '../../lib/preferences/odds-cookies.ts';
import type { AccountPreferences } from '../../../domain/account-preferences.ts';

export {
  DEFAULT_ODDS_PREFERENCES,
  ODDS_FORMAT_COOKIE,
  ODDS_HIDDEN_COOKIE,
  oddsPreferencesFromCookie,
  parseOddsFormat,
  writeOddsPreferences,
  type OddsPreferences,
} from '../../lib/preferences/odds-cookies.ts';

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
  // The account's settings, once copied onto this device (cookies already written), show here at once.
  useEffect(() => {
    const onApplied = (event: Event) => {
      const { oddsHidden, oddsFormat } = (event as CustomEvent<AccountPreferences>).detail;
      setPreferences((current) =>
        current.hidden === oddsHidden && current.format === oddsFormat
          ? current
          : { hidden: oddsHidden, format: oddsFormat },
      );
    };
    window.addEventListener(ACCOUNT_PREFERENCES_EVENT, onApplied);
    return () => window.removeEventListener(ACCOUNT_PREFERENCES_EVENT, onApplied);
  }, []);
  return [preferences, change];
}
