// The processes around a benchmark's clients: the server processes it measures
// (started with tsx and --expose-gc, answering `ready` with their port over
// IPC, stopped by a `stop` command or killed if they hang), what such a server
// reports about itself (memory after a full GC, CPU, event-loop delay, its live
// hub's counters), and what the orchestrator reads of the machine (its
// arguments, the whole machine's CPU ticks, the open-file limit, commands'
// output for the report header).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { IntervalHistogram } from 'node:perf_hooks';
import { z } from 'zod';
import { Channel, cleanEnv } from './client-process.ts';
import { sleep, wallNow } from './stats.ts';

// ---- A server process reporting on itself ------------------------------------------

export const serverStatsSchema = z.object({
  rss: z.number(),
  heapUsed: z.number(),
  heapTotal: z.number(),
  external: z.number(),
  arrayBuffers: z.number(),
  /** process.cpuUsage() in microseconds. */
  cpuUser: z.number(),
  cpuSystem: z.number(),
  at: z.number(),
  clients: z.number().int(),
  cursor: z.number().int(),
  dropped: z.number().int(),
  /** Event-loop delay since the last reset, in milliseconds. */
  loopDelayP50: z.number(),
  loopDelayP99: z.number(),
  loopDelayMax: z.number(),
  gcAvailable: z.boolean(),
});
export type ServerStats = z.infer<typeof serverStatsSchema>;

/**
 * This process's memory (after two full collections when `gc` and started with --expose-gc),
 * CPU, event-loop delay (reset afterwards when `resetLoopDelay`) and its hub's counters.
 */
export function processStats(options: {
  gc: boolean;
  resetLoopDelay: boolean;
  loopDelay: IntervalHistogram & { reset(): void };
  hub: { clients: number; cursor: number; dropped: number };
}): ServerStats {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (options.gc && gc) {
    gc();
    gc();
  }
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);
  const stats: ServerStats = {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    cpuUser: cpu.user,
    cpuSystem: cpu.system,
    at: wallNow(),
    clients: options.hub.clients,
    cursor: options.hub.cursor,
    dropped: options.hub.dropped,
    loopDelayP50: ms(options.loopDelay.percentile(50)),
    loopDelayP99: ms(options.loopDelay.percentile(99)),
    loopDelayMax: ms(options.loopDelay.max),
    gcAvailable: gc !== undefined,
  };
  if (options.resetLoopDelay) options.loopDelay.reset();
  return stats;
}

/**
 * What a bench server does on `stop`: its services stop (closing every stream, so clients would
 * reconnect elsewhere), the listener and every connection close, then the database; it answers
 * `stopped` and exits (writing its CPU profile when started with --cpu-prof).
 */
export function stopAndExit(options: {
  stopping: ReadonlyArray<Promise<unknown>>;
  server: { close(): unknown; closeAllConnections?: () => void };
  database: { close(): Promise<void> };
  stopped: () => void;
}): void {
  void Promise.allSettled(options.stopping).then(() => {
    options.server.close();
    options.server.closeAllConnections?.();
    void options.database.close().finally(() => {
      options.stopped();
      process.exit(0);
    });
  });
}

// ---- Starting and stopping server processes ----------------------------------------

export interface ServerProcess<Command extends { rid: number }, Reply extends { type: string }> {
  child: ChildProcess;
  channel: Channel<Command, Reply>;
  port: number;
  /** The node arguments it was started with (for the report). */
  args: string[];
}

/**
 * Starts `node --import tsx --expose-gc [--cpu-prof …] file` with `env` (over PATH and HOME only)
 * and an IPC channel; resolves once it answered `{ type: 'ready', port }`.
 */
export async function startServerProcess<Command extends { rid: number }, Reply extends { type: string }>(options: {
  file: string;
  env: Record<string, string>;
  parse: (raw: unknown) => Reply;
  /** Writes a CPU profile into var/bench-profiles/ when it exits. */
  cpuProfile?: boolean;
}): Promise<ServerProcess<Command, Reply>> {
  const args = [
    '--import',
    'tsx',
    '--expose-gc',
    ...(options.cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve('var', 'bench-profiles')}`] : []),
    options.file,
  ];
  const child = spawn(process.execPath, args, {
    env: { ...cleanEnv, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const channel = new Channel<Command, Reply>(child, options.parse);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${options.file} exited early (${code})`)));
    channel.listeners.push((reply) => {
      if (reply.type === 'ready' && 'port' in reply && typeof reply.port === 'number') resolve(reply.port);
    });
  });
  return { child, channel, port, args };
}

/** Asks server processes to stop (each closes its streams and exits, writing its CPU profile); kills any that hangs. */
export async function stopServerProcesses(
  servers: ReadonlyArray<{ child: ChildProcess; channel: { request(command: { type: 'stop' }): Promise<unknown> } }>,
): Promise<void> {
  const exits = servers.map((server) =>
    server.child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => server.child.once('exit', resolve)),
  );
  for (const server of servers)
    if (server.child.exitCode === null) void server.channel.request({ type: 'stop' }).catch(() => undefined);
  await Promise.race([Promise.all(exits), sleep(15_000)]);
  for (const server of servers) server.child.kill('SIGKILL');
}

// ---- The orchestrator's arguments and machine --------------------------------------

/** `--name=value` arguments (`--flag` alone is `true`; a value may hold `=`). */
export function parseArgs(argv: readonly string[] = process.argv.slice(2)): Map<string, string> {
  return new Map(
    argv.map((arg) => {
      const [key, ...rest] = arg.replace(/^--/, '').split('=');
      return [key ?? '', rest.length > 0 ? rest.join('=') : 'true'] as const;
    }),
  );
}

/** Busy and total CPU time of the whole machine (every core, every process) from /proc/stat, in clock ticks. */
export function machineTicks(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** The soft limit on open files this process (and every child) has. */
export function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((row) => row.startsWith('Max open files'));
  const soft = Number(line?.split(/\s+/)[3]);
  return Number.isFinite(soft) ? soft : Infinity;
}

/** A command's output, trimmed; `(unavailable)` when it fails. */
export function command(file: string, argv: string[]): string {
  try {
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '(unavailable)';
  }
}

/** The 1, 5 and 15 minute load averages, two decimals each. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
