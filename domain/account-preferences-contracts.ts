// The API's zod schemas for the display settings that follow an account
// (GET/PUT/PATCH /api/auth/preferences): the values and types they check are
// domain/account-preferences.ts, which the browser reads without zod.
import { z } from 'zod';
import {
  ACCOUNT_PREFERENCE_KEYS,
  PREFERENCE_LIVE_DELAY_MAX_SECONDS,
  PREFERENCE_ODDS_FORMATS,
  PREFERENCE_SPOILER_TEAMS_MAX,
  type AccountPreferenceKey,
  type AccountPreferences,
} from './account-preferences.ts';

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

// The schema and the plain type describe the same object.
const sameShape: z.infer<typeof accountPreferencesSchema> extends AccountPreferences
  ? AccountPreferences extends z.infer<typeof accountPreferencesSchema>
    ? true
    : false
  : false = true;
void sameShape;
