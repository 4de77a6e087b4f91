// The odds API (issue #24) through the real app on SQLite and PostgreSQL, on a small league of its own
// (ten teams, a double round robin of seeded results before "today"): the shape and sums of every market,
// walk-forward with no peeking (a later result never moves an earlier match's pre-match odds; it does move
// the next match's), settlement of a finished match, the win-probability graph with its marks, the rules
// for no odds (too few results, an unknown match, bad ids), the margin, and live odds appended to
// `match:<id>` when the ingest pipeline reports a goal, a red card and the final whistle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason } from '../../../db/seed/seed-kit.ts';
import { seedTestLeague, TEAMS } from './odds-test-league.ts';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import type { ProviderMatchSnapshot, SnapshotEvent } from '../../../domain/live-contracts.ts';
import {
  matchOddsSchema,
  oddsLiveEventDataSchemas,
  winProbabilitySchema,
  type MatchOdds,
  type OddsMarkets,
} from '../../../domain/odds-contracts.ts';
import { insertMatch } from '../../../tests/helpers/insert-match.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { RESULTS_MAX_AGE_MS } from './odds.service.ts';

type Built = Awaited<ReturnType<typeof createTestApp>>;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function expectMarketsSumToOne(markets: OddsMarkets) {
  for (const [key, market] of Object.entries(markets)) {
    const outcomes = Object.values(market as Record<string, { p: number }>);
    expect(Math.abs(sum(outcomes.map((outcome) => outcome.p)) - 1), key).toBeLessThan(1e-9);
  }
}

