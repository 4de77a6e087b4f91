import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database.ts';
import { runSeed } from '../run-seed.ts';
import { roundRobin, syntheticStep } from './synthetic-step.ts';

describe('roundRobin', () => {
  it('pairs every team with every other once at home and once away', () => {
    const rounds = roundRobin(8);
    expect(rounds).toHaveLength(14);
    const pairs = rounds.flat().map(([home, away]) => `${home}-${away}`);
    expect(new Set(pairs).size).toBe(56);
    for (const round of rounds) expect(new Set(round.flat()).size).toBe(8);
  });
});

describe.each(TEST_ENGINES)('synthetic season on %s', (engine) => {
  let database: TestDatabase;
  const now = new Date('2026-11-22T12:00:00Z');
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('creates a labelled league around today, and a second run changes nothing', async () => {
    await runSeed(database.handle, [syntheticStep], { dataDir: '/nonexistent', now: () => now });
    const db = database.handle.db;
    const season = await db.selectFrom('season').selectAll().executeTakeFirstOrThrow();
    expect(season.synthetic).toBe(1);
    expect(season.name).toContain('not real results');
    const matches = await db.selectFrom('match').select(['status', 'kickoff_at']).execute();
    expect(matches).toHaveLength(56);
    const finished = matches.filter((match) => match.status === 'finished').length;
    expect(finished).toBeGreaterThan(20);
    expect(finished).toBeLessThan(36);
    const teams = await db.selectFrom('team').select('name').execute();
    expect(teams.every((team) => team.name.endsWith('(synthetic)'))).toBe(true);

    await runSeed(database.handle, [syntheticStep], { dataDir: '/nonexistent', now: () => now });
    expect(await db.selectFrom('match').select('id').execute()).toHaveLength(56);
  });
});
