// The live log's writer (DESIGN.md §3, decision 011) on SQLite and PostgreSQL: `append` keeps the order it
// is given and checks events before writing; `appendWithRow` writes a caller's row and the event naming it
// together; both announce on the bus only after the commit. On PostgreSQL, writers at once that commit in
// any order never let a reader that follows the log by position skip an id that commits later, and rows
// written with their events are numbered in the stream's order.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../db/transaction.ts';
import { chatTopic } from '../../../domain/chat-contracts.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../../tests/helpers/test-database.ts';
import { createMemoryBus } from '../../platform/bus.ts';
import { loadConfig } from '../../platform/config.ts';
import { readLiveEventsAfter, splitAroundId } from './live.queries.ts';
import { createLiveService, type LiveService, type NewLiveEvent } from './live.service.ts';

const ROOM = 7;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const commentary = (n: number): NewLiveEvent => ({
  topic: 'match:1',
  type: 'commentary',
  matchId: 1,
  data: { matchId: 1, line: { seq: n, period: '1H', minute: n, addedMinute: null, kind: 'info', text: `line ${n}` } },
});

/** A chat message row and the event naming it, as the chat module writes them. */
function chatMessage(text: string) {
  const at = new Date('2026-11-27T15:00:00.000Z');
  return {
    row: {
      table: 'chat_message' as const,
      values: {
        match_id: ROOM,
        user_id: 1,
        display_name: 'Fan',
        text,
        reply_to_id: null,
        created_at: at.toISOString(),
        deleted_at: null,
        deleted_by: null,
        deleted_reason: null,
      },
    },
    event: (id: number): NewLiveEvent => ({
      topic: chatTopic(ROOM),
      type: 'chat.message',
      matchId: ROOM,
      data: {
        matchId: ROOM,
        message: { id, matchId: ROOM, text, user: { id: 1, displayName: 'Fan' }, createdAt: at.toISOString() },
      },
    }),
  };
}

describe('splitAroundId', () => {
  it('cuts the serialised data where the id goes, and refuses data that names the id never or twice', () => {
    expect(splitAroundId((id) => JSON.stringify({ a: 'x1', message: { id, text: '12' } }))).toEqual({
      before: '{"a":"x1","message":{"id":',
      after: ',"text":"12"}}',
    });
    expect(() => splitAroundId(() => JSON.stringify({ id: 5 }))).toThrow(/exactly once/);
    expect(() => splitAroundId((id) => JSON.stringify({ id, again: id }))).toThrow(/exactly once/);
  });
});

