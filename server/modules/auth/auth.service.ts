// Accounts (issue #6): registration, sign-in with throttling, refresh-token
// rotation with reuse detection, sessions, password change and reset, social
// sign-in linking, favourites. Pages and the JSON API both call this service.
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/schema.ts';
import { IDLE_SIGNED_OUT_MESSAGE, type Role } from '../../../domain/account-contracts.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { toAddressKey, type LimitOutcome, type RateLimit, type RateLimits } from '../../platform/rate-limit.ts';
import {
  changePasswordInputSchema,
  deviceFavouritesSchema,
  favouriteParamsSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  profileInputSchema,
  refreshInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  twoFactorSignInInputSchema,
  type DeviceFavourites,
  type Favourite,
  type SessionSummary,
  type TokenSet,
  type User,
} from './auth.schemas.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './auth.passwords.ts';
import * as q from './auth.queries.ts';
import type { TwoFactorService } from './auth.two-factor.ts';
import {
  constantTimeEqual,
  hashToken,
  newKnownDeviceToken,
  newOpaqueToken,
  successorRefreshToken,
  verifyKnownDeviceToken,
  type AccessTokenClaims,
  type AccessTokenSigner,
} from './auth.tokens.ts';

/**
 * Sign-in limits (issue #17; docs/decisions/010-accounts-and-tokens.md). Every
 * attempt spends a point before the password is checked (atomic, so parallel
 * guesses cannot slip past), and a success gives its points back.
 * - a browser that has signed in to the account before (a known device):
 *   5 in 15 minutes for that browser and account, and nothing else;
 * - any other browser: 5 in 15 minutes per account and address (an IPv6 /64
 *   is one address), 20 in 15 minutes per address across accounts (shared
 *   networks need room), and 20 an hour per account. Guessing from one place
 *   is slow, many places together stay slow, and the owner's own browser is
 *   never held up by either.
 */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;
export const MAX_UNKNOWN_DEVICE_FAILURES_PER_ACCOUNT = 20;
export const UNKNOWN_DEVICE_WINDOW_MS = 60 * 60 * 1000;
/** Password reset mail: one a minute and five an hour per account (silently), ten an hour per address (429). */
export const RESET_MAILS_PER_MINUTE = 1;
export const RESET_MAILS_PER_HOUR = 5;
export const RESET_REQUESTS_PER_IP_PER_HOUR = 10;
/**
 * A refresh token presented again within this long of its rotation gets the
 * same new pair (the same client racing itself); later, it is reuse.
 */
export const REFRESH_GRACE_MS = 10_000;
/** Issue #6: a reset link is valid for 30 minutes, once. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/**
 * A staff session (any role but member) with no request for this long ends
 * (issue #20); members keep their long sessions. Activity is written at most
 * once per ACTIVITY_TOUCH_INTERVAL_MS, so the recorded time may lag the last
 * request by less than that: a session idle 29 minutes always survives, one
 * idle 30 minutes never does.
 */
export const STAFF_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ACTIVITY_TOUCH_INTERVAL_MS = 60 * 1000;
export const TWO_FACTOR_REQUIRED_MESSAGE = 'Enter the code from your authenticator app';
export const CHALLENGE_EXPIRED_MESSAGE =
  'This sign-in took too long or was already used. Please enter your password again';

export const INVALID_CREDENTIALS_MESSAGE = 'The email address or password is not correct';
export const THROTTLED_MESSAGE = 'Too many failed sign-in attempts. Please wait and try again';
export const NOT_STAFF_MESSAGE = 'This account has no access to the CMS.';

/** What a suspended account is told at sign-in (issue #20): the reason the staff gave, and where to ask. */
export function suspendedMessage(reason: string | null): string {
  const why = reason?.trim() ? ` Reason: ${reason.trim().replace(/[.]+$/, '')}.` : '';
  return `This account is suspended.${why} If you think this is a mistake, write to us from the contact page.`;
}
export const RESET_THROTTLED_MESSAGE = 'Too many password reset requests from your network. Please wait and try again';
export const RESET_LINK_INVALID_MESSAGE =
  'This reset link is not valid any more. It may have been used already or be older than 30 minutes. Ask for a new one';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email address already exists. Sign in, or reset your password';

export type ResetLinkResult =
  | { ok: true; email: string }
  | { ok: false; code: 'not_found' | 'suspended'; message: string }
  | { ok: false; code: 'throttled'; message: string; retryAfterSeconds: number };

export const RESET_MAIL_LIMIT_MESSAGE =
  'A reset link went to this address very recently (at most one a minute and five an hour): wait before sending another';

