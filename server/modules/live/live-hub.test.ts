// The hub's fan-out on real databases (issue #4): rows that pile up between
// two reads reach each client as one write, in log order, each row once —
// including for a client whose topics match a row twice (`scores` and its
// `match:{id}`) — and a client still catching up gets its backlog in one write,
// then the rows that arrived meanwhile — from memory when the hub still holds
// the rows (a reconnect storm reads no log), from the log when it does not.
// Issue #18: the ring of recent frames on its own (bounds, eviction, topics,
// its floor), and resumes racing new rows — a log read held open while rows
// arrive and the ring moves past it, resumes that share one read, and many
// clients resuming at random moments — each client getting every row of its
// topics after its position exactly once, in order.
import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/schema.ts';
import { isDelivered } from '../../../domain/live-contracts.ts';
import { createMemoryBus, type LiveBus } from '../../platform/bus.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../../tests/helpers/test-database.ts';
import { createFrameRing, createLiveHub, frameOf, type FramedEvent, type LiveHub, type LiveHubOptions, type LiveSink } from './live-hub.ts';
import { latestLiveEventId } from './live.queries.ts';

const decoder = new TextDecoder();

/** A sink that keeps every write as text. */
function recordingSink(): LiveSink & { writes: string[]; ids(): number[] } {
  const writes: string[] = [];
  return {
    writes,
    write(chunk) {
      writes.push(decoder.decode(chunk));
      return true;
    },
    close() {},
    ids: () => [...writes.join('').matchAll(/^id: (\d+)\nevent: (?!ready|resync)/gm)].map((match) => Number(match[1])),
  };
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(TEST_ENGINES)('live hub fan-out on %s', (engine) => {
  let database: TestDatabase;
  let hub: LiveHub;
  const bus = createMemoryBus();

  const append = async (rows: Array<{ topic: string; type: string }>) => {
    const ids: number[] = [];
    for (const row of rows) {
      const inserted = await database.handle.db
        .insertInto('live_event')
        .values({
          topic: row.topic,
          type: row.type,
          match_id: null,
          data: JSON.stringify({ n: ids.length }),
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(inserted.id));
    }
    return ids;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await append([{ topic: 'match:1', type: 'score' }]);
    hub = createLiveHub({
      db: database.handle.db,
      bus,
      logger: pino({ level: 'silent' }),
      heartbeatMs: 60_000,
      maxConnectionsPerIp: 10,
      pollMs: 60_000,
    });
    await hub.start();
  });
  afterAll(async () => {
    await hub.stop();
    await database.destroy();
  });

  it('sends the rows of several commits as one write per client, in order and once each', async () => {
    const both = recordingSink();
    const scoresOnly = recordingSink();
    const other = recordingSink();
    await hub.connect({ topics: ['scores', 'match:1'], lastEventId: null, ip: 'a', sink: both });
    await hub.connect({ topics: ['scores'], lastEventId: null, ip: 'b', sink: scoresOnly });
    await hub.connect({ topics: ['match:3'], lastEventId: null, ip: 'c', sink: other });
    const before = [both.writes.length, scoresOnly.writes.length, other.writes.length];

    // Three commits announced in the same turn of the event loop, as a busy ingest produces them. (Written
    // first, then announced together: announcing each after its own write let a slow database's writes
    // straddle the hub's reads, and the test measured the machine's load instead of the batching.)
    const [score1, event1] = await append([
      { topic: 'match:1', type: 'score' },
      { topic: 'match:1', type: 'match-event' },
    ]);
    const [score2] = await append([{ topic: 'match:2', type: 'score' }]);
    const [commentary1] = await append([{ topic: 'match:1', type: 'commentary' }]);
    bus.publish(event1 as number);
    bus.publish(score2 as number);
    bus.publish(commentary1 as number);

    await until(() => hub.stats().cursor === commentary1, 'the hub to read the new rows');
    expect(both.writes.length - (before[0] as number)).toBe(1);
    expect(scoresOnly.writes.length - (before[1] as number)).toBe(1);
    expect(other.writes.length).toBe(before[2]);
    expect(both.ids()).toEqual([score1, event1, score2, commentary1]);
    expect(scoresOnly.ids()).toEqual([score1, score2]);
  });

  it('sends a resuming client its backlog in one write, then what arrived meanwhile, with no gap and no duplicate', async () => {
    const start = await latestLiveEventId(database.handle.db);
    // Missed while away: already read and sent to others by the hub.
    const missed = await append([
      { topic: 'match:5', type: 'score' },
      { topic: 'match:5', type: 'match-event' },
      { topic: 'match:6', type: 'score' },
    ]);
    await hub.pump();
    expect(hub.stats().cursor).toBe(missed[2]);
    const sink = recordingSink();
    const connecting = hub.connect({ topics: ['match:5'], lastEventId: start, ip: 'd', sink });
    // Written while the backlog is being read: it must follow the backlog, once.
    const live = await append([{ topic: 'match:5', type: 'score' }]);
    bus.publish(live[0] as number);
    await connecting;
    await until(() => hub.stats().cursor === live[0], 'the hub to read the live row');
    await hub.pump();
    expect(sink.ids()).toEqual([missed[0], missed[1], live[0]]);
    expect(hub.stats().catchUpsFromMemory).toBe(1);
    expect(hub.stats().catchUpsFromLog).toBe(0);
    // The backlog went out as one write.
    expect(sink.writes.filter((write) => write.includes(`id: ${missed[0]}\n`))).toEqual([
      expect.stringContaining(`id: ${missed[1]}\n`),
    ]);
  });

  it('serves resuming clients from the log when memory does not reach back that far, and from memory after it', async () => {
    const before = await latestLiveEventId(database.handle.db);
    const older = await append([
      { topic: 'match:7', type: 'score' },
      { topic: 'match:8', type: 'score' },
    ]);
    // A hub that starts now (a restarted node) keeps few rows: the newest three of the log, then of what it reads.
    const restarted = createLiveHub({
      db: database.handle.db,
      bus: createMemoryBus(),
      logger: pino({ level: 'silent' }),
      heartbeatMs: 60_000,
      maxConnectionsPerIp: 10,
      pollMs: 60_000,
      recentLimit: 3,
    });
    await restarted.start();
    try {
      const newer = await append([
        { topic: 'match:7', type: 'score' },
        { topic: 'match:7', type: 'commentary' },
        { topic: 'match:8', type: 'score' },
      ]);
      await restarted.pump();

      const fromLog = recordingSink();
      await restarted.connect({ topics: ['match:7'], lastEventId: before, ip: 'e', sink: fromLog });
      expect(fromLog.ids()).toEqual([older[0], newer[0], newer[1]]);
      expect(restarted.stats()).toMatchObject({ catchUpsFromLog: 1, catchUpsFromMemory: 0 });

      const fromMemory = recordingSink();
      await restarted.connect({ topics: ['scores'], lastEventId: older[1] as number, ip: 'f', sink: fromMemory });
      expect(fromMemory.ids()).toEqual([newer[0], newer[2]]);
      expect(restarted.stats()).toMatchObject({ catchUpsFromLog: 1, catchUpsFromMemory: 1 });

      // Four more rows: memory keeps the newest ones only, so resuming from before them reads the log again.
      const latest = await append([
        { topic: 'match:7', type: 'score' },
        { topic: 'match:7', type: 'score' },
        { topic: 'match:7', type: 'score' },
        { topic: 'match:7', type: 'score' },
      ]);
      await restarted.pump();
      const late = recordingSink();
      await restarted.connect({ topics: ['match:7'], lastEventId: newer[1] as number, ip: 'g', sink: late });
      expect(late.ids()).toEqual(latest);
      expect(restarted.stats()).toMatchObject({ catchUpsFromLog: 2, catchUpsFromMemory: 1 });

      // Rows the log no longer keeps (retention) and memory does not reach: the client is told to resync.
      await database.handle.db.deleteFrom('live_event').where('id', '<=', newer[1] as number).execute();
      const gone = recordingSink();
      await restarted.connect({ topics: ['match:7'], lastEventId: older[0] as number, ip: 'h', sink: gone });
      expect(gone.writes.join('')).toMatch(/event: resync\ndata: \{"reason":"The updates you missed are no longer kept\."/);
      expect(gone.ids()).toEqual([]);
    } finally {
      await restarted.stop();
    }
  });
});

// ---- Issue #18: the ring of recent frames -------------------------------------------

/** A row of the log as the ring keeps it; its frame is `size` bytes when given. */
function row(id: number, topic: string, type = 'score', size?: number): FramedEvent {
  const frame = frameOf({ id, type, data: '{}' });
  return { id, topic, type, frame: size === undefined ? frame : new Uint8Array(size) };
}

const framesText = (chunk: Uint8Array) => decoder.decode(chunk);
const idsIn = (chunk: Uint8Array) => [...framesText(chunk).matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));

describe('the ring of recent frames', () => {
  it('keeps at most its number of rows, evicting the oldest and raising its floor to the last one evicted', () => {
    const ring = createFrameRing({ maxEvents: 4, maxBytes: 1 << 20 });
    ring.reset(10);
    for (let id = 11; id <= 20; id += 1) ring.push(row(id, 'match:1'));
    expect(ring.size).toBe(4);
    expect(ring.floor).toBe(16);
    expect(ring.newest).toBe(20);
    expect(idsIn((ring.collect(new Set(['match:1']), 16, 20) as { chunk: Uint8Array }).chunk)).toEqual([17, 18, 19, 20]);
  });

  it('keeps at most its number of bytes, and holds nothing when one row is larger than that', () => {
    // 100-byte frames plus the per-row estimate (96): three rows fit in 600 bytes, a fourth does not.
    const ring = createFrameRing({ maxEvents: 1000, maxBytes: 600 });
    ring.reset(0);
    for (let id = 1; id <= 5; id += 1) ring.push(row(id, 'match:1', 'score', 100));
    expect(ring.size).toBe(3);
    expect(ring.bytes).toBe(3 * 196);
    expect(ring.floor).toBe(2);
    ring.push(row(6, 'match:1', 'score', 10_000));
    expect(ring.size).toBe(0);
    expect(ring.bytes).toBe(0);
    expect(ring.floor).toBe(6);
    expect(ring.collect(new Set(['match:1']), 6, 6)).toEqual({ chunk: new Uint8Array(0), count: 0 });
    expect(ring.collect(new Set(['match:1']), 5, 6)).toBeNull();
  });

  it('serves a position at its floor and refuses one just below it (the oldest row it holds is the floor + 1)', () => {
    const ring = createFrameRing({ maxEvents: 3, maxBytes: 1 << 20 });
    ring.reset(0);
    for (let id = 1; id <= 6; id += 1) ring.push(row(id, 'match:1'));
    // Holds 4, 5, 6: a client that has 3 misses nothing the ring lacks; one that has 2 misses 3, which it no longer has.
    expect(ring.floor).toBe(3);
    expect(ring.holds(3)).toBe(true);
    expect(ring.holds(2)).toBe(false);
    expect(idsIn((ring.collect(new Set(['match:1']), 3, 6) as { chunk: Uint8Array }).chunk)).toEqual([4, 5, 6]);
    expect(ring.collect(new Set(['match:1']), 2, 6)).toBeNull();
  });

  it('hands out only the rows a client’s topics receive, in log order, each once, up to the position asked for', () => {
    const ring = createFrameRing({ maxEvents: 100, maxBytes: 1 << 20 });
    ring.reset(0);
    ring.push(row(1, 'match:1', 'score'));
    ring.push(row(2, 'match:1', 'commentary'));
    ring.push(row(3, 'match:2', 'score'));
    ring.push(row(4, 'match:2', 'match-event'));
    ring.push(row(5, 'match:1', 'score'));
    ring.push(row(6, 'chat:1', 'message'));
    const ids = (topics: string[], after: number, upTo: number) => {
      const backlog = ring.collect(new Set(topics), after, upTo);
      expect(backlog?.count).toBe(idsIn(backlog?.chunk ?? new Uint8Array(0)).length);
      return idsIn(backlog?.chunk ?? new Uint8Array(0));
    };
    expect(ids(['scores'], 0, 6)).toEqual([1, 3, 5]);
    expect(ids(['match:1'], 0, 6)).toEqual([1, 2, 5]);
    // A score of match:1 matches both topics and still comes once.
    expect(ids(['scores', 'match:1'], 0, 6)).toEqual([1, 2, 3, 5]);
    expect(ids(['match:2', 'chat:1'], 1, 6)).toEqual([3, 4, 6]);
    expect(ids(['scores', 'match:1'], 2, 4)).toEqual([3]);
    expect(ids(['match:9'], 0, 6)).toEqual([]);
    // The bytes are the frames, unchanged.
    expect(framesText((ring.collect(new Set(['match:2']), 3, 4) as { chunk: Uint8Array }).chunk)).toBe('id: 4\nevent: match-event\ndata: {}\n\n');
  });

  it('stays correct over many evictions (its array is compacted as it goes)', () => {
    const ring = createFrameRing({ maxEvents: 10, maxBytes: 1 << 20 });
    ring.reset(0);
    for (let id = 1; id <= 5000; id += 1) ring.push(row(id, id % 2 === 0 ? 'match:2' : 'match:1'));
    expect(ring.size).toBe(10);
    expect(ring.floor).toBe(4990);
    expect(idsIn((ring.collect(new Set(['match:2']), 4990, 5000) as { chunk: Uint8Array }).chunk)).toEqual([4992, 4994, 4996, 4998, 5000]);
    expect(idsIn((ring.collect(new Set(['match:1']), 4995, 4999) as { chunk: Uint8Array }).chunk)).toEqual([4997, 4999]);
  });

  it('refuses a row that is not after its newest (it would leave a hole its floor does not show)', () => {
    const ring = createFrameRing({ maxEvents: 10, maxBytes: 1 << 20 });
    ring.reset(5);
    expect(() => ring.push(row(5, 'match:1'))).toThrow(/not after/);
    ring.push(row(7, 'match:1'));
    expect(() => ring.push(row(6, 'match:1'))).toThrow(/not after/);
  });
});

// ---- Issue #18: resumes racing new rows, on real databases ------------------------

/**
 * Hands the hub a database whose next armed page reads (selects with a limit) return only when
 * released: a slow log read, on demand. The read itself has run and its connection is free again
 * (SQLite has only one), so the rest of the hub and the test go on meanwhile.
 */
function createReadGate() {
  let armed = 0;
  const waiting: Array<() => void> = [];
  const wrapBuilder = (builder: object): object =>
    new Proxy(builder, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        if (property === 'execute')
          return async (...args: unknown[]) => {
            const result: unknown = await value.apply(target, args);
            const node = (target as { toOperationNode(): { limit?: unknown } }).toOperationNode();
            if (armed > 0 && node.limit !== undefined) {
              armed -= 1;
              await new Promise<void>((resolve) => waiting.push(resolve));
            }
            return result;
          };
        return (...args: unknown[]) => {
          const next: unknown = value.apply(target, args);
          return typeof next === 'object' && next !== null && 'execute' in next ? wrapBuilder(next) : next;
        };
      },
    });
  return {
    /** Holds the next `count` page reads. */
    arm(count = 1) {
      armed += count;
    },
    get holding() {
      return waiting.length;
    },
    release() {
      for (const resolve of waiting.splice(0)) resolve();
    },
    wrap: (db: Kysely<Database>): Kysely<Database> =>
      new Proxy(db, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property);
          if (typeof value !== 'function') return value;
          if (property === 'selectFrom') return (...args: unknown[]) => wrapBuilder(value.apply(target, args) as object);
          return value.bind(target);
        },
      }),
  };
}

