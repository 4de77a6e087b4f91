// The SSE fan-out of one process (issue #4, DESIGN.md §5). The hub follows the
// event log with one cursor: when the bus announces a new position it reads the
// new rows once, encodes each once, and hands the same bytes to every client
// subscribed to the row's topic. A connecting client first gets what it missed
// (from the log, after its Last-Event-ID), then the live rows, with nothing
// skipped and nothing twice: rows are delivered strictly above the client's
// last sent position.
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/schema.ts';
import { isDelivered } from '../../../domain/live-contracts.ts';
import type { LiveBus } from '../../platform/bus.ts';
import { latestLiveEventId, oldestLiveEventId, readLiveEventsAfter, type StoredLiveEvent } from './live.queries.ts';

export interface LiveSink {
  /**
   * Queues bytes for the client; returns false when the client is too far
   * behind and must be dropped. `catchUp` allows a deeper queue for the backlog.
   */
  write(chunk: Uint8Array, catchUp?: boolean): boolean;
  /** Ends the stream (the client will reconnect). */
  close(): void;
}

interface Client {
  topics: ReadonlySet<string>;
  ip: string;
  lastSentId: number;
  /** While the backlog is being sent, live rows wait here. */
  pending: StoredLiveEvent[] | null;
  sink: LiveSink;
  closed: boolean;
  /** During one dispatch: the positions (in the rows read) this client gets. */
  batch: number[] | null;
}

export interface LiveHubOptions {
  db: Kysely<Database>;
  bus: LiveBus;
  logger: Logger;
  heartbeatMs: number;
  maxConnectionsPerIp: number;
  /** Rows a reconnecting client may catch up on; further behind, it is told to resync. */
  backlogLimit?: number;
  /** How often the log is read even without an announcement (a missed bus message only delays). */
  pollMs?: number;
  /** Recent rows kept in memory, encoded, so a reconnect storm catches up without reading the log. */
  recentLimit?: number;
}

export class TooManyConnectionsError extends Error {
  constructor() {
    super('Too many live connections from this address');
    this.name = 'TooManyConnectionsError';
  }
}

export interface LiveHub {
  start(): Promise<void>;
  /** Registers a client and sends it what it missed; throws TooManyConnectionsError over the per-address cap. */
  connect(input: { topics: readonly string[]; lastEventId: number | null; ip: string; sink: LiveSink }): Promise<() => void>;
  /** Reads and delivers new rows now (tests and the in-process bus use it). */
  pump(): Promise<void>;
  stats(): { clients: number; cursor: number; dropped: number; catchUpsFromMemory: number; catchUpsFromLog: number };
  /** Closes every stream so clients reconnect elsewhere; stops following the log. */
  stop(): Promise<void>;
}

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(':\n\n');
const READ_BATCH = 1000;

export function frameOf(event: { id: number; type: string; data: string }): Uint8Array {
  return encoder.encode(`id: ${event.id}\nevent: ${event.type}\ndata: ${event.data}\n\n`);
}

function concatenate(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const joined = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined;
}

