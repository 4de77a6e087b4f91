// The display settings that follow a signed-in account from device to device
// (issues #5, #23, #24): "hide odds" and the price format, chat masking,
// spoiler-safe mode (every score, or chosen teams) and "delay live updates".
// A guest keeps each on the device (cookies or localStorage, as before); a
// member's account stores them (migration 0024, GET/PUT/PATCH
// /api/auth/preferences) and the browser copies the account's values onto the
// device (app/lib/preferences/account-preferences-sync.ts), so the server
// renders the next page right from the first byte.
//
// Plain values and types only: the browser's sync code reads this file, and
// zod (the API's schemas: account-preferences-contracts.ts) stays out of it.
import type { PriceFormat } from './odds/prices.ts';

export const PREFERENCE_ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const satisfies readonly PriceFormat[];
/** As app/lib/live/live-delay.ts: at most five minutes behind. */
export const PREFERENCE_LIVE_DELAY_MAX_SECONDS = 300;
/** As app/lib/preferences/spoiler.ts keeps in its cookie. */
export const PREFERENCE_SPOILER_TEAMS_MAX = 50;

export interface AccountPreferences {
  /** No odds panel and no win-probability graph on match pages. */
  oddsHidden: boolean;
  oddsFormat: PriceFormat;
  /** Mask bad language in match chats (on unless turned off). */
  chatMask: boolean;
  /** Spoiler-safe mode: every score hidden until revealed. */
  spoilerSafe: boolean;
  /** The teams whose scores are hidden even with spoiler-safe mode off; each once. */
  spoilerTeams: number[];
  /** Live updates held back this many seconds (to stay behind a TV broadcast). */
  liveDelaySeconds: number;
}
export type AccountPreferenceKey = keyof AccountPreferences;

export const ACCOUNT_PREFERENCE_KEYS: readonly AccountPreferenceKey[] = [
  'oddsHidden',
  'oddsFormat',
  'chatMask',
  'spoilerSafe',
  'spoilerTeams',
  'liveDelaySeconds',
];

/** What a device has before anyone chooses: the same defaults as a guest's. */
export const DEFAULT_ACCOUNT_PREFERENCES: AccountPreferences = Object.freeze({
  oddsHidden: false,
  oddsFormat: 'decimal',
  chatMask: true,
  spoilerSafe: false,
  spoilerTeams: [],
  liveDelaySeconds: 0,
}) as AccountPreferences;

/** The account's settings as the API answers them. */
export interface AccountPreferencesState {
  preferences: AccountPreferences;
  saved: AccountPreferenceKey[];
  updatedAt: string | null;
}
