// Keeps this device's display settings and the signed-in account's in step
// (domain/account-preferences.ts): hide odds and the odds format (cookies),
// chat masking and the live delay (localStorage), spoiler-safe mode (cookies).
// Started with the favourites' sync (favourites-sync.ts), in the same chunk
// that loads only for signed-in visitors: a guest's pages carry none of it,
// and no page's first-load JavaScript grew for it.
//
// A three-way merge, per setting, against what this device and the account
// last agreed on (SNAPSHOT_KEY, kept per account):
// - a setting this device changed since then (on this page or an earlier one,
//   even before this code arrived) goes to the account (PATCH: only the
//   settings changed, so two devices changing different ones both stay);
// - any other takes the account's value: the device's cookies are rewritten
//   (so the NEXT server render is right from its first byte), its storage too,
//   and the page open now updates (DEVICE_NAMES.appliedEvent; chat masking and
//   the live delay through their own change events);
// - the first time this device sees the account, a setting the account never
//   chose takes this device's choice, if it made one (a guest's "hide odds"
//   carries into the account it signs in to, as starred favourites do).
// Changes are sent as they happen where a setter announces them (odds panel,
// chat masking, live delay), and when the page is hidden or left for the rest
// (spoiler-safe switches), else at the next page load.
// Signing out keeps the device's copy, as a guest's settings.
import {
  ACCOUNT_PREFERENCE_KEYS,
  DEFAULT_ACCOUNT_PREFERENCES,
  PREFERENCE_LIVE_DELAY_MAX_SECONDS,
  PREFERENCE_ODDS_FORMATS,
  type AccountPreferenceKey,
  type AccountPreferences,
} from '../../../domain/account-preferences.ts';

const API = '/api/auth/preferences';
/** `{ owner, values }`: the account these settings were last agreed with, and the settings. */
export const PREFERENCES_SNAPSHOT_KEY = 'scoreline-preferences-synced';

type Change = Partial<AccountPreferences>;

// Each setting is read and written here by its cookie or storage name rather than through the module that
// owns it (odds-preferences.ts, chat-preferences.ts, spoiler.ts, live-delay.ts): those go with other pages' code, and
// each file this chunk shared with them would be one more name in every page's first load (a budget with
// nothing to spare). account-preferences-sync.test.ts checks these names against theirs.
export const DEVICE_NAMES = {
  /** preference-events.ts's: a cookie setting changed on the page; the account's settings were applied. */
  changedEvent: 'scoreline:preferences-changed',
  appliedEvent: 'scoreline:account-preferences',
  oddsHiddenCookie: 'odds-hidden',
  oddsFormatCookie: 'odds-format',
  chatMaskKey: 'scoreline-chat-mask',
  chatMaskEvent: 'scoreline:chat-mask',
  spoilerCookie: 'spoiler-safe',
  spoilerTeamsCookie: 'spoiler-teams',
  liveDelayKey: 'scoreline-live-delay',
  liveDelayEvent: 'scoreline:live-delay',
} as const;

/** One cookie's value, as time-zone.ts's readCookie reads it (its own copy, for the reason above). */
function readCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** As spoiler.ts reads the team list: positive ids, each once, at most 50. */
function spoilerTeamsOf(raw: string | null): number[] {
  const ids = (raw ?? '')
    .split('-')
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(0, 50);
}

function writeCookie(name: string, value: string | null): void {
  document.cookie =
    value === null
      ? `${name}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${name}=${value}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax`;
}

/** As chat-mask.ts reads it: only "off" turns masking off. */
function readChatMask(): boolean {
  try {
    return window.localStorage.getItem(DEVICE_NAMES.chatMaskKey) !== 'off';
  } catch {
    return true;
  }
}

/** As chat-mask.ts's setChatMask: "off" stored (nothing for on), then its change event. */
function setChatMask(on: boolean): void {
  try {
    if (on) window.localStorage.removeItem(DEVICE_NAMES.chatMaskKey);
    else window.localStorage.setItem(DEVICE_NAMES.chatMaskKey, 'off');
  } catch {
    return;
  }
  window.dispatchEvent(new Event(DEVICE_NAMES.chatMaskEvent));
}