describe.each(TEST_ENGINES)('the live log writer on %s', (engine) => {
  let database: TestDatabase;
  let live: LiveService;
  const announced: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const bus = createMemoryBus();
    bus.subscribe((lastId) => announced.push(lastId));
    live = createLiveService({
      config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url }),
      database: database.handle,
      logger: pino({ level: 'silent' }),
      clock: { now: () => new Date() },
      bus,
    });
    const at = new Date().toISOString();
    await database.handle.db
      .insertInto('chat_room')
      .values({
        match_id: ROOM,
        pinned_message_id: null,
        closed_at: null,
        closed_by: null,
        closed_reason: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  });

  afterAll(async () => {
    await database?.destroy();
  });

  const db = () => database.handle.db;
  const logAfter = (position: number) => readLiveEventsAfter(db(), position, 10_000);

  it('appends events in the order given, with increasing positions, and announces the last after the commit', async () => {
    const start = await live.position();
    const events = Array.from({ length: 30 }, (_, n) => commentary(n));
    const appended = await inTransaction(db(), async (trx) => {
      const written = await live.append(trx, events);
      expect(announced.at(-1) ?? 0).toBeLessThan(written.at(-1)?.id ?? 0);
      return written;
    });
    const ids = appended.map((event) => event.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(ids).size).toBe(30);
    expect(announced.at(-1)).toBe(ids.at(-1));
    const stored = await logAfter(start);
    expect(stored.map((row) => row.id)).toEqual(ids);
    expect(stored.map((row) => JSON.parse(row.data) as unknown)).toEqual(events.map((event) => event.data));
    expect(appended.map((event) => event.data)).toEqual(events.map((event) => event.data));
    expect(await inTransaction(db(), (trx) => live.append(trx, []))).toEqual([]);
  });

  it('refuses a malformed event before writing anything', async () => {
    const start = await live.position();
    const bad = { ...commentary(1), data: { matchId: 1 } } as unknown as NewLiveEvent;
    await expect(inTransaction(db(), (trx) => live.append(trx, [commentary(2), bad]))).rejects.toThrow();
    expect(await logAfter(start)).toEqual([]);
  });

  it('writes a row and the event naming it together; rolled back, neither is there and nothing is announced', async () => {
    const start = await live.position();
    const { row, event } = chatMessage('Come on!');
    const written = await inTransaction(db(), (trx) => live.appendWithRow(trx, row, event));
    const stored = await logAfter(start);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: written.event.id, topic: chatTopic(ROOM), type: 'chat.message' });
    expect(stored[0]?.data).toBe(JSON.stringify(event(written.rowId).data));
    expect(written.event.data).toEqual(event(written.rowId).data);
    const message = await db()
      .selectFrom('chat_message')
      .select(['text', 'match_id'])
      .where('id', '=', written.rowId)
      .executeTakeFirst();
    expect(message && { text: message.text, room: Number(message.match_id) }).toEqual({ text: 'Come on!', room: ROOM });
    expect(announced.at(-1)).toBe(written.event.id);

    const before = announced.length;
    const rolledBack = chatMessage('never');
    await expect(
      inTransaction(db(), async (trx) => {
        await live.appendWithRow(trx, rolledBack.row, rolledBack.event);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await logAfter(written.event.id)).toEqual([]);
    expect(await db().selectFrom('chat_message').select('id').where('text', '=', 'never').execute()).toEqual([]);
    expect(announced.length).toBe(before);
  });

  it.skipIf(engine !== 'postgres')(
    'writers at once committing in any order: a reader following by position skips nothing, and rows keep the stream order',
    async () => {
      const start = await live.position();
      const WRITERS = 40;
      const seen: number[] = [];
      let cursor = start;
      let writing = true;
      // The hub's way of reading: everything after the last position it has seen, over and over.
      const reader = (async () => {
        while (writing || seen.length < WRITERS) {
          const rows = await logAfter(cursor);
          for (const row of rows) seen.push(row.id);
          cursor = rows.at(-1)?.id ?? cursor;
          if (!writing && rows.length === 0) break;
          await sleep(1);
        }
      })();
      const rows = await Promise.all(
        Array.from({ length: WRITERS }, (_, n) =>
          inTransaction(db(), async (trx) => {
            await sleep(Math.random() * 10);
            let rowId: number | null = null;
            if (n % 2 === 0) await live.append(trx, [commentary(n)]);
            else {
              const { row, event } = chatMessage(`writer ${n}`);
              rowId = (await live.appendWithRow(trx, row, event)).rowId;
            }
            // Held a while before the commit, longer for some than for others.
            await sleep(Math.random() * 20);
            return rowId;
          }),
        ),
      );
      writing = false;
      await reader;
      const all = (await logAfter(start)).map((row) => row.id);
      expect(all).toHaveLength(WRITERS);
      expect(seen).toEqual(all);

      // Messages written at once: their ids in the order of their stream positions.
      const messages = await logAfter(start).then((stored) =>
        stored
          .filter((row) => row.type === 'chat.message')
          .map((row) => (JSON.parse(row.data) as { message: { id: number } }).message.id),
      );
      expect(messages).toHaveLength(WRITERS / 2);
      expect([...messages].sort((x, y) => x - y)).toEqual(messages);
      expect(new Set(messages)).toEqual(new Set(rows.filter((id): id is number => id !== null)));
    },
    30_000,
  );
});
