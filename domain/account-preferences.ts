// The display settings that follow a signed-in account from device to device
// (issues #5, #23, #24): "hide odds" and the price format, chat masking,
// spoiler-safe mode (every score, or chosen teams) and "delay live updates".
// A guest keeps each on the device (cookies or localStorage, as before); a
// member's account stores them (migration 0024, GET/PUT/PATCH
// /api/auth/preferences) and the browser copies the account's values onto the
// device (app/lib/preferences/account-preferences-sync.ts), so the server
// renders the next page right from the first byte.
//
// The page's JavaScript does not parse with zod (its CSP forbids the code zod
// compiles, and the bytes would weigh on every page): the browser reads the
// same fields by hand in its sync code, within these bounds.
import { z } from 'zod';
import type { PriceFormat } from './odds/prices.ts';

export const PREFERENCE_ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const satisfies readonly PriceFormat[];
/** As app/lib/live/live-delay.ts: at most five minutes behind. */
export const PREFERENCE_LIVE_DELAY_MAX_SECONDS = 300;
/** As app/lib/preferences/spoiler.ts keeps in its cookie. */
export const PREFERENCE_SPOILER_TEAMS_MAX = 50;

const teamIdSchema = z
  .number({ error: 'Give team ids as whole numbers' })
  .int('Give team ids as whole numbers')
  .positive('Give team ids as whole numbers')
  .max(999_999_999, 'This is not a team id');

export const accountPreferencesSchema = z.object({
  /** No odds panel and no win-probability graph on match pages. */
  oddsHidden: z.boolean({ error: 'oddsHidden is true or false' }),
  oddsFormat: z.enum(PREFERENCE_ODDS_FORMATS, { error: 'Choose decimal, fractional or american' }),
  /** Mask bad language in match chats (on unless turned off). */
  chatMask: z.boolean({ error: 'chatMask is true or false' }),
  /** Spoiler-safe mode: every score hidden until revealed. */
  spoilerSafe: z.boolean({ error: 'spoilerSafe is true or false' }),
  /** The teams whose scores are hidden even with spoiler-safe mode off; each once. */
  spoilerTeams: z
    .array(teamIdSchema, { error: 'Give the teams as a list of ids' })
    .max(PREFERENCE_SPOILER_TEAMS_MAX, `Hide the scores of at most ${PREFERENCE_SPOILER_TEAMS_MAX} teams`)
    .refine((ids) => new Set(ids).size === ids.length, 'Name each team once'),
  /** Live updates held back this many seconds (to stay behind a TV broadcast). */
  liveDelaySeconds: z
    .number({ error: `Give the delay in whole seconds, 0 to ${PREFERENCE_LIVE_DELAY_MAX_SECONDS}` })
    .int(`Give the delay in whole seconds, 0 to ${PREFERENCE_LIVE_DELAY_MAX_SECONDS}`)
    .min(0, `Give the delay in whole seconds, 0 to ${PREFERENCE_LIVE_DELAY_MAX_SECONDS}`)
    .max(
      PREFERENCE_LIVE_DELAY_MAX_SECONDS,
      `Give the delay in whole seconds, 0 to ${PREFERENCE_LIVE_DELAY_MAX_SECONDS}`,
    ),
});
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;
export type AccountPreferenceKey = keyof AccountPreferences;

export const ACCOUNT_PREFERENCE_KEYS = Object.keys(accountPreferencesSchema.shape) as AccountPreferenceKey[];

/** What a device has before anyone chooses: the same defaults as a guest's. */
export const DEFAULT_ACCOUNT_PREFERENCES: AccountPreferences = Object.freeze({
  oddsHidden: false,
  oddsFormat: 'decimal',
  chatMask: true,
  spoilerSafe: false,
  spoilerTeams: [],
  liveDelaySeconds: 0,
}) as AccountPreferences;

/** PUT: every setting; an unknown field is refused rather than ignored (a typo would be lost silently). */
export const accountPreferencesReplaceSchema = accountPreferencesSchema.strict();

/** PATCH: only the settings to change, at least one; the others keep what the account has. */
export const accountPreferencesPatchSchema = accountPreferencesSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one setting to change');
export type AccountPreferencesPatch = z.infer<typeof accountPreferencesPatchSchema>;

export const accountPreferencesResponseSchema = z.object({
  data: z.object({
    /** Every setting: the account's, or the default where it never chose one. */
    preferences: accountPreferencesSchema,
    /**
     * The settings the account has chosen. A device signing in keeps its own choice of the others and
     * gives it to the account (as favourites starred before signing in join the account).
     */
    saved: z.array(z.enum(ACCOUNT_PREFERENCE_KEYS as [AccountPreferenceKey, ...AccountPreferenceKey[]])),
    /** When the account last changed a setting; null when it never did. */
    updatedAt: z.string().nullable(),
  }),
});
export type AccountPreferencesState = z.infer<typeof accountPreferencesResponseSchema>['data'];
