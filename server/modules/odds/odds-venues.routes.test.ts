// The odds API in a tournament (issue #24's gaps) on SQLite and PostgreSQL: a match that went to extra time
// counts in the fit with its 90-minute score where its goals tell it (and is left out where they do not);
// a tournament is played at neutral venues except the host nation's matches, whichever side it is listed
// as; and a knockout that went to extra time has its win-probability graph to 120′, its markets on the
// result after extra time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { MatchEventTable } from '../../../db/schema.ts';
import { ensureCompetition, ensureSeason } from '../../../db/seed/seed-kit.ts';
import { insertTeam } from '../../../db/teams.ts';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import { matchOddsSchema, winProbabilitySchema, type MatchOdds } from '../../../domain/odds-contracts.ts';
import { insertMatch } from '../../../tests/helpers/insert-match.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { poisson, random } from './odds-test-league.ts';
import { RESULTS_MAX_AGE_MS } from './odds.service.ts';

type Built = Awaited<ReturnType<typeof createTestApp>>;

/** National teams of a tournament of their own; the first is the host nation. */
const NATIONS = ['Oddsland', 'Evenia', 'Drawburg', 'Pricetania', 'Marginia', 'Stakeholm', 'Longshot', 'Favourita'];
const HOST = 0;

describe.each(TEST_ENGINES)('odds in a tournament on %s', (engine) => {
  let t: Built;
  let now = Date.parse('2026-11-22T12:00:00Z');
  const clock = { now: () => new Date(now) };
  const teams: number[] = [];
  let seasonId = 0;
  let hostVenue = 0;
  let neutralVenue = 0;

  const get = async (path: string) => {
    const response = await t.app.request(`http://localhost:3000/api${path}`);
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const oddsOf = async (id: number): Promise<MatchOdds> => {
    const { status, body } = await get(`/matches/${id}/odds`);
    expect(status, JSON.stringify(body)).toBe(200);
    return matchOddsSchema.parse(body);
  };
  /** Lets the service read the results again (it does after a minute). */
  const later = () => {
    now += RESULTS_MAX_AGE_MS + 1000;
  };
  const goal = (
    matchId: number,
    seq: number,
    period: string,
    minute: number,
    team: number,
    added: number | null = null,
  ): Insertable<MatchEventTable> => ({
    match_id: matchId,
    seq,
    period,
    minute,
    added_minute: added,
    second: null,
    type: 'goal',
    team_id: teams[team] as number,
    player_id: null,
    related_player_id: null,
    detail: null,
    source_key: null,
  });
  const fixture = (home: number, away: number, venue: number, kickoff = '2026-11-29T18:00:00Z') =>
    insertMatch(t.database.handle.db, {
      season_id: seasonId,
      home_team_id: teams[home] as number,
      away_team_id: teams[away] as number,
      venue_id: venue,
      kickoff_at: kickoff,
      status: 'scheduled',
      stage: 'Group stage',
    });

  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: 'http://localhost:3000' }, { clock });
    const db = t.database.handle.db;
    const cup = findCompetitionDefinition('world.cup');
    if (!cup) throw new Error('the catalogue lacks world.cup');
    const competitionId = await ensureCompetition(db, cup);
    seasonId = await ensureSeason(db, {
      competitionId,
      code: '2026',
      name: 'World Cup 2026',
      startDate: '2026-06-01',
      endDate: '2026-12-31',
      complete: false,
    });
    for (const name of NATIONS) teams.push(await insertTeam(db, { name, kind: 'national' }));
    const venue = async (name: string, country: string) =>
      Number(
        (
          await db
            .insertInto('venue')
            .values({ name, city: `${name} City`, country, capacity: null })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    hostVenue = await venue('Oddsland Arena', NATIONS[HOST] as string);
    neutralVenue = await venue('Faraway Park', 'Farawaystan');
    // Two round robins, a match a day from June: strength falls with the index; the host at home where it plays.
    const next = random(7);
    let day = 0;
    for (let round = 0; round < 2; round++) {
      for (let a = 0; a < NATIONS.length; a++) {
        for (let b = a + 1; b < NATIONS.length; b++) {
          const [home, away] = round === 0 ? [a, b] : [b, a];
          const hostHere = home === HOST || away === HOST;
          const rate = (attacker: number, defender: number) =>
            Math.exp(0.1 - 0.06 * attacker + 0.04 * defender + (hostHere && attacker === HOST ? 0.3 : 0));
          await insertMatch(db, {
            season_id: seasonId,
            home_team_id: teams[home] as number,
            away_team_id: teams[away] as number,
            venue_id: hostHere ? hostVenue : neutralVenue,
            kickoff_at: new Date(Date.parse('2026-06-01T18:00:00Z') + day * 86_400_000).toISOString(),
            status: 'finished',
            stage: 'Group stage',
            home_score: poisson(rate(home, away), next),
            away_score: poisson(rate(away, home), next),
          });
          day += 1;
        }
      }
    }
  }, 60_000);
  afterAll(async () => {
    await t?.services.odds.settle();
    await t?.close();
  });

  it('gives the host nation the home advantage, listed first or second, and nobody else at a neutral venue', async () => {
    const hostSecond = await oddsOf(await fixture(1, HOST, hostVenue));
    const neutral = await oddsOf(await fixture(1, HOST, neutralVenue));
    const neutralSwapped = await oddsOf(await fixture(HOST, 1, neutralVenue));
    const hostFirst = await oddsOf(await fixture(HOST, 1, hostVenue));
    const x = (odds: MatchOdds) => odds.preMatch.markets['1x2'];
    // At its own ground the host (listed second) is more likely to win than at a neutral venue.
    expect(x(hostSecond).away.p).toBeGreaterThan(x(neutral).away.p + 0.03);
    expect(x(hostSecond).home.p).toBeLessThan(x(neutral).home.p);
    // At a neutral venue the order the sides are listed in changes nothing.
    expect(x(neutralSwapped).home.p).toBeCloseTo(x(neutral).away.p, 9);
    expect(x(neutralSwapped).draw.p).toBeCloseTo(x(neutral).draw.p, 9);
    // Host listed first or second at home: the same chances.
    expect(x(hostFirst).home.p).toBeCloseTo(x(hostSecond).away.p, 9);
    // Two other nations at the neutral venue: no home advantage, so two sides of a mirrored pair agree.
    const ab = x(await oddsOf(await fixture(2, 3, neutralVenue)));
    const ba = x(await oddsOf(await fixture(3, 2, neutralVenue)));
    expect(ab.home.p).toBeCloseTo(ba.away.p, 9);
  });

  it('fits a match that went to extra time on its 90-minute score, and leaves it out when its goals are not known', async () => {
    const db = t.database.handle.db;
    // Oddsland 1-1 Evenia after 90 minutes, 5-1 after extra time.
    const knockout = await insertMatch(db, {
      season_id: seasonId,
      home_team_id: teams[4] as number,
      away_team_id: teams[5] as number,
      venue_id: neutralVenue,
      kickoff_at: '2026-10-01T18:00:00Z',
      status: 'finished',
      stage: 'Quarter-finals',
      home_score: 5,
      away_score: 1,
      home_score_et: 5,
      away_score_et: 1,
      has_events: 1,
    });
    await db
      .insertInto('match_event')
      .values([
        goal(knockout, 1, '1H', 20, 4),
        goal(knockout, 2, '2H', 90, 5, 3),
        goal(knockout, 3, 'E1', 95, 4),
        goal(knockout, 4, 'E1', 101, 4),
        goal(knockout, 5, 'E2', 110, 4),
        goal(knockout, 6, 'E2', 120, 4, 1),
      ])
      .execute();
    const next = await fixture(4, 5, neutralVenue);
    later();
    const withExtraTime = await oddsOf(next);

    // The same match stored as a plain 1-1: the same fit.
    await db
      .updateTable('match')
      .set({ home_score: 1, away_score: 1, home_score_et: null, away_score_et: null, has_events: 0 })
      .where('id', '=', knockout)
      .execute();
    await db.deleteFrom('match_event').where('match_id', '=', knockout).execute();
    later();
    const asNinetyMinutes = await oddsOf(next);
    expect(asNinetyMinutes.preMatch).toEqual(withExtraTime.preMatch);

    // 5-1 after extra time with no goals stored: the 90-minute score is unknown, the match is left out.
    await db
      .updateTable('match')
      .set({ home_score: 5, away_score: 1, home_score_et: 5, away_score_et: 1 })
      .where('id', '=', knockout)
      .execute();
    later();
    const unknown = await oddsOf(next);
    await db.deleteFrom('match').where('id', '=', knockout).execute();
    later();
    const without = await oddsOf(next);
    expect(unknown.preMatch).toEqual(without.preMatch);
    expect(unknown.preMatch).not.toEqual(withExtraTime.preMatch);
  });

  it('draws a knockout that went to extra time to 120′ and settles its markets on the result after extra time', async () => {
    const db = t.database.handle.db;
    const final = await insertMatch(db, {
      season_id: seasonId,
      home_team_id: teams[2] as number,
      away_team_id: teams[6] as number,
      venue_id: neutralVenue,
      kickoff_at: '2026-11-15T18:00:00Z',
      status: 'finished',
      minute: 120,
      stage: 'Final',
      round: 'Final',
      home_score: 2,
      away_score: 1,
      home_score_et: 2,
      away_score_et: 1,
      has_events: 1,
    });
    await db
      .insertInto('match_event')
      .values([goal(final, 1, '1H', 12, 6), goal(final, 2, '2H', 90, 2, 4), goal(final, 3, 'E1', 98, 2)])
      .execute();
    const { status, body } = await get(`/matches/${final}/win-probability`);
    expect(status).toBe(200);
    const graph = winProbabilitySchema.parse(body);
    expect(graph.extraTime).toBe(true);
    expect(graph.points.at(-1)).toMatchObject({ minute: 120, home: 1, draw: 0, away: 0 });
    const marks = graph.points.filter((point) => point.mark).map((point) => [point.minute, point.mark?.side]);
    // The goal in the 90 minutes' stoppage counts at 90, extra time's at its own minute.
    expect(marks).toEqual([
      [12, 'away'],
      [90, 'home'],
      [98, 'home'],
    ]);
    const at = (minute: number) => graph.points.find((point) => point.minute === minute && !point.mark);
    expect(at(91)?.draw).toBeLessThan(0.8);
    const odds = await oddsOf(final);
    expect(odds.live).toMatchObject({ settled: true, extraTime: true });
    expect(odds.live?.markets['1x2'].home.p).toBe(1);
    expect(odds.live?.markets.over_under_2_5.over.p).toBe(1);
  });

  it('prices a match in extra time on who wins after it: the level score is far from a sure draw', async () => {
    const db = t.database.handle.db;
    const live = await insertMatch(db, {
      season_id: seasonId,
      home_team_id: teams[1] as number,
      away_team_id: teams[3] as number,
      venue_id: neutralVenue,
      kickoff_at: new Date(now - 110 * 60_000).toISOString(),
      status: 'live',
      minute: 96,
      stage: 'Semi-finals',
      home_score: 1,
      away_score: 1,
      home_score_et: 1,
      away_score_et: 1,
      clock_phase: 'E1',
      phase_started_at: new Date(now - 5.5 * 60_000).toISOString(),
      clock_rate: 1,
    });
    const odds = await oddsOf(live);
    expect(odds.live).toMatchObject({ settled: false, extraTime: true, minute: 96 });
    const x = odds.live!.markets['1x2'];
    expect(x.draw.p).toBeLessThan(0.8);
    expect(x.draw.p).toBeGreaterThan(0.4);
    const graph = winProbabilitySchema.parse((await get(`/matches/${live}/win-probability`)).body);
    expect(graph.points.at(-1)?.minute).toBe(96);
    expect(graph.extraTime).toBe(true);
  });
});
