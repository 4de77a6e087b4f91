import { describe, expect, it } from 'vitest';
import {
  fixSeasonDate,
  isSettled,
  leagueSeason,
  normalizeRound,
  placeMatch,
  readGoals,
  readResult,
  reconcileHalfTime,
} from './normalize.ts';

describe('leagueSeason', () => {
  it('labels split and calendar-year seasons', () => {
    expect(leagueSeason('2023-24')).toMatchObject({
      code: '2023-24',
      name: '2023/24',
      window: { start: '2023-06-01', end: '2024-08-31' },
    });
    expect(leagueSeason('2025')).toMatchObject({ code: '2025', name: '2025' });
    expect(() => leagueSeason('latest')).toThrow(/not a season folder/);
  });
});

describe('fixSeasonDate', () => {
  const season = leagueSeason('2025-26');

  it('moves a date whose year did not roll over into the season', () => {
    expect(fixSeasonDate('2025-01-10', season)).toEqual({ date: '2026-01-10', fixed: true, outside: false });
  });

  it('leaves dates inside the season alone, and reports others it cannot place', () => {
    expect(fixSeasonDate('2025-12-29', season)).toEqual({ date: '2025-12-29', fixed: false, outside: false });
    expect(fixSeasonDate('2027-01-10', season)).toEqual({ date: '2027-01-10', fixed: false, outside: true });
  });

  it('does nothing for tournaments', () => {
    expect(fixSeasonDate('2021-06-11', { code: '2020', name: 'Euro 2020', window: null }).fixed).toBe(false);
  });
});

describe('placeMatch', () => {
  it('puts league matches without a stage in the regular season', () => {
    expect(placeMatch({ competitionKind: 'league', round: 'Matchday 12' })).toEqual({
      stage: 'Regular season',
      round: 'Matchday 12',
      group: null,
    });
    expect(placeMatch({ competitionKind: 'league', round: '12. Round' }).round).toBe('Matchday 12');
  });

  it('names play-offs however the source writes them, with or without a round', () => {
    expect(placeMatch({ competitionKind: 'league', stage: 'Playoffs' })).toEqual({
      stage: 'Play-offs',
      round: null,
      group: null,
    });
    expect(placeMatch({ competitionKind: 'league', stage: 'Finals', round: 'Semifinals' })).toEqual({
      stage: 'Play-offs',
      round: 'Semi-finals',
      group: null,
    });
    expect(placeMatch({ competitionKind: 'league', round: 'Finals, Semifinals' }).stage).toBe('Play-offs');
    expect(placeMatch({ competitionKind: 'league', round: 'Regular, Matchday 3' }).stage).toBe('Regular season');
    expect(placeMatch({ competitionKind: 'league', stage: 'Playoffs - Relegation', round: 'Matchday 25' }).stage).toBe(
      'Relegation round',
    );
  });

  it('splits cup rounds into stage, group and round', () => {
    expect(placeMatch({ competitionKind: 'cup', round: 'League, Matchday 8' })).toEqual({
      stage: 'League phase',
      round: 'Matchday 8',
      group: null,
    });
    expect(placeMatch({ competitionKind: 'cup', round: 'Finals, Round of 16' })).toEqual({
      stage: 'Round of 16',
      round: 'Round of 16',
      group: null,
    });
    expect(placeMatch({ competitionKind: 'cup', round: 'Matchday 1', group: 'Group A' })).toEqual({
      stage: 'Group stage',
      round: 'Matchday 1',
      group: 'Group A',
    });
    expect(placeMatch({ competitionKind: 'cup', round: 'Group C' })).toEqual({
      stage: 'Group stage',
      round: null,
      group: 'Group C',
    });
    expect(placeMatch({ competitionKind: 'cup', round: 'Match for third place' })).toEqual({
      stage: 'Third place',
      round: 'Third place',
      group: null,
    });
    expect(placeMatch({ competitionKind: 'cup', round: 'UEFA Second Round Play-offs, Path A, Semi-finals' })).toEqual({
      stage: 'UEFA Second Round Play-offs',
      round: 'Semi-finals',
      group: 'Path A',
    });
  });

  it('keeps rounds it has no canonical name for', () => {
    expect(normalizeRound('Play-in round 2')).toBe('Play-in round 2');
  });
});

