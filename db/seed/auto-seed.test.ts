import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { isTeamIdentityStale, seedOnFirstStart } from './auto-seed.ts';
import { runSeed } from './run-seed.ts';
import { syntheticStep } from './synthetic/synthetic-step.ts';

describe('seedOnFirstStart without data or network', () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    dir = mkdtempSync(path.join(tmpdir(), 'scoreline-autoseed-'));
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('falls back to the labelled synthetic season, then leaves a seeded database alone', async () => {
    const messages: string[] = [];
    const options = {
      dataDir: path.join(dir, 'missing'),
      fetchDir: path.join(dir, 'fetched'),
      fetchBaseUrl: 'http://127.0.0.1:1',
      fetchTimeoutMs: 2000,
      log: (message: string) => messages.push(message),
    };
    expect(await seedOnFirstStart(database.handle, options)).toBe('synthetic');
    expect(messages.join('\n')).toContain('generating a synthetic season');
    const seasons = await database.handle.db.selectFrom('season').select(['synthetic']).execute();
    expect(seasons).toEqual([{ synthetic: 1 }]);
    const codes = await database.handle.db.selectFrom('team').select('code').execute();
    expect(codes.length).toBeGreaterThan(0);
    for (const { code } of codes) expect(code).toMatch(/^[A-Z]{3}$/);
    expect(new Set(codes.map(({ code }) => code)).size).toBe(codes.length);
    expect(await seedOnFirstStart(database.handle, options)).toBe('already-seeded');
  });
});

describe('seedOnFirstStart on a database seeded before the team-identity step existed', () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    dir = mkdtempSync(path.join(tmpdir(), 'scoreline-autoseed-'));
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives its teams short names and badge codes on the next start, once (issue #19)', async () => {
    const { db } = database.handle;
    await runSeed(database.handle, [syntheticStep], { dataDir: dir });
    // What such a database holds: no codes at all.
    await db.updateTable('team').set({ code: null }).execute();
    const options = { dataDir: path.join(dir, 'missing'), fetchDir: dir, log: () => undefined };

    expect(await isTeamIdentityStale(database.handle)).toBe(true);
    expect(await seedOnFirstStart(database.handle, options)).toBe('identity-updated');
    const codes = await db.selectFrom('team').select('code').execute();
    expect(codes.length).toBeGreaterThan(0);
    for (const { code } of codes) expect(code).toMatch(/^[A-Z]{3}$/);

    expect(await seedOnFirstStart(database.handle, options)).toBe('already-seeded');
    // A later import that stores teams makes it due again.
    await runSeed(database.handle, [syntheticStep], { dataDir: dir });
    expect(await isTeamIdentityStale(database.handle)).toBe(true);
  });
});