describe.each(TEST_ENGINES)('the odds API on %s', (engine) => {
  let t: Built;
  let now = Date.parse('2026-11-22T12:00:00Z');
  const clock = { now: () => new Date(now) };
  const teamIds: number[] = [];
  let seasonId = 0;
  /** Matchday 10's first match (finished), the first match of all (no results before it), one to come. */
  let finished = 0;
  let opener = 0;
  let upcoming = 0;
  let cupMatch = 0;

  const get = async (path: string) => {
    const response = await t.app.request(`http://localhost:3000/api${path}`);
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const oddsOf = async (id: number): Promise<MatchOdds> => {
    const { status, body } = await get(`/matches/${id}/odds`);
    expect(status, JSON.stringify(body)).toBe(200);
    return matchOddsSchema.parse(body);
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: 'http://localhost:3000' }, { clock });
    const db = t.database.handle.db;
    const league = await seedTestLeague(db);
    seasonId = league.seasonId;
    teamIds.push(...league.teamIds);
    opener = league.firstOf(0);
    finished = league.firstOf(9);
    upcoming = await insertMatch(db, {
      season_id: seasonId,
      home_team_id: teamIds[0] as number,
      away_team_id: teamIds[9] as number,
      kickoff_at: '2026-11-29T15:00:00Z',
      status: 'scheduled',
    });
    const cup = findCompetitionDefinition('uefa.cl');
    if (!cup) throw new Error('the catalogue lacks uefa.cl');
    const cupId = await ensureCompetition(db, cup);
    const cupSeason = await ensureSeason(db, {
      competitionId: cupId,
      code: '2026-27',
      name: 'Champions League 2026/27',
      startDate: '2026-09-01',
      endDate: '2027-05-30',
      complete: false,
    });
    cupMatch = await insertMatch(db, {
      season_id: cupSeason,
      home_team_id: teamIds[0] as number,
      away_team_id: teamIds[1] as number,
      kickoff_at: '2026-11-25T20:00:00Z',
      status: 'scheduled',
    });
  }, 60_000);
  afterAll(async () => {
    await t?.services.odds.settle();
    await t?.close();
  });

  it('prices a match to come from the results before today, every market summing to 1, fair prices at margin 0', async () => {
    const odds = await oddsOf(upcoming);
    expect(odds.matchId).toBe(upcoming);
    expect(odds.model.trainedUntil).toBe('2026-11-21');
    expect(odds.model.name).toMatch(/Dixon/);
    expect(odds.live).toBeNull();
    expectMarketsSumToOne(odds.preMatch.markets);
    const x = odds.preMatch.markets['1x2'];
    // The strongest side at home to the weakest.
    expect(x.home.p).toBeGreaterThan(x.away.p);
    expect(x.home.price).toBeCloseTo(1 / x.home.p, 1);
    const twoWay = odds.preMatch.markets.two_way;
    expect(twoWay.home.p).toBeCloseTo(x.home.p / (x.home.p + x.away.p), 9);
    expect(Object.keys(odds.preMatch.markets.correct_score)).toContain('other');
  });

  it('never peeks: a played match is priced on the results before its day, and a later result does not move it', async () => {
    const before = await oddsOf(finished);
    expect(before.model.trainedUntil).toBe('2026-09-01');
    expectMarketsSumToOne(before.preMatch.markets);
    const upcomingBefore = await oddsOf(upcoming);
    // A thrashing after both: the weakest side beats the strongest 7-0.
    await insertMatch(t.database.handle.db, {
      season_id: seasonId,
      home_team_id: teamIds[9] as number,
      away_team_id: teamIds[0] as number,
      kickoff_at: '2026-11-10T15:00:00Z',
      status: 'finished',
      home_score: 7,
      away_score: 0,
    });
    now += RESULTS_MAX_AGE_MS + 1000; // the results are read again after this long
    const after = await oddsOf(finished);
    expect(after.preMatch).toEqual(before.preMatch);
    expect(after.model).toEqual(before.model);
    const upcomingAfter = await oddsOf(upcoming);
    expect(upcomingAfter.preMatch.markets['1x2'].home.p).toBeLessThan(upcomingBefore.preMatch.markets['1x2'].home.p);
  });

  it('settles every market of a finished match to its outcome', async () => {
    const odds = await oddsOf(finished);
    const row = await t.database.handle.db
      .selectFrom('match')
      .select(['home_score', 'away_score'])
      .where('id', '=', finished)
      .executeTakeFirstOrThrow();
    const [home, away] = [Number(row.home_score), Number(row.away_score)];
    expect(odds.live?.settled).toBe(true);
    const markets = odds.live?.markets as OddsMarkets;
    expectMarketsSumToOne(markets);
    const result = home > away ? 'home' : home < away ? 'away' : 'draw';
    expect(markets['1x2'][result].p).toBe(1);
    expect(markets.odd_even[(home + away) % 2 === 1 ? 'odd' : 'even'].p).toBe(1);
    expect(markets.over_under_2_5[home + away > 2.5 ? 'over' : 'under'].p).toBe(1);
    expect(markets.btts[home > 0 && away > 0 ? 'yes' : 'no'].p).toBe(1);
    expect(markets['1x2'][result].price).toBe(1);
  });

  it('draws the win probability of a played match with its goals and red cards marked, ending settled', async () => {
    const db = t.database.handle.db;
    const played = await insertMatch(db, {
      season_id: seasonId,
      home_team_id: teamIds[4] as number,
      away_team_id: teamIds[5] as number,
      kickoff_at: '2026-11-15T15:00:00Z',
      status: 'finished',
      home_score: 1,
      away_score: 1,
      has_events: 1,
    });
    const event = (seq: number, type: string, minute: number, team: number, added: number | null = null) => ({
      match_id: played,
      seq,
      period: minute > 45 ? '2H' : '1H',
      minute,
      added_minute: added,
      second: null,
      type,
      team_id: teamIds[team] as number,
      player_id: null,
      related_player_id: null,
      detail: null,
      source_key: null,
    });
    await db
      .insertInto('match_event')
      .values([event(1, 'goal', 23, 4), event(2, 'red_card', 45, 5, 2), event(3, 'own_goal', 80, 5)])
      .execute();
    const { status, body } = await get(`/matches/${played}/win-probability`);
    expect(status).toBe(200);
    const { points } = winProbabilitySchema.parse(body);
    expect(points[0]?.minute).toBe(0);
    for (const point of points) expect(Math.abs(point.home + point.draw + point.away - 1)).toBeLessThan(1e-9);
    const marks = points
      .filter((point) => point.mark !== null)
      .map((point) => [point.minute, point.mark?.kind, point.mark?.side]);
    expect(marks).toEqual([
      [23, 'goal', 'home'],
      [47, 'red_card', 'away'],
      [80, 'goal', 'away'],
    ]);
    const goal = points.find((point) => point.minute === 23 && point.mark);
    const beforeGoal = points.find((point) => point.minute === 22);
    expect(goal?.home).toBeGreaterThan(beforeGoal?.home ?? 1);
    expect(points.at(-1)).toMatchObject({ draw: 1, home: 0, away: 0 });
    const odds = await oddsOf(played);
    expect(odds.live?.markets.last_team_to_score.away.p).toBe(1);
  });

  it('answers 404 odds_unavailable where the model has no basis, 404 not_found for no match, 400 for a bad id', async () => {
    const opening = await get(`/matches/${opener}/odds`);
    expect(opening.status).toBe(404);
    expect(opening.body).toMatchObject({
      error: { code: 'odds_unavailable', message: expect.stringMatching(/too few/) },
    });
    const cup = await get(`/matches/${cupMatch}/win-probability`);
    expect(cup.status).toBe(404);
    expect(cup.body).toMatchObject({ error: { code: 'odds_unavailable' } });
    expect((await get('/matches/999999/odds')).body).toMatchObject({ error: { code: 'not_found' } });
    expect((await get('/matches/999999/win-probability')).status).toBe(404);
    const bad = await get('/matches/abc/odds');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'invalid_input', fields: { id: expect.any(String) } } });
  });

  it('is described in the OpenAPI document', async () => {
    const { body } = await get('/openapi.json');
    const paths = (body as { paths: Record<string, { get?: { description?: string } }> }).paths;
    expect(paths['/matches/{id}/odds']?.get?.description).toMatch(/not a bookmaker/);
    expect(paths['/matches/{id}/win-probability']?.get).toBeDefined();
  });

  it('appends live odds on match:<id> when the pipeline reports a goal, a red card and the final whistle', async () => {
    const kickoff = new Date(now).toISOString();
    const goal = (key: string, minute: number, side: 'home' | 'away'): SnapshotEvent => ({
      key,
      type: 'goal',
      period: minute <= 45 ? '1H' : '2H',
      minute,
      addedMinute: null,
      side,
      player: { externalId: `p-${key}`, name: `Scorer ${key}` },
      relatedPlayer: null,
      detail: null,
    });
    const red: SnapshotEvent = {
      ...goal('r1', 60, 'away'),
      type: 'red_card',
      player: { externalId: 'p-r1', name: 'Hot Head' },
    };
    const snapshot = (
      minutesIn: number,
      score: [number, number],
      events: SnapshotEvent[],
      status: ProviderMatchSnapshot['status'] = 'live',
    ): ProviderMatchSnapshot => ({
      provider: 'odds-test',
      externalId: 'odds-live-1',
      observedAt: new Date(Date.parse(kickoff) + minutesIn * 60_000).toISOString(),
      competitionCode: 'en.1',
      season: '2026-27',
      stage: 'Regular season',
      round: 'Matchday 20',
      group: null,
      kickoffAt: kickoff,
      home: { externalId: 'h', name: `${TEAMS[2]} Odds FC` },
      away: { externalId: 'a', name: `${TEAMS[3]} Odds FC` },
      status,
      clock:
        status === 'finished'
          ? { phase: 'FT', phaseStartedAt: null, rate: 1 }
          : {
              phase: minutesIn <= 45 ? '1H' : '2H',
              phaseStartedAt: new Date(Date.parse(kickoff) + (minutesIn <= 45 ? 0 : 60) * 60_000).toISOString(),
              rate: 1,
            },
      score: { home: score[0], away: score[1], halfTime: null, extraTime: null, penalties: null },
      events,
      teamStats: null,
    });
    const pipeline = t.services.ingest.pipeline;
    const first = await pipeline.apply(snapshot(10, [0, 0], []));
    const matchId = first.matchId;
    await pipeline.apply(snapshot(30, [1, 0], [goal('g1', 29, 'home')]));
    await pipeline.apply(snapshot(75, [1, 0], [goal('g1', 29, 'home'), red]));
    await pipeline.apply(snapshot(100, [1, 0], [goal('g1', 29, 'home'), red], 'finished'));
    await t.services.odds.settle();
    const rows = await t.database.handle.db
      .selectFrom('live_event')
      .select(['topic', 'type', 'data'])
      .where('type', '=', 'odds')
      .where('match_id', '=', matchId)
      .orderBy('id')
      .execute();
    const events = rows.map((row) => {
      expect(row.topic).toBe(`match:${matchId}`);
      return oddsLiveEventDataSchemas.odds.parse(typeof row.data === 'string' ? JSON.parse(row.data) : row.data);
    });
    expect(events.length).toBeGreaterThanOrEqual(4);
    const atGoal = events.find((event) => event.point.mark?.kind === 'goal');
    // 30 minutes in, the clock shows 31'.
    expect(atGoal?.point).toMatchObject({ minute: 31, mark: { side: 'home' } });
    expect(atGoal?.live.settled).toBe(false);
    const kickedOff = events[0];
    expect(atGoal?.point.home).toBeGreaterThan(kickedOff?.point.home ?? 1);
    expect(events.find((event) => event.point.mark?.kind === 'red_card')?.point.mark?.side).toBe('away');
    const last = events.at(-1);
    expect(last?.live.settled).toBe(true);
    expect(last?.live.markets['1x2'].home.p).toBe(1);
    expect(last?.live.markets.last_team_to_score.home.p).toBe(1);
    for (const event of events) expectMarketsSumToOne(event.live.markets);
    // The API says the same as the stream's last word.
    expect((await oddsOf(matchId)).live).toEqual(last?.live);
  });
});
