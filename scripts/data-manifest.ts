// Regenerates db/seed/openfootball/manifest.json from a local copy of the data
// (checksums only; the data itself is never committed). Usage:
//   npx tsx scripts/data-manifest.ts ../shared/data
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sha256 } from '../db/seed/data-fetch.ts';

const REPOSITORIES: Record<string, string> = {
  'football.json': '25cfaf102954ebbcdc48f9c2984198b71d48610d',
  'worldcup.json': 'aa2ac44b1d63444e96c2f6b559d012b4815f2a48',
  'euro.json': '2e4d46695df604854e05b9e892066af0f9d49064',
  england: '1303dcb3cae7c1eafbb6a86ffd5bb119e8bf61af',
  clubs: 'ae3800227c449447b3a337fc0aac79a8f02f4c8b',
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const dataDir = path.resolve(process.argv[2] ?? '../shared/data');
const root = path.join(dataDir, 'openfootball');
const files = Object.keys(REPOSITORIES).flatMap((repository) =>
  walk(path.join(root, repository))
    .sort()
    .map((full) => {
      const data = readFileSync(full);
      return { repository, path: path.relative(path.join(root, repository), full).split(path.sep).join('/'), sha256: sha256(data), bytes: data.length };
    }),
);
const target = new URL('../db/seed/openfootball/manifest.json', import.meta.url);
writeFileSync(target, `${JSON.stringify({ repositories: REPOSITORIES, files }, null, 1)}\n`);
process.stdout.write(`Wrote ${files.length} entries to ${target.pathname}\n`);
