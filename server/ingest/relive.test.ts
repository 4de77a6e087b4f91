// "Relive this match" through POST /api/replays (issue #18: replay limits on the platform's rate limits):
// one address may start RELIVES_PER_ADDRESS replays in ten minutes, then 429 with Retry-After; others may
// still start theirs. Needs the shipped Wyscout data (Euro 2016).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../../db/seed/run-seed.ts';
import { createWyscoutStep } from '../../db/seed/wyscout/wyscout-step.ts';
import { createTestApp } from '../../tests/helpers/test-app.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const hasData = existsSync(path.join(DATA_DIR, 'wyscout'));

describe.skipIf(!hasData)('on-demand replays', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let originalId = 0;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { TRUST_PROXY: '1', RELIVES_PER_ADDRESS: '3' });
    await runSeed(t.database.handle, [createWyscoutStep({ competitions: ['euro-2016'] })], { dataDir: DATA_DIR });
    const final = await t.database.handle.db
      .selectFrom('match as m')
      .innerJoin('team as h', 'h.id', 'm.home_team_id')
      .select('m.id')
      .where('h.name', '=', 'Portugal')
      .where('m.stage', '=', 'Final')
      .executeTakeFirstOrThrow();
    originalId = Number(final.id);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const relive = (ip: string, matchId = originalId) =>
    t.app.request('/api/replays', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ matchId, speed: 60 }),
    });

  it('lets one address start its share, then answers 429 with Retry-After; another address still may', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await relive('198.51.100.40')).status);
    expect(statuses).toEqual([201, 201, 201]);
    const refused = await relive('198.51.100.40');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(9 * 60);
    expect(await refused.json()).toMatchObject({ error: { code: 'too_many_replays' } });
    expect((await relive('198.51.100.41')).status).toBe(201);
  });

  it('does not count a match that cannot be replayed against the address', async () => {
    const missing = await relive('198.51.100.42', 999_999);
    expect(missing.status).toBe(404);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await relive('198.51.100.42')).status).toBe(201);
  });
});
