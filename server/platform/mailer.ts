// The site's mail (DESIGN.md §2, §3 platform): nodemailer over SMTP_URL;
// without it — or when the SMTP server refuses — the mail goes to the outbox
// table the staff read in the CMS, so a fresh install never loses a reset link.
// Any module sends through it (accounts today; payments and the CMS next)
// without importing another module.
import { sql, type Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { toIsoString } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from './clock.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * An HTML alternative of `text` (receipts), every value in it already escaped. The plain text stays
   * the mail's other part and is what the outbox keeps.
   */
  html?: string;
  /** What the mail is, for the outbox list: 'password-reset', … */
  kind: string;
}

export interface OutboxMail extends Mail {
  id: number;
  error: string | null;
  createdAt: string;
}

export interface Mailer {
  /** 'smtp' when an SMTP server accepted it, 'outbox' when it was stored instead. */
  send(mail: Mail): Promise<'smtp' | 'outbox'>;
  /** The newest stored mails, optionally for one address (staff view; the test suite). */
  listOutbox(options?: { to?: string; limit?: number }): Promise<OutboxMail[]>;
  /** How many mails the outbox holds since `since` (the CMS dashboard's backlog). */
  countOutbox(since: Date): Promise<number>;
  /** Deletes the stored mails to `address` (an erased account's, issue #20) in the caller's transaction; answers how many. */
  forgetAddress(trx: Kysely<Database>, address: string): Promise<number>;
}

export function createMailer(options: {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  smtpUrl: string | undefined;
  from: string;
  siteName: string;
}): Mailer {
  const { db, clock, logger } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const from = { name: options.siteName, address: options.from };

  async function store(mail: Mail, error: string | null) {
    await db
      .insertInto('outbox_mail')
      .values({
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        kind: mail.kind,
        error,
        created_at: clock.now().toISOString(),
      })
      .execute();
  }

  return {
    async send(mail) {
      if (transport) {
        try {
          await transport.sendMail({
            from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            ...(mail.html === undefined ? {} : { html: mail.html }),
          });
          return 'smtp';
        } catch (error) {
          // The body is not logged: it may hold a one-time link.
          logger.error({ err: error, kind: mail.kind }, 'SMTP delivery failed; the mail was kept in the outbox');
          await store(mail, error instanceof Error ? error.message : String(error));
          return 'outbox';
        }
      }
      await store(mail, null);
      return 'outbox';
    },
    async countOutbox(since) {
      const row = await db
        .selectFrom('outbox_mail')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('created_at', '>=', since.toISOString())
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    async forgetAddress(trx, address) {
      // However the address was typed (a contact message's reply goes to it as its sender wrote it); erasure is rare, a scan is fine.
      const result = await trx
        .deleteFrom('outbox_mail')
        .where(sql<string>`lower(to_address)`, '=', address.toLowerCase())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async listOutbox({ to, limit = 50 } = {}) {
      let query = db.selectFrom('outbox_mail').selectAll().orderBy('id', 'desc').limit(limit);
      if (to) query = query.where('to_address', '=', to.toLowerCase());
      const rows = await query.execute();
      return rows.map((row) => ({
        id: Number(row.id),
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        kind: row.kind,
        error: row.error,
        createdAt: toIsoString(row.created_at),
      }));
    },
  };
}