export interface RequestMeta {
  ip: string;
  userAgent: string;
  /** The browser's known-device cookie, when it sent one. */
  deviceToken?: string | null;
}

/** What a successful sign-in, registration or refresh hands out. */
export interface IssuedSession {
  token: TokenSet;
  user: User;
  familyId: number;
  /** When the refresh token stops working (ms since the epoch). */
  refreshExpiresAt: number;
  /** After a password sign-in: the browser's new known-device token (a cookie). */
  deviceToken?: string;
}

type Fields = Record<string, string>;

export type AuthFailure =
  | { ok: false; code: 'invalid_input'; message: string; fields: Fields }
  | { ok: false; code: 'invalid_credentials'; message: string }
  | { ok: false; code: 'throttled'; message: string; retryAfterSeconds: number }
  | { ok: false; code: 'invalid_token'; message: string }
  | { ok: false; code: 'email_taken'; message: string; fields: Fields }
  | { ok: false; code: 'suspended'; message: string }
  /**
   * The password was right and the account has two-factor sign-in on (issue #20): no session yet. The
   * challenge (short-lived, signed, not a session) goes back with the code to completeTwoFactorSignIn.
   */
  | { ok: false; code: 'two_factor_required'; message: string; challenge: string; expiresInSeconds: number }
  | { ok: false; code: 'invalid_code'; message: string }
  /** A staff session ended after 30 minutes without a request. */
  | { ok: false; code: 'session_idle'; message: string };

export type AuthResult<T> = ({ ok: true } & T) | AuthFailure;

export interface AuthenticatedUser {
  user: User;
  familyId: number;
}

/** An access token's user in a live session; 'idle' when a staff session ended for want of activity; else null. */
export type Authentication = AuthenticatedUser | 'idle' | null;

export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

export interface AccountService {
  register(
    input: unknown,
    meta: RequestMeta,
    deviceFavourites?: unknown,
  ): Promise<AuthResult<{ session: IssuedSession }>>;
  /** `staffOnly` (the CMS door): a member's right password starts no session and gets NOT_STAFF_MESSAGE. */
  login(
    input: unknown,
    meta: RequestMeta,
    deviceFavourites?: unknown,
    options?: { staffOnly?: boolean },
  ): Promise<AuthResult<{ session: IssuedSession }>>;
  /**
   * The second step of a sign-in that answered `two_factor_required`: the challenge and a TOTP
   * code or a recovery code. Each code works once; wrong ones are limited per challenge and account.
   */
  completeTwoFactorSignIn(input: unknown, meta: RequestMeta): Promise<AuthResult<{ session: IssuedSession }>>;
  refresh(input: unknown, meta: RequestMeta): Promise<AuthResult<{ session: IssuedSession }>>;
  /**
   * The user behind a valid access token whose session is still live. A staff
   * session's activity is recorded here, and one idle too long ends here ('idle').
   */
  authenticate(accessToken: string): Promise<Authentication>;
  /** Ends one session (its whole refresh-token family). */
  logout(familyId: number): Promise<void>;
  /** Ends the session a refresh token belongs to. */
  logoutByRefreshToken(refreshToken: string): Promise<void>;
  listSessions(userId: number, currentFamilyId: number | null): Promise<SessionSummary[]>;
  revokeSession(userId: number, familyId: number): Promise<boolean>;
  /** "Sign out everywhere": every session of the user, this one included. */
  revokeAllSessions(userId: number): Promise<number>;
  updateProfile(userId: number, input: unknown): Promise<AuthResult<{ user: User }>>;
  /** Changes the password and signs out every other session. */
  changePassword(userId: number, currentFamilyId: number, input: unknown): Promise<AuthResult<object>>;
  /**
   * The same answer whether or not the account exists (no enumeration); mails
   * a link when it does and its mail limit allows. Throttled only per address.
   */
  requestPasswordReset(input: unknown, meta: RequestMeta): Promise<AuthResult<object>>;
  /** True when a reset token can still be used (for showing the form). */
  checkResetToken(token: string): Promise<boolean>;
  resetPassword(input: unknown, meta?: RequestMeta): Promise<AuthResult<{ user: User }>>;
  /**
   * The reset mail sent at a staff member's request (the CMS's Users screen, issue #20): the same mail and
   * per-account limits as the form's, but the answer says what happened, since staff know the account exists.
   */
  sendPasswordResetLink(userId: number): Promise<ResetLinkResult>;
  signInWithOidc(claims: OidcClaims, meta: RequestMeta): Promise<AuthResult<{ session: IssuedSession }>>;
  listFavourites(userId: number): Promise<Favourite[]>;
  removeFavourite(userId: number, kind: Favourite['kind'], ref: string): Promise<void>;
  /** Adds one favourite; false when the team, competition or match does not exist. */
  addFavourite(userId: number, kind: Favourite['kind'], ref: string): Promise<boolean>;
  createStaffUser(input: {
    email: string;
    password: string;
    displayName: string;
    role: Exclude<Role, 'user'>;
  }): Promise<AuthResult<{ user: User; created: boolean }>>;
  getUser(userId: number): Promise<User | null>;
}

function fieldsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Fields {
  const fields: Fields = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    fields[key] ??= issue.message;
  }
  return fields;
}

function invalid(fields: Fields, message = 'Please correct the fields marked below'): AuthFailure {
  return { ok: false, code: 'invalid_input', message, fields };
}

const NO_DEVICE_FAVOURITES: DeviceFavourites = { teams: [], competitions: [], matches: [] };

/** What a sign-in form carries from the device's storage; anything unreadable is no favourites (never a failed sign-in). */
function parseDeviceFavourites(value: unknown): DeviceFavourites {
  if (value === undefined || value === null || value === '') return NO_DEVICE_FAVOURITES;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return NO_DEVICE_FAVOURITES;
    }
  }
  const result = deviceFavouritesSchema.safeParse(parsed);
  return result.success ? result.data : NO_DEVICE_FAVOURITES;
}

/** The account's favourites in the device's shape (what a signed-in browser keeps). */
export function favouritesAsDevice(favourites: readonly Favourite[]): DeviceFavourites {
  const refs = (kind: Favourite['kind']) =>
    favourites.filter((favourite) => favourite.kind === kind).map((favourite) => favourite.ref);
  return {
    teams: refs('team').map(Number),
    competitions: refs('competition'),
    matches: refs('match').map(Number),
  };
}

