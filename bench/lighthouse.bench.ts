// Lighthouse (issue #5, "Budgets"; DESIGN.md §8): the home page, a league page
// and a live match page, with Lighthouse's default mobile settings (simulated
// throttling) and with `--preset=desktop`, next to a minimal static page served
// by the same server in the same run — the score this machine allows under
// that throttling. Targets: mobile ≥ 95 % of the static page's score; desktop
// ≥ 95; CLS ≤ 0.05 everywhere. Lighthouse's CLI from npm drives Debian's
// Chromium (CHROME_PATH, default /usr/bin/chromium); nothing downloads a browser.
// Run (build first; BUILD_DIR picks another build):
//   npx react-router build && npm run bench:lighthouse -- [--runs=1] [--port=3350]
// With --runs above 1 each score is the median run. Prints a Markdown table.
import { spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { startBenchSite } from './ssr-site.ts';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key ?? '', value ?? 'true'] as const;
  }),
);
const RUNS = Math.max(1, Math.round(Number(args.get('runs') ?? 1)));
const PORT = Number(args.get('port') ?? 3350);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-background-networking';
const REFERENCE_FILE = 'lighthouse-reference.html';

/** The parts of a Lighthouse result (LHR) this bench reads. */
const lhrSchema = z.object({
  categories: z.object({ performance: z.object({ score: z.number().nullable() }) }),
  audits: z.record(z.string(), z.object({ numericValue: z.number().optional() })),
  runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
});

interface Run {
  score: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
}

function log(message: string) {
  process.stdout.write(`${message}\n`);
}

function runLighthouse(url: string, preset: 'mobile' | 'desktop'): Promise<Run> {
  const cliArgs = [
    url,
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance',
    `--chrome-flags=${CHROME_FLAGS}`,
    '--quiet',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const child = spawn(path.resolve('node_modules/.bin/lighthouse'), cliArgs, {
    env: { ...process.env, CHROME_PATH },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}: ${errors.slice(-2000)}`));
      const lhr = lhrSchema.parse(JSON.parse(output));
      if (lhr.runtimeError)
        return reject(new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`));
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      resolve({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        cls: metric('cumulative-layout-shift'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        fcpMs: metric('first-contentful-paint'),
      });
    });
  });
}

/** The median run by score (runs are few; this keeps one run's metrics together). */
async function measure(url: string, preset: 'mobile' | 'desktop'): Promise<Run> {
  const runs: Run[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    // On a busy machine Chromium now and then fails to record a trace (NO_NAVSTART): try again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        runs.push(await runLighthouse(url, preset));
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        log(`retrying ${url} (${preset}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
    }
  }
  runs.sort((a, b) => a.score - b.score);
  return runs[Math.floor(runs.length / 2)] as Run;
}

function referencePage(): string {
  // What a bare page is: text, a heading and a few links, no script, no stylesheet.
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reference page</title><meta name="description" content="A minimal static page: the Lighthouse reference of this machine."></head>
<body><h1>Football scores today</h1><p>A minimal static page served by the same server, for comparison.</p>
<ul><li><a href="/">Home</a></li><li><a href="/live-sports">Live</a></li></ul></body>
</html>
`;
}

async function main() {
  if (!existsSync(CHROME_PATH))
    throw new Error(`No Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  log(
    `load average before: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const site = await startBenchSite({ port: PORT, log });
  const referencePath = path.join(site.buildDir, 'client', REFERENCE_FILE);
  try {
    writeFileSync(referencePath, referencePage());
    // A live match: the Euro 2016 final replayed from now at real speed (it stays live for the run).
    let liveMatchPath = `/match/${site.matchId}`;
    const replay = await fetch(`${site.baseUrl}/api/replays`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.baseUrl },
      body: JSON.stringify({ matchId: site.matchId, speed: 1 }),
    });
    if (replay.status === 201) {
      const { match } = z.object({ match: z.object({ id: z.number() }) }).parse(await replay.json());
      liveMatchPath = `/match/${match.id}`;
    } else {
      log(`no replay (${replay.status}); the match page is ${liveMatchPath}`);
    }
    const pages = [
      { name: 'minimal static page (reference)', path: `/${REFERENCE_FILE}` },
      { name: 'home `/` (busy day, 120 matches)', path: '/' },
      { name: `league \`/league/${site.leagueCode}\``, path: `/league/${site.leagueCode}` },
      { name: `live match \`${liveMatchPath}\` (replay)`, path: liveMatchPath },
    ];
    const results: Array<{ name: string; mobile: Run; desktop: Run }> = [];
    for (const page of pages) {
      const url = `${site.baseUrl}${page.path}`;
      const mobile = await measure(url, 'mobile');
      const desktop = await measure(url, 'desktop');
      log(
        `${page.path}: mobile ${mobile.score} (CLS ${mobile.cls.toFixed(3)}), desktop ${desktop.score} (CLS ${desktop.cls.toFixed(3)})`,
      );
      results.push({ name: page.name, mobile, desktop });
    }
    log(
      `load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    const reference = (results[0] as (typeof results)[number]).mobile.score;
    const ms = (value: number) => `${Math.round(value)} ms`;
    log('');
    log(
      '| page | mobile score (vs reference, target ≥ 95 %) | mobile FCP / LCP / TBT | desktop score (target ≥ 95) | CLS mobile / desktop (target ≤ 0.05) |',
    );
    log('|---|---|---|---|---|');
    for (const { name, mobile, desktop } of results) {
      const ratio = mobile.score / reference;
      const clsOk = mobile.cls <= 0.05 && desktop.cls <= 0.05;
      log(
        `| ${name} | ${mobile.score} (**${(ratio * 100).toFixed(0)} %** ${ratio >= 0.95 ? '✔' : '✘'}) | ${ms(mobile.fcpMs)} / ${ms(mobile.lcpMs)} / ${ms(mobile.tbtMs)} | ${desktop.score} ${desktop.score >= 95 ? '✔' : '✘'} | ${mobile.cls.toFixed(3)} / ${desktop.cls.toFixed(3)} ${clsOk ? '✔' : '✘'} |`,
      );
    }
  } finally {
    rmSync(referencePath, { force: true });
    await site.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
