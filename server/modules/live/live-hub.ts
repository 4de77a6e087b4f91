// The SSE fan-out of one process (issue #4, DESIGN.md §5). The hub follows the
// event log with one cursor: when the bus announces a new position it reads the
// new rows once, encodes each once, and hands the same bytes to every client
// subscribed to the row's topic. A connecting client first gets what it missed
// (after its Last-Event-ID), then the live rows, with nothing skipped and
// nothing twice: rows are delivered strictly above the client's last sent
// position.
//
// What it missed comes from memory when it can (issue #18, "Resume that keeps
// up"): the hub keeps the newest rows it has read, encoded, in a ring bounded
// by count and bytes, and a reconnect storm is served from there, one shared
// buffer per (topics, position). Only older gaps read the log, and resumes that
// need it at the same time share the reads instead of each running its own.
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

/** A row as the ring and the live queues keep it: what topic filtering needs, and its encoded frame. */
export interface FramedEvent {
  id: number;
  topic: string;
  type: string;
  frame: Uint8Array;
}

interface Client {
  topics: ReadonlySet<string>;
  ip: string;
  lastSentId: number;
  /** While the backlog is being sent, live rows wait here. */
  pending: FramedEvent[] | null;
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
  /** Recent rows kept in memory, encoded, so a reconnect storm catches up without reading the log (default 4096). */
  recentLimit?: number;
  /** …and at most this many bytes of them (frames plus a fixed estimate per row; default 8 MiB). */
  recentByteLimit?: number;
}

export class TooManyConnectionsError extends Error {
  constructor() {
    super('Too many live connections from this address');
    this.name = 'TooManyConnectionsError';
  }
}

export interface LiveHubStats {
  clients: number;
  cursor: number;
  dropped: number;
  /** Resumes served entirely from the ring. */
  catchUpsFromMemory: number;
  /** Resumes that read (part of) their gap from the log. */
  catchUpsFromLog: number;
  /** Pages read from the log for resumes (shared by the resumes reading at the same time). */
  logReads: number;
  ringEvents: number;
  ringBytes: number;
  /** The ring holds every row above this position (up to the cursor). */
  ringFloor: number;
}

export interface LiveHub {
  start(): Promise<void>;
  /** Registers a client and sends it what it missed; throws TooManyConnectionsError over the per-address cap. */
  connect(input: {
    topics: readonly string[];
    lastEventId: number | null;
    ip: string;
    sink: LiveSink;
  }): Promise<() => void>;
  /** Reads and delivers new rows now (tests and the in-process bus use it). */
  pump(): Promise<void>;
  stats(): LiveHubStats;
  /**
   * Read-only: how many of this process's streams follow each topic starting with `prefix` (e.g. `chat:`),
   * topics nobody follows left out. The chat room's "people here" adds these up across nodes.
   */
  subscriberCounts(prefix: string): Map<string, number>;
  /** Closes every stream so clients reconnect elsewhere; stops following the log. */
  stop(): Promise<void>;
}

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(':\n\n');
const READ_BATCH = 1000;
/** Memory a ring entry costs besides its frame (the object, its topic and type strings), roughly. */
const RING_ENTRY_OVERHEAD_BYTES = 96;
/** Shared backlog buffers kept for the current cursor: one per (topics, position) a storm resumes from. */
const MAX_SHARED_BACKLOGS = 64;

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

/** A client's topics as one text, so clients following the same topics can share a buffer. */
function topicsKeyOf(topics: ReadonlySet<string>): string {
  return [...topics].sort().join(',');
}

// ---- The ring -------------------------------------------------------------------

/** What a client missed, for its topics, as one buffer. */
export interface Backlog {
  chunk: Uint8Array;
  /** Frames in `chunk`. */
  count: number;
}

export interface FrameRing {
  /** Every row of the log above this position, up to `newest`, is held (−∞ never; +∞ before the first reset). */
  readonly floor: number;
  readonly newest: number;
  readonly size: number;
  readonly bytes: number;
  /** Empties the ring; it then vouches for nothing at or below `floor`. */
  reset(floor: number): void;
  /** Appends the next row of the log (ids increase), evicting the oldest beyond the bounds. */
  push(row: FramedEvent): void;
  /** True when every row after `after` (up to `newest`) is held. */
  holds(after: number): boolean;
  /** The frames after `after` up to `upTo` that `topics` receive, in log order; null when the ring does not reach back to `after`. */
  collect(topics: ReadonlySet<string>, after: number, upTo: number): Backlog | null;
}

