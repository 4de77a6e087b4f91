// Server-rendering throughput (issue #5, "Budgets"): anonymous requests for
// `/` (a busy day of 120 matches) and `/match/{id}` (the Euro 2016 final with
// its full event stream) against the real production server, each measured in
// the same run as a bare node:http server that returns the same response
// bytes (bench/ssr-bare-server.ts): that is this machine's limit. Target: the
// site reaches ≥ 50 % of the limit. Load comes from autocannon's CLI in its own
// process (concurrency 50, keep-alive, `Accept-Encoding: gzip` as browsers send).
// Run (build first; BUILD_DIR picks another build):
//   npx react-router build && npm run bench:ssr -- [--duration=10] [--warmup=2]
//     [--connections=50] [--port=3350] [--bare-port=3351]
// Prints a Markdown table for docs/performance.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { processTreeCpuMs, startBenchSite } from './ssr-site.ts';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key ?? '', value ?? 'true'] as const;
  }),
);
function numberArg(name: string, fallback: number): number {
  const value = Number(args.get(name) ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}
const DURATION_S = numberArg('duration', 10);
const WARMUP_S = numberArg('warmup', 2);
const CONNECTIONS = numberArg('connections', 50);
const PORT = numberArg('port', 3350);
const BARE_PORT = numberArg('bare-port', 3351);
const REQUEST_HEADERS = { 'accept-encoding': 'gzip', accept: 'text/html' };
/** Headers a server sets per connection or per response that the bare server must not copy. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

const resultSchema = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p50: z.number(), p99: z.number(), average: z.number() }),
  throughput: z.object({ average: z.number() }),
  errors: z.number(),
  timeouts: z.number(),
  non2xx: z.number(),
});
type AutocannonResult = z.infer<typeof resultSchema>;

function log(message: string) {
  process.stdout.write(`${message}\n`);
}

function runAutocannon(url: string, seconds: number): Promise<AutocannonResult> {
  const headerArgs = Object.entries(REQUEST_HEADERS).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const child = spawn(
    path.resolve('node_modules/.bin/autocannon'),
    ['-j', '-c', String(CONNECTIONS), '-d', String(seconds), ...headerArgs, url],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const line = output.trim().split('\n').at(-1) ?? '';
      resolve(resultSchema.parse(JSON.parse(line)));
    });
  });
}

async function startBareServer(file: string) {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['bench/ssr-bare-server.ts', String(BARE_PORT), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return child;
}

async function main() {
  log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  log(
    `load average before: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const site = await startBenchSite({ port: PORT, log });
  const dir = mkdtempSync(path.join(tmpdir(), 'scoreline-ssr-bench-'));
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const targets = [
      { name: 'home `/` (120 matches)', path: '/' },
      { name: `match \`/match/${site.matchId}\``, path: `/match/${site.matchId}` },
    ];
    const recorded = [];
    for (const target of targets) {
      const response = await recordRaw(`${site.baseUrl}${target.path}`);
      recorded.push({ path: target.path, ...response, bodyBase64: response.body.toString('base64') });
      const raw =
        response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.body).length : response.body.length;
      log(
        `recorded ${target.path}: ${response.body.length} bytes sent (${response.headers['content-encoding'] ?? 'identity'}), ${raw} bytes of HTML`,
      );
    }
    const file = path.join(dir, 'responses.json');
    writeFileSync(file, JSON.stringify(recorded.map(({ body: _body, ...rest }) => rest)));
    bare = await startBareServer(file);

    const rows: string[] = [];
    for (const target of targets) {
      const results = {} as Record<'bare' | 'site', AutocannonResult & { cpuMsPerRequest: number }>;
      for (const [kind, base, pid] of [
        ['bare', `http://127.0.0.1:${BARE_PORT}`, bare.pid ?? 0],
        ['site', site.baseUrl, site.pid],
      ] as const) {
        await runAutocannon(`${base}${target.path}`, WARMUP_S);
        const cpuBefore = processTreeCpuMs(pid);
        const result = await runAutocannon(`${base}${target.path}`, DURATION_S);
        const cpuMsPerRequest = (processTreeCpuMs(pid) - cpuBefore) / result.requests.total;
        if (result.errors + result.timeouts + result.non2xx > 0) {
          throw new Error(
            `${kind} ${target.path}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
          );
        }
        results[kind] = { ...result, cpuMsPerRequest };
        log(
          `${kind.padEnd(4)} ${target.path}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (${result.requests.total} requests), server CPU ${cpuMsPerRequest.toFixed(3)} ms per request`,
        );
      }
      const ratio = results.site.requests.average / results.bare.requests.average;
      const describe = (result: (typeof results)['site']) =>
        `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.cpuMsPerRequest.toFixed(3)} ms CPU/req`;
      rows.push(
        `| ${target.name} | ${describe(results.site)} | ${describe(results.bare)} | **${(ratio * 100).toFixed(1)} %** ${ratio >= 0.5 ? '✔' : '✘'} | ${((results.bare.cpuMsPerRequest / results.site.cpuMsPerRequest) * 100).toFixed(0)} % |`,
      );
    }
    log(
      `load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    log('');
    log(
      '| page | site | bare node:http, same bytes | site / bare req/s (target ≥ 50 %) | bare / site CPU per request |',
    );
    log('|---|---|---|---|---|');
    for (const row of rows) log(row);
  } finally {
    bare?.kill('SIGTERM');
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The response as sent, compressed body included (node:http, which never decompresses). */
async function recordRaw(url: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: REQUEST_HEADERS }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        if (incoming.statusCode !== 200) return reject(new Error(`${url} answered ${incoming.statusCode}`));
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (!HOP_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
        }
        resolve({ status: 200, headers, body: Buffer.concat(chunks) });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
