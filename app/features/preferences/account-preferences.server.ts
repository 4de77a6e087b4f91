// At sign-in by form, the account's display settings that pages render from
// cookies (hide odds, the odds format, spoiler-safe mode) go out with the
// redirect, so the first page after sign-in is rendered with them: a member who
// hid odds on their phone never sees them flash on a laptop they sign in on.
// What the account never chose is left as the device has it (the sync code,
// account-preferences-sync.ts, gives it to the account on that page).
import type { AccountPreferencesState } from '../../../domain/account-preferences.ts';
import { SPOILER_COOKIE, SPOILER_TEAMS_COOKIE } from '../../lib/preferences/spoiler.ts';
import { ODDS_FORMAT_COOKIE, ODDS_HIDDEN_COOKIE } from '../odds/odds-preferences.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** As the browser writes them (odds-preferences.ts, spoiler.ts): no value is no cookie. */
function cookie(name: string, value: string | null, secure: boolean): string {
  const flags = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return value === null ? `${name}=; Max-Age=0; ${flags}` : `${name}=${value}; Max-Age=${ONE_YEAR_SECONDS}; ${flags}`;
}

export function preferenceCookies(state: AccountPreferencesState, secure: boolean): string[] {
  const { preferences, saved } = state;
  const lines: string[] = [];
  if (saved.includes('oddsHidden')) lines.push(cookie(ODDS_HIDDEN_COOKIE, preferences.oddsHidden ? '1' : null, secure));
  if (saved.includes('oddsFormat'))
    lines.push(
      cookie(ODDS_FORMAT_COOKIE, preferences.oddsFormat === 'decimal' ? null : preferences.oddsFormat, secure),
    );
  if (saved.includes('spoilerSafe')) lines.push(cookie(SPOILER_COOKIE, preferences.spoilerSafe ? '1' : null, secure));
  if (saved.includes('spoilerTeams'))
    lines.push(
      cookie(
        SPOILER_TEAMS_COOKIE,
        preferences.spoilerTeams.length > 0 ? preferences.spoilerTeams.join('-') : null,
        secure,
      ),
    );
  return lines;
}
