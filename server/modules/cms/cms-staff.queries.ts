// Staff invitations (migration 0005): single-use, stored as token hashes only.
import type { Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { StaffRole } from '../../../domain/account-contracts.ts';
import type { StaffInvite } from './cms.schemas.ts';

type Db = Kysely<Database>;

function toInvite(row: {
  id: number | string;
  email: string;
  role: StaffRole;
  created_at: string | Date;
  expires_at: string | Date;
}): StaffInvite {
  return {
    id: Number(row.id),
    email: row.email,
    role: row.role,
    createdAt: toIsoString(row.created_at),
    expiresAt: toIsoString(row.expires_at),
  };
}

const INVITE_COLUMNS = ['id', 'email', 'role', 'created_at', 'expires_at'] as const;

export async function insertInvite(
  db: Db,
  values: { email: string; role: StaffRole; tokenHash: string; invitedBy: number; at: Date; expiresAt: Date },
): Promise<StaffInvite> {
  const row = await db
    .insertInto('staff_invite')
    .values({
      email: values.email,
      role: values.role,
      token_hash: values.tokenHash,
      invited_by: values.invitedBy,
      created_at: values.at.toISOString(),
      expires_at: values.expiresAt.toISOString(),
    })
    .returning(INVITE_COLUMNS)
    .executeTakeFirstOrThrow();
  return toInvite(row);
}

/** Ends the pending invitations to an address (a new one replaces them); returns how many. */
export async function revokePendingInvites(db: Db, email: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('staff_invite')
    .set({ revoked_at: now.toISOString() })
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function revokeInvite(db: Db, id: number, now: Date): Promise<StaffInvite | null> {
  const row = await db
    .updateTable('staff_invite')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning(INVITE_COLUMNS)
    .executeTakeFirst();
  return row ? toInvite(row) : null;
}

/** Invitations not yet accepted, revoked or expired, newest first. */
export async function listPendingInvites(db: Db, now: Date): Promise<StaffInvite[]> {
  const rows = await db
    .selectFrom('staff_invite')
    .select(INVITE_COLUMNS)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toInvite);
}

export async function findUsableInvite(db: Db, tokenHash: string, now: Date): Promise<StaffInvite | null> {
  const row = await db
    .selectFrom('staff_invite')
    .select(INVITE_COLUMNS)
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? toInvite(row) : null;
}

/** Marks the invitation used, once: of two requests racing one link, exactly one gets it. */
export async function claimInvite(db: Db, tokenHash: string, now: Date): Promise<StaffInvite | null> {
  const row = await db
    .updateTable('staff_invite')
    .set({ accepted_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning(INVITE_COLUMNS)
    .executeTakeFirst();
  return row ? toInvite(row) : null;
}

/** An erased account's invitations (issue #20): the address is personal data; the audit log keeps the ids. */
export async function deleteInvitesTo(db: Db, email: string): Promise<number> {
  const result = await db.deleteFrom('staff_invite').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
