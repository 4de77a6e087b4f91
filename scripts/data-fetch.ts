// npm run data:fetch: download the openfootball files into var/data (or the
// folder given with --target), checked against db/seed/openfootball/manifest.json.
import path from 'node:path';
import { fetchOpenfootball } from '../db/seed/data-fetch.ts';

const targetArg = process.argv.find((arg) => arg.startsWith('--target='));
const targetDir = path.resolve(targetArg ? targetArg.slice('--target='.length) : 'var/data');
try {
  const { files, bytes } = await fetchOpenfootball({ targetDir });
  process.stdout.write(`Fetched ${files} openfootball files (${Math.round(bytes / 1024)} KiB) into ${targetDir}/openfootball\n`);
  process.stdout.write('The Fjelstul and Wyscout sets are large; copy them into the same folder to import them too (see README).\n');
} catch (error) {
  process.stderr.write(`data:fetch failed, nothing was written: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
