// npm run db:seed [-- --only=openfootball[,step…]]: migrate DATABASE_URL, then
// run the import steps of db/seed/steps.ts, each in its own transaction. Prints
// a summary; exits non-zero when anything fails (a failed step leaves the
// database as it was before that step).
import { existsSync } from 'node:fs';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { runSeed } from '../db/seed/run-seed.ts';
import { SEED_STEPS } from '../db/seed/steps.ts';
import { ConfigError, loadConfig } from '../server/platform/config.ts';

const USAGE = 'Usage: npm run db:seed [-- --only=<step>[,<step>…]]';

class UsageError extends Error {}

function selectSteps(argv: readonly string[]) {
  let only: string[] | undefined;
  for (const arg of argv) {
    if (arg.startsWith('--only='))
      only = arg
        .slice('--only='.length)
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
    else if (arg === '--help' || arg === '-h')
      throw new UsageError(`${USAGE}\nSteps: ${SEED_STEPS.map((step) => step.name).join(', ')}`);
    else throw new UsageError(`Unknown argument "${arg}".\n${USAGE}`);
  }
  if (only === undefined) return SEED_STEPS;
  const unknown = only.filter((name) => !SEED_STEPS.some((step) => step.name === name));
  if (unknown.length > 0 || only.length === 0) {
    throw new UsageError(
      `Unknown step ${unknown.map((name) => `"${name}"`).join(', ') || '(none given)'}; steps: ${SEED_STEPS.map((step) => step.name).join(', ')}`,
    );
  }
  return SEED_STEPS.filter((step) => only.includes(step.name));
}

async function main(): Promise<number> {
  const steps = selectSteps(process.argv.slice(2));
  const config = loadConfig();
  const dataDir = config.DATA_DIR;
  if (!dataDir || !existsSync(dataDir)) {
    throw new Error(
      `No football data folder: ${dataDir ? `DATA_DIR=${dataDir} does not exist` : 'DATA_DIR is not set and neither ../shared/data nor var/data exists'}.\n` +
        'Set DATA_DIR to the folder holding openfootball/ (see .env.example), or run `npm run data:fetch`.',
    );
  }
  const database = openDatabase(config.DATABASE_URL);
  try {
    const applied = await migrateToLatest(database);
    if (applied.length > 0) process.stdout.write(`Migrations applied: ${applied.join(', ')}\n`);
    process.stdout.write(`Seeding ${database.engine} from ${dataDir}: ${steps.map((step) => step.name).join(', ')}\n`);
    for (const step of steps) process.stdout.write(`  ${step.name}: ${step.licence}\n`);
    const started = performance.now();
    const results = await runSeed(database, steps, { dataDir, log: (message) => process.stdout.write(`${message}\n`) });
    process.stdout.write('\nSummary\n');
    for (const result of results) {
      const counts = Object.entries(result.counts)
        .map(([name, value]) => `${name}=${value}`)
        .join(' ');
      process.stdout.write(`  ${result.step.padEnd(14)} ${String(result.ms).padStart(6)} ms  ${counts}\n`);
    }
    process.stdout.write(`Done in ${Math.round(performance.now() - started)} ms.\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message =
      error instanceof UsageError || error instanceof ConfigError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    process.stderr.write(`db:seed failed: ${message}\n`);
    process.exitCode = 1;
  },
);
