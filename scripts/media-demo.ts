// npm run media:demo: make what is missing of the generated demo video catalogue (issue #22;
// docs/media.md) in MEDIA_DIR and the database, with ffmpeg (FFMPEG_PATH). Safe to run again.
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ensureDemoCatalogue } from '../server/modules/media/media.demo.ts';
import { insertVideo } from '../server/modules/media/media.queries.ts';
import { loadConfig } from '../server/platform/config.ts';

const config = loadConfig();
const database = openDatabase(config.DATABASE_URL);
try {
  await migrateToLatest(database);
  const started = performance.now();
  const outcome = await ensureDemoCatalogue({
    db: database.db,
    mediaDir: config.MEDIA_DIR,
    ffmpegPath: config.FFMPEG_PATH,
    now: new Date(),
    add: (video) => insertVideo(database.db, video, new Date()),
    log: (message) => process.stdout.write(`${message}\n`),
  });
  process.stdout.write(`${JSON.stringify(outcome)} in ${Math.round(performance.now() - started)} ms\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
