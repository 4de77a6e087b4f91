// The match centre's chalkboard and line-ups API (issue #5) on the real Euro
// 2016 final (Wyscout): shots and passes agree with the stored stats, a
// replay shows only what its clock has reached, bad input is a 4xx.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../../../db/seed/run-seed.ts';
import { createWyscoutStep } from '../../../db/seed/wyscout/wyscout-step.ts';
import { chalkboardSchema, type Chalkboard } from '../../../domain/chalkboard.ts';
import { lineupsSchema, playerStatsSchema, teamStatsSchema } from '../../../domain/football-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { z } from 'zod';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const hasData = existsSync(path.join(DATA_DIR, 'wyscout'));

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const statsSchema = z.object({ teams: z.array(teamStatsSchema), players: z.array(playerStatsSchema) });

describe.skipIf(!hasData).each(TEST_ENGINES)('chalkboard API on %s', (engine) => {
  let t: TestApp;
  let finalId = 0;
  let portugalId = 0;
  let franceId = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await runSeed(t.database.handle, [createWyscoutStep({ competitions: ['euro-2016'] })], { dataDir: DATA_DIR });
    const row = await t.database.handle.db
      .selectFrom('match as m')
      .innerJoin('team as h', 'h.id', 'm.home_team_id')
      .select(['m.id', 'm.home_team_id', 'm.away_team_id'])
      .where('m.stage', '=', 'Final')
      .where('h.name', '=', 'Portugal')
      .executeTakeFirstOrThrow();
    finalId = Number(row.id);
    portugalId = Number(row.home_team_id);
    franceId = Number(row.away_team_id);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  async function getJson<T extends z.ZodType>(
    url: string,
    schema: T,
  ): Promise<{ body: z.infer<T>; response: Response }> {
    const response = await t.app.request(url);
    expect(response.status, url).toBe(200);
    return { body: schema.parse(await response.json()), response };
  }

  /** A replay of the final whose clock says `phase` started `secondsAgo` match seconds ago. */
  async function insertReplay(phase: string | null, secondsAgo: number, status: string): Promise<number> {
    const db = t.database.handle.db;
    const original = await db.selectFrom('match').selectAll().where('id', '=', finalId).executeTakeFirstOrThrow();
    const { id: _id, ...values } = original;
    const inserted = await db
      .insertInto('match')
      .values({
        ...values,
        source: 'relive',
        status,
        replay_of_match_id: finalId,
        clock_phase: phase,
        phase_started_at: phase === null ? null : new Date(Date.now() - secondsAgo * 1000).toISOString(),
        clock_rate: 1,
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  it('draws every shot of the final where it was taken, agreeing with the team stats', async () => {
    const { body, response } = await getJson(`/api/matches/${finalId}/chalkboard`, chalkboardSchema);
    expect(response.headers.get('cache-control')).toBe('public, max-age=15, stale-while-revalidate=60');
    expect(response.headers.get('etag')).toBeTruthy();
    const { body: stats } = await getJson(`/api/matches/${finalId}/stats`, statsSchema);
    expect(body.hasActions).toBe(true);
    expect(body.upTo).toBeNull();
    expect(body.passMap).toBeNull();
    for (const teamId of [portugalId, franceId]) {
      const teamStats = stats.teams.find((row) => row.teamId === teamId);
      const shots = body.shots.filter((shot) => shot.teamId === teamId);
      expect(shots.length).toBe(teamStats?.shots);
      expect(shots.filter((shot) => shot.outcome === 'goal' || shot.outcome === 'on-target').length).toBe(
        teamStats?.shotsOnTarget,
      );
    }
    // Éder's extra-time winner is the only goal.
    const goals = body.shots.filter((shot) => shot.outcome === 'goal');
    expect(goals).toHaveLength(1);
    expect(goals[0]).toMatchObject({ teamId: portugalId, period: 'E2' });
    expect(body.players.find((player) => player.id === goals[0]?.playerId)?.name).toMatch(/Éder/);
    expect(body.shots.every((shot) => shot.x >= 0 && shot.x <= 100 && shot.y >= 0 && shot.y <= 100)).toBe(true);
    expect(new Set(body.shots.map((shot) => shot.outcome))).toEqual(
      new Set(['goal', 'on-target', 'off-target', 'blocked']),
    );
  });

  it('maps one player’s passes: as many as the player stats count, accurate ones too', async () => {
    const { body: stats } = await getJson(`/api/matches/${finalId}/stats`, statsSchema);
    const griezmann = stats.players.find((player) => player.name === 'Antoine Griezmann');
    expect(griezmann).toBeDefined();
    const { body } = await getJson(
      `/api/matches/${finalId}/chalkboard?player=${griezmann?.playerId}`,
      chalkboardSchema,
    );
    expect(body.passMap?.playerId).toBe(griezmann?.playerId);
    expect(body.passMap?.passes.length).toBe(griezmann?.passes);
    expect(body.passMap?.passes.filter((pass) => pass.accurate).length).toBe(griezmann?.passesAccurate);
    const listed = body.players.find((player) => player.id === griezmann?.playerId);
    expect(listed).toMatchObject({
      teamId: franceId,
      shortName: 'A. Griezmann',
      passes: griezmann?.passes,
      passesAccurate: griezmann?.passesAccurate,
    });
    // The page opens on the busiest passer's map.
    const busiest = await t.services.football.getChalkboard(finalId, { playerId: 'most-passes' });
    const top = [...stats.players].sort((a, b) => b.passes - a.passes)[0];
    expect(busiest.passMap?.playerId).toBe(top?.playerId);
    expect(busiest.passMap?.passes.length).toBe(top?.passes);
    // A player of another match gives no pass map rather than someone else's.
    const { body: stranger } = await getJson(`/api/matches/${finalId}/chalkboard?player=999999`, chalkboardSchema);
    expect(stranger.passMap).toBeNull();
  });

  it('shows a replay only up to the point its clock has reached', async () => {
    const { body: full } = await getJson(`/api/matches/${finalId}/chalkboard`, chalkboardSchema);
    const twentyMinutesIn = await insertReplay('1H', 20 * 60, 'live');
    const { body: early } = await getJson(`/api/matches/${twentyMinutesIn}/chalkboard`, chalkboardSchema);
    expect(early.matchId).toBe(twentyMinutesIn);
    expect(early.upTo?.period).toBe('1H');
    const expected = full.shots.filter((shot) => shot.period === '1H' && shot.minute <= 20);
    expect(early.shots.map((shot) => shot.seq)).toEqual(expected.map((shot) => shot.seq));
    expect(early.shots.length).toBeGreaterThan(0);
    expect(early.shots.length).toBeLessThan(full.shots.length);

    const halfTime = await insertReplay('HT', 60, 'half-time');
    const { body: atBreak } = await getJson(`/api/matches/${halfTime}/chalkboard`, chalkboardSchema);
    expect(atBreak.shots.map((shot) => shot.seq)).toEqual(
      full.shots.filter((shot) => shot.period === '1H').map((shot) => shot.seq),
    );

    const notStarted = await insertReplay(null, 0, 'scheduled');
    const { body: before } = await getJson(
      `/api/matches/${notStarted}/chalkboard?player=${full.players[0]?.id}`,
      chalkboardSchema,
    );
    expect(before.shots).toEqual([]);
    expect(before.passMap?.passes).toEqual([]);
    expect(before.players.length).toBe(full.players.length);

    const finished = await insertReplay('FT', 60, 'finished');
    const { body: after } = await getJson(`/api/matches/${finished}/chalkboard`, chalkboardSchema);
    expect(after.upTo).toBeNull();
    expect(after.shots).toEqual(full.shots);
  });

  it('says plainly when a match has no actions, and rejects bad input', async () => {
    const db = t.database.handle.db;
    const original = await db.selectFrom('match').selectAll().where('id', '=', finalId).executeTakeFirstOrThrow();
    const { id: _id, ...values } = original;
    const bare = await db
      .insertInto('match')
      .values({ ...values, source: 'test', has_events: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { body } = await getJson(`/api/matches/${Number(bare.id)}/chalkboard`, chalkboardSchema);
    expect(body).toEqual({
      matchId: Number(bare.id),
      hasActions: false,
      upTo: null,
      shots: [],
      players: [],
      passMap: null,
    } satisfies Chalkboard);

    const unknown = await t.app.request('/api/matches/987654/chalkboard');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });
    const bad = await t.app.request(`/api/matches/${finalId}/chalkboard?player=abc`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { fields: { player: expect.any(String) } } });
  });

  it('is described in OpenAPI and revalidates with its ETag', async () => {
    const { body } = await getJson('/api/openapi.json', z.object({ paths: z.record(z.string(), z.unknown()) }));
    expect(Object.keys(body.paths)).toContain('/matches/{id}/chalkboard');
    const first = await t.app.request(`/api/matches/${finalId}/chalkboard`);
    const again = await t.app.request(`/api/matches/${finalId}/chalkboard`, {
      headers: { 'if-none-match': first.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('gives line-ups short names and average positions from the actions', async () => {
    const { body } = await getJson(`/api/matches/${finalId}/lineups`, lineupsSchema);
    const starters = body.away.players.filter((player) => player.starter);
    expect(starters).toHaveLength(11);
    expect(starters.find((player) => player.name === 'Antoine Griezmann')?.shortName).toBe('A. Griezmann');
    for (const player of starters) {
      expect(player.averagePosition?.x).toBeGreaterThanOrEqual(0);
      expect(player.averagePosition?.x).toBeLessThanOrEqual(100);
    }
    // The goalkeeper is the deepest player on the ball.
    const keeper = starters.find((player) => player.position === 'GK');
    const deepest = Math.min(...starters.map((player) => player.averagePosition?.x ?? 100));
    expect(keeper?.averagePosition?.x).toBe(deepest);
  });
});
