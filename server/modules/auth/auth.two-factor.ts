// Two-factor sign-in for staff (issue #20): TOTP codes from an authenticator
// app (RFC 6238, through otplib) and single-use recovery codes. The accounts
// service asks for a code after the password when an account has it on; the
// CMS enrols, turns it off and resets it through this service, in its own
// transaction, so each change and its audit entry commit together.
//
// - The TOTP secret is stored sealed (AES-256-GCM, auth.tokens.ts) and bound to
//   its account; it stays pending until the first code from the app confirms it.
// - A code is accepted once: the step it belongs to is recorded by a conditional
//   update, and any step up to it is refused afterwards (RFC 6238 §5.2).
// - Recovery codes are stored as peppered hashes and spent by a conditional
//   update: two requests with one code, one success.
// - Guessing is limited per account and per sign-in challenge (atomic limits,
//   server/platform/rate-limit.ts).
// docs/decisions/022-staff-two-factor-and-idle-sessions.md says why each is so.
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimits } from '../../platform/rate-limit.ts';
import * as q from './auth.two-factor.queries.ts';
import { constantTimeEqual, openSecret, sealSecret } from './auth.tokens.ts';

type Db = Kysely<Database>;

/** How long the proof of a right password waits for its code. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes a sign-in challenge allows before the password must be given again. */
export const CODE_ATTEMPTS_PER_CHALLENGE = 5;
/** Wrong codes per account in CODE_WINDOW_SECONDS, across challenges and the CMS's own checks. */
export const CODE_FAILURES_PER_ACCOUNT = 10;
export const CODE_WINDOW_SECONDS = 15 * 60;
/** One step either side of now: an app clock a little off, or a code typed as it turned over. */
const TOTP_TOLERANCE_SECONDS = 30;

export const INVALID_CODE_MESSAGE =
  'This code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes';
export const INVALID_TOTP_MESSAGE = 'This code is not right. Enter the 6-digit code your authenticator app shows now';
export const USED_CODE_MESSAGE = 'This code has been used already. Wait for the next one in your authenticator app';
export const CODE_THROTTLED_MESSAGE = 'Too many wrong codes. Please wait and try again';

export type TwoFactorFailure =
  | { ok: false; code: 'invalid_code'; message: string }
  | { ok: false; code: 'throttled'; message: string; retryAfterSeconds: number }
  /** The account is not in the state the call needs (on already, off, nothing pending). */
  | { ok: false; code: 'conflict'; message: string };

export type TwoFactorResult<T> = ({ ok: true } & T) | TwoFactorFailure;

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  /** A secret waits for its first code. */
  pending: boolean;
  recoveryCodesLeft: number;
}

export interface Enrolment {
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** otpauth:// URI, what the QR code holds. */
  uri: string;
}

export interface StaffPolicy {
  requireTwoFactor: boolean;
  updatedAt: string | null;
}

/** What a sign-in challenge proves: this account gave its right password a moment ago. */
export interface Challenge {
  userId: number;
  nonce: string;
  expiresAt: number;
}

export interface TwoFactorService {
  isEnabled(userId: number): Promise<boolean>;
  status(userId: number): Promise<TwoFactorStatus>;
  /** The enrolment waiting for its first code, to show again; null when none waits. */
  pendingEnrolment(userId: number): Promise<Enrolment | null>;
  /** Starts enrolment (or returns the one waiting): a new secret, pending until confirm(). */
  begin(trx: Db, userId: number): Promise<TwoFactorResult<{ enrolment: Enrolment }>>;
  /** The app's first code turns two-factor sign-in on; the recovery codes are returned this once. */
  confirm(trx: Db, userId: number, code: string): Promise<TwoFactorResult<{ recoveryCodes: string[] }>>;
  /** New recovery codes (the old ones stop working), for a current TOTP code. */
  regenerateRecoveryCodes(trx: Db, userId: number, code: string): Promise<TwoFactorResult<{ recoveryCodes: string[] }>>;
  /** Turns it off, for a current TOTP code or a recovery code. */
  disable(trx: Db, userId: number, code: string): Promise<TwoFactorResult<object>>;
  /** An administrator's reset (a lost phone): off, with no code. */
  reset(trx: Db, userId: number): Promise<{ wasEnabled: boolean }>;
  /**
   * The second step of a sign-in: a TOTP code or a recovery code of an account
   * with two-factor sign-in on, counted against the challenge and the account.
   */
  verifySignIn(challenge: Challenge, code: string): Promise<TwoFactorResult<{ method: 'totp' | 'recovery' }>>;
  issueChallenge(userId: number): { token: string; expiresInSeconds: number };
  /** A challenge issued here, unexpired and untampered; else null. */
  readChallenge(token: string | null | undefined): Challenge | null;
  policy(): Promise<StaffPolicy>;
  setPolicy(trx: Db, requireTwoFactor: boolean, actorId: number): Promise<{ before: boolean }>;
  /** Staff without two-factor sign-in while the policy requires it. */
  enrolmentRequired(userId: number): Promise<boolean>;
}

