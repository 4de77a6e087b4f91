// Staff administration in the accounts module (issue #20): the CMS changes
// roles, suspends and reinstates accounts and turns an accepted invitation into
// a staff account through this service, never through the tables. Each write
// runs in the caller's transaction (the CMS writes its audit entry in the same
// commit) and reports the values before and after.
//
// One rule lives here because only the owner of the accounts can keep it under
// concurrency: there is always at least one administrator who can sign in.
import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { Role } from '../../../domain/account-contracts.ts';
import type { Clock } from '../../platform/clock.ts';
import { hashPassword } from './auth.passwords.ts';
import * as q from './auth.queries.ts';
import * as staff from './auth.staff.queries.ts';
import { deleteAccount } from './auth.users.queries.ts';

type Db = Kysely<Database>;

export type StaffMember = staff.StaffRow;
export type ErasedData = Awaited<ReturnType<typeof deleteAccount>>;

export type StaffChange<T> =
  | ({ ok: true } & T)
  | { ok: false; code: 'not_found'; message: string }
  | { ok: false; code: 'last_admin'; message: string };

export const LAST_ADMIN_MESSAGE =
  'This is the last administrator who can sign in: make someone else an administrator first.';

export interface StaffAccountService {
  listStaff(): Promise<StaffMember[]>;
  /** Accounts created since `since` (the CMS dashboard's sign-ups). */
  countSignUpsSince(since: Date): Promise<number>;
  /** One account as the CMS shows it (members too); null when there is none. */
  findAccount(db: Db, userId: number): Promise<{ id: number; email: string; role: Role; suspended: boolean } | null>;
  changeRole(trx: Db, userId: number, role: Role): Promise<StaffChange<{ before: Role; after: Role }>>;
  /** Suspends the account and ends its sessions at once; `reason` is shown to them at sign-in. */
  suspend(trx: Db, userId: number, reason: string): Promise<StaffChange<{ wasSuspended: boolean; sessionsEnded: number }>>;
  reinstate(trx: Db, userId: number): Promise<StaffChange<{ wasSuspended: boolean }>>;
  /**
   * Erases the account and everything that hangs on it (auth.users.queries.ts deleteAccount); its sessions
   * end with it. Answers the address and role it had (for the caller's own clean-up) and what went.
   */
  erase(trx: Db, userId: number): Promise<StaffChange<{ email: string; role: Role } & ErasedData>>;
  /**
   * An accepted invitation: a new account with the role, or an existing one
   * (proved by the mailbox the invitation went to) given the role and the new
   * password, its other sessions signed out as after a password reset.
   */
  enrolStaff(
    trx: Db,
    input: { email: string; displayName: string; password: string; role: Exclude<Role, 'user'> },
  ): Promise<{ userId: number; created: boolean; roleBefore: Role | null }>;
}

export function createStaffAccountService(deps: { db: Db; engine: DatabaseEngine; clock: Clock }): StaffAccountService {
  const { db, engine, clock } = deps;

  /** Whether taking `userId` out of the active administrators would leave none. */
  async function wouldLeaveNoAdmin(trx: Db, userId: number): Promise<boolean> {
    await staff.takeWriteLock(trx, engine);
    const admins = await staff.lockActiveAdmins(trx, engine);
    return admins.includes(userId) && admins.length <= 1;
  }

  const notFound = { ok: false, code: 'not_found', message: 'There is no such account' } as const;
  const lastAdmin = { ok: false, code: 'last_admin', message: LAST_ADMIN_MESSAGE } as const;

  return {
    listStaff: () => staff.listStaffRows(db),
    countSignUpsSince: (since) => staff.countAccountsCreatedSince(db, since),

    async findAccount(reader, userId) {
      const user = await q.findUserById(reader, userId);
      return user ? { id: user.id, email: user.email, role: user.role, suspended: user.suspendedAt !== null } : null;
    },

    async changeRole(trx, userId, role) {
      if (role !== 'admin' && (await wouldLeaveNoAdmin(trx, userId))) return lastAdmin;
      const user = await q.findUserById(trx, userId);
      if (!user) return notFound;
      if (user.role !== role) await staff.setRole(trx, userId, role, clock.now());
      return { ok: true, before: user.role, after: role };
    },

    async suspend(trx, userId, reason) {
      if (await wouldLeaveNoAdmin(trx, userId)) return lastAdmin;
      const user = await q.findUserById(trx, userId);
      if (!user) return notFound;
      const now = clock.now();
      if (!user.suspendedAt) await staff.setSuspension(trx, userId, { at: now, reason }, now);
      const sessionsEnded = await q.revokeUserFamilies(trx, userId, 'suspended', now);
      return { ok: true, wasSuspended: user.suspendedAt !== null, sessionsEnded };
    },

    async reinstate(trx, userId) {
      const user = await q.findUserById(trx, userId);
      if (!user) return notFound;
      if (user.suspendedAt) await staff.setSuspension(trx, userId, null, clock.now());
      return { ok: true, wasSuspended: user.suspendedAt !== null };
    },

    async erase(trx, userId) {
      if (await wouldLeaveNoAdmin(trx, userId)) return lastAdmin;
      const user = await q.findUserById(trx, userId);
      if (!user) return notFound;
      const erased = await deleteAccount(trx, user);
      return { ok: true, email: user.email, role: user.role, ...erased };
    },

    async enrolStaff(trx, input) {
      const now = clock.now();
      const passwordHash = await hashPassword(input.password);
      const existing = await q.findUserByEmail(trx, input.email);
      if (existing) {
        await q.updateUser(trx, existing.id, { role: input.role, passwordHash, emailVerified: true }, now);
        await staff.setSuspension(trx, existing.id, null, now);
        await q.revokeUserFamilies(trx, existing.id, 'password', now);
        return { userId: existing.id, created: false, roleBefore: existing.role };
      }
      const user = await q.insertUser(
        trx,
        { email: input.email, displayName: input.displayName, phone: null, passwordHash, role: input.role, emailVerified: true },
        now,
      );
      return { userId: user.id, created: true, roleBefore: null };
    },
  };
}
