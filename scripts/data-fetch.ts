// npm run data:fetch: download the openfootball files and the Fjelstul World Cup
// CSVs into var/data (or the folder given with --target), checked against
// db/seed/openfootball/manifest.json and db/seed/fjelstul/manifest.json. Each
// source's folder is replaced only when all of its files check out.
import path from 'node:path';
import { fetchFjelstul, fetchOpenfootball } from '../db/seed/data-fetch.ts';

const targetArg = process.argv.find((arg) => arg.startsWith('--target='));
const targetDir = path.resolve(targetArg ? targetArg.slice('--target='.length) : 'var/data');
const sources = [
  { name: 'openfootball', folder: 'openfootball', fetch: fetchOpenfootball },
  { name: 'Fjelstul World Cup', folder: 'fjelstul-worldcup', fetch: fetchFjelstul },
];
for (const source of sources) {
  try {
    const { files, bytes } = await source.fetch({ targetDir });
    process.stdout.write(
      `Fetched ${files} ${source.name} files (${Math.round(bytes / 1024)} KiB) into ${targetDir}/${source.folder}\n`,
    );
  } catch (error) {
    process.stderr.write(
      `data:fetch of ${source.name} failed, its folder was left as it was: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  }
}
process.stdout.write('The Wyscout set is large; copy it into the same folder to import it too (see README).\n');
