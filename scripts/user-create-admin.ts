// npm run user:create-admin -- --email=admin@example.com [--name="Site Admin"] [--role=admin|editor|moderator]
//
// Creates the first staff account (issue #6), or makes an existing account
// staff with a new password (its sessions are signed out). The password is
// read from standard input when piped (`echo "…" | npm run user:create-admin …`),
// or asked for without echo in a terminal — never from the command line,
// where it would stay in the shell history and the process list.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { openDatabase } from '../db/client.ts';
import { STAFF_ROLES } from '../domain/account-contracts.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig } from '../server/platform/config.ts';
import { ensureSessionSecret } from '../server/platform/secrets.ts';
import { createServices } from '../server/services.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  const prompt = 'Password for the new staff account (not shown): ';
  const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Echo nothing of what is typed.
  (terminal as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text: string) => {
    if (text.startsWith(prompt)) process.stdout.write(prompt);
  };
  const answer = await new Promise<string>((resolve) => terminal.question(prompt, resolve));
  terminal.close();
  process.stdout.write('\n');
  return answer;
}

let args: ReturnType<
  typeof parseArgs<{ options: { email: { type: 'string' }; name: { type: 'string' }; role: { type: 'string' } } }>
>;
try {
  args = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
    allowPositionals: false,
  });
} catch (error) {
  fail(
    `${error instanceof Error ? error.message : String(error)}\nUsage: npm run user:create-admin -- --email=you@example.com [--name="Your Name"] [--role=admin|editor|moderator]`,
  );
}
const { email, name, role = 'admin' } = args.values;
if (!email)
  fail(
    'Missing --email.\nUsage: npm run user:create-admin -- --email=you@example.com [--name="Your Name"] [--role=admin|editor|moderator]',
  );
const staffRole = STAFF_ROLES.find((known) => known === role);
if (!staffRole) fail(`Unknown role "${role}"; roles: ${STAFF_ROLES.join(', ')}`);

const config = loadConfig();
const database = openDatabase(config.DATABASE_URL);
try {
  await migrateToLatest(database);
  const services = createServices({
    config,
    logger: pino({ level: 'silent' }),
    database,
    sessionSecret: ensureSessionSecret(config),
  });
  const password = await readPassword();
  const result = await services.accounts.createStaffUser({
    email,
    password,
    displayName: name ?? 'Administrator',
    role: staffRole,
  });
  if (!result.ok) {
    const details =
      'fields' in result ? Object.entries(result.fields).map(([field, message]) => `  ${field}: ${message}`) : [];
    process.stderr.write(`${[result.message, ...details].join('\n')}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(
      `${result.created ? 'Created' : 'Updated'} ${result.user.role} ${result.user.email}. Sign in at ${new URL('/cms/login', config.BASE_URL).href}\n`,
    );
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
