// Zod contracts of the accounts API and forms (issue #6, DESIGN.md §6). The
// token shape is the spec's: `{ data: { token: { access_token, refresh_token,
// expires_in }, user } }` for sign-in and registration, `{ user }` for the user.
import { z } from 'zod';
import { ROLES } from '../../../domain/account-contracts.ts';
import { isPlainLine } from '../../../domain/text.ts';
import { isCommonPassword } from './common-passwords.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const passwordMessages = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters`,
  common: 'This password is one of the most common ones. Choose one that is harder to guess',
} as const;

/**
 * A new password: NIST SP 800-63B §5.1.1.2 — at least 8 characters (counted as
 * Unicode code points), no composition rules, not one of the most common ones.
 */
export const newPasswordSchema = z
  .string({ error: passwordMessages.tooShort })
  // Two UTF-16 units per code point at most: anything longer is refused before the checks below read it.
  .max(PASSWORD_MAX_LENGTH * 2, { error: passwordMessages.tooLong, abort: true })
  .refine((value) => [...value].length >= PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
  .refine((value) => [...value].length <= PASSWORD_MAX_LENGTH, passwordMessages.tooLong)
  .refine((value) => !isCommonPassword(value), passwordMessages.common);

export const emailSchema = z
  .string({ error: 'Enter your email address' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your email address')
  .max(254, 'This email address is too long')
  .pipe(z.email('Enter a valid email address, like name@example.com'));

/** E.164: a plus sign, then up to 15 digits, the first not zero (spec §5). Spaces and dashes are ignored. */
export const phoneSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s\-().]/g, ''))
  .refine(
    (value) => value === '' || /^\+[1-9]\d{1,14}$/.test(value),
    'Enter the phone number in international format, like +447700900123',
  )
  .transform((value) => (value === '' ? undefined : value));

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter the name to show')
  .max(80, 'Use at most 80 characters')
  .refine(isPlainLine, 'Use letters, digits and punctuation, without control characters');

export const registerInputSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  displayName: displayNameSchema.optional().or(z.literal('').transform(() => undefined)),
  phone: phoneSchema.optional(),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(1024, 'This password is too long'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** Spec §7: `refresh_token`, plus `client_id` and `grant_type: 'refresh_token'` when configured. */
export const refreshInputSchema = z.object({
  refresh_token: z.string().min(1, 'refresh_token is required').max(512),
  client_id: z.string().max(200).optional(),
  grant_type: z.literal('refresh_token', "grant_type must be 'refresh_token'").optional(),
});
export type RefreshInput = z.infer<typeof refreshInputSchema>;

export const logoutInputSchema = z.object({ refresh_token: z.string().max(512).optional() });

export const forgotPasswordInputSchema = z.object({ email: emailSchema });

export const resetPasswordInputSchema = z.object({
  token: z.string().min(1, 'The reset link is incomplete').max(200),
  password: newPasswordSchema,
});

export const changePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(1024),
  newPassword: newPasswordSchema,
});

export const profileInputSchema = z.object({
  displayName: displayNameSchema,
  phone: phoneSchema.optional(),
});

export const FAVOURITE_KINDS = ['team', 'competition', 'match'] as const;

const favouriteRefs = <T extends z.ZodType>(item: T) => z.array(item).max(200).default([]);

/**
 * A competition code as the football API names it (en.1, euro). Any other text could never match one,
 * and NUL made PostgreSQL refuse the look-up (a 500; found by server/fuzz.test.ts).
 */
const competitionCodeSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/, 'must be a competition code such as en.1');

const favouriteIdSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,11}$/);

/**
 * Favourites as a device keeps them (app/lib/preferences/favourites.ts: ids and codes, no
 * names); merged into the account at sign-in, and the shape GET /api/auth/favourites answers.
 */
export const deviceFavouritesSchema = z.object({
  teams: favouriteRefs(z.number().int().positive()),
  competitions: favouriteRefs(competitionCodeSchema),
  matches: favouriteRefs(z.number().int().positive()),
});
export type DeviceFavourites = z.infer<typeof deviceFavouritesSchema>;

/** One favourite as the API names it: /api/auth/favourites/{kind}/{ref}. */
export const favouriteParamsSchema = z.object({
  kind: z.enum(FAVOURITE_KINDS),
  /** A team or match id, or a competition code. */
  ref: z.union([favouriteIdSchema, competitionCodeSchema], 'must be a team or match id or a competition code'),
});

// ---- Responses ------------------------------------------------------------

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  scopes: z.array(z.string()),
  plan: z.string(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const tokenSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
export type TokenSet = z.infer<typeof tokenSchema>;

export const authResponseSchema = z.object({ data: z.object({ token: tokenSchema, user: userSchema }) });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const userResponseSchema = z.object({ user: userSchema });

/**
 * The second step of a staff sign-in (issue #20): the challenge the password
 * step answered with, and a 6-digit code from the authenticator app or a
 * recovery code.
 */
export const twoFactorSignInInputSchema = z.object({
  challenge: z
    .string({ error: 'Sign in with your password first' })
    .min(1, 'Sign in with your password first')
    .max(200),
  code: z
    .string({ error: 'Enter the code from your authenticator app' })
    .trim()
    .min(1, 'Enter the code from your authenticator app')
    .max(64, 'This code is too long'),
});

/** A right password of an account with two-factor sign-in on: 401 `two_factor_required`, and how to go on. */
export const twoFactorRequiredSchema = z.object({
  error: z.object({ code: z.literal('two_factor_required'), message: z.string() }),
  challenge: z.object({
    /** Send back to POST /api/auth/login/two-factor with the code; not a session. */
    token: z.string(),
    expires_in: z.number().int(),
  }),
});

export const sessionSchema = z.object({
  id: z.number().int(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSchema>;

export const favouriteSchema = z.object({ kind: z.enum(FAVOURITE_KINDS), ref: z.string(), label: z.string() });
export type Favourite = z.infer<typeof favouriteSchema>;
