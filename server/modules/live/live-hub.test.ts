// The hub's fan-out on real databases (issue #4): rows that pile up between
// two reads reach each client as one write, in log order, each row once —
// including for a client whose topics match a row twice (`scores` and its
// `match:{id}`) — and a client still catching up gets its backlog in one write,
// then the rows that arrived meanwhile — from memory when the hub still holds
// the rows (a reconnect storm reads no log), from the log when it does not.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../platform/bus.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../../tests/helpers/test-database.ts';
import { createLiveHub, type LiveHub, type LiveSink } from './live-hub.ts';
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

    // Three commits announced in the same turn of the event loop, as a busy ingest produces them.
    const [score1, event1] = await append([
      { topic: 'match:1', type: 'score' },
      { topic: 'match:1', type: 'match-event' },
    ]);
    bus.publish(event1 as number);
    const [score2] = await append([{ topic: 'match:2', type: 'score' }]);
    bus.publish(score2 as number);
    const [commentary1] = await append([{ topic: 'match:1', type: 'commentary' }]);
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
    // A hub that starts now (a restarted node) holds nothing older than its start, and keeps few rows.
    const restarted = createLiveHub({
      db: database.handle.db,
      bus: createMemoryBus(),
      logger: pino({ level: 'silent' }),
      heartbeatMs: 60_000,
      maxConnectionsPerIp: 10,
      pollMs: 60_000,
      recentLimit: 2,
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
