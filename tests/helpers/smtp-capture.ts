// A real local SMTP server (the smtp-server library, no internet) that keeps
// what it receives, and a reader of the MIME parts of a received mail
// (multipart, quoted-printable or base64, UTF-8), for tests of mail content.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** The mails received for `address`, oldest first. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
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
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < soft.length; index += 1) {
    const char = soft[index]!;
    const hex = soft.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodePart(part: string): { type: string; body: string } {
  const split = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, split);
  const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim().toLowerCase() ?? 'text/plain';
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase() ?? '7bit';
  if (encoding === 'quoted-printable') return { type, body: decodeQuotedPrintable(body) };
  if (encoding === 'base64') return { type, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  return { type, body };
}

/** The subject (decoded) and the text and HTML parts of a raw mail. */
export function readMail(raw: string): { subject: string; text: string; html: string | null } {
  const headEnd = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, headEnd).replace(/\r?\n[ \t]+/g, ' ');
  const subjectRaw = /^subject:\s*(.*)$/im.exec(head)?.[1] ?? '';
  const subject = subjectRaw.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s?/gi, (_match, kind: string, value: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(value, 'base64').toString('utf8')
      : decodeQuotedPrintable(value.replace(/_/g, ' ')),
  );
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  const parts = boundary
    ? raw
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => decodePart(part.replace(/^\r?\n/, '')))
    : [decodePart(raw)];
  return {
    subject,
    text: parts.find((part) => part.type === 'text/plain')?.body ?? '',
    html: parts.find((part) => part.type === 'text/html')?.body ?? null,
  };
}