/** As live-delay.ts reads it: whole seconds in 0–300, anything else 0. */
function readLiveDelay(): number {
  try {
    const value = Number(window.localStorage.getItem(DEVICE_NAMES.liveDelayKey) ?? '0');
    return Number.isFinite(value) ? Math.min(PREFERENCE_LIVE_DELAY_MAX_SECONDS, Math.max(0, Math.round(value))) : 0;
  } catch {
    return 0;
  }
}

/** As live-delay.ts's setLiveDelay: stored (none for 0), then its change event, which the page's hooks follow. */
function setLiveDelay(seconds: number): void {
  try {
    if (seconds === 0) window.localStorage.removeItem(DEVICE_NAMES.liveDelayKey);
    else window.localStorage.setItem(DEVICE_NAMES.liveDelayKey, String(seconds));
  } catch {
    return;
  }
  window.dispatchEvent(new Event(DEVICE_NAMES.liveDelayEvent));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** This device's settings, from the cookies and storage the pages read. */
export function deviceSettings(cookieHeader: string, chatMask: boolean, liveDelay: number): AccountPreferences {
  const format = readCookie(cookieHeader, DEVICE_NAMES.oddsFormatCookie);
  return {
    oddsHidden: readCookie(cookieHeader, DEVICE_NAMES.oddsHiddenCookie) === '1',
    oddsFormat: PREFERENCE_ODDS_FORMATS.find((known) => known === format) ?? 'decimal',
    chatMask,
    spoilerSafe: readCookie(cookieHeader, DEVICE_NAMES.spoilerCookie) === '1',
    spoilerTeams: spoilerTeamsOf(readCookie(cookieHeader, DEVICE_NAMES.spoilerTeamsCookie)),
    liveDelaySeconds: liveDelay,
  };
}

/** A full set of settings within the contract's bounds, read by hand (no zod in the page's JavaScript); else null. */
export function readSettings(raw: unknown): AccountPreferences | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Record<string, unknown>;
  const teams = value.spoilerTeams;
  const delay = value.liveDelaySeconds;
  const valid =
    typeof value.oddsHidden === 'boolean' &&
    PREFERENCE_ODDS_FORMATS.some((format) => format === value.oddsFormat) &&
    typeof value.chatMask === 'boolean' &&
    typeof value.spoilerSafe === 'boolean' &&
    Array.isArray(teams) &&
    teams.every((id) => Number.isSafeInteger(id) && (id as number) > 0) &&
    typeof delay === 'number' &&
    Number.isInteger(delay) &&
    delay >= 0 &&
    delay <= PREFERENCE_LIVE_DELAY_MAX_SECONDS;
  if (!valid) return null;
  const settings = {} as Record<string, unknown>;
  for (const key of ACCOUNT_PREFERENCE_KEYS) settings[key] = value[key];
  return settings as unknown as AccountPreferences;
}

/**
 * The merge: what both should hold now, and what of it the account lacks. `agreed` is what this device
 * and this account last agreed on; null the first time this device sees the account.
 */
export function reconcile(
  device: AccountPreferences,
  account: { preferences: AccountPreferences; saved: readonly AccountPreferenceKey[] },
  agreed: AccountPreferences | null,
): { settings: AccountPreferences; toAccount: Change } {
  const toAccount: Record<string, unknown> = {};
  for (const key of ACCOUNT_PREFERENCE_KEYS) {
    const changedHere = agreed
      ? !same(device[key], agreed[key])
      : !account.saved.includes(key) && !same(device[key], DEFAULT_ACCOUNT_PREFERENCES[key]);
    if (changedHere) toAccount[key] = device[key];
  }
  return { settings: { ...account.preferences, ...(toAccount as Change) }, toAccount: toAccount as Change };
}

/** The settings of `before` that `after` changed. */
export function changesBetween(before: AccountPreferences, after: AccountPreferences): Change {
  const change: Record<string, unknown> = {};
  for (const key of ACCOUNT_PREFERENCE_KEYS) if (!same(before[key], after[key])) change[key] = after[key];
  return change as Change;
}

function readDevice(): AccountPreferences {
  return deviceSettings(document.cookie, readChatMask(), readLiveDelay());
}

function readSnapshot(userId: number): AccountPreferences | null {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PREFERENCES_SNAPSHOT_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { owner, values } = parsed as { owner?: unknown; values?: unknown };
    return owner === userId ? readSettings(values) : null;
  } catch {
    return null;
  }
}

