// Demo replays of real Wyscout matches through the real pipeline (issue #4):
// the Euro 2016 final (extra time) and a World Cup 2018 shoot-out go through
// every state and end exactly as the originals did; the schedule and the
// events are the same for the same seed and clock.
import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../../../../db/seed/run-seed.ts';
import { createWyscoutStep } from '../../../../db/seed/wyscout/wyscout-step.ts';
import type { LiveEvent } from '../../../../domain/live-contracts.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import { createLiveService } from '../../../modules/live/live.service.ts';
import { createMemoryBus } from '../../../platform/bus.ts';
import { loadConfig } from '../../../platform/config.ts';
import { createPipeline } from '../../pipeline.ts';
import { createReplayProvider } from './replay-provider.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const hasData = existsSync(path.join(DATA_DIR, 'wyscout'));

describe.skipIf(!hasData)('demo replays of real matches', () => {
  let database: TestDatabase;
  let now = Date.parse('2026-11-22T12:00:00Z');
  const clock = { now: () => new Date(now) };
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await runSeed(database.handle, [createWyscoutStep({ competitions: ['euro-2016', 'world-cup-2018'] })], { dataDir: DATA_DIR });
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  /** The live module's real writer over this test's database (its bus has no listeners). */
  function liveWriter() {
    return createLiveService({
      config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url }),
      database: database.handle,
      logger,
      clock,
      bus: createMemoryBus(),
    });
  }

  async function findOriginal(home: string, away: string, stage: string) {
    const row = await database.handle.db
      .selectFrom('match as m')
      .innerJoin('team as h', 'h.id', 'm.home_team_id')
      .innerJoin('team as a', 'a.id', 'm.away_team_id')
      .selectAll('m')
      .where('h.name', '=', home)
      .where('a.name', '=', away)
      .where('m.stage', '=', stage)
      .where('m.replay_of_match_id', 'is', null)
      .executeTakeFirstOrThrow();
    return row;
  }

  /** Relives `originalId` at 600× and steps the clock through it, returning what the stream carried. */
  async function relive(originalId: number) {
    const provider = createReplayProvider({ db: database.handle.db, clock, seed: 'test', speed: 1 });
    const events: LiveEvent[] = [];
    const pipeline = createPipeline({ database: database.handle, clock, logger, live: liveWriter() });
    const externalId = await provider.relive(originalId, 600);
    const phases: string[] = [];
    let matchId = 0;
    for (let step = 0; step < 400; step += 1) {
      const snapshot = await provider.matchDetail(externalId);
      const result = await pipeline.apply(snapshot);
      matchId = result.matchId;
      events.push(...result.events);
      const phase = snapshot.clock?.phase ?? 'pre';
      if (phases.at(-1) !== phase) phases.push(phase);
      if (snapshot.status === 'finished') break;
      now += 100; // 100 ms of wall time = 1 match minute at 600×
    }
    const replay = await database.handle.db.selectFrom('match').selectAll().where('id', '=', matchId).executeTakeFirstOrThrow();
    return { replay, phases, events, matchId };
  }

  const scores = (row: Record<string, unknown>) =>
    ['home_score', 'away_score', 'home_score_ht', 'away_score_ht', 'home_score_et', 'away_score_et', 'home_score_pen', 'away_score_pen'].map((key) => row[key]);

  it('plays the Euro 2016 final through extra time to the real result', async () => {
    const original = await findOriginal('Portugal', 'France', 'Final');
    const { replay, phases, events, matchId } = await relive(Number(original.id));
    expect(phases).toEqual(['1H', 'HT', '2H', 'BET', 'E1', 'EHT', 'E2', 'FT']);
    expect(scores(replay)).toEqual(scores(original));
    expect(replay.status).toBe('finished');
    expect(Number(replay.replay_of_match_id)).toBe(Number(original.id));
    // Éder's extra-time goal is one goal event, announced once, with its commentary.
    const goals = events.filter((event) => event.type === 'match-event' && event.data.event.type === 'goal');
    expect(goals).toHaveLength(1);
    const lines = await database.handle.db.selectFrom('match_commentary').select(['kind', 'text']).where('match_id', '=', matchId).orderBy('seq').execute();
    expect(lines[0]?.text).toBe('Kick-off: Portugal v France is under way.');
    expect(lines.filter((line) => line.kind === 'goal')).toHaveLength(1);
    expect(lines.at(-1)?.text).toMatch(/^(Full time|It is all over): Portugal 1–0 France\.$/);
    // The final stats are the original's, as the importer counted them.
    const stats = (id: number | string) =>
      database.handle.db.selectFrom('match_team_stats').select(['shots', 'passes', 'corners', 'possession']).where('match_id', '=', id).orderBy('team_id').execute();
    expect(await stats(matchId)).toEqual(await stats(original.id));
    const originalEvents = await database.handle.db.selectFrom('match_event').select('type').where('match_id', '=', original.id).execute();
    const replayEvents = await database.handle.db.selectFrom('match_event').select('type').where('match_id', '=', matchId).execute();
    expect(replayEvents.map((row) => row.type).sort()).toEqual(originalEvents.map((row) => row.type).sort());
  });

  it('plays a World Cup 2018 shoot-out to the real penalties', async () => {
    const original = await findOriginal('Russia', 'Croatia', 'Quarter-finals');
    const { replay, phases, events } = await relive(Number(original.id));
    expect(phases).toEqual(['1H', 'HT', '2H', 'BET', 'E1', 'EHT', 'E2', 'BP', 'P', 'FT']);
    expect(scores(replay)).toEqual(scores(original));
    expect([replay.home_score_pen, replay.away_score_pen]).toEqual([3, 4]);
    const statuses = events.filter((event) => event.type === 'score').map((event) => (event.type === 'score' ? event.data.status : ''));
    expect(new Set(statuses)).toEqual(new Set(['live', 'half-time', 'finished']));
  });

  it('gives the same schedule and the same snapshots for the same seed and clock', async () => {
    now = Date.parse('2026-11-23T14:10:00Z');
    const first = createReplayProvider({ db: database.handle.db, clock, seed: 'same', speed: 1 });
    const second = createReplayProvider({ db: database.handle.db, clock, seed: 'same', speed: 1 });
    const a = await first.fixtures('2026-11-24');
    const b = await second.fixtures('2026-11-24');
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(b).toEqual(a);
    const other = await createReplayProvider({ db: database.handle.db, clock, seed: 'other', speed: 1 }).fixtures('2026-11-24');
    expect(other.map((snapshot) => snapshot.externalId)).not.toEqual(a.map((snapshot) => snapshot.externalId));
    // At 14:10 on a replay day, some replays have finished, some are live and some are still to come.
    const today = await first.fixtures('2026-11-23');
    const statuses = new Set(today.map((snapshot) => snapshot.status));
    expect(statuses.has('finished') && statuses.has('scheduled') && (statuses.has('live') || statuses.has('half-time'))).toBe(true);
    for (const snapshot of today) expect(snapshot.replayOf?.matchId).toBeGreaterThan(0);
  });

  it('starts a demo replay outside the schedule, then moves it on from its stored kick-off like a scheduled one', async () => {
    now = Date.parse('2026-11-25T09:00:00Z');
    const provider = createReplayProvider({ db: database.handle.db, clock, seed: 'test', speed: 600 });
    const pipeline = createPipeline({ database: database.handle, clock, logger, live: liveWriter() });
    const final = await findOriginal('Portugal', 'France', 'Final');
    const snapshot = await provider.demoAt(Number(final.id), now + 5_000);
    expect(snapshot.externalId).toBe(`demo:2026-11-25:999.${(now + 5_000) / 1000}:${final.id}`);
    expect(snapshot.status).toBe('scheduled');
    const { matchId } = await pipeline.apply(snapshot);
    // Not one of the day's scheduled replays, and nothing the schedule would make.
    expect((await provider.fixtures('2026-11-25')).map((fixture) => fixture.externalId)).not.toContain(snapshot.externalId);
    // Five seconds on it is live, and it runs at REPLAY_SPEED from the kick-off stored with it.
    now += 5_000 + 30 * 100;
    const [live] = (await provider.liveSnapshot()).filter((candidate) => candidate.externalId === snapshot.externalId);
    expect(live?.status).toBe('live');
    expect(live?.clock?.phase).toBe('1H');
    await pipeline.apply(live!);
    // 60 minutes of wall time is 600 hours of match time at 600×: it has finished, as the final did (1–0 aet).
    now += 60 * 60_000;
    const [done] = (await provider.liveSnapshot()).filter((candidate) => candidate.externalId === snapshot.externalId);
    expect(done?.status).toBe('finished');
    expect([done?.score.home, done?.score.away]).toEqual([1, 0]);
    await pipeline.apply(done!);
    // Off the schedule, nothing but its stored kick-off places it.
    await expect(provider.matchDetail(snapshot.externalId)).rejects.toThrow('not on the schedule');
    const row = await database.handle.db.selectFrom('match').selectAll().where('id', '=', matchId).executeTakeFirstOrThrow();
    expect(row.replay_of_match_id).toBe(final.id);
  });
});
