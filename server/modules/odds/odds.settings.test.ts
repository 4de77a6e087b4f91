// The odds switch on two nodes (issue #24): staff switch odds off on node A, and node B — which had read and
// kept the setting — stops showing odds at once, told by the bus's `odds` notice; a node no notice reaches
// reads it again once its copy is a minute old. One database: SQLite with the in-process bus, and PostgreSQL
// with each node on its own Redis connection when both servers are configured.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseEngine, type DatabaseHandle } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '../../../tests/helpers/test-database.ts';
import { createMemoryBus, createRedisBus, type LiveBus } from '../../platform/bus.ts';
import { ODDS_SETTINGS_MAX_AGE_MS, createOddsSettings, type OddsSettings } from './odds.settings.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const logger = pino({ level: 'silent' });
const shared = createMemoryBus();

const setups: Array<{ name: string; engine: DatabaseEngine; bus: () => LiveBus; run: boolean }> = [
  { name: 'SQLite, in-process bus', engine: 'sqlite', bus: () => shared, run: true },
  {
    name: 'PostgreSQL, Redis',
    engine: 'postgres',
    bus: () => createRedisBus(REDIS_URL ?? '', logger),
    run: Boolean(TEST_POSTGRES_URL && REDIS_URL),
  },
];

describe.each(setups.filter((setup) => setup.run))('the odds switch on two nodes ($name)', (setup) => {
  let database: TestDatabase;
  const handles: DatabaseHandle[] = [];
  const buses: LiveBus[] = [];
  let deafNow = Date.now();

  function node(options: { bus?: LiveBus; now?: () => number } = {}): OddsSettings {
    const handle = openDatabase(database.url);
    handles.push(handle);
    const bus = options.bus ?? setup.bus();
    if (bus !== shared) buses.push(bus);
    const now = options.now ?? Date.now;
    return createOddsSettings({
      db: handle.db,
      engine: setup.engine,
      bus,
      clock: { now: () => new Date(now()) },
      logger,
      defaultMargin: 0.02,
    });
  }

  let a: OddsSettings;
  let b: OddsSettings;
  let deaf: OddsSettings;
  let aDb: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(setup.engine);
    a = node();
    aDb = handles[0] as DatabaseHandle;
    b = node();
    const alone = createMemoryBus();
    deaf = node({ bus: alone, now: () => deafNow });
    // Redis subscriptions take a moment.
    if (setup.engine === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await Promise.all(handles.map((handle) => handle.close()));
    await database?.destroy();
  });

  it('reaches the other node at once, and a node without the notice within a minute', async () => {
    expect(await Promise.all([a.enabled(), b.enabled(), deaf.enabled()])).toEqual([true, true, true]);
    expect(await b.margin()).toBe(0.02);
    const diff = await inTransaction(aDb.db, (trx) => a.save(trx, { enabled: false, margin: 0.05 }, 1));
    expect(diff).toEqual({ before: { enabled: true, margin: null }, after: { enabled: false, margin: 0.05 } });
    expect(await a.enabled()).toBe(false);
    await expect.poll(() => b.enabled()).toBe(false);
    expect(await b.margin()).toBe(0.05);
    expect(await deaf.enabled()).toBe(true);
    deafNow += ODDS_SETTINGS_MAX_AGE_MS + 1000;
    await deaf.enabled(); // an old copy is answered once while it is read again
    await expect.poll(() => deaf.enabled()).toBe(false);
  });

  it("stores a margin equal to the environment's as none, and a rolled-back save changes nothing anywhere", async () => {
    await inTransaction(aDb.db, (trx) => a.save(trx, { margin: 0.02 }, 1));
    expect(await a.view()).toMatchObject({ margin: 0.02, marginOverridden: false });
    await expect(
      inTransaction(aDb.db, async (trx) => {
        await a.save(trx, { enabled: true }, 1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await a.enabled()).toBe(false);
    await b.refresh();
    expect(await b.enabled()).toBe(false);
  });
});
