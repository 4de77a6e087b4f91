// The end-to-end suite's data: the Wyscout Euro 2016 matches (51, with full
// event streams), enough for match pages and live replays and quick to import.
// Without the shipped data it imports nothing and says so; data-dependent
// browser tests then skip themselves.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { runSeed } from '../db/seed/run-seed.ts';
import { createWyscoutStep } from '../db/seed/wyscout/wyscout-step.ts';
import { loadConfig } from '../server/platform/config.ts';

const config = loadConfig();
const database = openDatabase(config.DATABASE_URL);
await migrateToLatest(database);
if (config.DATA_DIR && existsSync(path.join(config.DATA_DIR, 'wyscout'))) {
  const [result] = await runSeed(database, [createWyscoutStep({ competitions: ['euro-2016'] })], { dataDir: config.DATA_DIR });
  process.stdout.write(`e2e data: Wyscout Euro 2016 imported in ${result?.ms ?? 0} ms (${result?.counts.matchesCreated ?? 0} matches)\n`);
} else {
  process.stdout.write('e2e data: no Wyscout data under DATA_DIR; data-dependent browser tests will skip\n');
}
await database.close();
