// The mailer against a real local SMTP server (the smtp-server library, no
// internet) and a real database: a mail goes out over SMTP when a server takes
// it, and is kept in the outbox table otherwise — with the reason when the
// server could not be reached. What accounts send through it is tested in
// server/modules/auth/auth.reset-mail.test.ts.
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ENGINES, createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import type { Clock } from './clock.ts';
import { createMailer, type Mail } from './mailer.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

async function startSmtpServer(): Promise<{ port: number; received: ReceivedMail[]; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const clock: Clock = { now: () => new Date('2026-03-01T12:00:00.000Z') };
const logger = pino({ level: 'silent' });
const mail: Mail = { to: 'fan@example.com', subject: 'Your receipt', text: 'Thank you for your order.', kind: 'receipt' };

describe.each(TEST_ENGINES)('mailer on %s', (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let database: TestDatabase;
  const mailerWith = (smtpUrl: string | undefined) =>
    createMailer({ db: database.handle.db, clock, logger, smtpUrl, from: 'mail@scoreline.test', siteName: 'Scoreline' });

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => {
    await database.destroy();
  });

  it('sends over SMTP from the site, and keeps nothing', async () => {
    const mailer = mailerWith(`smtp://127.0.0.1:${smtp.port}`);
    expect(await mailer.send(mail)).toBe('smtp');
    const sent = smtp.received.at(-1);
    expect(sent?.from).toBe('mail@scoreline.test');
    expect(sent?.to).toEqual(['fan@example.com']);
    expect(sent?.raw).toContain('From: Scoreline <mail@scoreline.test>');
    expect(sent?.raw).toContain('Subject: Your receipt');
    expect(sent?.raw).toContain('Thank you for your order.');
    expect(await mailer.listOutbox()).toEqual([]);
  });

  it('keeps the mail in the outbox, with the reason, when the SMTP server cannot be reached', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const mailer = mailerWith(`smtp://127.0.0.1:${closed.port}`);
    expect(await mailer.send(mail)).toBe('outbox');
    const [kept] = await mailer.listOutbox();
    expect(kept).toMatchObject({ to: 'fan@example.com', subject: 'Your receipt', kind: 'receipt' });
    expect(kept?.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('without SMTP_URL keeps every mail in the outbox, newest first, by address', async () => {
    const mailer = mailerWith(undefined);
    expect(await mailer.send(mail)).toBe('outbox');
    expect(await mailer.send({ ...mail, to: 'other@example.com', subject: 'Another' })).toBe('outbox');
    expect(await mailer.send({ ...mail, subject: 'Second receipt' })).toBe('outbox');

    const all = await mailer.listOutbox();
    expect(all.map((kept) => kept.subject)).toEqual(['Second receipt', 'Another', 'Your receipt']);
    expect(all[0]).toMatchObject({ text: 'Thank you for your order.', kind: 'receipt', error: null, createdAt: '2026-03-01T12:00:00.000Z' });
    // The address is matched as stored: lower case.
    expect((await mailer.listOutbox({ to: 'FAN@example.com' })).map((kept) => kept.subject)).toEqual([
      'Second receipt',
      'Your receipt',
    ]);
    expect(await mailer.listOutbox({ limit: 1 })).toHaveLength(1);
  });
});