/**
 * The newest rows of the log, encoded, bounded by count and by bytes: pushing
 * past either bound evicts the oldest rows and raises the floor to the last
 * evicted position. A resume from at or above the floor is complete from here.
 */
export function createFrameRing(limits: { maxEvents: number; maxBytes: number }): FrameRing {
  // A queue in an array: `head` is the oldest entry; evicted slots are cleared at once (so their
  // bytes are freed) and the array is compacted when more than half of it is empty.
  let entries: Array<FramedEvent | undefined> = [];
  let head = 0;
  let bytes = 0;
  let floor = Number.POSITIVE_INFINITY;
  const costOf = (row: FramedEvent) => row.frame.byteLength + RING_ENTRY_OVERHEAD_BYTES;
  const at = (index: number) => entries[index] as FramedEvent;

  /** The index of the first held row with an id above `after`. */
  function firstAfter(after: number): number {
    let low = head;
    let high = entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (at(middle).id <= after) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  function evictOldest() {
    const oldest = at(head);
    entries[head] = undefined;
    head += 1;
    bytes -= costOf(oldest);
    floor = oldest.id;
    if (head >= 1024 && head * 2 >= entries.length) {
      entries = entries.slice(head);
      head = 0;
    }
  }

  return {
    get floor() {
      return floor;
    },
    get newest() {
      return head < entries.length ? at(entries.length - 1).id : floor;
    },
    get size() {
      return entries.length - head;
    },
    get bytes() {
      return bytes;
    },
    reset(newFloor) {
      entries = [];
      head = 0;
      bytes = 0;
      floor = newFloor;
    },
    push(row) {
      // Out of order would leave a hole that the floor does not show; the hub never does it.
      if (!(row.id > this.newest)) throw new Error(`ring: row ${row.id} is not after ${this.newest}`);
      entries.push(row);
      bytes += costOf(row);
      while (head < entries.length && (entries.length - head > limits.maxEvents || bytes > limits.maxBytes))
        evictOldest();
    },
    holds(after) {
      return after >= floor;
    },
    collect(topics, after, upTo) {
      if (after < floor) return null;
      const frames: Uint8Array[] = [];
      for (let index = firstAfter(after); index < entries.length; index += 1) {
        const row = at(index);
        if (row.id > upTo) break;
        if (isDelivered(topics, row)) frames.push(row.frame);
      }
      return { chunk: frames.length === 0 ? new Uint8Array(0) : concatenate(frames), count: frames.length };
    },
  };
}

// ---- Catch-ups from the log -----------------------------------------------------

/** One resume reading (part of) its gap from the log: rows after `after` up to `upTo`. */
interface LogWaiter {
  topics: ReadonlySet<string>;
  topicsKey: string;
  /** The position this resume has reached in the log (rows up to here were handed over or skipped). */
  after: number;
  upTo: number;
  /** Frames handed over so far. */
  sent: number;
  /** Hands a page's frames to the client; false when it cannot take them. */
  write(chunk: Uint8Array): boolean;
  finish(outcome: LogOutcome): void;
}

type LogOutcome = 'complete' | 'too-many' | 'fell-behind' | 'failed' | 'stopped';

/** A walk through the log, page by page, that every waiter at or above its position shares. */
interface LogScan {
  /** The next page (or the one being read) holds the rows after this position. */
  position: number;
  /** Before the first read, any waiter may join: the walk then starts from the lowest position. */
  started: boolean;
  waiters: Set<LogWaiter>;
}

export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { db, bus, logger } = options;
  const backlogLimit = options.backlogLimit ?? 5000;
  const recentLimit = options.recentLimit ?? 4096;
  const ring = createFrameRing({ maxEvents: recentLimit, maxBytes: options.recentByteLimit ?? 8 * 1024 * 1024 });
  /** Backlogs from the ring for the current cursor, shared by clients resuming from the same place. */
  let sharedBacklogs = new Map<string, Backlog>();
  let sharedBacklogsCursor = -1;
  let sharedBacklogsBytes = 0;
  const scans = new Set<LogScan>();
  let oldestQuery: Promise<number | null> | null = null;
  let catchUpsFromMemory = 0;
  let catchUpsFromLog = 0;
  let logReads = 0;
  const clients = new Set<Client>();
  const byTopic = new Map<string, Set<Client>>();
  const perIp = new Map<string, number>();
  let cursor = 0;
  let dropped = 0;
  let reading: Promise<void> | null = null;
  let again = false;
  /** Events the ring holds were rewritten in the log (a 'live-rewrite' notice): re-read them at the next turn. */
  let ringStale = false;
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe: (() => void) | null = null;
  let unsubscribeRewrites: (() => void) | null = null;

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
  function dispatch(rows: readonly FramedEvent[]) {
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
      if (client.closed) continue;
      if (client.pending) {
        for (const index of batch) client.pending.push(rows[index] as FramedEvent);
        continue;
      }
      if (batch.length !== shared.length || batch.some((index, i) => index !== shared[i])) {
        shared = batch;
        chunk = concatenate(batch.map((index) => (rows[index] as FramedEvent).frame));
      }
      client.lastSentId = (rows[batch[batch.length - 1] as number] as FramedEvent).id;
      if (!client.sink.write(chunk)) drop(client);
    }
  }

  const framed = (row: StoredLiveEvent): FramedEvent => ({
    id: row.id,
    topic: row.topic,
    type: row.type,
    frame: frameOf(row),
  });

  async function readNew(): Promise<void> {
    for (;;) {
      const rows = await readLiveEventsAfter(db, cursor, READ_BATCH);
      if (rows.length > 0) {
        const read = rows.map(framed);
        dispatch(read);
        // The cursor and the ring move in the same turn: a resume sees both at the same position.
        cursor = (read[read.length - 1] as FramedEvent).id;
        for (const row of read) ring.push(row);
      }
      if (rows.length < READ_BATCH) return;
    }
  }

  /** What `topics` missed after `after` up to the cursor, from the ring; clients resuming from the same place share one buffer. */
  function backlogFromRing(
    topics: ReadonlySet<string>,
    topicsKey: string,
    after: number,
    upTo: number,
  ): Backlog | null {
    if (sharedBacklogsCursor !== cursor) {
      sharedBacklogs = new Map();
      sharedBacklogsCursor = cursor;
      sharedBacklogsBytes = 0;
    }
    const key = `${after}:${upTo}:${topicsKey}`;
    const known = sharedBacklogs.get(key);
    if (known) return known;
    const backlog = ring.collect(topics, after, upTo);
    if (
      backlog &&
      sharedBacklogs.size < MAX_SHARED_BACKLOGS &&
      sharedBacklogsBytes + backlog.chunk.byteLength <= ring.bytes
    ) {
      sharedBacklogs.set(key, backlog);
      sharedBacklogsBytes += backlog.chunk.byteLength;
    }
    return backlog;
  }

  /** The oldest position the log keeps; resumes checking it at the same time share one query. */
  function oldestKept(): Promise<number | null> {
    oldestQuery ??= oldestLiveEventId(db).finally(() => {
      oldestQuery = null;
    });
    return oldestQuery;
  }

  /**
   * Reads a resume's gap from the log, sharing the reads: it joins a walk that has
   * not read yet (lowering where it starts), or one under way whose next page
   * starts at or before its position (that page holds every row it needs from
   * there, in order), or starts one.
   */
  function readFromLog(waiter: Omit<LogWaiter, 'finish'>): Promise<LogOutcome> {
    return new Promise((resolve) => {
      const joining: LogWaiter = Object.assign(waiter, { finish: resolve });
      let best: LogScan | null = null;
      for (const scan of scans) {
        if (!scan.started) {
          best = scan;
          break;
        }
        if (scan.position <= joining.after && (!best || scan.position > best.position)) best = scan;
      }
      if (best) {
        if (!best.started) best.position = Math.min(best.position, joining.after);
        best.waiters.add(joining);
      } else {
        const scan: LogScan = { position: joining.after, started: false, waiters: new Set([joining]) };
        scans.add(scan);
        void walk(scan);
      }
    });
  }

  async function walk(scan: LogScan): Promise<void> {
    try {
      // Resumes that arrive in the same turn (a storm's requests read from one socket poll,
      // or released together by one shared query) start from the lowest position together.
      await new Promise((resolve) => setImmediate(resolve));
      scan.started = true;
      while (scan.waiters.size > 0 && !stopped) {
        // Every row up to the cursor was committed before this read starts, so a short page
        // is the whole log up to there: rows above a waiter's `upTo` reach it live instead.
        const readAtCursor = cursor;
        logReads += 1;
        const rows = await readLiveEventsAfter(db, scan.position, READ_BATCH);
        const full = rows.length === READ_BATCH;
        const pageEnd = rows.length > 0 ? (rows[rows.length - 1] as StoredLiveEvent).id : scan.position;
        const frames = new Map<number, Uint8Array>();
        const frameAt = (index: number) => {
          let frame = frames.get(index);
          if (!frame) frames.set(index, (frame = frameOf(rows[index] as StoredLiveEvent)));
          return frame;
        };
        // Waiters at the same position with the same topics get the same bytes.
        const pages = new Map<string, { backlog: Backlog; reached: number }>();
        for (const waiter of scan.waiters) {
          const key = `${waiter.after}:${waiter.upTo}:${waiter.topicsKey}`;
          let page = pages.get(key);
          if (!page) {
            const parts: Uint8Array[] = [];
            let reached = waiter.after;
            rows.forEach((row, index) => {
              if (row.id <= waiter.after || row.id > waiter.upTo) return;
              reached = row.id;
              if (isDelivered(waiter.topics, row)) parts.push(frameAt(index));
            });
            page = {
              backlog: { chunk: parts.length > 0 ? concatenate(parts) : new Uint8Array(0), count: parts.length },
              reached,
            };
            pages.set(key, page);
          }
          let outcome: LogOutcome | null = null;
          waiter.sent += page.backlog.count;
          if (waiter.sent > backlogLimit) outcome = 'too-many';
          else if (page.backlog.count > 0 && !waiter.write(page.backlog.chunk)) outcome = 'fell-behind';
          else {
            waiter.after = page.reached;
            if (pageEnd >= waiter.upTo || (!full && readAtCursor >= waiter.upTo)) outcome = 'complete';
          }
          if (outcome) {
            scan.waiters.delete(waiter);
            waiter.finish(outcome);
          }
        }
        scan.position = pageEnd;
      }
    } catch (error) {
      logger.warn({ err: error }, 'live: reading the event log for a resume failed');
      for (const waiter of scan.waiters) waiter.finish('failed');
      scan.waiters.clear();
    } finally {
      scans.delete(scan);
      for (const waiter of scan.waiters) waiter.finish('stopped');
    }
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
          if (ringStale) await reloadRing();
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

  /**
   * Reads again from the log the rows the ring holds (they were rewritten in place: positions are kept),
   * in the same turns as new rows are read, so a resume never gets a frame the log no longer has.
   */
  async function reloadRing(): Promise<void> {
    ringStale = false;
    const floor = ring.floor;
    if (!Number.isFinite(floor)) return;
    const rows: FramedEvent[] = [];
    let after = floor;
    while (after < cursor) {
      const page = await readLiveEventsAfter(db, after, READ_BATCH);
      for (const row of page) if (row.id <= cursor) rows.push(framed(row));
      if (page.length < READ_BATCH) break;
      after = (page[page.length - 1] as StoredLiveEvent).id;
    }
    ring.reset(floor);
    for (const row of rows) ring.push(row);
    sharedBacklogs = new Map();
    sharedBacklogsBytes = 0;
    sharedBacklogsCursor = -1;
  }

  /**
   * Fills the ring with the newest rows already in the log, so a node that has just
   * started (the usual cause of a reconnect storm) serves its resumes from memory.
   */
  async function preload(upTo: number): Promise<void> {
    let after = Math.max(0, upTo - recentLimit);
    ring.reset(after);
    while (after < upTo) {
      const rows = await readLiveEventsAfter(db, after, READ_BATCH);
      for (const row of rows) if (row.id <= upTo) ring.push(framed(row));
      if (rows.length < READ_BATCH) break;
      after = (rows[rows.length - 1] as StoredLiveEvent).id;
    }
  }

  function send(client: Client, text: string) {
    client.sink.write(encoder.encode(text));
  }

  return {
    async start() {
      const latest = await latestLiveEventId(db);
      await preload(latest);
      cursor = latest;
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
      unsubscribeRewrites = bus.onNotice('live-rewrite', () => {
        ringStale = true;
        void pump();
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
      // Everything up to here is the backlog's, everything after it arrives live (into `pending`
      // until the backlog is out): taken in the same turn as the ring is read, so nothing falls between.
      const startCursor = cursor;
      const client: Client = {
        topics: new Set(topics),
        ip,
        lastSentId: startCursor,
        pending: [],
        sink,
        closed: false,
        batch: null,
      };
      clients.add(client);
      for (const topic of client.topics) {
        let set = byTopic.get(topic);
        if (!set) byTopic.set(topic, (set = new Set()));
        set.add(client);
      }
      const disconnect = () => remove(client);
      // A random reconnection delay (1–4 s) spreads a reconnect storm (a node restarting) over a few seconds.
      send(client, `retry: ${1000 + Math.floor(Math.random() * 3000)}\n\n`);
      const catchUpWrite = (chunk: Uint8Array) => !client.closed && sink.write(chunk, true);

      try {
        let resync: string | null = null;
        if (lastEventId !== null && lastEventId < startCursor) {
          const topicsKey = topicsKeyOf(client.topics);
          const fromMemory = ring.holds(lastEventId)
            ? backlogFromRing(client.topics, topicsKey, lastEventId, startCursor)
            : null;
          if (fromMemory) {
            // The common reconnect (a node restart, a network blip): no read of the log at all.
            catchUpsFromMemory += 1;
            if (fromMemory.count > backlogLimit) resync = 'Too many updates were missed to replay them.';
            else if (fromMemory.count > 0 && !catchUpWrite(fromMemory.chunk))
              throw new Error('client fell behind during catch-up');
          } else {
            catchUpsFromLog += 1;
            // The part the ring holds now is taken now (the ring moves on while the log is read);
            // only the older part is read from the log.
            const memoryFrom = Math.min(ring.floor, startCursor);
            const tail =
              memoryFrom < startCursor ? backlogFromRing(client.topics, topicsKey, memoryFrom, startCursor) : null;
            const oldest = await oldestKept();
            if (oldest === null || lastEventId < oldest - 1) resync = 'The updates you missed are no longer kept.';
            else {
              const waiter = {
                topics: client.topics,
                topicsKey,
                after: lastEventId,
                upTo: memoryFrom,
                sent: 0,
                write: catchUpWrite,
              };
              const outcome = await readFromLog(waiter);
              if (outcome === 'too-many' || waiter.sent + (tail?.count ?? 0) > backlogLimit)
                resync = 'Too many updates were missed to replay them.';
              else if (outcome === 'fell-behind') throw new Error('client fell behind during catch-up');
              else if (outcome !== 'complete')
                throw new Error(`catch-up from the log ${outcome === 'failed' ? 'failed' : 'stopped'}`);
              else if (tail && tail.count > 0 && !catchUpWrite(tail.chunk))
                throw new Error('client fell behind during catch-up');
            }
          }
        } else if (lastEventId !== null && lastEventId > startCursor) {
          // Another node may already have sent rows this one has not read yet; beyond the log's end it is unknown.
          if (lastEventId > (await latestLiveEventId(db))) resync = 'The stream position you sent is unknown here.';
          else client.lastSentId = lastEventId;
        }
        if (resync !== null) {
          client.lastSentId = startCursor;
          send(
            client,
            `id: ${startCursor}\nevent: resync\ndata: ${JSON.stringify({ reason: resync, position: startCursor })}\n\n`,
          );
        } else if (lastEventId === null) {
          // Tell a first-time client its position, so a reconnect resumes from here.
          send(client, `id: ${startCursor}\nevent: ready\ndata: ${JSON.stringify({ position: startCursor })}\n\n`);
        }
        // Rows that arrived during the catch-up, beyond what it sent, in one write.
        const waiting = (client.pending ?? []).filter((row) => row.id > client.lastSentId);
        client.pending = null;
        const last = waiting[waiting.length - 1];
        if (last && !client.closed) {
          client.lastSentId = last.id;
          if (!sink.write(concatenate(waiting.map((row) => row.frame)))) drop(client);
        }
      } catch (error) {
        remove(client);
        sink.close();
        throw error;
      }
      return disconnect;
    },

    pump,

    stats: () => ({
      clients: clients.size,
      cursor,
      dropped,
      catchUpsFromMemory,
      catchUpsFromLog,
      logReads,
      ringEvents: ring.size,
      ringBytes: ring.bytes,
      ringFloor: ring.floor,
    }),

    subscriberCounts(prefix) {
      const counts = new Map<string, number>();
      for (const [topic, subscribers] of byTopic) {
        if (subscribers.size > 0 && topic.startsWith(prefix)) counts.set(topic, subscribers.size);
      }
      return counts;
    },

    async stop() {
      stopped = true;
      unsubscribe?.();
      unsubscribeRewrites?.();
      for (const timer of timers) clearInterval(timer);
      await reading;
      for (const client of [...clients]) {
        remove(client);
        client.sink.close();
      }
    },
  };
}
