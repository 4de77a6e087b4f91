// npm run data:fetch: download the openfootball files, the Fjelstul World Cup CSVs and
// the Wyscout set into var/data (or the folder given with --target), checked against
// db/seed/openfootball/manifest.json, db/seed/fjelstul/manifest.json and
// db/seed/wyscout/manifest.json. Each source's folder is replaced only when all of
// its files check out.
//   --target=DIR     where the source folders go (DATA_DIR for later runs); default var/data
//   --only=NAME,…    openfootball, fjelstul, wyscout (default: all three)
//   --mirror=URL     a host serving the same paths as https://raw.githubusercontent.com
import path from 'node:path';
import {
  FJELSTUL_BASE_URL,
  OPENFOOTBALL_BASE_URL,
  fetchFjelstul,
  fetchOpenfootball,
  type FetchOptions,
} from '../db/seed/data-fetch.ts';
import { WYSCOUT_BASE_URL, fetchWyscout } from '../db/seed/wyscout/wyscout-fetch.ts';

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

const targetDir = path.resolve(argument('target') ?? 'var/data');
const mirror = argument('mirror')?.replace(/\/$/, '');
const only = argument('only')?.split(',');
const GITHUB_RAW = 'https://raw.githubusercontent.com';
const viaMirror = (url: string) => (mirror ? url.replace(GITHUB_RAW, mirror) : url);

const sources: Array<{
  key: string;
  name: string;
  folder: string;
  fetch: (options: FetchOptions) => Promise<{ files: number; bytes: number }>;
  baseUrl: string;
}> = [
  {
    key: 'openfootball',
    name: 'openfootball',
    folder: 'openfootball',
    fetch: fetchOpenfootball,
    baseUrl: OPENFOOTBALL_BASE_URL,
  },
  {
    key: 'fjelstul',
    name: 'Fjelstul World Cup',
    folder: 'fjelstul-worldcup',
    fetch: fetchFjelstul,
    baseUrl: FJELSTUL_BASE_URL,
  },
  { key: 'wyscout', name: 'Wyscout', folder: 'wyscout', fetch: fetchWyscout, baseUrl: WYSCOUT_BASE_URL },
];

const unknown = only?.filter((key) => !sources.some((source) => source.key === key)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(
    `data:fetch: unknown source ${unknown.join(', ')} (known: ${sources.map((source) => source.key).join(', ')})\n`,
  );
  process.exit(2);
}

/** The message and, for a network failure ("fetch failed"), what lies under it. */
function explain(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && !error.message.includes(cause) && !error.message.includes('is the network there')
    ? `${error.message} (${cause}; is the network there?)`
    : error.message;
}

for (const source of sources.filter((candidate) => !only || only.includes(candidate.key))) {
  try {
    const { files, bytes } = await source.fetch({ targetDir, baseUrl: viaMirror(source.baseUrl) });
    process.stdout.write(
      `Fetched ${files} ${source.name} files (${Math.round(bytes / 1024)} KiB) into ${targetDir}/${source.folder}\n`,
    );
  } catch (error) {
    process.stderr.write(`data:fetch of ${source.name} failed, its folder was left as it was: ${explain(error)}\n`);
    process.exitCode = 1;
  }
}
