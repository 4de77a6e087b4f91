// npm run db:migrate: apply pending migrations to DATABASE_URL and exit non-zero on failure.
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig } from '../server/platform/config.ts';

const config = loadConfig();
const database = openDatabase(config.DATABASE_URL);
try {
  const applied = await migrateToLatest(database);
  process.stdout.write(applied.length > 0 ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
