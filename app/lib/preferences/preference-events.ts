// Window events of the display settings that follow a signed-in account
// (account-preferences-sync.ts). Names only: part of no page's first load.

/** A setting kept in cookies changed on this page (the odds panel): the account sync sends it now. */
export const PREFERENCES_CHANGED_EVENT = 'scoreline:preferences-changed';
/** The account's settings were copied onto this device; `detail` holds them (AccountPreferences). */
export const ACCOUNT_PREFERENCES_EVENT = 'scoreline:account-preferences';