/** 60 bits in Crockford's base32 (no i, l, o, u), grouped: `7kq2-mz9d-x4hp`. */
function newRecoveryCode(): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => alphabet[byte & 31]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8, 12)].map((group) => group.join('')).join('-');
}

/** What a typed recovery code is compared as: case, spaces and dashes ignored, look-alikes read as Crockford does. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

/** A TOTP code as typed ("123 456" too), or null when it is not six digits. */
function totpDigits(input: string): string | null {
  const digits = input.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

export function createTwoFactorService(deps: {
  db: Db;
  clock: Clock;
  keys: { secret: Uint8Array; challenge: Uint8Array; recovery: Uint8Array };
  rateLimits: RateLimits;
  /** The name the authenticator app lists the account under (the site's name). */
  issuer: string;
}): TwoFactorService {
  const { db, clock, keys, rateLimits, issuer } = deps;
  const limits = {
    account: rateLimits.create('two-factor:account', {
      points: CODE_FAILURES_PER_ACCOUNT,
      durationSeconds: CODE_WINDOW_SECONDS,
    }),
    challenge: rateLimits.create('two-factor:challenge', {
      points: CODE_ATTEMPTS_PER_CHALLENGE,
      durationSeconds: CHALLENGE_TTL_SECONDS,
    }),
  };

  const context = (userId: number) => `totp-secret:${userId}`;
  const hashRecoveryCode = (code: string) =>
    createHmac('sha256', keys.recovery).update(normaliseRecoveryCode(code)).digest('base64url');
  const signChallenge = (userId: number, expiresAt: number, nonce: string) =>
    createHmac('sha256', keys.challenge)
      .update(`two-factor-challenge\n${userId}\n${expiresAt}\n${nonce}`)
      .digest('base64url');

  const invalid = (message = INVALID_CODE_MESSAGE): TwoFactorFailure => ({ ok: false, code: 'invalid_code', message });
  const conflict = (message: string): TwoFactorFailure => ({ ok: false, code: 'conflict', message });

  /** The step `code` belongs to under `secret` (now, or one step either side), or null. */
  async function matchStep(secret: string, code: string): Promise<number | null> {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(clock.now().getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  function enrolmentOf(row: q.TwoFactorRow, secret: string): Enrolment {
    return { secret, uri: generateURI({ issuer, label: row.email, secret }) };
  }

  async function newRecoveryCodes(trx: Db, userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await q.replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode), clock.now());
    return codes;
  }

  /** Spends a point of the account's limit before a code is checked; a right code gets it back. */
  async function withAccountLimit<T extends { ok: boolean }>(
    userId: number,
    check: () => Promise<T | TwoFactorFailure>,
  ): Promise<T | TwoFactorFailure> {
    const allowed = await limits.account.consume(String(userId));
    if (!allowed.ok) {
      return {
        ok: false,
        code: 'throttled',
        message: CODE_THROTTLED_MESSAGE,
        retryAfterSeconds: allowed.retryAfterSeconds,
      };
    }
    const result = await check();
    if (result.ok) await limits.account.reward(String(userId));
    return result;
  }

  /** A current TOTP code of an enabled account, or (when allowed) an unused recovery code; each works once. */
  async function checkCode(
    trx: Db,
    userId: number,
    row: q.TwoFactorRow,
    input: string,
    allowRecovery: boolean,
  ): Promise<TwoFactorResult<{ method: 'totp' | 'recovery' }>> {
    const secret = row.sealedSecret ? openSecret(keys.secret, row.sealedSecret, context(userId)) : null;
    if (!row.enabledAt || !secret) return conflict('Two-factor sign-in is not on for this account');
    const digits = totpDigits(input);
    if (digits) {
      const step = await matchStep(secret, digits);
      if (step === null) return invalid(allowRecovery ? INVALID_CODE_MESSAGE : INVALID_TOTP_MESSAGE);
      return (await q.acceptTimeStep(trx, userId, step)) ? { ok: true, method: 'totp' } : invalid(USED_CODE_MESSAGE);
    }
    if (allowRecovery && normaliseRecoveryCode(input).length === 12) {
      const used = await q.useRecoveryCode(trx, userId, hashRecoveryCode(input), clock.now());
      if (used) return { ok: true, method: 'recovery' };
    }
    return invalid(allowRecovery ? INVALID_CODE_MESSAGE : INVALID_TOTP_MESSAGE);
  }

  return {
    async isEnabled(userId) {
      const row = await q.findTwoFactor(db, userId);
      return Boolean(row?.enabledAt);
    },

    async status(userId) {
      const row = await q.findTwoFactor(db, userId);
      const enabled = Boolean(row?.enabledAt);
      return {
        enabled,
        enabledAt: row?.enabledAt ?? null,
        pending: !enabled && Boolean(row?.sealedSecret),
        recoveryCodesLeft: enabled ? await q.countUnusedRecoveryCodes(db, userId) : 0,
      };
    },

    async pendingEnrolment(userId) {
      const row = await q.findTwoFactor(db, userId);
      if (!row || row.enabledAt || !row.sealedSecret) return null;
      const secret = openSecret(keys.secret, row.sealedSecret, context(userId));
      return secret ? enrolmentOf(row, secret) : null;
    },

    async begin(trx, userId) {
      const row = await q.findTwoFactor(trx, userId);
      if (!row) return conflict('There is no such account');
      if (row.enabledAt) return conflict('Two-factor sign-in is on already. Turn it off first to use another app');
      const waiting = row.sealedSecret ? openSecret(keys.secret, row.sealedSecret, context(userId)) : null;
      if (waiting) return { ok: true, enrolment: enrolmentOf(row, waiting) };
      const secret = generateSecret();
      await q.savePendingSecret(trx, userId, sealSecret(keys.secret, secret, context(userId)), clock.now());
      return { ok: true, enrolment: enrolmentOf(row, secret) };
    },

    async confirm(trx, userId, code) {
      return withAccountLimit(userId, async () => {
        const row = await q.findTwoFactor(trx, userId);
        if (row?.enabledAt) return conflict('Two-factor sign-in is on already');
        const secret = row?.sealedSecret ? openSecret(keys.secret, row.sealedSecret, context(userId)) : null;
        if (!row?.sealedSecret || !secret) return conflict('Start setting up two-factor sign-in first');
        const digits = totpDigits(code);
        const step = digits ? await matchStep(secret, digits) : null;
        if (step === null) return invalid(INVALID_TOTP_MESSAGE);
        // Two tabs confirming at once: one turns it on, the other is told it is on already.
        if (!(await q.enableTwoFactor(trx, userId, row.sealedSecret, step, clock.now()))) {
          return conflict('Two-factor sign-in is on already');
        }
        return { ok: true, recoveryCodes: await newRecoveryCodes(trx, userId) };
      });
    },

    async regenerateRecoveryCodes(trx, userId, code) {
      return withAccountLimit(userId, async () => {
        const row = await q.findTwoFactor(trx, userId);
        if (!row) return conflict('There is no such account');
        const checked = await checkCode(trx, userId, row, code, false);
        if (!checked.ok) return checked;
        return { ok: true, recoveryCodes: await newRecoveryCodes(trx, userId) };
      });
    },

    async disable(trx, userId, code) {
      return withAccountLimit(userId, async () => {
        const row = await q.findTwoFactor(trx, userId);
        if (!row) return conflict('There is no such account');
        const checked = await checkCode(trx, userId, row, code, true);
        if (!checked.ok) return checked;
        await q.clearTwoFactor(trx, userId, clock.now());
        return { ok: true };
      });
    },

    async reset(trx, userId) {
      const row = await q.findTwoFactor(trx, userId);
      if (!row) return { wasEnabled: false };
      await q.clearTwoFactor(trx, userId, clock.now());
      return { wasEnabled: row.enabledAt !== null };
    },

    async verifySignIn(challenge, code) {
      const perChallenge = await limits.challenge.consume(challenge.nonce);
      if (!perChallenge.ok) {
        return {
          ok: false,
          code: 'throttled',
          message: CODE_THROTTLED_MESSAGE,
          retryAfterSeconds: perChallenge.retryAfterSeconds,
        };
      }
      const result = await withAccountLimit(challenge.userId, async () => {
        const row = await q.findTwoFactor(db, challenge.userId);
        if (!row) return invalid();
        return checkCode(db, challenge.userId, row, code, true);
      });
      // A challenge signs in once: what is left of its attempts is spent.
      if (result.ok) await limits.challenge.consume(challenge.nonce, CODE_ATTEMPTS_PER_CHALLENGE);
      return result;
    },

    issueChallenge(userId) {
      const expiresAt = Math.floor(clock.now().getTime() / 1000) + CHALLENGE_TTL_SECONDS;
      const nonce = randomBytes(16).toString('base64url');
      return {
        token: `${userId}.${expiresAt}.${nonce}.${signChallenge(userId, expiresAt, nonce)}`,
        expiresInSeconds: CHALLENGE_TTL_SECONDS,
      };
    },

    readChallenge(token) {
      const match = token
        ? /^([1-9]\d{0,15})\.(\d{10,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token)
        : null;
      if (!match) return null;
      const [, id = '', expires = '', nonce = '', signature = ''] = match;
      const userId = Number(id);
      const expiresAt = Number(expires);
      if (!constantTimeEqual(signature, signChallenge(userId, expiresAt, nonce))) return null;
      if (expiresAt <= clock.now().getTime() / 1000) return null;
      return { userId, nonce, expiresAt };
    },

    async policy() {
      const row = await q.readStaffPolicy(db);
      return { requireTwoFactor: row.requireTwoFactor, updatedAt: row.updatedAt };
    },

    async setPolicy(trx, requireTwoFactor, actorId) {
      const before = await q.readStaffPolicy(trx);
      await q.writeStaffPolicy(trx, requireTwoFactor, actorId, clock.now());
      return { before: before.requireTwoFactor };
    },

    enrolmentRequired(userId) {
      return q.findEnrolmentRequired(db, userId);
    },
  };
}
