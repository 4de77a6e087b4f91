// Staff sign-in security in the CMS (issue #20): each staff member sets up,
// renews and turns off their own two-factor sign-in; an administrator resets a
// colleague's (a lost phone) and decides whether every staff member must use it.
// The accounts module keeps the secrets and codes (auth.two-factor.ts); this
// service writes the audit entry in the same transaction as each change.
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { inTransaction } from '../../../db/transaction.ts';
import type { Database } from '../../../db/schema.ts';
import type { StaffAccountService } from '../auth/auth.staff.ts';
import type { TwoFactorFailure, TwoFactorService } from '../auth/auth.two-factor.ts';
import type { AuditLog } from './cms-audit.service.ts';
import { invalidInput, type CmsFailure } from './cms-results.ts';
import {
  staffPolicyInputSchema,
  twoFactorCodeInputSchema,
  type EnrolmentView,
  type SecurityOverview,
} from './cms-security.schemas.ts';
import type { CmsActor } from './cms.schemas.ts';

type Db = Kysely<Database>;

export type SecurityFailure = CmsFailure | { ok: false; code: 'throttled'; message: string; retryAfterSeconds: number };
export type SecurityResult<T> = ({ ok: true } & T) | SecurityFailure;

export const OWN_TWO_FACTOR_FIRST_MESSAGE =
  'Turn on two-factor sign-in for your own account first: requiring it of everyone would otherwise send you to set it up at once.';
export const RESET_OWN_MESSAGE = 'To turn off your own two-factor sign-in, use the form with a code on this page.';

export interface StaffSecurityService {
  overview(userId: number): Promise<SecurityOverview>;
  /** The enrolment's QR code as an SVG document (rendered on the server; the secret never leaves it otherwise). */
  qrSvg(enrolment: EnrolmentView): Promise<string>;
  begin(actor: CmsActor): Promise<SecurityResult<{ enrolment: EnrolmentView }>>;
  confirm(actor: CmsActor, input: unknown): Promise<SecurityResult<{ recoveryCodes: string[] }>>;
  regenerateRecoveryCodes(actor: CmsActor, input: unknown): Promise<SecurityResult<{ recoveryCodes: string[] }>>;
  disable(actor: CmsActor, input: unknown): Promise<SecurityResult<object>>;
  /** An administrator turns a colleague's two-factor sign-in off, so they can set it up again. */
  reset(actor: CmsActor, userId: number): Promise<SecurityResult<{ wasEnabled: boolean }>>;
  setPolicy(actor: CmsActor, input: unknown): Promise<SecurityResult<{ requireTwoFactor: boolean }>>;
}

/** A refused code as the form shows it: beside the code field. */
function codeFailure(failure: TwoFactorFailure): SecurityFailure {
  if (failure.code === 'invalid_code') {
    return { ok: false, code: 'invalid_input', message: failure.message, fields: { code: failure.message } };
  }
  return failure;
}

export function createStaffSecurityService(deps: {
  db: Db;
  twoFactor: TwoFactorService;
  staffAccounts: Pick<StaffAccountService, 'findAccount'>;
  audit: AuditLog;
}): StaffSecurityService {
  const { db, twoFactor, staffAccounts, audit } = deps;

  return {
    async overview(userId) {
      const [status, enrolment, policy, enrolmentRequired] = await Promise.all([
        twoFactor.status(userId),
        twoFactor.pendingEnrolment(userId),
        twoFactor.policy(),
        twoFactor.enrolmentRequired(userId),
      ]);
      return { twoFactor: status, enrolment, policy, enrolmentRequired };
    },

    qrSvg(enrolment) {
      // A size of its own: an SVG with only a viewBox shrinks to nothing in a box sized by its content.
      return QRCode.toString(enrolment.uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 192 });
    },

    async begin(actor) {
      const result = await inTransaction(db, async (trx) => twoFactor.begin(trx, actor.id));
      return result.ok ? result : codeFailure(result);
    },

    async confirm(actor, input) {
      const parsed = twoFactorCodeInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      return inTransaction(db, async (trx): Promise<SecurityResult<{ recoveryCodes: string[] }>> => {
        const result = await twoFactor.confirm(trx, actor.id, parsed.data.code);
        if (!result.ok) return codeFailure(result);
        await audit.record(trx, actor, {
          action: 'two-factor.enable',
          target: { kind: 'user', id: actor.id },
          before: { twoFactor: false },
          after: { twoFactor: true, recoveryCodes: result.recoveryCodes.length },
        });
        return result;
      });
    },

    async regenerateRecoveryCodes(actor, input) {
      const parsed = twoFactorCodeInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      return inTransaction(db, async (trx): Promise<SecurityResult<{ recoveryCodes: string[] }>> => {
        const result = await twoFactor.regenerateRecoveryCodes(trx, actor.id, parsed.data.code);
        if (!result.ok) return codeFailure(result);
        await audit.record(trx, actor, {
          action: 'two-factor.recovery-codes',
          target: { kind: 'user', id: actor.id },
          after: { recoveryCodes: result.recoveryCodes.length, replaced: true },
        });
        return result;
      });
    },

    async disable(actor, input) {
      const parsed = twoFactorCodeInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      return inTransaction(db, async (trx): Promise<SecurityResult<object>> => {
        const result = await twoFactor.disable(trx, actor.id, parsed.data.code);
        if (!result.ok) return codeFailure(result);
        await audit.record(trx, actor, {
          action: 'two-factor.disable',
          target: { kind: 'user', id: actor.id },
          before: { twoFactor: true },
          after: { twoFactor: false },
        });
        return { ok: true };
      });
    },

    async reset(actor, userId) {
      if (userId === actor.id) return { ok: false, code: 'conflict', message: RESET_OWN_MESSAGE };
      return inTransaction(db, async (trx): Promise<SecurityResult<{ wasEnabled: boolean }>> => {
        const account = await staffAccounts.findAccount(trx, userId);
        if (!account) return { ok: false, code: 'not_found', message: 'There is no such account' };
        const { wasEnabled } = await twoFactor.reset(trx, userId);
        if (wasEnabled) {
          await audit.record(trx, actor, {
            action: 'two-factor.reset',
            target: { kind: 'user', id: userId },
            before: { twoFactor: true },
            after: { twoFactor: false },
          });
        }
        return { ok: true, wasEnabled };
      });
    },

    async setPolicy(actor, input) {
      const parsed = staffPolicyInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const { requireTwoFactor } = parsed.data;
      if (requireTwoFactor && !(await twoFactor.isEnabled(actor.id))) {
        return { ok: false, code: 'conflict', message: OWN_TWO_FACTOR_FIRST_MESSAGE };
      }
      return inTransaction(db, async (trx): Promise<SecurityResult<{ requireTwoFactor: boolean }>> => {
        const { before } = await twoFactor.setPolicy(trx, requireTwoFactor, actor.id);
        if (before !== requireTwoFactor) {
          await audit.record(trx, actor, {
            action: 'staff-policy.require-two-factor',
            target: { kind: 'staff-policy', id: 1 },
            before: { requireTwoFactor: before },
            after: { requireTwoFactor },
          });
        }
        return { ok: true, requireTwoFactor };
      });
    },
  };
}
