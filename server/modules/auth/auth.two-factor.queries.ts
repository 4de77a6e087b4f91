// Database access of staff two-factor sign-in (issue #20): the TOTP columns of
// user_account, staff_recovery_code and the staff policy. Every "once only"
// rule is one conditional UPDATE, so two requests racing with the same code
// cannot both win, on either engine.
import { sql, type Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { Role } from '../../../domain/account-contracts.ts';

type Db = Kysely<Database>;

export interface TwoFactorRow {
  email: string;
  role: Role;
  /** The sealed secret (auth.tokens.ts sealSecret): pending while enabledAt is null. */
  sealedSecret: string | null;
  enabledAt: string | null;
  lastStep: number | null;
}

export async function findTwoFactor(db: Db, userId: number): Promise<TwoFactorRow | null> {
  const row = await db
    .selectFrom('user_account')
    .select(['email', 'role', 'totp_secret', 'totp_enabled_at', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    email: row.email,
    role: row.role,
    sealedSecret: row.totp_secret,
    enabledAt: row.totp_enabled_at === null ? null : toIsoString(row.totp_enabled_at),
    lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  };
}

/** Keeps a new secret waiting for its first code; false when two-factor sign-in is on already. */
export async function savePendingSecret(db: Db, userId: number, sealed: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('user_account')
    .set({ totp_secret: sealed, totp_last_step: null, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Turns two-factor sign-in on with the pending secret a code was just checked
 * against, that code's step counting as used. False when it is on already or
 * the pending secret changed meanwhile (another tab started again).
 */
export async function enableTwoFactor(
  db: Db,
  userId: number,
  sealed: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('user_account')
    .set({ totp_enabled_at: now.toISOString(), totp_last_step: step, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .where('totp_secret', '=', sealed)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records `step` as used; false when it, or a later one, was used already (a replayed code). */
export async function acceptTimeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_account')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns two-factor sign-in off (and drops a pending secret) and deletes the recovery codes. */
export async function clearTwoFactor(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('user_account')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('staff_recovery_code').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(
  db: Db,
  userId: number,
  hashes: readonly string[],
  now: Date,
): Promise<void> {
  await db.deleteFrom('staff_recovery_code').where('user_id', '=', userId).execute();
  await db
    .insertInto('staff_recovery_code')
    .values(hashes.map((hash) => ({ user_id: userId, code_hash: hash, created_at: now.toISOString(), used_at: null })))
    .execute();
}

/** Spends one recovery code; false when there is no such unused code (two requests with it: one wins). */
export async function useRecoveryCode(db: Db, userId: number, hash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('staff_recovery_code')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_code')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface StaffPolicyRow {
  requireTwoFactor: boolean;
  updatedAt: string | null;
  updatedBy: number | null;
}

export async function readStaffPolicy(db: Db): Promise<StaffPolicyRow> {
  const row = await db
    .selectFrom('staff_policy')
    .select(['require_two_factor', 'updated_at', 'updated_by'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    requireTwoFactor: Number(row?.require_two_factor ?? 0) === 1,
    updatedAt: row?.updated_at ? toIsoString(row.updated_at) : null,
    updatedBy: row?.updated_by === null || row?.updated_by === undefined ? null : Number(row.updated_by),
  };
}

export async function writeStaffPolicy(db: Db, requireTwoFactor: boolean, actorId: number, now: Date): Promise<void> {
  await db
    .updateTable('staff_policy')
    .set({ require_two_factor: requireTwoFactor ? 1 : 0, updated_at: now.toISOString(), updated_by: actorId })
    .where('id', '=', 1)
    .execute();
}

/**
 * Whether this account must set up two-factor sign-in before it may use the
 * CMS: staff, without it, while the policy requires it. One query, asked on
 * every CMS request.
 */
export async function findEnrolmentRequired(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_account as u')
    .select(sql<number>`1`.as('required'))
    .where('u.id', '=', userId)
    .where('u.role', '!=', 'user')
    .where('u.totp_enabled_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('staff_policy as p').select('p.id').where('p.id', '=', 1).where('p.require_two_factor', '=', 1),
      ),
    )
    .executeTakeFirst();
  return row !== undefined;
}
