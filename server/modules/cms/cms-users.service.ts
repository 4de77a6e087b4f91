// The CMS's Users screen (issue #20): find an account, see it, ban or unban it
// with a reason (its sessions end), mail it a password-reset link, erase it.
// The accounts are the auth module's: this service calls its services and writes
// the audit entry in the transaction of each change.
//
// Who may act on whom: anyone with cms:users acts on members; staff accounts
// only by someone who also manages staff (cms:staff, administrators) — a
// moderator bans members, never staff. Nobody bans or erases their own account
// here, and the last administrator who can sign in is never banned or erased
// (StaffAccountService keeps that rule under concurrency).
//
// Erasing deletes the account and what hangs on it (sessions, favourites,
// sign-in identities, sign-in attempts), the contact messages sent from its
// address, the mails to it in the outbox and any staff invitation to it
// (docs/decisions/018-erasing-an-account.md). The audit log keeps the id only.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { hasScope, scopesOf } from '../../../domain/staff-access.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { AccountService } from '../auth/auth.service.ts';
import type { StaffAccountService } from '../auth/auth.staff.ts';
import type { UserDirectory } from '../auth/auth.users.ts';
import { userSearchSchema, type UserPage, type UserSearch } from '../auth/auth.users.schemas.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { ContactService } from '../site/contact.service.ts';
import type { AuditLog } from './cms-audit.service.ts';
import { banInputSchema, eraseInputSchema, type CmsUser } from './cms-people.schemas.ts';
import { invalidInput, type CmsFailure, type CmsResult } from './cms-results.ts';
import { deleteInvitesTo } from './cms-staff.queries.ts';
import type { CmsActor } from './cms.schemas.ts';

type Db = Kysely<Database>;

export const STAFF_LOCKED_MESSAGE =
  'This is a staff account: administrators suspend, reset and erase staff accounts on the Staff screen.';
export const SELF_LOCKED_MESSAGE = 'This is your own account: change it from your account page, not here.';

export interface CmsUsersService {
  search(query: UserSearch): Promise<UserPage>;
  /** For the page: the address bar's filters; unreadable ones show the first page of everyone and say so. */
  searchFromParams(params: Record<string, string>): Promise<{ page: UserPage; query: UserSearch; invalid: boolean }>;
  view(actor: CmsActor, userId: number): Promise<CmsResult<{ user: CmsUser }>>;
  ban(actor: CmsActor, userId: number, input: unknown): Promise<CmsResult<{ user: CmsUser }>>;
  unban(actor: CmsActor, userId: number): Promise<CmsResult<{ user: CmsUser }>>;
  sendPasswordReset(actor: CmsActor, userId: number): Promise<CmsResult<{ email: string }>>;
  erase(actor: CmsActor, userId: number, input: unknown): Promise<CmsResult<{ userId: number }>>;
}

const NOT_FOUND: CmsFailure = { ok: false, code: 'not_found', message: 'There is no account with this id (it may have been erased)' };

/** Why `actor` may not act on an account with `target`'s id and role; null when they may. */
export function lockedReason(actor: CmsActor, target: { id: number; role: string }): string | null {
  if (target.id === actor.id) return SELF_LOCKED_MESSAGE;
  if (target.role !== 'user' && !hasScope(scopesOf(actor.role), 'cms:staff')) return STAFF_LOCKED_MESSAGE;
  return null;
}

