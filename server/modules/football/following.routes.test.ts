// GET /api/following (issue #19, "Following and tables") through app.request() on real databases: a
// followed team's next match and last result as they stand now, with the honest-fixture rules (a past
// match that never got a result is neither), followed competitions and matches, input checks and caching.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason } from '../../../db/seed/seed-kit.ts';
import { resolveTeam } from '../../../db/teams.ts';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import type { Following } from '../../../domain/following-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { insertMatch } from '../../../tests/helpers/insert-match.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(TEST_ENGINES)('GET /api/following on %s', (engine) => {
  let t: TestApp;
  const team: Record<string, number> = {};
  const match: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.handle.db;
    const definition = findCompetitionDefinition('en.1');
    if (!definition) throw new Error('en.1 missing from the catalogue');
    const competitionId = await ensureCompetition(db, definition);
    const seasonId = await ensureSeason(db, { competitionId, code: '2026-27', name: 'Premier League 2026/27', startDate: '2026-08-15', endDate: '2027-05-23', complete: false });
    for (const name of ['Arsenal FC', 'Chelsea FC', 'Everton FC', 'Fulham FC']) team[name] = await resolveTeam(db, { name, kind: 'club' });
    const arsenal = team['Arsenal FC'] as number;
    const chelsea = team['Chelsea FC'] as number;
    const everton = team['Everton FC'] as number;
    const fulham = team['Fulham FC'] as number;
    const now = Date.now();
    const at = (offset: number) => new Date(now + offset).toISOString();
    const add = (key: string, home: number, away: number, offset: number, status: string, score: [number, number] | null = null) =>
      insertMatch(db, {
        season_id: seasonId,
        home_team_id: home,
        away_team_id: away,
        kickoff_at: at(offset),
        status,
        home_score: score?.[0] ?? null,
        away_score: score?.[1] ?? null,
      }).then((id) => (match[key] = id));
    await add('oldResult', arsenal, chelsea, -10 * DAY, 'finished', [2, 1]);
    await add('lastResult', everton, arsenal, -3 * DAY, 'finished', [0, 0]);
    // Kicked off a month ago and never got a result in the data: no next match, no result either.
    await add('missing', arsenal, fulham, -30 * DAY, 'scheduled');
    await add('overdue', arsenal, everton, -8 * HOUR, 'scheduled');
    await add('next', chelsea, arsenal, 2 * DAY, 'scheduled');
    await add('later', arsenal, everton, 9 * DAY, 'scheduled');
    // Fulham: only the missing results above and below, and a postponed match.
    await add('postponed', fulham, everton, DAY, 'postponed');
    // Chelsea are playing now.
    await add('live', chelsea, everton, -HOUR, 'live', [1, 0]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const getFollowing = async (query: string) => {
    const response = await t.app.request(`/api/following?${query}`);
    expect(response.status, `${query} → ${response.status}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as Following;
  };

  it("gives a followed team's next match and last result, never a past match without a result", async () => {
    const following = await getFollowing(`teams=${team['Arsenal FC']}`);
    expect(following.teams).toHaveLength(1);
    const [arsenal] = following.teams;
    expect(arsenal?.team).toMatchObject({ id: team['Arsenal FC'], name: 'Arsenal FC' });
    expect(arsenal?.next?.id).toBe(match.next);
    expect(arsenal?.next).toMatchObject({ status: 'scheduled', home: { name: 'Chelsea FC' }, away: { name: 'Arsenal FC' } });
    expect(arsenal?.last?.id).toBe(match.lastResult);
    expect(arsenal?.last?.score).toMatchObject({ home: 0, away: 0 });
  });

  it('gives the match under way as the next one, and nothing for a team with no fixture or result', async () => {
    const following = await getFollowing(`teams=${team['Chelsea FC']},${team['Fulham FC']}`);
    const [chelsea, fulham] = following.teams;
    expect(chelsea?.next?.id).toBe(match.live);
    expect(chelsea?.last?.id).toBe(match.oldResult);
    // Fulham's only matches: one without a result, one postponed.
    expect(fulham).toMatchObject({ team: { id: team['Fulham FC'] }, next: null, last: null });
  });

  it('keeps the order asked for, leaves unknown teams out and counts a repeated one once', async () => {
    const order = [team['Everton FC'], 999_999, team['Arsenal FC'], team['Everton FC']];
    const following = await getFollowing(`teams=${order.join(',')}`);
    expect(following.teams.map((entry) => entry.team.id)).toEqual([team['Everton FC'], team['Arsenal FC']]);
  });

  it('names followed competitions and gives followed matches as they stand, in kick-off order', async () => {
    const following = await getFollowing(`competitions=xx.9,en.1&matches=${match.next},${match.oldResult},999999`);
    expect(following.competitions).toEqual([{ code: 'en.1', name: 'Premier League', areaName: 'England' }]);
    expect(following.matches.map((entry) => entry.id)).toEqual([match.oldResult, match.next]);
    expect(following.teams).toEqual([]);
  });

  it('answers an empty question with empty lists', async () => {
    expect(await getFollowing('')).toEqual({ teams: [], competitions: [], matches: [] });
    expect(await getFollowing('teams=&competitions=&matches=')).toEqual({ teams: [], competitions: [], matches: [] });
  });

  it('answers malformed input with a 400 naming the field', async () => {
    const tooMany = Array.from({ length: 51 }, (_, index) => index + 1).join(',');
    const cases: Array<[string, string]> = [
      ['teams=abc', 'teams'],
      ['teams=1,,2', 'teams'],
      ['teams=0', 'teams'],
      [`teams=${tooMany}`, 'teams'],
      ['matches=-4', 'matches'],
      ['competitions=EN%201', 'competitions'],
      ['competitions=en.1%00', 'competitions'],
    ];
    for (const [query, field] of cases) {
      const response = await t.app.request(`/api/following?${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(Object.keys(body.error.fields), query).toContain(field);
    }
  });

  it('is cached like the other football reads and answers 304 to a matching ETag', async () => {
    const path = `/api/following?teams=${team['Arsenal FC']}`;
    const first = await t.app.request(path);
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('public, max-age=15, stale-while-revalidate=60');
    const second = await t.app.request(path, { headers: { 'if-none-match': tag ?? '' } });
    expect(second.status).toBe(304);
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { get?: { parameters?: Array<{ name: string }> } }>;
    };
    expect(document.paths['/following']?.get?.parameters?.map((parameter) => parameter.name)).toEqual(['teams', 'competitions', 'matches']);
  });
});