/** The position a first-time client was told (`ready`), or null. */
function readyPosition(sink: { writes: string[] }): number | null {
  const match = /^id: (\d+)\nevent: ready\n/m.exec(sink.writes.join(''));
  return match ? Number(match[1]) : null;
}

/** A small deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(TEST_ENGINES)('resuming while rows arrive on %s', (engine) => {
  let database: TestDatabase;
  const hubs: LiveHub[] = [];

  const append = async (rows: Array<{ topic: string; type: string }>, bus?: LiveBus) => {
    const ids: number[] = [];
    for (const event of rows) {
      const inserted = await database.handle.db
        .insertInto('live_event')
        .values({ topic: event.topic, type: event.type, match_id: null, data: JSON.stringify({ n: ids.length }), created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(inserted.id));
      bus?.publish(Number(inserted.id));
    }
    return ids;
  };
  const mixed = (count: number) =>
    Array.from({ length: count }, (_, n) => ({ topic: `match:${1 + (n % 2)}`, type: n % 3 === 1 ? 'commentary' : 'score' }));

  /** What `topics` should receive after `after`, by the log itself. */
  const expectedAfter = async (topics: readonly string[], after: number) => {
    const rows = await database.handle.db.selectFrom('live_event').select(['id', 'topic', 'type']).where('id', '>', after).orderBy('id').execute();
    const wanted = new Set(topics);
    return rows.filter((event) => isDelivered(wanted, event)).map((event) => Number(event.id));
  };

  const startHub = async (options: Partial<LiveHubOptions> = {}) => {
    const hub = createLiveHub({
      db: database.handle.db,
      bus: createMemoryBus(),
      logger: pino({ level: 'silent' }),
      heartbeatMs: 60_000,
      maxConnectionsPerIp: 1000,
      pollMs: 60_000,
      ...options,
    });
    hubs.push(hub);
    await hub.start();
    return hub;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await append(mixed(3));
  });
  afterAll(async () => {
    for (const hub of hubs) await hub.stop();
    await database.destroy();
  });

  it('serves a resume at the ring’s floor from memory, and one just below it from the log, each row once', async () => {
    const hub = await startHub({ recentLimit: 3 });
    await append(mixed(6));
    await hub.pump();
    const floor = hub.stats().ringFloor;
    expect(hub.stats().ringEvents).toBe(3);

    const atFloor = recordingSink();
    await hub.connect({ topics: ['match:1', 'match:2'], lastEventId: floor, ip: 'a', sink: atFloor });
    expect(atFloor.ids()).toEqual(await expectedAfter(['match:1', 'match:2'], floor));
    expect(atFloor.ids()).toHaveLength(3);
    expect(hub.stats()).toMatchObject({ catchUpsFromMemory: 1, catchUpsFromLog: 0, logReads: 0 });

    const below = recordingSink();
    await hub.connect({ topics: ['match:1', 'match:2'], lastEventId: floor - 1, ip: 'a', sink: below });
    // The row at the floor comes from the log, the three after it from memory.
    expect(below.ids()).toEqual(await expectedAfter(['match:1', 'match:2'], floor - 1));
    expect(below.ids()).toEqual([floor, ...atFloor.ids()]);
    expect(hub.stats()).toMatchObject({ catchUpsFromMemory: 1, catchUpsFromLog: 1, logReads: 1 });
  });

  it('keeps the ring within its byte bound', async () => {
    const frameBytes = frameOf({ id: 1000, type: 'score', data: JSON.stringify({ n: 0 }) }).byteLength;
    const hub = await startHub({ recentLimit: 1000, recentByteLimit: 4 * (frameBytes + 96) + 10 });
    await append(mixed(12));
    await hub.pump();
    expect(hub.stats().ringEvents).toBe(4);
    expect(hub.stats().ringBytes).toBeLessThanOrEqual(4 * (frameBytes + 96) + 10);
  });

  it('starts with the newest rows of the log in memory, so a restarted node reads no log for a recent resume', async () => {
    const before = await latestLiveEventId(database.handle.db);
    await append(mixed(5));
    const hub = await startHub({ recentLimit: 100 });
    const sink = recordingSink();
    await hub.connect({ topics: ['scores'], lastEventId: before, ip: 'a', sink });
    expect(sink.ids()).toEqual(await expectedAfter(['scores'], before));
    expect(hub.stats()).toMatchObject({ catchUpsFromMemory: 1, catchUpsFromLog: 0, logReads: 0 });
  });

  it('resumes that need the log at the same time share one read', async () => {
    const hub = await startHub({ recentLimit: 3 });
    const base = await latestLiveEventId(database.handle.db);
    const ids = await append(mixed(20));
    await hub.pump();
    const floor = hub.stats().ringFloor;
    const next = random(7);
    const resumes = Array.from({ length: 30 }, (_, n) => {
      const lastEventId = n === 0 ? base : (ids[Math.floor(next() * 15)] as number);
      const topics = n % 3 === 0 ? ['scores'] : n % 3 === 1 ? ['match:1'] : ['scores', 'match:2'];
      return { lastEventId, topics, sink: recordingSink() };
    });
    expect(resumes.every((resume) => resume.lastEventId < floor)).toBe(true);
    await Promise.all(resumes.map(({ lastEventId, topics, sink }) => hub.connect({ topics, lastEventId, ip: 'a', sink })));
    expect(hub.stats()).toMatchObject({ catchUpsFromLog: 30, logReads: 1 });
    for (const { lastEventId, topics, sink } of resumes) expect(sink.ids()).toEqual(await expectedAfter(topics, lastEventId));
  });

  it('a resume whose log read is slow, while new rows arrive and the ring moves past its tail, gets each row once and in order; one that joins the read late does too', async () => {
    const gate = createReadGate();
    const bus = createMemoryBus();
    const hub = await startHub({ db: gate.wrap(database.handle.db), bus, recentLimit: 3 });
    const base = await latestLiveEventId(database.handle.db);
    const early = await append(mixed(8));
    await hub.pump();
    expect(hub.stats().ringFloor).toBeGreaterThan(base);

    const slow = recordingSink();
    gate.arm();
    const slowDone = hub.connect({ topics: ['scores', 'match:1'], lastEventId: base, ip: 'a', sink: slow });
    await until(() => gate.holding === 1, 'the resume to read the log');
    const readsBefore = hub.stats().logReads;

    // Meanwhile: rows arrive and are delivered live; the ring forgets the rows the slow resume will take from it.
    await append(mixed(5), bus);
    await until(() => hub.stats().cursor === (early.at(-1) as number) + 5, 'the hub to read the new rows');
    // A second resume, from within what the held read will return, joins that read; its own gap reaches further.
    const late = recordingSink();
    const lateDone = hub.connect({ topics: ['match:2'], lastEventId: early[1] as number, ip: 'b', sink: late });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hub.stats().logReads).toBe(readsBefore);

    gate.release();
    await Promise.all([slowDone, lateDone]);
    await append(mixed(4), bus);
    await until(() => hub.stats().cursor === (early.at(-1) as number) + 9, 'the hub to read the last rows');

    expect(slow.ids()).toEqual(await expectedAfter(['scores', 'match:1'], base));
    expect(late.ids()).toEqual(await expectedAfter(['match:2'], early[1] as number));
    // The held page served both; the late resume needed one more page, for the rows after that read.
    expect(hub.stats().logReads).toBe(readsBefore + 1);
  });

  it('clients connecting and resuming at random moments while rows keep arriving each get every row of their topics after their position exactly once, in order', async () => {
    const bus = createMemoryBus();
    const hub = await startHub({ bus, recentLimit: 12 });
    const next = random(engine === 'sqlite' ? 11 : 13);
    const topicChoices = [['scores'], ['match:1'], ['match:2'], ['scores', 'match:1'], ['match:1', 'match:2', 'chat:1']];
    const known: number[] = [await latestLiveEventId(database.handle.db)];
    const clients: Array<{ topics: string[]; lastEventId: number | null; sink: ReturnType<typeof recordingSink>; done: Promise<unknown> }> = [];
    for (let step = 0; step < 120; step += 1) {
      const topic = next() < 0.1 ? 'chat:1' : `match:${next() < 0.5 ? 1 : 2}`;
      known.push(...(await append([{ topic, type: topic === 'chat:1' ? 'message' : next() < 0.5 ? 'score' : 'commentary' }], bus)));
      // Some turns pass without the hub reading, so reads and resumes interleave in different ways.
      if (next() < 0.3) await new Promise((resolve) => setImmediate(resolve));
      const joining = Math.floor(next() * 3);
      for (let n = 0; n < joining; n += 1) {
        const pick = next();
        // Far back (the log), recently (the ring), at the newest position, or a first connect.
        const lastEventId =
          pick < 0.35
            ? (known[Math.floor(next() * Math.max(1, known.length - 15))] as number)
            : pick < 0.75
              ? (known[Math.max(0, known.length - 1 - Math.floor(next() * 10))] as number)
              : pick < 0.85
                ? (known.at(-1) as number)
                : null;
        const topics = topicChoices[Math.floor(next() * topicChoices.length)] as string[];
        const sink = recordingSink();
        clients.push({ topics, lastEventId, sink, done: hub.connect({ topics, lastEventId, ip: 'a', sink }) });
      }
    }
    await Promise.all(clients.map((client) => client.done));
    await hub.pump();
    await until(() => hub.stats().cursor === known.at(-1), 'the hub to read every row');

    const stats = hub.stats();
    expect(stats.catchUpsFromLog).toBeGreaterThan(0);
    expect(stats.catchUpsFromMemory).toBeGreaterThan(0);
    for (const { topics, lastEventId, sink } of clients) {
      const from = lastEventId ?? readyPosition(sink);
      expect(from).not.toBeNull();
      expect({ topics, from, ids: sink.ids() }).toEqual({ topics, from, ids: await expectedAfter(topics, from as number) });
    }
  });
});
