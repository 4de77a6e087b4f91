// Password-reset mail against a real local SMTP server (the smtp-server
// library, no internet): the mail arrives, the link works once. Without SMTP,
// or when the server refuses, the mail lands in the outbox table. The mailer
// itself is server/platform/mailer.ts (its own test beside it).
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, createTestDatabase } from '../../../tests/helpers/test-database.ts';
import { createHttpApp } from '../../http.ts';
import { loadConfig } from '../../platform/config.ts';
import { createMetrics } from '../../platform/metrics.ts';
import { createServices } from '../../services.ts';

const ORIGIN = 'http://localhost:3000';

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

/** The text part of a raw mail, with quoted-printable soft line breaks undone. */
function bodyOf(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

async function buildApp(engine: 'sqlite' | 'postgres', env: Record<string, string>) {
  const database = await createTestDatabase(engine);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    BASE_URL: ORIGIN,
    MAIL_FROM: 'accounts@scoreline.test',
    ...env,
  });
  const services = createServices({
    config,
    logger: pino({ level: 'silent' }),
    database: database.handle,
    sessionSecret: 'test-secret-test-secret-test-secret-000',
  });
  const app = createHttpApp({ services, metrics: createMetrics({ collectDefaults: false }) });
  const post = (path: string, body: unknown) =>
    app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { app, services, database, post };
}

describe.each(TEST_ENGINES)('account mail on %s', (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('sends the reset link over SMTP; the link works once', async () => {
    const t = await buildApp(engine, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      expect(
        (await t.post('/api/auth/register', { email: 'mail@example.com', password: 'an old passphrase' })).status,
      ).toBe(201);
      expect((await t.post('/api/auth/forgot-password', { email: 'mail@example.com' })).status).toBe(202);
      const mail = smtp.received.at(-1);
      expect(mail?.to).toEqual(['mail@example.com']);
      expect(mail?.from).toBe('accounts@scoreline.test');
      expect(mail?.raw).toContain('Subject: Reset your Scoreline password');
      const token = /http:\/\/localhost:3000\/auth\/reset-password\?token=([\w-]+)/.exec(bodyOf(mail?.raw ?? ''))?.[1];
      expect(token).toBeTruthy();
      // Sent over SMTP: nothing in the outbox.
      expect(await t.services.mailer.listOutbox()).toEqual([]);

      expect((await t.post('/api/auth/reset-password', { token, password: 'a fresh passphrase' })).status).toBe(200);
      expect((await t.post('/api/auth/reset-password', { token, password: 'a second passphrase' })).status).toBe(400);
      expect(
        (await t.post('/api/auth/login', { email: 'mail@example.com', password: 'a fresh passphrase' })).status,
      ).toBe(200);
      expect(
        (await t.post('/api/auth/login', { email: 'mail@example.com', password: 'an old passphrase' })).status,
      ).toBe(401);
    } finally {
      await t.database.destroy();
    }
  });

  it('keeps the mail in the outbox, with the reason, when the SMTP server cannot be reached', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const t = await buildApp(engine, { SMTP_URL: `smtp://127.0.0.1:${closed.port}` });
    // The failure is logged at error level by design; this test's logger is silent.
    try {
      await t.post('/api/auth/register', { email: 'down@example.com', password: 'an old passphrase' });
      expect((await t.post('/api/auth/forgot-password', { email: 'down@example.com' })).status).toBe(202);
      const [kept] = await t.services.mailer.listOutbox({ to: 'down@example.com' });
      expect(kept?.kind).toBe('password-reset');
      expect(kept?.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await t.database.destroy();
    }
  });

  it('without SMTP_URL the mail goes to the outbox', async () => {
    const t = await buildApp(engine, {});
    try {
      await t.post('/api/auth/register', { email: 'outbox@example.com', password: 'an old passphrase' });
      await t.post('/api/auth/forgot-password', { email: 'outbox@example.com' });
      const [kept] = await t.services.mailer.listOutbox({ to: 'outbox@example.com' });
      expect(kept).toMatchObject({ subject: 'Reset your Scoreline password', error: null });
      expect(kept?.text).toMatch(/\/auth\/reset-password\?token=[\w-]{43}/);
    } finally {
      await t.database.destroy();
    }
  });
});
