// (Here rather than beside the sync in app/lib: it reads the features' own names to compare.)
// The merge of this device's display settings with the account's, and the
// names the sync reads by hand kept equal to those of the modules that own them.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_PREFERENCES, type AccountPreferences } from '../../../domain/account-preferences.ts';
import { LIVE_DELAY_MAX_SECONDS, LIVE_DELAY_STORAGE_KEY } from '../../lib/live/live-delay.ts';
import {
  DEVICE_NAMES,
  changesBetween,
  deviceSettings,
  readSettings,
  reconcile,
} from '../../lib/preferences/account-preferences-sync.ts';
import { CHAT_MASK_EVENT, CHAT_MASK_STORAGE_KEY } from '../chat/chat-preferences.ts';
import { ODDS_FORMAT_COOKIE, ODDS_HIDDEN_COOKIE } from '../odds/odds-preferences.ts';
import { ACCOUNT_PREFERENCES_EVENT, PREFERENCES_CHANGED_EVENT } from '../../lib/preferences/preference-events.ts';
import { SPOILER_COOKIE, SPOILER_TEAMS_COOKIE } from '../../lib/preferences/spoiler.ts';

const defaults = DEFAULT_ACCOUNT_PREFERENCES;
const hidden: AccountPreferences = { ...defaults, oddsHidden: true };

describe('account preferences sync', () => {
  it('uses the names the odds panel, the chat box, spoiler.ts and live-delay.ts use', () => {
    expect(DEVICE_NAMES.changedEvent).toBe(PREFERENCES_CHANGED_EVENT);
    expect(DEVICE_NAMES.appliedEvent).toBe(ACCOUNT_PREFERENCES_EVENT);
    expect(DEVICE_NAMES.oddsHiddenCookie).toBe(ODDS_HIDDEN_COOKIE);
    expect(DEVICE_NAMES.oddsFormatCookie).toBe(ODDS_FORMAT_COOKIE);
    expect(DEVICE_NAMES.chatMaskKey).toBe(CHAT_MASK_STORAGE_KEY);
    expect(DEVICE_NAMES.chatMaskEvent).toBe(CHAT_MASK_EVENT);
    expect(DEVICE_NAMES.spoilerCookie).toBe(SPOILER_COOKIE);
    expect(DEVICE_NAMES.spoilerTeamsCookie).toBe(SPOILER_TEAMS_COOKIE);
    expect(DEVICE_NAMES.liveDelayKey).toBe(LIVE_DELAY_STORAGE_KEY);
    expect(LIVE_DELAY_MAX_SECONDS).toBe(300);
  });

  it('reads the device from its cookies and storage', () => {
    expect(
      deviceSettings('odds-hidden=1; odds-format=american; spoiler-safe=1; spoiler-teams=12-45-x', false, 30),
    ).toEqual({
      oddsHidden: true,
      oddsFormat: 'american',
      chatMask: false,
      spoilerSafe: true,
      spoilerTeams: [12, 45],
      liveDelaySeconds: 30,
    });
    expect(deviceSettings('', true, 0)).toEqual(defaults);
  });

  it('first sight of an account: its choices win; a device choice it never made joins it', () => {
    const device = { ...defaults, oddsHidden: true, chatMask: false };
    const account = {
      preferences: { ...defaults, chatMask: true, oddsFormat: 'fractional' as const },
      saved: ['chatMask' as const, 'oddsFormat' as const],
    };
    expect(reconcile(device, account, null)).toEqual({
      settings: { ...defaults, oddsHidden: true, chatMask: true, oddsFormat: 'fractional' },
      toAccount: { oddsHidden: true },
    });
  });

  it('after that: what this device changed since it last agreed goes to the account, the rest comes from it', () => {
    // The account un-hid odds elsewhere; this device has not touched them since: they show here.
    expect(reconcile(hidden, { preferences: defaults, saved: ['oddsHidden'] }, hidden)).toEqual({
      settings: defaults,
      toAccount: {},
    });
    // This device turned masking off since (before the sync's code arrived): the account gets it.
    const device = { ...hidden, chatMask: false };
    expect(reconcile(device, { preferences: hidden, saved: ['oddsHidden'] }, hidden)).toEqual({
      settings: device,
      toAccount: { chatMask: false },
    });
    expect(changesBetween(hidden, device)).toEqual({ chatMask: false });
  });

  it('reads only a complete, valid answer', () => {
    expect(readSettings(hidden)).toEqual(hidden);
    expect(readSettings({ ...hidden, oddsFormat: 'roman' })).toBeNull();
    expect(readSettings({ ...hidden, liveDelaySeconds: 301 })).toBeNull();
    expect(readSettings({ ...hidden, spoilerTeams: [0] })).toBeNull();
    expect(readSettings(null)).toBeNull();
  });
});
