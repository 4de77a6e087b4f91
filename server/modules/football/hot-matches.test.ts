// The hot list with staff pins (issue #20) on SQLite and PostgreSQL: pins lead
// in their order with their labels, the automatic choice fills the rest as
// before, a pin shows on its match's day (in the visitor's zone) and while it is
// live, and positions stay 1, 2, 3… through moves, unpins and concurrent pins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../db/transaction.ts';
import { rankHotMatches } from '../../../domain/hot-matches.ts';
import { seedBusyDay, type BusyDay } from '../../../tests/helpers/busy-day.ts';
import { insertMatch } from '../../../tests/helpers/insert-match.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../../tests/helpers/test-database.ts';
import { createFootballService } from './football.service.ts';
import { createHotMatchesService, type HotMatchesService } from './hot-matches.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date();
const TODAY = NOW.toISOString().slice(0, 10);
const TOMORROW = new Date(NOW.getTime() + DAY_MS).toISOString().slice(0, 10);
const EDITOR = 7;

describe.each(TEST_ENGINES)('hot matches with pins on %s', (engine) => {
  let database: TestDatabase;
  let hot: HotMatchesService;
  let day: BusyDay;
  /** Matches of the busy day by state: ids of the scheduled ones in the least important competition. */
  let lateSmall: number[] = [];
  /** Scheduled matches of other competitions, for the concurrent pins. */
  let spare: number[] = [];
  let tomorrowId = 0;
  let lastNightLiveId = 0;
  let postponedId = 0;
  let oldId = 0;

  const pin = (matchId: number, label: string | null = null, position?: number) =>
    inTransaction(database.handle.db, (trx) => hot.pin(trx, { matchId, label, ...(position ? { position } : {}), by: EDITOR, at: new Date() }));
  const list = (date = TODAY, limit = 10) => hot.listHotMatches({ date, timeZone: 'UTC', limit });
  const ids = (matches: Array<{ id: number }>) => matches.map((match) => match.id);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database.handle;
    day = await seedBusyDay(db, TODAY);
    const football = createFootballService(db);
    hot = createHotMatchesService({ db, engine, football });
    // The last competition of the busy day (br.1) is the least important: the automatic choice never gets to it.
    const small = await football.listMatchesOnDay(TODAY, 'UTC');
    lateSmall = small.filter((match) => match.competition.code === 'br.1' && match.status === 'scheduled').map((match) => match.id);
    spare = small.filter((match) => match.competition.code === 'sco.1' && match.status === 'scheduled').map((match) => match.id);
    const season = await db.selectFrom('match').select(['season_id', 'home_team_id', 'away_team_id']).where('id', '=', lateSmall[0] ?? 0).executeTakeFirstOrThrow();
    const base = { season_id: season.season_id, home_team_id: season.home_team_id, away_team_id: season.away_team_id };
    tomorrowId = await insertMatch(db, { ...base, kickoff_at: `${TOMORROW}T19:00:00.000Z`, status: 'scheduled' });
    const lastNight = new Date(Date.parse(`${TODAY}T00:00:00Z`) - 30 * 60_000).toISOString();
    lastNightLiveId = await insertMatch(db, { ...base, kickoff_at: lastNight, status: 'live', minute: 80 });
    postponedId = await insertMatch(db, { ...base, kickoff_at: `${TODAY}T21:00:00.000Z`, status: 'postponed' });
    oldId = await insertMatch(db, { ...base, kickoff_at: new Date(NOW.getTime() - 3 * DAY_MS).toISOString(), status: 'finished', home_score: 1, away_score: 0 });
  });
  afterAll(() => database?.destroy());

  it('is the automatic choice as before while nothing is pinned', async () => {
    const football = createFootballService(database.handle.db);
    const [matches, competitions] = await Promise.all([football.listMatchesOnDay(TODAY, 'UTC'), football.listCompetitions()]);
    const automatic = rankHotMatches(matches, competitions.map((competition) => competition.code), new Map(), 10);
    const answer = await list();
    expect(answer.pinned).toBe(0);
    expect(ids(answer.matches)).toEqual(ids(automatic));
    expect(answer.labels).toEqual({});
  });

  it('puts pins first, in their order, with their labels, then the automatic choice without them', async () => {
    const [first, second] = lateSmall as [number, number];
    expect((await pin(first, 'Derby')).ok).toBe(true);
    expect((await pin(second)).ok).toBe(true);
    const before = await list();
    expect(before.pinned).toBe(2);
    expect(ids(before.matches).slice(0, 2)).toEqual([first, second]);
    expect(before.labels).toEqual({ [String(first)]: 'Derby' });
    expect(before.matches).toHaveLength(10);
    expect(new Set(ids(before.matches)).size).toBe(10);

    // Moved to the top; a label set and the other removed.
    await inTransaction(database.handle.db, (trx) => hot.update(trx, second, { position: 1, label: 'Final' }, new Date()));
    await inTransaction(database.handle.db, (trx) => hot.update(trx, first, { label: null }, new Date()));
    const after = await list();
    expect(ids(after.matches).slice(0, 2)).toEqual([second, first]);
    expect(after.labels).toEqual({ [String(second)]: 'Final' });

    // On home, five places: the pins take the first two.
    const home = await list(TODAY, 5);
    expect(ids(home.matches)).toEqual([second, first, ...ids(before.matches).slice(2, 5)]);
  });

  it('shows a pin on its day and while it is live; a pin of tomorrow waits; postponed and long-past matches cannot be pinned', async () => {
    expect((await pin(tomorrowId, 'Tomorrow')).ok).toBe(true);
    expect((await pin(lastNightLiveId, 'Late')).ok).toBe(true);
    const today = await list();
    expect(ids(today.matches)).not.toContain(tomorrowId);
    // Pin order: the two earlier pins, then last night's match still being played.
    expect(ids(today.matches).slice(0, 3)).toEqual([lateSmall[1], lateSmall[0], lastNightLiveId]);
    const tomorrow = await list(TOMORROW);
    expect(ids(tomorrow.matches)[0]).toBe(tomorrowId);
    expect(tomorrow.labels[String(tomorrowId)]).toBe('Tomorrow');
    // The day is the visitor's: in Auckland (UTC+12 or +13) the afternoon kick-offs in UTC fall on its tomorrow.
    const auckland = await hot.listHotMatches({ date: TOMORROW, timeZone: 'Pacific/Auckland', limit: 10 });
    expect(ids(auckland.matches).slice(0, auckland.pinned)).toEqual(expect.arrayContaining([lateSmall[1], lateSmall[0]]));
    expect(ids(auckland.matches)).not.toContain(tomorrowId);

    expect(await pin(postponedId)).toMatchObject({ ok: false, code: 'conflict' });
    expect(await pin(oldId)).toMatchObject({ ok: false, code: 'conflict', message: expect.stringContaining('before yesterday') });
    expect(await pin(lateSmall[0] as number)).toMatchObject({ ok: false, code: 'conflict', message: 'This match is pinned already' });
    expect(await pin(999_999_999)).toMatchObject({ ok: false, code: 'not_found' });

    const pins = await hot.listPins(new Date());
    expect(pins.map((item) => [item.matchId, item.position, item.state])).toEqual([
      [lateSmall[1], 1, 'showing'],
      [lateSmall[0], 2, 'showing'],
      [tomorrowId, 3, 'upcoming'],
      [lastNightLiveId, 4, 'showing'],
    ]);
  });

  it('keeps positions 1, 2, 3… through unpins and pins made at the same time', async () => {
    expect((await inTransaction(database.handle.db, (trx) => hot.unpin(trx, lateSmall[1] as number, new Date()))).ok).toBe(true);
    expect((await inTransaction(database.handle.db, (trx) => hot.unpin(trx, lateSmall[1] as number, new Date())))).toMatchObject({ ok: false, code: 'not_found' });
    const more = spare.slice(0, 4);
    const results = await Promise.all(more.map((matchId) => pin(matchId)));
    expect(results.every((result) => result.ok)).toBe(true);
    const pins = await hot.listPins(new Date());
    expect(pins.map((item) => item.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const rows = await database.handle.db.selectFrom('hot_match_pin').select('position').orderBy('position').execute();
    expect(rows.map((row) => row.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('finds matches to pin by team or competition and day', async () => {
    const byCompetition = await hot.searchMatches({ text: 'serie a brazil', date: TODAY }, NOW);
    expect(byCompetition).toHaveLength(10 + 1);
    expect(new Set(byCompetition.map((match) => match.competition.code))).toEqual(new Set(['br.1']));
    const byTeam = await hot.searchMatches({ text: 'Northbridge United England', date: null }, NOW);
    expect(byTeam.map((match) => `${match.home.name} v ${match.away.name}`)).toContain('Northbridge United England v Easthaven City England');
    const anyToday = await hot.searchMatches({ text: '', date: TODAY }, NOW);
    expect(anyToday.length).toBe(30);
    expect(anyToday.map((match) => match.kickoffAt)).toEqual([...anyToday.map((match) => match.kickoffAt)].sort());
    expect(await hot.searchMatches({ text: 'zzzzqqq', date: null }, NOW)).toEqual([]);
    expect(day.matchIds.length).toBe(120);
  });
});