function writeSnapshot(userId: number, values: AccountPreferences): void {
  try {
    window.localStorage.setItem(PREFERENCES_SNAPSHOT_KEY, JSON.stringify({ owner: userId, values }));
  } catch {
    // Storage disabled: the next page load merges as on a first visit.
  }
}

/** True once the account has the change. */
async function writeToAccount(change: Change): Promise<boolean> {
  if (Object.keys(change).length === 0) return true;
  try {
    const response = await fetch(API, {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(change),
      // A setting changed just before leaving the page still reaches the account.
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Copies `settings` onto this device where it differs, and tells the page. */
function applyToDevice(settings: AccountPreferences, device: AccountPreferences): void {
  const differs = (key: AccountPreferenceKey) => !same(settings[key], device[key]);
  if (differs('oddsHidden')) writeCookie(DEVICE_NAMES.oddsHiddenCookie, settings.oddsHidden ? '1' : null);
  if (differs('oddsFormat'))
    writeCookie(DEVICE_NAMES.oddsFormatCookie, settings.oddsFormat === 'decimal' ? null : settings.oddsFormat);
  if (differs('spoilerSafe')) writeCookie(DEVICE_NAMES.spoilerCookie, settings.spoilerSafe ? '1' : null);
  if (differs('spoilerTeams'))
    writeCookie(
      DEVICE_NAMES.spoilerTeamsCookie,
      settings.spoilerTeams.length > 0 ? settings.spoilerTeams.join('-') : null,
    );
  if (differs('chatMask')) setChatMask(settings.chatMask);
  if (differs('liveDelaySeconds')) setLiveDelay(settings.liveDelaySeconds);
  window.dispatchEvent(new CustomEvent(DEVICE_NAMES.appliedEvent, { detail: settings }));
}

/** While `userId` is signed in, the display settings follow the account. Returns the stop. */
export function startAccountPreferencesSync(userId: number): () => void {
  const controller = new AbortController();
  let ready = false;
  let applying = false;

  /** Sends what this device changed since it last agreed with the account. */
  const sendChanges = () => {
    const agreed = readSnapshot(userId);
    if (!ready || applying || !agreed) return;
    const device = readDevice();
    const change = changesBetween(agreed, device);
    if (Object.keys(change).length === 0) return;
    void writeToAccount(change).then((ok) => {
      // Agreed only once the account has it; otherwise the next page load sends it again.
      if (ok) writeSnapshot(userId, { ...(readSnapshot(userId) ?? agreed), ...change });
    });
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') sendChanges();
  };

  const synchronise = async () => {
    const response = await fetch(API, { credentials: 'same-origin', signal: controller.signal });
    if (!response.ok) return;
    const body = (await response.json()) as { data?: { preferences?: unknown; saved?: unknown } };
    const preferences = readSettings(body.data?.preferences);
    const saved = body.data?.saved;
    if (!preferences || !Array.isArray(saved) || controller.signal.aborted) return;
    const device = readDevice();
    const { settings, toAccount } = reconcile(
      device,
      { preferences, saved: ACCOUNT_PREFERENCE_KEYS.filter((key) => saved.includes(key)) },
      readSnapshot(userId),
    );
    const sent = await writeToAccount(toAccount);
    if (controller.signal.aborted) return;
    applying = true;
    try {
      applyToDevice(settings, readDevice());
    } finally {
      applying = false;
    }
    // Until the account has this device's changes (offline?), the next page load sends them again.
    if (sent) writeSnapshot(userId, settings);
    ready = true;
  };

  for (const name of [DEVICE_NAMES.changedEvent, DEVICE_NAMES.chatMaskEvent, DEVICE_NAMES.liveDelayEvent])
    window.addEventListener(name, sendChanges);
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', sendChanges);
  synchronise().catch(() => {
    // Offline or signed out meanwhile: the device keeps its settings.
  });
  return () => {
    controller.abort();
    for (const name of [DEVICE_NAMES.changedEvent, DEVICE_NAMES.chatMaskEvent, DEVICE_NAMES.liveDelayEvent])
      window.removeEventListener(name, sendChanges);
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', sendChanges);
  };
}
