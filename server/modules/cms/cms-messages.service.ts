// The CMS's Messages screen (issue #20): the contact form's inbox. Staff list it
// newest first (all, unread, open, handled), open a message (which marks it
// read), mark it handled or open again, and reply by mail through the platform
// mailer; the reply is kept in the message's thread. The messages are the site
// module's: this service calls its ContactService and audits each change in the
// same transaction.
//
// Opening a message marks it read without an audit entry: reading is not a
// change anyone needs to answer for, and every look would flood the log.
// Marking it unread again, handled, reopened and every reply are audited.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { contactTopicLabels } from '../../../domain/contact-contracts.ts';
import type { Config } from '../../platform/config.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { UserDirectory } from '../auth/auth.users.ts';
import type { ContactService } from '../site/contact.service.ts';
import {
  inboxChangeSchema,
  inboxQuerySchema,
  replyInputSchema,
  type InboxPage,
  type InboxQuery,
} from '../site/contact.schemas.ts';
import type { AuditLog } from './cms-audit.service.ts';
import type { CmsThread } from './cms-people.schemas.ts';
import { invalidInput, type CmsFailure, type CmsResult } from './cms-results.ts';
import type { CmsActor } from './cms.schemas.ts';

type Db = Kysely<Database>;

export interface CmsMessagesService {
  list(query: InboxQuery): Promise<InboxPage>;
  /** For the page: the address bar's filter; an unreadable one shows every message and says so. */
  listFromParams(params: Record<string, string>): Promise<{ page: InboxPage; query: InboxQuery; invalid: boolean }>;
  /** The message and its replies; opening it marks it read. */
  open(actor: CmsActor, id: number): Promise<CmsResult<{ thread: CmsThread }>>;
  /** Handled or open again, read or unread. */
  change(actor: CmsActor, id: number, input: unknown): Promise<CmsResult<{ thread: CmsThread }>>;
  /** Mails the reply to the sender, keeps it in the thread and marks the message handled. */
  reply(
    actor: CmsActor,
    id: number,
    input: unknown,
  ): Promise<CmsResult<{ thread: CmsThread; delivery: 'smtp' | 'outbox' }>>;
}

const NOT_FOUND: CmsFailure = {
  ok: false,
  code: 'not_found',
  message: 'There is no message with this id (it may have been erased)',
};

/** The sender's text quoted under the reply, as mail clients do. */
function quote(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

export function createCmsMessagesService(deps: {
  db: Db;
  config: Pick<Config, 'SITE_NAME'>;
  mailer: Pick<Mailer, 'send'>;
  contact: ContactService;
  directory: Pick<UserDirectory, 'namesOf'>;
  audit: AuditLog;
}): CmsMessagesService {
  const { db, config, mailer, contact, directory, audit } = deps;

  async function thread(id: number): Promise<CmsThread | null> {
    const found = await contact.readThread(id);
    if (!found) return null;
    const staffIds = [
      ...found.replies.map((reply) => reply.sentBy),
      ...(found.message.handledBy === null ? [] : [found.message.handledBy]),
    ];
    const names = await directory.namesOf(staffIds);
    return {
      message: {
        ...found.message,
        handledByName: found.message.handledBy === null ? null : (names.get(found.message.handledBy) ?? null),
      },
      replies: found.replies.map((reply) => ({ ...reply, sentByName: names.get(reply.sentBy) ?? null })),
    };
  }

  async function answer(id: number): Promise<CmsResult<{ thread: CmsThread }>> {
    const found = await thread(id);
    return found ? { ok: true, thread: found } : NOT_FOUND;
  }

  return {
    list: (query) => contact.listInbox(query),

    async listFromParams(params) {
      const parsed = inboxQuerySchema.safeParse(params);
      const query = parsed.success ? parsed.data : inboxQuerySchema.parse({});
      return { page: await contact.listInbox(query), query, invalid: !parsed.success };
    },

    async open(_actor, id) {
      const wasRead = await contact.setRead(db, id, true);
      if (wasRead === null) return NOT_FOUND;
      return answer(id);
    },

    async change(actor, id, input) {
      const parsed = inboxChangeSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const { handled, read } = parsed.data;
      const found = await inTransaction(db, async (trx) => {
        if (handled !== undefined) {
          const wasHandled = await contact.setHandled(trx, id, handled ? { by: actor.id } : null);
          if (wasHandled === null) return false;
          if (wasHandled !== handled) {
            await audit.record(trx, actor, {
              action: handled ? 'message.handle' : 'message.reopen',
              target: { kind: 'message', id },
              before: { handled: wasHandled },
              after: { handled },
            });
          }
        }
        if (read !== undefined) {
          const wasRead = await contact.setRead(trx, id, read);
          if (wasRead === null) return false;
          if (wasRead !== read) {
            await audit.record(trx, actor, {
              action: read ? 'message.read' : 'message.unread',
              target: { kind: 'message', id },
              before: { read: wasRead },
              after: { read },
            });
          }
        }
        return true;
      });
      return found ? answer(id) : NOT_FOUND;
    },

    async reply(actor, id, input) {
      const parsed = replyInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const body = parsed.data.body;
      const found = await contact.readThread(id);
      if (!found) return NOT_FOUND;
      const { message } = found;
      const reply = await inTransaction(db, async (trx) => {
        // Marked handled first: null means the message was erased since it was read above.
        const wasHandled = await contact.setHandled(trx, id, { by: actor.id });
        if (wasHandled === null) return null;
        const written = await contact.addReply(trx, id, { body, sentBy: actor.id });
        await audit.record(trx, actor, {
          action: 'message.reply',
          target: { kind: 'message', id },
          before: { handled: wasHandled },
          after: { handled: true, reply: written.id },
        });
        return written;
      });
      if (!reply) return NOT_FOUND;
      // Mailed once the reply is committed: a rolled-back reply is never sent. The mailer keeps in
      // its outbox whatever SMTP does not take, so a reply is never lost.
      const delivery = await mailer.send({
        // Lower-cased as every address the site mails (the outbox is searched that way); no mail server
        // in use tells local parts apart by case.
        to: message.email.toLowerCase(),
        kind: 'contact-reply',
        subject: `Re: ${contactTopicLabels[message.topic]} — your message to ${config.SITE_NAME}`,
        text: [
          `Hello ${message.name},`,
          '',
          body,
          '',
          `— ${config.SITE_NAME}`,
          '',
          `On ${message.createdAt.slice(0, 16).replace('T', ' ')} UTC you wrote:`,
          quote(message.message),
        ].join('\n'),
      });
      await contact.recordDelivery(reply.id, delivery);
      const updated = await thread(id);
      return updated ? { ok: true, thread: updated, delivery } : NOT_FOUND;
    },
  };
}
