// The key-moment replay's data (issue #22) on real Wyscout matches (Euro
// 2016 and the World Cup 2018, penalties and own goals included): goals in order with the running score ending at the match's score,
// chains that belong to the team of the moment and end in its shot, coordinates
// in range, big chances by the stated rule, and the API route (cache headers,
// 404/400, a match without event data, a replay in progress).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../../../db/seed/run-seed.ts';
import { createWyscoutStep } from '../../../db/seed/wyscout/wyscout-step.ts';
import { inPenaltyArea } from '../../../domain/key-moments-builder.ts';
import { KEY_MOMENT_CHAIN, keyMomentsSchema, type KeyMoments } from '../../../domain/key-moments.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const hasData = existsSync(path.join(DATA_DIR, 'wyscout'));

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe.skipIf(!hasData).each(TEST_ENGINES)('key moments on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await runSeed(t.database.handle, [createWyscoutStep({ competitions: ['euro-2016', 'world-cup-2018'] })], { dataDir: DATA_DIR });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  async function keyMoments(id: number): Promise<KeyMoments> {
    const response = await t.app.request(`/api/matches/${id}/key-moments`);
    expect(response.status).toBe(200);
    return keyMomentsSchema.parse(await response.json());
  }

  async function findMatch(home: string, away: string) {
    const row = await t.database.handle.db
      .selectFrom('match as m')
      .innerJoin('team as h', 'h.id', 'm.home_team_id')
      .innerJoin('team as a', 'a.id', 'm.away_team_id')
      .select(['m.id', 'm.home_team_id', 'm.away_team_id', 'm.home_score', 'm.away_score'])
      .where('h.name', '=', home)
      .where('a.name', '=', away)
      .executeTakeFirstOrThrow();
    return {
      id: Number(row.id),
      homeId: Number(row.home_team_id),
      awayId: Number(row.away_team_id),
      score: { home: row.home_score, away: row.away_score },
    };
  }

  it('replays every goal of every Euro 2016 and World Cup 2018 match in order, ending at the stored score', async () => {
    const matches = await t.database.handle.db
      .selectFrom('match')
      .select(['id', 'home_team_id', 'away_team_id', 'home_score', 'away_score'])
      .execute();
    expect(matches.length).toBe(51 + 64);
    const kinds = new Map<string, number>();
    for (const match of matches) {
      const body = await keyMoments(Number(match.id));
      expect(body.hasActions).toBe(true);
      const goals = body.moments.filter((moment) => moment.outcome === 'goal');
      const last = goals.at(-1)?.score ?? { home: 0, away: 0 };
      expect(last, `match ${match.id}`).toEqual({ home: match.home_score, away: match.away_score });
      // In match order, the score only ever goes up by one goal at a time.
      let previous = { home: 0, away: 0 };
      for (const moment of body.moments) {
        kinds.set(moment.kind, (kinds.get(moment.kind) ?? 0) + 1);
        if (moment.kind === 'own-goal') {
          // The touch was the other team's: flipped into the direction of the team the goal counts for.
          const touch = moment.steps.at(-1);
          expect(touch?.teamId).not.toBe(moment.teamId);
          expect(touch?.endX).toBe(100);
        }
        const gained = moment.score.home - previous.home + (moment.score.away - previous.away);
        expect(gained).toBe(moment.outcome === 'goal' ? 1 : 0);
        previous = moment.score;
        // Every goal scored from play is tied to its action: its chain ends with the shot (or own-goal touch).
        expect(moment.steps.length, `moment ${moment.seq} of match ${match.id}`).toBeGreaterThan(0);
        const shot = moment.steps.at(-1);
        expect(shot?.kind).toBe(moment.kind === 'own-goal' ? 'own-goal' : 'shot');
        expect(shot?.seq).toBe(moment.seq);
        expect(moment.steps.filter((step) => step.seq !== null).length).toBeLessThanOrEqual(
          KEY_MOMENT_CHAIN.maxActions,
        );
        for (const step of moment.steps) {
          // The chain is the moment's team's own possession; only an own-goal touch is the other team's.
          if (step.kind !== 'own-goal') expect(step.teamId).toBe(moment.teamId);
          for (const value of [step.x, step.y, step.endX, step.endY]) {
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThanOrEqual(100);
          }
          expect(shot!.second - step.second).toBeLessThanOrEqual(KEY_MOMENT_CHAIN.maxSeconds);
        }
        if (moment.kind === 'big-chance') {
          expect(moment.outcome).not.toBe('goal');
          const start = moment.steps.at(-1)!;
          expect(start.x > 80 || inPenaltyArea(start.x, start.y)).toBe(true);
        }
      }
    }
    // Every kind of moment occurs in these 115 matches (the World Cup 2018 alone had 12 own goals).
    expect(kinds.get('own-goal')).toBeGreaterThanOrEqual(12);
    expect(kinds.get('penalty-goal')).toBeGreaterThan(10);
    expect(kinds.get('goal')).toBeGreaterThan(200);
    expect(kinds.get('big-chance')).toBeGreaterThan(200);
  }, 180_000);

  it("tells Portugal 3–3 Hungary's six goals in order with the scorers, the passes before them and their names", async () => {
    const match = await findMatch('Hungary', 'Portugal');
    const body = await keyMoments(match.id);
    const goals = body.moments.filter((moment) => moment.outcome === 'goal');
    // The real match: Gera 19', Nani 42', Dzsudzsák 47' and 55', Ronaldo 50' and 62'.
    expect(goals.map((goal) => [goal.minute, goal.player?.shortName, `${goal.score.home}-${goal.score.away}`])).toEqual(
      [
        [19, 'Z. Gera', '1-0'],
        [42, 'Nani', '1-1'],
        [47, 'B. Dzsudzsák', '2-1'],
        [50, 'Cristiano Ronaldo', '2-2'],
        [55, 'B. Dzsudzsák', '3-2'],
        [62, 'Cristiano Ronaldo', '3-3'],
      ],
    );
    expect(goals.map((goal) => goal.teamId)).toEqual([
      match.homeId,
      match.awayId,
      match.homeId,
      match.awayId,
      match.homeId,
      match.awayId,
    ]);
    // Goals are in time order and their passes are named.
    const minutes = goals.map((goal) => goal.minute);
    expect([...minutes].sort((a, b) => a - b)).toEqual(minutes);
    const passes = goals.flatMap((goal) => goal.steps.filter((step) => step.kind === 'pass' || step.kind === 'cross'));
    expect(passes.length).toBeGreaterThan(0);
    expect(passes.every((step) => step.player !== null)).toBe(true);
    // Shots end at the goal the team attacks.
    expect(goals.every((goal) => goal.steps.at(-1)?.endX === 100)).toBe(true);
  });

  it('is cached like the other match routes and refuses bad ids clearly', async () => {
    const match = await findMatch('Hungary', 'Portugal');
    const response = await t.app.request(`/api/matches/${match.id}/key-moments`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=15, stale-while-revalidate=60');
    expect(response.headers.get('etag')).toBeTruthy();
    const again = await t.app.request(`/api/matches/${match.id}/key-moments`, {
      headers: { 'if-none-match': response.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    expect((await t.app.request('/api/matches/99999999/key-moments')).status).toBe(404);
    const bad = await t.app.request('/api/matches/abc/key-moments');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('id');
    const spec = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { get?: { description?: string } }>;
    };
    expect(spec.paths['/matches/{id}/key-moments']?.get?.description).toMatch(/key-moment replay/);
  });

  it('says so for a match without event data, and a replay in progress shows only what its clock has reached', async () => {
    const db = t.database.handle.db;
    const match = await findMatch('Hungary', 'Portugal');
    const original = await db.selectFrom('match').selectAll().where('id', '=', match.id).executeTakeFirstOrThrow();
    const { id: _id, ...values } = original;
    const insert = (extra: Partial<typeof values>) =>
      db
        .insertInto('match')
        .values({ ...values, updated_at: new Date().toISOString(), ...extra })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.id));
    const plain = await insert({ source: 'test', kickoff_at: '2030-01-01T15:00:00.000Z' });
    const empty = await keyMoments(plain);
    expect(empty).toMatchObject({ hasActions: false, moments: [] });

    // A replay 30 match seconds into its second half: the first half's moments, none of the second's yet.
    const replay = await insert({
      source: 'relive',
      status: 'live',
      replay_of_match_id: match.id,
      clock_phase: '2H',
      phase_started_at: new Date(Date.now() - 30 * 1000).toISOString(),
      clock_rate: 1,
    });
    const full = await keyMoments(match.id);
    const partial = await keyMoments(replay);
    expect(partial.upTo?.period).toBe('2H');
    expect(partial.moments.length).toBeGreaterThan(0);
    expect(partial.moments.length).toBeLessThan(full.moments.length);
    expect(partial.moments.every((moment) => moment.period === '1H')).toBe(true);
    expect(partial.moments).toEqual(full.moments.slice(0, partial.moments.length));
    // Gera's and Nani's goals, not yet Dzsudzsák's (47').
    expect(partial.moments.at(-1)?.score).toEqual({ home: 1, away: 1 });
  });
});
