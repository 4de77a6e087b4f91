// Staff management (issue #20): an admin invites by mail (a single-use link,
// 48 h, to set a password), changes roles, suspends and reinstates staff. The
// accounts themselves belong to the auth module: this service calls its staff
// service and writes the audit entry in the same transaction.
import type { Kysely } from 'kysely';
import { inTransaction } from '../../../db/transaction.ts';
import type { Database } from '../../../db/schema.ts';
import { ROLE_LABELS } from '../../../domain/account-contracts.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { StaffAccountService } from '../auth/auth.staff.ts';
import { hashToken, newOpaqueToken } from '../auth/auth.tokens.ts';
import type { AuditLog } from './cms-audit.service.ts';
import { invalidInput, type CmsResult } from './cms-results.ts';
import * as q from './cms-staff.queries.ts';
import {
  acceptInviteInputSchema,
  inviteInputSchema,
  staffChangeSchema,
  type CmsActor,
  type StaffInvite,
  type StaffList,
} from './cms.schemas.ts';

type Db = Kysely<Database>;

export const INVITE_TTL_MS = 48 * 60 * 60 * 1000;
export const INVITE_INVALID_MESSAGE =
  'This invitation link is not valid any more: it was used, replaced or has expired. Ask an administrator for a new one.';

export interface StaffService {
  list(): Promise<StaffList>;
  invite(actor: CmsActor, input: unknown): Promise<CmsResult<{ invite: StaffInvite }>>;
  revokeInvite(actor: CmsActor, inviteId: number): Promise<CmsResult<{ invite: StaffInvite }>>;
  /** What the invitation page shows before the password is set; null when the link is not usable. */
  checkInvite(token: string): Promise<StaffInvite | null>;
  acceptInvite(token: string, input: unknown, ip: string): Promise<CmsResult<{ email: string }>>;
  change(actor: CmsActor, userId: number, input: unknown): Promise<CmsResult<{ userId: number }>>;
}

export function createStaffService(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'BASE_URL' | 'SITE_NAME'>;
  mailer: Mailer;
  accounts: StaffAccountService;
  audit: AuditLog;
}): StaffService {
  const { db, clock, config, mailer, accounts, audit } = deps;

  return {
    async list() {
      const [staff, invites] = await Promise.all([accounts.listStaff(), q.listPendingInvites(db, clock.now())]);
      return { staff, invites };
    },

    async invite(actor, input) {
      const parsed = inviteInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const { email, role } = parsed.data;
      const token = newOpaqueToken();
      const now = clock.now();
      const invite = await inTransaction(db, async (trx) => {
        const replaced = await q.revokePendingInvites(trx, email, now);
        const created = await q.insertInvite(trx, {
          email,
          role,
          tokenHash: hashToken(token),
          invitedBy: actor.id,
          at: now,
          expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
        });
        await audit.record(trx, actor, {
          action: 'staff.invite',
          target: { kind: 'invite', id: created.id },
          after: { email, role, ...(replaced > 0 ? { replacedInvites: replaced } : {}) },
        });
        return created;
      });
      const link = new URL(`/cms/invite/${token}`, config.BASE_URL);
      await mailer.send({
        to: email,
        kind: 'staff-invite',
        subject: `You are invited to the ${config.SITE_NAME} staff`,
        text: [
          'Hello,',
          '',
          `You have been invited to the staff of ${config.SITE_NAME} as ${ROLE_LABELS[role].toLowerCase()}.`,
          'Open this link within 48 hours to choose your password. It works once:',
          '',
          link.href,
          '',
          'If you did not expect this, ignore this mail.',
        ].join('\n'),
      });
      return { ok: true, invite };
    },

    async revokeInvite(actor, inviteId) {
      const invite = await inTransaction(db, async (trx) => {
        const revoked = await q.revokeInvite(trx, inviteId, clock.now());
        if (revoked) {
          await audit.record(trx, actor, {
            action: 'staff.revoke-invite',
            target: { kind: 'invite', id: inviteId },
            before: { email: revoked.email, role: revoked.role, pending: true },
            after: { pending: false },
          });
        }
        return revoked;
      });
      return invite
        ? { ok: true, invite }
        : { ok: false, code: 'not_found', message: 'There is no pending invitation with this id' };
    },

    checkInvite(token) {
      return q.findUsableInvite(db, hashToken(token), clock.now());
    },

    async acceptInvite(token, input, ip) {
      const parsed = acceptInviteInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const accepted = await inTransaction(db, async (trx) => {
        const invite = await q.claimInvite(trx, hashToken(token), clock.now());
        if (!invite) return null;
        const enrolled = await accounts.enrolStaff(trx, {
          email: invite.email,
          displayName: parsed.data.displayName,
          password: parsed.data.password,
          role: invite.role,
        });
        await audit.record(
          trx,
          { id: enrolled.userId, role: invite.role, ip },
          {
            action: 'staff.accept',
            target: { kind: 'user', id: enrolled.userId },
            before: enrolled.roleBefore ? { role: enrolled.roleBefore } : {},
            after: { role: invite.role, invite: invite.id, ...(enrolled.created ? { created: true } : {}) },
          },
        );
        return invite;
      });
      return accepted
        ? { ok: true, email: accepted.email }
        : { ok: false, code: 'not_found', message: INVITE_INVALID_MESSAGE };
    },

    async change(actor, userId, input) {
      const parsed = staffChangeSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const change = parsed.data;
      return inTransaction(db, async (trx): Promise<CmsResult<{ userId: number }>> => {
        if (change.action === 'role') {
          const result = await accounts.changeRole(trx, userId, change.role);
          if (!result.ok)
            return result.code === 'not_found' ? result : { ok: false, code: 'conflict', message: result.message };
          if (result.before !== result.after) {
            await audit.record(trx, actor, {
              action: 'staff.role',
              target: { kind: 'user', id: userId },
              before: { role: result.before },
              after: { role: result.after },
            });
          }
          return { ok: true, userId };
        }
        if (change.action === 'suspend') {
          const result = await accounts.suspend(trx, userId, change.reason);
          if (!result.ok)
            return result.code === 'not_found' ? result : { ok: false, code: 'conflict', message: result.message };
          await audit.record(trx, actor, {
            action: 'staff.suspend',
            target: { kind: 'user', id: userId },
            before: { suspended: result.wasSuspended },
            after: { suspended: true, reason: change.reason, sessionsEnded: result.sessionsEnded },
          });
          return { ok: true, userId };
        }
        const result = await accounts.reinstate(trx, userId);
        if (!result.ok)
          return result.code === 'not_found' ? result : { ok: false, code: 'conflict', message: result.message };
        if (result.wasSuspended) {
          await audit.record(trx, actor, {
            action: 'staff.reinstate',
            target: { kind: 'user', id: userId },
            before: { suspended: true },
            after: { suspended: false },
          });
        }
        return { ok: true, userId };
      });
    },
  };
}