describe('readResult', () => {
  it('finishes a match with a full-time score', () => {
    const problems: string[] = [];
    expect(readResult({ ht: [0, 2], ft: [0, 3] }, undefined, problems)).toMatchObject({
      status: 'finished',
      home: 0,
      away: 3,
      htHome: 0,
      htAway: 2,
      etHome: null,
    });
    expect(problems).toEqual([]);
  });

  it('decides on the score after extra time and keeps penalties apart', () => {
    const result = readResult({ ht: [2, 0], ft: [2, 2], et: [3, 3], p: [4, 2] }, undefined, []);
    expect(result).toMatchObject({
      status: 'finished',
      home: 3,
      away: 3,
      etHome: 3,
      etAway: 3,
      penHome: 4,
      penAway: 2,
    });
  });

  it('stores an awarded result with its status', () => {
    expect(readResult({ ft: [0, 2] }, 'awarded', [])).toMatchObject({
      status: 'awarded',
      home: 0,
      away: 2,
      htHome: null,
    });
  });

  it('never invents a result', () => {
    expect(readResult({}, undefined, [])).toMatchObject({ status: 'scheduled', home: null, away: null });
    expect(readResult(undefined, 'postponed', [])).toMatchObject({ status: 'postponed', home: null });
  });

  it('drops a level shoot-out, which cannot happen, and says so', () => {
    const problems: string[] = [];
    expect(readResult({ ft: [0, 1], et: [0, 1], p: [4, 4] }, undefined, problems)).toMatchObject({
      home: 0,
      away: 1,
      penHome: null,
      penAway: null,
    });
    expect(problems).toEqual(['penalty shoot-out 4-4 cannot be level; penalties not stored']);
  });

  it('knows which statuses settle a match', () => {
    expect(['finished', 'awarded', 'cancelled', 'abandoned'].every((status) => isSettled(status as never))).toBe(true);
    expect(isSettled('postponed')).toBe(false);
    expect(isSettled('scheduled')).toBe(false);
  });
});

describe('readGoals', () => {
  const result = (home: number, away: number) => readResult({ ft: [home, away] }, undefined, []);

  it('orders goals by time, with periods, added minutes and types', () => {
    const goals = readGoals(
      [
        { name: 'Neymar', minute: 29 },
        { name: 'Neymar', minute: 71, penalty: true },
        { name: 'Oscar', minute: 90, offset: 1 },
      ],
      [{ name: 'Marcelo', minute: 11, owngoal: true }],
      result(3, 1),
      [],
    );
    expect(
      goals?.map((goal) => [
        goal.scorer,
        goal.type,
        goal.period,
        goal.minute,
        goal.addedMinute,
        goal.side,
        goal.scorerSide,
      ]),
    ).toEqual([
      ['Marcelo', 'own_goal', '1H', 11, null, 'away', 'home'],
      ['Neymar', 'goal', '1H', 29, null, 'home', 'home'],
      ['Neymar', 'penalty_goal', '2H', 71, null, 'home', 'home'],
      ['Oscar', 'goal', '2H', 90, 1, 'home', 'home'],
    ]);
  });

  it('reads "90+4" minutes and extra-time periods', () => {
    const goals = readGoals(
      [
        { name: 'A', minute: '90+4' },
        { name: 'B', minute: '106' },
        { name: 'C', minute: '120+1' },
      ],
      [],
      result(3, 0),
      [],
    );
    expect(goals?.map((goal) => [goal.period, goal.minute, goal.addedMinute])).toEqual([
      ['2H', 90, 4],
      ['E2', 106, null],
      ['E2', 120, 1],
    ]);
  });

  it('swaps scorer lists that only fit the score the other way round', () => {
    const problems: string[] = [];
    const goals = readGoals([{ name: 'Kane', minute: 4 }], [], result(0, 1), problems);
    expect(goals?.[0]).toMatchObject({ scorer: 'Kane', side: 'away' });
    expect(problems[0]).toMatch(/wrong way round/);
  });

  it('drops scorer lists that contradict the score', () => {
    const problems: string[] = [];
    expect(readGoals([{ name: 'A', minute: 4 }], [], result(2, 0), problems)).toBeNull();
    expect(problems[0]).toMatch(/not stored/);
  });

  it('tells a file without scorer lists from a goalless match', () => {
    expect(readGoals(undefined, undefined, result(0, 0), [])).toBeNull();
    expect(readGoals([], [], result(0, 0), [])).toEqual([]);
  });
});

describe('reconcileHalfTime', () => {
  it('takes the half-time score from the scorers when the file contradicts them', () => {
    // World Cup 2018 Japan 0-1 Poland: the file says 0-1 at half-time; the goal came in the 59th minute.
    const result = readResult({ ht: [0, 1], ft: [0, 1] }, undefined, []);
    const problems: string[] = [];
    const goals = readGoals([], [{ name: 'Bednarek', minute: 59 }], result, problems);
    expect(reconcileHalfTime(result, goals, problems)).toMatchObject({ htHome: 0, htAway: 0, home: 0, away: 1 });
    expect(problems).toEqual(["half-time 0-1 contradicts the scorers' minutes; 0-0 stored"]);
  });

  it('fills a missing half-time score, counts added time in the first half, and leaves matches without scorers alone', () => {
    const result = readResult({ ft: [2, 0] }, undefined, []);
    const goals = readGoals(
      [
        { name: 'A', minute: '31' },
        { name: 'B', minute: '45+1' },
      ],
      [],
      result,
      [],
    );
    const problems: string[] = [];
    expect(reconcileHalfTime(result, goals, problems)).toMatchObject({ htHome: 2, htAway: 0 });
    expect(problems).toEqual([]);
    expect(reconcileHalfTime(result, null, [])).toBe(result);
  });
});