export function createCmsUsersService(deps: {
  db: Db;
  mailer: Mailer;
  accounts: Pick<AccountService, 'sendPasswordResetLink'>;
  staffAccounts: StaffAccountService;
  directory: UserDirectory;
  contact: Pick<ContactService, 'eraseMessagesFrom'>;
  /** What the account wrote in match chats goes with it (issue #23). */
  chat: Pick<ChatService, 'eraseUser'>;
  audit: AuditLog;
}): CmsUsersService {
  const { db, mailer, accounts, staffAccounts, directory, contact, chat, audit } = deps;

  async function view(actor: CmsActor, userId: number): Promise<CmsResult<{ user: CmsUser }>> {
    const user = await directory.view(userId);
    return user ? { ok: true, user: { ...user, lockedReason: lockedReason(actor, user) } } : NOT_FOUND;
  }

  /** The account, when `actor` may act on it. Read in `trx`, so the check and the write see the same row. */
  async function target(trx: Db, actor: CmsActor, userId: number) {
    const account = await staffAccounts.findAccount(trx, userId);
    if (!account) return NOT_FOUND;
    const locked = lockedReason(actor, account);
    return locked ? ({ ok: false, code: 'conflict', message: locked } as const) : ({ ok: true, account } as const);
  }

  return {
    search: (query) => directory.search(query),

    async searchFromParams(params) {
      const parsed = userSearchSchema.safeParse(params);
      const query = parsed.success ? parsed.data : userSearchSchema.parse({});
      return { page: await directory.search(query), query, invalid: !parsed.success };
    },

    view,

    async ban(actor, userId, input) {
      const parsed = banInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const { reason } = parsed.data;
      const done = await inTransaction(db, async (trx): Promise<CmsResult<object>> => {
        const found = await target(trx, actor, userId);
        if (!found.ok) return found;
        if (found.account.suspended) return { ok: false, code: 'conflict', message: 'This account is banned already: unban it to change the reason.' };
        const result = await staffAccounts.suspend(trx, userId, reason);
        if (!result.ok) return result.code === 'not_found' ? NOT_FOUND : { ok: false, code: 'conflict', message: result.message };
        await audit.record(trx, actor, {
          action: 'user.ban',
          target: { kind: 'user', id: userId },
          before: { banned: false },
          after: { banned: true, reason, sessionsEnded: result.sessionsEnded },
        });
        return { ok: true };
      });
      return done.ok ? view(actor, userId) : done;
    },

    async unban(actor, userId) {
      const done = await inTransaction(db, async (trx): Promise<CmsResult<object>> => {
        const found = await target(trx, actor, userId);
        if (!found.ok) return found;
        if (!found.account.suspended) return { ok: false, code: 'conflict', message: 'This account is not banned.' };
        const result = await staffAccounts.reinstate(trx, userId);
        if (!result.ok) return result.code === 'not_found' ? NOT_FOUND : { ok: false, code: 'conflict', message: result.message };
        await audit.record(trx, actor, {
          action: 'user.unban',
          target: { kind: 'user', id: userId },
          before: { banned: true },
          after: { banned: false },
        });
        return { ok: true };
      });
      return done.ok ? view(actor, userId) : done;
    },

    async sendPasswordReset(actor, userId) {
      const found = await target(db, actor, userId);
      if (!found.ok) return found;
      const sent = await accounts.sendPasswordResetLink(userId);
      if (!sent.ok) return sent.code === 'not_found' ? NOT_FOUND : { ok: false, code: 'conflict', message: sent.message };
      // The mail has gone: the entry says so (the link itself is never stored in the clear).
      await inTransaction(db, (trx) =>
        audit.record(trx, actor, { action: 'user.password-reset', target: { kind: 'user', id: userId }, after: { resetLinkMailed: true } }),
      );
      return { ok: true, email: sent.email };
    },

    async erase(actor, userId, input) {
      const parsed = eraseInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      return inTransaction(db, async (trx): Promise<CmsResult<{ userId: number }>> => {
        const found = await target(trx, actor, userId);
        if (!found.ok) return found;
        if (parsed.data.confirmEmail.toLowerCase() !== found.account.email) {
          return {
            ok: false,
            code: 'invalid_input',
            message: 'Please correct the fields marked below',
            fields: { confirmEmail: "This is not the account's email address: nothing was erased" },
          };
        }
        const erased = await staffAccounts.erase(trx, userId);
        if (!erased.ok) return erased.code === 'not_found' ? NOT_FOUND : { ok: false, code: 'conflict', message: erased.message };
        const contactMessages = await contact.eraseMessagesFrom(trx, erased.email);
        const chatMessages = await chat.eraseUser(trx, userId);
        const mails = await mailer.forgetAddress(trx, erased.email);
        const invites = await deleteInvitesTo(trx, erased.email);
        // Ids and counts only: the entry outlives the account and must not bring its data back.
        await audit.record(trx, actor, {
          action: 'user.erase',
          target: { kind: 'user', id: userId },
          before: { role: erased.role },
          after: {
            erased: true,
            sessionsEnded: erased.sessionsEnded,
            favourites: erased.favourites,
            identities: erased.identities,
            signInAttempts: erased.signInAttempts,
            contactMessages,
            chatMessages,
            mails,
            invites,
          },
        });
        return { ok: true, userId };
      });
    },
  };
}
