// How a benchmark's orchestrator and its child processes talk: over Node's IPC
// channel, a request carries an id (`rid`) and its answer carries it back, and
// every received message is parsed with the bench's zod schema. The parent
// side forks the client processes (each binds its sockets to a source address
// of its own: 127.0.0.<first + w>, so they do not share one range of ephemeral
// ports) and asks them all at once; the child side serves commands and runs
// connects with a bound on how many are in flight.
import { fork, type ChildProcess } from 'node:child_process';
import { z } from 'zod';

// ---- The replies every client process gives (one shape across the benches) -------------

/** Clients opened: how many are open, how many connects failed, how long it took, the response statuses. */
export const connectedReplySchema = z.object({
  type: z.literal('connected'),
  rid: z.number().int(),
  open: z.number().int(),
  failed: z.number().int(),
  ms: z.number(),
  statuses: z.record(z.string(), z.number().int()),
});
/** How many clients are open, and how many reached what the command asked for. */
export const progressReplySchema = z.object({
  type: z.literal('progress'),
  rid: z.number().int(),
  open: z.number().int(),
  reached: z.number().int(),
});
export const closedReplySchema = z.object({ type: z.literal('closed'), rid: z.number().int() });
export const errorReplySchema = z.object({ type: z.literal('error'), rid: z.number().int(), message: z.string() });
/** What every report counts since the previous one: resyncs, streams the server ended, failed connects, CPU (µs). */
export const reportCounterFields = {
  resyncs: z.number().int(),
  /** Streams the server ended (slow-client drops, shutdown); each reconnected with Last-Event-ID. */
  serverClosed: z.number().int(),
  failedConnects: z.number().int(),
  cpuUser: z.number(),
  cpuSystem: z.number(),
};

/** A command without its request id (distributes over the union). */
export type WithoutRid<T> = T extends unknown ? Omit<T, 'rid'> : never;

/** IPC request/response with one child: every reply carries the request's rid. */
export class Channel<Command extends { rid: number }, Reply extends { type: string }> {
  private nextRid = 1;
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  /** Called with every reply, answered or not (a server's `ready`). */
  readonly listeners: Array<(reply: Reply) => void> = [];

  constructor(
    readonly child: ChildProcess,
    parse: (raw: unknown) => Reply,
  ) {
    child.on('message', (raw: unknown) => {
      const reply = parse(raw);
      const rid = 'rid' in reply && typeof reply.rid === 'number' ? reply.rid : -1;
      const resolve = this.waiting.get(rid);
      if (resolve) {
        this.waiting.delete(rid);
        resolve(reply);
      }
      for (const listener of this.listeners) listener(reply);
    });
  }

  request(command: WithoutRid<Command>): Promise<Reply> {
    const rid = this.nextRid++;
    return new Promise((resolve, reject) => {
      this.waiting.set(rid, resolve);
      if (!this.child.send({ ...command, rid })) reject(new Error('IPC channel closed'));
    });
  }
}

/** The environment children get: nothing of the caller's but PATH and HOME. */
export const cleanEnv = { PATH: process.env.PATH, HOME: process.env.HOME };

/** Forks `count` client processes of `file`; process w binds its sockets to 127.0.0.<firstAddress + w>. */
export function forkClientProcesses<Command extends { rid: number }, Reply extends { type: string }>(
  file: string,
  count: number,
  firstAddress: number,
  replySchema: z.ZodType<Reply>,
  /** Node options besides tsx (e.g. --cpu-prof). */
  execArgv: readonly string[] = [],
): Array<Channel<Command, Reply>> {
  return Array.from({ length: count }, (_, w) => {
    const child = fork(file, [`127.0.0.${firstAddress + w}`], {
      execArgv: ['--import', 'tsx', ...execArgv],
      env: cleanEnv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Channel<Command, Reply>(child, (raw) => replySchema.parse(raw));
  });
}

/** Sends every worker its command at once; throws on an `error` reply or an answer of another type. */
export async function askAll<Command extends { rid: number }, R extends { type: string }, T extends R['type']>(
  workers: ReadonlyArray<Channel<Command, R>>,
  type: T,
  make: (worker: number) => WithoutRid<NoInfer<Command>>,
): Promise<Array<Extract<R, { type: T }>>> {
  const replies = await Promise.all(workers.map((worker, w) => worker.request(make(w))));
  return replies.map((reply) => {
    if (reply.type === 'error')
      throw new Error(
        `client process: ${'message' in reply && typeof reply.message === 'string' ? reply.message : ''}`,
      );
    if (reply.type !== type) throw new Error(`expected ${type}, got ${reply.type}`);
    return reply as Extract<R, { type: T }>;
  });
}

/** Worker w's part of `total` clients over `workers` processes. */
export const share = (total: number, w: number, workers: number) =>
  Math.floor(total / workers) + (w < total % workers ? 1 : 0);

/** Adds up the per-status counts of several processes' answers. */
export function sumStatuses(replies: ReadonlyArray<{ statuses: Record<string, number> }>): Record<string, number> {
  const statuses: Record<string, number> = {};
  for (const reply of replies)
    for (const [status, count] of Object.entries(reply.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return statuses;
}

// ---- The child's side ------------------------------------------------------------

/** The source address this client process binds to (its first argument, from forkClientProcesses). */
export const clientAddress = () => process.argv[2] ?? '127.0.0.1';

/**
 * Serves the parent's commands: each is parsed (a malformed one is reported on stderr and
 * ignored), handled, and a failure answered as `{ type: 'error', rid, message }`. The process
 * exits when its parent goes.
 */
export function serveCommands<Command extends { rid: number }>(
  name: string,
  schema: z.ZodType<Command>,
  handle: (command: Command) => Promise<void>,
  send: (message: { type: 'error'; rid: number; message: string }) => void,
): void {
  process.on('message', (raw: unknown) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      process.stderr.write(`${name}: ignored a malformed command: ${parsed.error.message}\n`);
      return;
    }
    const command = parsed.data;
    handle(command).catch((error: unknown) =>
      send({ type: 'error', rid: command.rid, message: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}

/** Runs `job` over `items` with at most `limit` in flight; counts the true and false results. */
export async function pool<T>(
  items: readonly T[],
  limit: number,
  job: (item: T) => Promise<boolean>,
): Promise<{ ok: number; failed: number }> {
  let next = 0;
  let ok = 0;
  let failed = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      if (await job(item)) ok += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return { ok, failed };
}

/** Process CPU (µs) since the last call: what a report charges the client process. */
export function cpuMeter(): () => { user: number; system: number } {
  let mark = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(mark);
    mark = process.cpuUsage();
    return used;
  };
}
