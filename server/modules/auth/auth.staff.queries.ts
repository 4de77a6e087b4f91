// The accounts module's reads and writes for staff administration (issue #20):
// who is staff, roles, suspension. Every write takes the caller's transaction so
// the CMS can record its audit entry in the same commit.
import { sql, type Kysely } from 'kysely';
import type { DatabaseEngine } from '../../../db/client.ts';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { Role } from '../../../domain/account-contracts.ts';

type Db = Kysely<Database>;

export interface StaffRow {
  id: number;
  email: string;
  displayName: string;
  role: Role;
  createdAt: string;
  suspendedAt: string | null;
  suspendedReason: string | null;
  twoFactor: boolean;
  lastSignInAt: string | null;
}

/** Staff accounts (any role but member), newest sign-in first, with their latest session's start. */
export async function listStaffRows(db: Db): Promise<StaffRow[]> {
  const rows = await db
    .selectFrom('user_account as u')
    .select((eb) => [
      'u.id',
      'u.email',
      'u.display_name',
      'u.role',
      'u.created_at',
      'u.suspended_at',
      'u.suspended_reason',
      'u.totp_enabled_at',
      eb
        .selectFrom('refresh_token_family as f')
        .select((inner) => inner.fn.max('f.created_at').as('latest'))
        .whereRef('f.user_id', '=', 'u.id')
        .as('last_sign_in_at'),
    ])
    .where('u.role', '!=', 'user')
    .orderBy('u.role')
    .orderBy('u.email')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    createdAt: toIsoString(row.created_at),
    suspendedAt: row.suspended_at === null ? null : toIsoString(row.suspended_at),
    suspendedReason: row.suspended_reason,
    twoFactor: row.totp_enabled_at !== null,
    lastSignInAt: row.last_sign_in_at === null ? null : toIsoString(row.last_sign_in_at as string | Date),
  }));
}

/**
 * The ids of the administrators who can act (not suspended), locked on
 * PostgreSQL until the transaction ends: two admins demoting each other at
 * once are serialised here, and the second sees that only one is left. SQLite
 * runs one write transaction at a time already.
 */
export async function lockActiveAdmins(db: Db, engine: DatabaseEngine): Promise<number[]> {
  const query = db
    .selectFrom('user_account')
    .select('id')
    .where('role', '=', 'admin')
    .where('suspended_at', 'is', null)
    .orderBy('id');
  const rows = engine === 'postgres' ? await query.forUpdate().execute() : await query.execute();
  return rows.map((row) => Number(row.id));
}

/** SQLite: take the write lock now, so the admin count read next cannot go stale before this transaction writes. */
export async function takeWriteLock(db: Db, engine: DatabaseEngine): Promise<void> {
  if (engine === 'sqlite') await sql`UPDATE user_account SET id = id WHERE 0`.execute(db);
}

export async function setRole(db: Db, id: number, role: Role, now: Date): Promise<void> {
  await db.updateTable('user_account').set({ role, updated_at: now.toISOString() }).where('id', '=', id).execute();
}

export async function setSuspension(
  db: Db,
  id: number,
  suspension: { at: Date; reason: string } | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable('user_account')
    .set({
      suspended_at: suspension ? suspension.at.toISOString() : null,
      suspended_reason: suspension ? suspension.reason : null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

export async function countAccountsCreatedSince(db: Db, since: Date): Promise<number> {
  const row = await db
    .selectFrom('user_account')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