export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { db, bus, logger } = options;
  const backlogLimit = options.backlogLimit ?? 5000;
  const recentLimit = options.recentLimit ?? 4096;
  /**
   * Every row read after `recentFloor`, in log order, with its frame: a client resuming from at or
   * above the floor is served from here. Rows are appended in the same turn the cursor moves.
   */
  let recent: { row: StoredLiveEvent; frame: Uint8Array }[] = [];
  let recentFloor = Number.POSITIVE_INFINITY;
  let catchUpsFromMemory = 0;
  let catchUpsFromLog = 0;
  const clients = new Set<Client>();
  const byTopic = new Map<string, Set<Client>>();
  const perIp = new Map<string, number>();
  let cursor = 0;
  let dropped = 0;
  let reading: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe: (() => void) | null = null;

  function remove(client: Client) {
    if (client.closed) return;
    client.closed = true;
    clients.delete(client);
    for (const topic of client.topics) byTopic.get(topic)?.delete(client);
    const count = (perIp.get(client.ip) ?? 1) - 1;
    if (count <= 0) perIp.delete(client.ip);
    else perIp.set(client.ip, count);
  }

  function drop(client: Client) {
    dropped += 1;
    logger.info({ ip: client.ip }, 'live: dropped a client that fell too far behind');
    remove(client);
    client.sink.close();
  }

  /**
   * Hands every client all the rows of one read meant for it as a single write:
   * when the hub falls behind (many clients, events in quick succession), the
   * rows that piled up cost each stream one chunk instead of one per row.
   * Clients with the same rows share the same bytes.
   */
  function dispatch(rows: readonly StoredLiveEvent[], frames: readonly Uint8Array[]) {
    const touched: Client[] = [];
    const collect = (subscribers: Set<Client> | undefined, index: number, id: number) => {
      if (!subscribers) return;
      for (const client of subscribers) {
        if (client.closed || id <= client.lastSentId) continue;
        const batch = client.batch;
        if (batch === null) {
          client.batch = [index];
          touched.push(client);
        } else if (batch[batch.length - 1] !== index) batch.push(index);
      }
    };
    rows.forEach((row, index) => {
      collect(byTopic.get(row.topic), index, row.id);
      if (row.type === 'score') collect(byTopic.get('scores'), index, row.id);
    });
    let shared: number[] = [];
    let chunk: Uint8Array = new Uint8Array(0);
    for (const client of touched) {
      const batch = client.batch as number[];
      client.batch = null;
      if (batch.length !== shared.length || batch.some((index, i) => index !== shared[i])) {
        shared = batch;
        chunk = concatenate(batch.map((index) => frames[index] as Uint8Array));
      }
      if (client.closed) continue;
      if (client.pending) {
        for (const index of batch) client.pending.push(rows[index] as StoredLiveEvent);
        continue;
      }
      client.lastSentId = (rows[batch[batch.length - 1] as number] as StoredLiveEvent).id;
      if (!client.sink.write(chunk)) drop(client);
    }
  }

  async function readNew(): Promise<void> {
    for (;;) {
      const rows = await readLiveEventsAfter(db, cursor, READ_BATCH);
      if (rows.length > 0) {
        const frames = rows.map(frameOf);
        dispatch(rows, frames);
        cursor = (rows[rows.length - 1] as StoredLiveEvent).id;
        remember(rows, frames);
      }
      if (rows.length < READ_BATCH) return;
    }
  }

  function remember(rows: readonly StoredLiveEvent[], frames: readonly Uint8Array[]) {
    rows.forEach((row, index) => recent.push({ row, frame: frames[index] as Uint8Array }));
    // Trimmed in steps, so the copy happens once per `recentLimit` rows.
    if (recent.length >= 2 * recentLimit) {
      const removed = recent.length - recentLimit;
      recentFloor = (recent[removed - 1] as { row: StoredLiveEvent }).row.id;
      recent = recent.slice(removed);
    }
  }

  /** The frames after `after` up to `upTo` for these topics from memory; null when memory does not reach back that far. */
  function recentFrames(topics: ReadonlySet<string>, after: number, upTo: number): { frames: Uint8Array[]; lastId: number } | null {
    if (after < recentFloor) return null;
    const frames: Uint8Array[] = [];
    let lastId = after;
    for (const { row, frame } of recent) {
      if (row.id <= after) continue;
      if (row.id > upTo) break;
      if (!isDelivered(topics, row)) continue;
      frames.push(frame);
      lastId = row.id;
    }
    return { frames, lastId };
  }

  /** Coalesces announcements: one read at a time, and one more if something came in meanwhile. */
  function pump(): Promise<void> {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      try {
        do {
          again = false;
          await readNew();
        } while (again && !stopped);
      } catch (error) {
        logger.warn({ err: error }, 'live: reading the event log failed; will retry');
      } finally {
        reading = null;
      }
    })();
    return reading;
  }

  function send(client: Client, text: string) {
    client.sink.write(encoder.encode(text));
  }

  return {
    async start() {
      cursor = await latestLiveEventId(db);
      recentFloor = cursor;
      // An announcement is acted on once the current turn of the event loop is over, so
      // commits that land together (a busy ingest, a slow fan-out) are read and sent together.
      let announced = false;
      unsubscribe = bus.subscribe((lastId) => {
        if (lastId <= cursor || announced) return;
        announced = true;
        setImmediate(() => {
          announced = false;
          void pump();
        });
      });
      timers.push(
        setInterval(() => {
          for (const client of clients) if (!client.pending && !client.sink.write(HEARTBEAT)) remove(client);
        }, options.heartbeatMs),
      );
      timers.push(setInterval(() => void pump(), options.pollMs ?? 5000));
      for (const timer of timers) timer.unref();
    },

    async connect({ topics, lastEventId, ip, sink }) {
      if ((perIp.get(ip) ?? 0) >= options.maxConnectionsPerIp) throw new TooManyConnectionsError();
      perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
      const startCursor = cursor;
      const client: Client = { topics: new Set(topics), ip, lastSentId: startCursor, pending: [], sink, closed: false, batch: null };
      clients.add(client);
      for (const topic of client.topics) {
        let set = byTopic.get(topic);
        if (!set) byTopic.set(topic, (set = new Set()));
        set.add(client);
      }
      const disconnect = () => remove(client);
      // A random reconnection delay (1–4 s) spreads a reconnect storm (a node restarting) over a few seconds.
      send(client, `retry: ${1000 + Math.floor(Math.random() * 3000)}\n\n`);

      try {
        let resync: string | null = null;
        const fromMemory = lastEventId !== null && lastEventId < startCursor ? recentFrames(client.topics, lastEventId, startCursor) : null;
        if (fromMemory !== null && fromMemory.frames.length <= backlogLimit) {
          // The common reconnect (a node restart, a network blip): no read of the log at all.
          catchUpsFromMemory += 1;
          if (fromMemory.frames.length > 0 && !sink.write(concatenate(fromMemory.frames), true))
            throw new Error('client fell behind during catch-up');
          client.lastSentId = startCursor;
        } else if (lastEventId !== null && lastEventId < startCursor) {
          catchUpsFromLog += 1;
          const oldest = await oldestLiveEventId(db);
          if (oldest === null || lastEventId < oldest - 1) resync = 'The updates you missed are no longer kept.';
          else {
            client.lastSentId = lastEventId;
            let after = lastEventId;
            let sent = 0;
            while (after < startCursor && resync === null) {
              const rows = await readLiveEventsAfter(db, after, READ_BATCH);
              if (rows.length === 0) break;
              const frames: Uint8Array[] = [];
              for (const row of rows) {
                if (row.id > startCursor) break;
                after = row.id;
                if (!isDelivered(client.topics, row)) continue;
                sent += 1;
                if (sent > backlogLimit) {
                  resync = 'Too many updates were missed to replay them.';
                  break;
                }
                client.lastSentId = row.id;
                frames.push(frameOf(row));
              }
              // What one read found goes out as one write.
              if (frames.length > 0 && !sink.write(concatenate(frames), true)) throw new Error('client fell behind during catch-up');
              if (rows.length < READ_BATCH) break;
            }
            if (resync === null) client.lastSentId = Math.max(client.lastSentId, startCursor);
          }
        } else if (lastEventId !== null && lastEventId > startCursor) {
          // Another node may already have sent rows this one has not read yet; beyond the log's end it is unknown.
          if (lastEventId > (await latestLiveEventId(db))) resync = 'The stream position you sent is unknown here.';
          else client.lastSentId = lastEventId;
        }
        if (resync !== null) {
          client.lastSentId = startCursor;
          send(client, `id: ${startCursor}\nevent: resync\ndata: ${JSON.stringify({ reason: resync, position: startCursor })}\n\n`);
        } else if (lastEventId === null) {
          // Tell a first-time client its position, so a reconnect resumes from here.
          send(client, `id: ${startCursor}\nevent: ready\ndata: ${JSON.stringify({ position: startCursor })}\n\n`);
        }
        // Rows that arrived during the catch-up, beyond what it sent, in one write.
        const waiting = (client.pending ?? []).filter((event) => event.id > client.lastSentId);
        client.pending = null;
        const last = waiting[waiting.length - 1];
        if (last && !client.closed) {
          client.lastSentId = last.id;
          if (!sink.write(concatenate(waiting.map(frameOf)))) drop(client);
        }
      } catch (error) {
        remove(client);
        sink.close();
        throw error;
      }
      return disconnect;
    },

    pump,

    stats: () => ({ clients: clients.size, cursor, dropped, catchUpsFromMemory, catchUpsFromLog }),

    async stop() {
      stopped = true;
      unsubscribe?.();
      for (const timer of timers) clearInterval(timer);
      await reading;
      for (const client of [...clients]) {
        remove(client);
        client.sink.close();
      }
    },
  };
}