export function createAccountService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<Config, 'ACCESS_TOKEN_TTL' | 'REFRESH_TOKEN_TTL' | 'AUTH_CLIENT_ID' | 'BASE_URL' | 'SITE_NAME'>;
  signer: AccessTokenSigner;
  /** HMAC key for refresh-token successors and known-device tokens (auth.tokens.ts). */
  tokenKey: Uint8Array;
  rateLimits: RateLimits;
  mailer: Mailer;
  logger: Logger;
  /** Staff two-factor sign-in (issue #20). */
  twoFactor: TwoFactorService;
}): AccountService {
  const { db, clock, config, signer, tokenKey, rateLimits, mailer, logger, twoFactor } = deps;
  const limits = {
    signInPair: rateLimits.create('sign-in:account+place', {
      points: MAX_FAILURES_PER_ACCOUNT,
      durationSeconds: THROTTLE_WINDOW_MS / 1000,
    }),
    signInAddress: rateLimits.create('sign-in:address', {
      points: MAX_FAILURES_PER_IP,
      durationSeconds: THROTTLE_WINDOW_MS / 1000,
    }),
    signInAccount: rateLimits.create('sign-in:account', {
      points: MAX_UNKNOWN_DEVICE_FAILURES_PER_ACCOUNT,
      durationSeconds: UNKNOWN_DEVICE_WINDOW_MS / 1000,
    }),
    resetMailMinute: rateLimits.create('reset-mail:account:minute', { points: RESET_MAILS_PER_MINUTE, durationSeconds: 60 }),
    resetMailHour: rateLimits.create('reset-mail:account:hour', { points: RESET_MAILS_PER_HOUR, durationSeconds: 3600 }),
    resetAddress: rateLimits.create('reset-mail:address', { points: RESET_REQUESTS_PER_IP_PER_HOUR, durationSeconds: 3600 }),
  };

  async function issueSession(user: q.UserRow, familyId: number, now: Date): Promise<IssuedSession> {
    const refreshToken = newOpaqueToken();
    const refreshExpiresAt = new Date(now.getTime() + config.REFRESH_TOKEN_TTL * 1000);
    await q.insertRefreshToken(db, familyId, hashToken(refreshToken), now, refreshExpiresAt);
    return buildSession(user, familyId, refreshToken, now);
  }

  /**
   * The tokens handed out for a refresh token issued at `now`. The access
   * token depends only on the user, the session and that instant, so the same
   * inputs give the very same pair (what the refresh grace window relies on).
   */
  async function buildSession(user: q.UserRow, familyId: number, refreshToken: string, now: Date): Promise<IssuedSession> {
    const refreshExpiresAt = new Date(now.getTime() + config.REFRESH_TOKEN_TTL * 1000);
    const publicUser = q.toUser(user);
    const accessToken = await signer.sign(
      { userId: user.id, familyId, scopes: publicUser.scopes },
      now,
      config.ACCESS_TOKEN_TTL,
    );
    return {
      token: { access_token: accessToken, refresh_token: refreshToken, expires_in: config.ACCESS_TOKEN_TTL },
      user: publicUser,
      familyId,
      refreshExpiresAt: refreshExpiresAt.getTime(),
    };
  }

  async function startSession(
    user: q.UserRow,
    meta: RequestMeta,
    favourites: DeviceFavourites,
  ): Promise<IssuedSession> {
    const now = clock.now();
    // Device favourites join the account at sign-in; ones it already has are kept as they are.
    await q.insertFavourites(db, user.id, await q.resolveFavourites(db, favourites), now);
    const familyId = await q.insertFamily(db, user.id, meta.userAgent, now);
    return issueSession(user, familyId, now);
  }

  /**
   * Spends a point on each limit in turn; on the first refusal the points
   * already spent are given back (a refused attempt checks no password, so it
   * must not count against the other limits) and the wait is returned.
   */
  /** The reset mail (issue #6): a new single-use link, valid for 30 minutes. */
  async function mailResetLink(user: q.UserRow): Promise<void> {
    const now = clock.now();
    const token = newOpaqueToken();
    await q.insertResetToken(db, user.id, hashToken(token), now, new Date(now.getTime() + RESET_TOKEN_TTL_MS));
    const link = new URL('/auth/reset-password', config.BASE_URL);
    link.searchParams.set('token', token);
    await mailer.send({
      to: user.email,
      kind: 'password-reset',
      subject: `Reset your ${config.SITE_NAME} password`,
      text: [
        `Hello ${user.displayName},`,
        '',
        `Someone (we hope you) asked to reset the password of your ${config.SITE_NAME} account.`,
        'Open this link within 30 minutes to choose a new password. It works once:',
        '',
        link.href,
        '',
        'Setting a new password signs you out on every device.',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  }

  async function spend(steps: ReadonlyArray<[RateLimit, string]>): Promise<LimitOutcome> {
    for (const [index, [limit, key]] of steps.entries()) {
      const outcome = await limit.consume(key);
      if (outcome.ok) continue;
      await Promise.all(steps.slice(0, index).map(([spent, spentKey]) => spent.reward(spentKey)));
      return outcome;
    }
    return { ok: true, remaining: 0 };
  }

  /**
   * The limits a sign-in spends on. A browser that has signed in to this
   * account before counts only against itself: neither guesses from its
   * network (an office behind one address) nor guesses from everywhere else
   * hold the owner up.
   */
  function chooseSignInLimits(email: string, meta: RequestMeta): Array<[RateLimit, string]> {
    const device = verifyKnownDeviceToken(tokenKey, email, meta.deviceToken, clock.now());
    if (device) return [[limits.signInPair, `${email}\ndevice:${device}`]];
    const address = toAddressKey(meta.ip);
    return [
      [limits.signInAddress, address],
      [limits.signInPair, `${email}\naddress:${address}`],
      [limits.signInAccount, email],
    ];
  }

  /** The answer to a right password of an account with two-factor sign-in on: a challenge, no session. */
  function twoFactorRequired(userId: number): AuthFailure {
    const challenge = twoFactor.issueChallenge(userId);
    return {
      ok: false,
      code: 'two_factor_required',
      message: TWO_FACTOR_REQUIRED_MESSAGE,
      challenge: challenge.token,
      expiresInSeconds: challenge.expiresInSeconds,
    };
  }

  /** Whether a session of an account with this role has been idle too long to go on (staff only). */
  function idleTooLong(role: q.UserRow['role'], lastUsedAt: string, now: Date): boolean {
    return role !== 'user' && now.getTime() - Date.parse(lastUsedAt) >= STAFF_IDLE_TIMEOUT_MS;
  }

  const idleFailure: AuthFailure = { ok: false, code: 'session_idle', message: IDLE_SIGNED_OUT_MESSAGE };

  return {
    async register(input, meta, deviceFavourites) {
      const parsed = registerInputSchema.safeParse(input);
      if (!parsed.success) return invalid(fieldsOf(parsed.error.issues));
      const { email, password, displayName, phone } = parsed.data;
      if (await q.findUserByEmail(db, email)) {
        return { ok: false, code: 'email_taken', message: EMAIL_TAKEN_MESSAGE, fields: { email: EMAIL_TAKEN_MESSAGE } };
      }
      const passwordHash = await hashPassword(password);
      let user: q.UserRow;
      try {
        user = await q.insertUser(
          db,
          {
            email,
            displayName: displayName ?? email.split('@')[0] ?? email,
            phone: phone ?? null,
            passwordHash,
            role: 'user',
            emailVerified: false,
          },
          clock.now(),
        );
      } catch (error) {
        // A concurrent registration of the same address won the unique index.
        if (await q.findUserByEmail(db, email)) {
          return {
            ok: false,
            code: 'email_taken',
            message: EMAIL_TAKEN_MESSAGE,
            fields: { email: EMAIL_TAKEN_MESSAGE },
          };
        }
        throw error;
      }
      const session = await startSession(user, meta, parseDeviceFavourites(deviceFavourites));
      return { ok: true, session: { ...session, deviceToken: newKnownDeviceToken(tokenKey, email, clock.now()) } };
    },

    async login(input, meta, deviceFavourites, options = {}) {
      const parsed = loginInputSchema.safeParse(input);
      if (!parsed.success) return invalid(fieldsOf(parsed.error.issues));
      const { email, password } = parsed.data;
      const now = clock.now();
      const steps = chooseSignInLimits(email, meta);
      const allowed = await spend(steps);
      if (!allowed.ok) {
        return { ok: false, code: 'throttled', message: THROTTLED_MESSAGE, retryAfterSeconds: allowed.retryAfterSeconds };
      }

      const user = await q.findUserByEmail(db, email);
      // Unknown address and wrong password take the same time and give the same answer.
      const valid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstNothing(password);
      if (!user || !valid) {
        // The audit trail of attempts; the limits above live in the rate limiter.
        await q.insertLoginAttempt(db, email, toAddressKey(meta.ip), false, now);
        if (Math.random() < 0.01) await q.pruneLoginAttempts(db, new Date(now.getTime() - 24 * 60 * 60 * 1000));
        return { ok: false, code: 'invalid_credentials', message: INVALID_CREDENTIALS_MESSAGE };
      }
      // An honest sign-in costs nothing: its points come back, and this place starts afresh.
      await Promise.all(steps.map(([limit, key]) => (limit === limits.signInPair ? limit.reset(key) : limit.reward(key))));
      await q.insertLoginAttempt(db, email, toAddressKey(meta.ip), true, now);
      // Only someone who knows the password learns that the account is suspended.
      if (user.suspendedAt) return { ok: false, code: 'suspended', message: suspendedMessage(user.suspendedReason) };
      if (options.staffOnly && user.role === 'user') {
        // Checked before a session exists: the staff door leaves nothing behind for a member.
        return { ok: false, code: 'invalid_credentials', message: NOT_STAFF_MESSAGE };
      }
      // The known-device token waits for the code too: the password alone proves less.
      if (await twoFactor.isEnabled(user.id)) return twoFactorRequired(user.id);
      const session = await startSession(user, meta, parseDeviceFavourites(deviceFavourites));
      return { ok: true, session: { ...session, deviceToken: newKnownDeviceToken(tokenKey, email, clock.now()) } };
    },

    async completeTwoFactorSignIn(input, meta) {
      const parsed = twoFactorSignInInputSchema.safeParse(input);
      if (!parsed.success) return invalid(fieldsOf(parsed.error.issues));
      const challenge = twoFactor.readChallenge(parsed.data.challenge);
      if (!challenge) return { ok: false, code: 'invalid_token', message: CHALLENGE_EXPIRED_MESSAGE };
      const checked = await twoFactor.verifySignIn(challenge, parsed.data.code);
      if (!checked.ok) {
        if (checked.code === 'throttled') return checked;
        if (checked.code === 'invalid_code') return { ok: false, code: 'invalid_code', message: checked.message };
        // Two-factor sign-in was turned off (or reset) since the password step: start again.
        return { ok: false, code: 'invalid_token', message: CHALLENGE_EXPIRED_MESSAGE };
      }
      const user = await q.findUserById(db, challenge.userId);
      if (!user) return { ok: false, code: 'invalid_token', message: CHALLENGE_EXPIRED_MESSAGE };
      if (user.suspendedAt) return { ok: false, code: 'suspended', message: suspendedMessage(user.suspendedReason) };
      if (checked.method === 'recovery') {
        logger.info({ userId: user.id, ip: meta.ip }, 'two-factor sign-in with a recovery code');
      }
      const session = await startSession(user, meta, NO_DEVICE_FAVOURITES);
      return { ok: true, session: { ...session, deviceToken: newKnownDeviceToken(tokenKey, user.email, clock.now()) } };
    },

    async refresh(input, meta) {
      const parsed = refreshInputSchema.safeParse(input);
      if (!parsed.success) return invalid(fieldsOf(parsed.error.issues));
      const { refresh_token: refreshToken, client_id: clientId } = parsed.data;
      const rejected: AuthFailure = {
        ok: false,
        code: 'invalid_token',
        message: 'The refresh token is not valid. Please sign in again',
      };
      if (config.AUTH_CLIENT_ID && !constantTimeEqual(clientId ?? '', config.AUTH_CLIENT_ID)) {
        return { ok: false, code: 'invalid_token', message: 'Unknown client_id' };
      }
      const now = clock.now();
      let row = await q.findRefreshToken(db, hashToken(refreshToken));
      if (row?.familyRevokedReason === 'idle') return idleFailure;
      if (!row || row.familyRevokedAt !== null) return rejected;
      if (row.rotatedAt === null && Date.parse(row.expiresAt) <= now.getTime()) return rejected;
      // A staff session unused for 30 minutes ends here as well as in authenticate().
      if (idleTooLong(row.userRole, row.familyLastUsedAt, now)) {
        await q.revokeFamily(db, row.familyId, 'idle', now);
        return idleFailure;
      }
      const successor = successorRefreshToken(tokenKey, refreshToken);
      if (row.rotatedAt === null) {
        const expiresAt = new Date(now.getTime() + config.REFRESH_TOKEN_TTL * 1000);
        if (await q.rotateRefreshToken(db, row.id, row.familyId, hashToken(successor), now, expiresAt)) {
          const user = await q.findUserById(db, row.userId);
          if (!user || user.suspendedAt) return rejected;
          await q.touchFamily(db, row.familyId, now);
          return { ok: true, session: await buildSession(user, row.familyId, successor, now) };
        }
        // Another request rotated it a moment ago: read what it did.
        row = await q.findRefreshToken(db, hashToken(refreshToken));
        if (!row || row.familyRevokedAt !== null) return rejected;
      }
      const rotatedAt = row.rotatedAt === null ? now : new Date(row.rotatedAt);
      const next = await q.findRefreshToken(db, hashToken(successor));
      // The same client racing itself (two tabs, a page and its data request, a
      // prefetch): within the grace window its token still gets the pair the
      // first rotation issued, as long as nobody has moved past that pair.
      const raced =
        now.getTime() - rotatedAt.getTime() <= REFRESH_GRACE_MS &&
        next !== null &&
        next.familyId === row.familyId &&
        next.rotatedAt === null &&
        next.familyRevokedAt === null;
      if (raced) {
        const user = await q.findUserById(db, row.userId);
        if (!user || user.suspendedAt) return rejected;
        return { ok: true, session: await buildSession(user, row.familyId, successor, rotatedAt) };
      }
      // RFC 9700 §4.14.2: an already-used refresh token means it leaked (or a
      // client misbehaves): end the whole family, attacker and user alike.
      await q.revokeFamily(db, row.familyId, 'reuse', now);
      logger.warn({ familyId: row.familyId, userId: row.userId, ip: meta.ip }, 'refresh token reuse: session revoked');
      return rejected;
    },

    async authenticate(accessToken) {
      const claims: AccessTokenClaims | null = await signer.verify(accessToken, clock.now());
      if (!claims) return null;
      // Checking the session on every request makes revocation (sign out
      // everywhere, reuse detection, password reset) take effect at once.
      const found = await q.findUserInLiveSession(db, claims.userId, claims.familyId);
      if (!found) {
        // Ended as idle by an earlier request (another tab): say so again.
        const reason = await q.findFamilyEndReason(db, claims.userId, claims.familyId);
        return reason === 'idle' ? 'idle' : null;
      }
      const { user, lastUsedAt } = found;
      if (user.role !== 'user') {
        const now = clock.now();
        if (idleTooLong(user.role, lastUsedAt, now)) {
          await q.revokeFamily(db, claims.familyId, 'idle', now);
          logger.info({ userId: user.id, familyId: claims.familyId }, 'staff session ended after 30 minutes idle');
          return 'idle';
        }
        const staleBefore = new Date(now.getTime() - ACTIVITY_TOUCH_INTERVAL_MS);
        if (Date.parse(lastUsedAt) < staleBefore.getTime()) {
          await q.touchFamilyIfStale(db, claims.familyId, now, staleBefore);
        }
      }
      return { user: q.toUser(user), familyId: claims.familyId };
    },

    async logout(familyId) {
      await q.revokeFamily(db, familyId, 'logout', clock.now());
    },

    async logoutByRefreshToken(refreshToken) {
      const row = await q.findRefreshToken(db, hashToken(refreshToken));
      if (row) await q.revokeFamily(db, row.familyId, 'logout', clock.now());
    },

    async listSessions(userId, currentFamilyId) {
      return q.listLiveFamilies(db, userId, clock.now(), currentFamilyId);
    },

    async revokeSession(userId, familyId) {
      return q.revokeFamily(db, familyId, 'revoked', clock.now(), userId);
    },

    async revokeAllSessions(userId) {
      return q.revokeUserFamilies(db, userId, 'everywhere', clock.now());
    },

    async updateProfile(userId, input) {
      const parsed = profileInputSchema.safeParse(input);
      if (!parsed.success) return invalid(fieldsOf(parsed.error.issues));
      await q.updateUser(
        db,
        userId,
        { displayName: parsed.data.displayName, phone: parsed.data.phone ?? null },
        clock.now(),
      );
      const user = await q.findUserById(db, userId);
      if (!user) return { ok: false, code: 'invalid_token', message: 'The account no longer exists' };
      return { ok: true, user: q.toUser(user) };
    },

    async changePassword(userId, currentFamilyId, input) {
      const parsed = changePasswordInputSchema.safeParse(input);
      if (!parsed.success) return invalid(fieldsOf(parsed.error.issues));
      const user = await q.findUserById(db, userId);
      if (!user) return { ok: false, code: 'invalid_token', message: 'The account no longer exists' };
      const valid = user.passwordHash ? await verifyPassword(user.passwordHash, parsed.data.currentPassword) : false;
      if (!valid) return invalid({ currentPassword: 'This is not your current password' });
      const now = clock.now();
      await q.updateUser(db, userId, { passwordHash: await hashPassword(parsed.data.newPassword) }, now);
      await q.revokeUserFamilies(db, userId, 'password', now, currentFamilyId);
      await q.expireUserResetTokens(db, userId, now);
      return { ok: true };
    },

    async requestPasswordReset(input, meta) {
      const parsed = forgotPasswordInputSchema.safeParse(input);
      if (!parsed.success) return invalid(fieldsOf(parsed.error.issues));
      // Per address, refused openly: the answer says nothing about any account.
      const allowed = await limits.resetAddress.consume(toAddressKey(meta.ip));
      if (!allowed.ok) {
        return { ok: false, code: 'throttled', message: RESET_THROTTLED_MESSAGE, retryAfterSeconds: allowed.retryAfterSeconds };
      }
      const email = parsed.data.email;
      // Per account, silently: a refusal here would tell that the account exists.
      const mailAllowed = (await spend([
        [limits.resetMailMinute, email],
        [limits.resetMailHour, email],
      ])).ok;
      const user = mailAllowed ? await q.findUserByEmail(db, email) : null;
      if (!user) return { ok: true };
      await mailResetLink(user);
      return { ok: true };
    },

    async sendPasswordResetLink(userId) {
      const user = await q.findUserById(db, userId);
      if (!user) return { ok: false, code: 'not_found', message: 'There is no such account' };
      // A new password would not let a banned account in; the link would only confuse them.
      if (user.suspendedAt) return { ok: false, code: 'suspended', message: 'This account is banned: unban it before sending a reset link' };
      const allowed = await spend([
        [limits.resetMailMinute, user.email],
        [limits.resetMailHour, user.email],
      ]);
      if (!allowed.ok) {
        return { ok: false, code: 'throttled', message: RESET_MAIL_LIMIT_MESSAGE, retryAfterSeconds: allowed.retryAfterSeconds };
      }
      await mailResetLink(user);
      return { ok: true, email: user.email };
    },

    async checkResetToken(token) {
      if (!token || token.length > 200) return false;
      return (await q.findUsableResetToken(db, hashToken(token), clock.now())) !== null;
    },

    async resetPassword(input, meta) {
      const parsed = resetPasswordInputSchema.safeParse(input);
      if (!parsed.success) return invalid(fieldsOf(parsed.error.issues));
      const now = clock.now();
      const found = await q.findUsableResetToken(db, hashToken(parsed.data.token), now);
      const passwordHash = found ? await hashPassword(parsed.data.password) : null;
      if (!found || !passwordHash || !(await q.useResetToken(db, found.id, now))) {
        return { ok: false, code: 'invalid_token', message: RESET_LINK_INVALID_MESSAGE };
      }
      await q.updateUser(db, found.userId, { passwordHash, emailVerified: true }, now);
      await q.revokeUserFamilies(db, found.userId, 'password', now);
      await q.expireUserResetTokens(db, found.userId, now);
      const user = await q.findUserById(db, found.userId);
      if (!user) return { ok: false, code: 'invalid_token', message: RESET_LINK_INVALID_MESSAGE };
      // Whoever owns the mailbox may sign in again at once, from where they are.
      await limits.signInAccount.reset(user.email);
      if (meta) await limits.signInPair.reset(`${user.email}\naddress:${toAddressKey(meta.ip)}`);
      return { ok: true, user: q.toUser(user) };
    },

    async signInWithOidc(claims, meta) {
      const now = clock.now();
      let userId = await q.findIdentityUser(db, claims.issuer, claims.subject);
      if (userId === null) {
        // Link by email only when the provider vouches for it; otherwise anyone
        // could claim an existing account by typing its address at the provider.
        const email = claims.email?.trim().toLowerCase();
        if (!email || !claims.emailVerified) {
          return {
            ok: false,
            code: 'invalid_credentials',
            message: 'Your sign-in provider did not confirm an email address, so we cannot sign you in with it',
          };
        }
        const existing = await q.findUserByEmail(db, email);
        const user =
          existing ??
          (await q.insertUser(
            db,
            {
              email,
              displayName: claims.name?.trim() || email.split('@')[0] || email,
              phone: null,
              passwordHash: null,
              role: 'user',
              emailVerified: true,
            },
            now,
          ));
        if (existing && !existing.emailVerified) await q.updateUser(db, existing.id, { emailVerified: true }, now);
        await q.insertIdentity(db, user.id, claims.issuer, claims.subject, email, now);
        userId = user.id;
      }
      const user = await q.findUserById(db, userId);
      if (!user) return { ok: false, code: 'invalid_credentials', message: 'The linked account no longer exists' };
      if (user.suspendedAt) return { ok: false, code: 'suspended', message: suspendedMessage(user.suspendedReason) };
      // The provider stands in for the password, not for the second factor.
      if (await twoFactor.isEnabled(user.id)) return twoFactorRequired(user.id);
      const session = await startSession(user, meta, NO_DEVICE_FAVOURITES);
      // Signing in through the provider proves the account as well as a password does.
      return { ok: true, session: { ...session, deviceToken: newKnownDeviceToken(tokenKey, user.email, clock.now()) } };
    },

    async listFavourites(userId) {
      return q.listFavourites(db, userId);
    },

    async addFavourite(userId, kind, input) {
      // Only an id or a competition code names a favourite. The API checks its path; the account page's
      // form does not, and text holding NUL made PostgreSQL refuse the look-up (a 500; server/fuzz.test.ts).
      const parsed = favouriteParamsSchema.safeParse({ kind, ref: input });
      if (!parsed.success) return false;
      const { ref } = parsed.data;
      const id = /^[1-9]\d{0,11}$/.test(ref) ? Number(ref) : null;
      const refs = {
        teams: kind === 'team' && id !== null ? [id] : [],
        competitions: kind === 'competition' ? [ref] : [],
        matches: kind === 'match' && id !== null ? [id] : [],
      };
      const resolved = await q.resolveFavourites(db, refs);
      if (resolved.length === 0) return false;
      await q.insertFavourites(db, userId, resolved, clock.now());
      return true;
    },

    async removeFavourite(userId, kind, ref) {
      // As addFavourite: what cannot name a favourite is not one of the account's.
      const parsed = favouriteParamsSchema.safeParse({ kind, ref });
      if (parsed.success) await q.removeFavourite(db, userId, kind, parsed.data.ref);
    },

    async createStaffUser(input) {
      const parsed = registerInputSchema.safeParse({
        email: input.email,
        password: input.password,
        displayName: input.displayName,
      });
      if (!parsed.success) return invalid(fieldsOf(parsed.error.issues));
      const now = clock.now();
      const passwordHash = await hashPassword(parsed.data.password);
      const existing = await q.findUserByEmail(db, parsed.data.email);
      if (existing) {
        await q.updateUser(db, existing.id, { role: input.role, passwordHash }, now);
        await q.revokeUserFamilies(db, existing.id, 'password', now);
        const user = await q.findUserById(db, existing.id);
        return { ok: true, user: q.toUser(user ?? existing), created: false };
      }
      const user = await q.insertUser(
        db,
        {
          email: parsed.data.email,
          displayName: parsed.data.displayName ?? input.displayName,
          phone: null,
          passwordHash,
          role: input.role,
          emailVerified: true,
        },
        now,
      );
      return { ok: true, user: q.toUser(user), created: true };
    },

    async getUser(userId) {
      const user = await q.findUserById(db, userId);
      return user ? q.toUser(user) : null;
    },
  };
}
