// Hand-made cases for the rules engine (issue #3): counting, each tie-breaker,
// head-to-head mini-leagues, deductions, dates, views and form.
import { describe, expect, it } from 'vitest';
import { findCompetitionDefinition, type CompetitionRules, type TieBreaker } from './competitions.ts';
import type { MatchStatus } from './match-status.ts';
import {
  computeStandings,
  headToHeadRecord,
  teamForm,
  topScorers,
  type StandingsMatch,
  type TableRow,
} from './standings.ts';

const TEAMS = ['Arsenal', 'Brentford', 'Chelsea', 'Derby', 'Everton', 'Fulham'].map((name, index) => ({
  id: index + 1,
  name,
}));
const [A, B, C, D, E] = [1, 2, 3, 4, 5];

function rulesOf(...tieBreakers: TieBreaker[]): CompetitionRules {
  return { pointsForWin: 3, pointsForDraw: 1, tieBreakers };
}
const STANDARD = rulesOf('points', 'goalDifference', 'goalsFor');
const SPAIN = findCompetitionDefinition('es.1')?.rules as CompetitionRules;

let nextId = 1;
/** A match on its own day (one a day, in the order written) unless `kickoffAt` says otherwise. */
function match(
  homeTeamId: number,
  awayTeamId: number,
  homeScore: number | null,
  awayScore: number | null,
  extra: Partial<StandingsMatch> = {},
): StandingsMatch {
  const id = nextId++;
  const kickoffAt = new Date(Date.UTC(2024, 0, 1, 15) + id * 86_400_000).toISOString();
  return { id, kickoffAt, homeTeamId, awayTeamId, homeScore, awayScore, status: 'finished', ...extra };
}

function table(
  matches: StandingsMatch[],
  rules = STANDARD,
  extra: {
    adjustments?: { teamId: number; points: number }[];
    asOf?: string;
    view?: 'overall' | 'home' | 'away';
    teams?: typeof TEAMS;
  } = {},
): TableRow[] {
  return computeStandings({
    teams: extra.teams ?? TEAMS.slice(0, 4),
    matches,
    rules,
    adjustments: extra.adjustments,
    asOf: extra.asOf,
    view: extra.view,
  });
}

const order = (rows: TableRow[]) => rows.map((row) => row.teamName);
/** The order of Arsenal and Brentford in a table. */
const pair = (rows: TableRow[]) => order(rows).filter((name) => name === 'Arsenal' || name === 'Brentford');
const rowOf = (rows: TableRow[], teamId: number) => rows.find((row) => row.teamId === teamId) as TableRow;

describe('computeStandings: counting', () => {
  it('counts played, won, drawn, lost, goals and points, and lists teams without matches', () => {
    const rows = table([match(A, B, 2, 0), match(B, C, 1, 1), match(C, A, 3, 1)]);
    expect(rows).toEqual([
      {
        position: 1,
        teamId: C,
        teamName: 'Chelsea',
        played: 2,
        won: 1,
        drawn: 1,
        lost: 0,
        goalsFor: 4,
        goalsAgainst: 2,
        goalDifference: 2,
        points: 4,
        form: ['D', 'W'],
      },
      {
        position: 2,
        teamId: A,
        teamName: 'Arsenal',
        played: 2,
        won: 1,
        drawn: 0,
        lost: 1,
        goalsFor: 3,
        goalsAgainst: 3,
        goalDifference: 0,
        points: 3,
        form: ['W', 'L'],
      },
      {
        position: 3,
        teamId: B,
        teamName: 'Brentford',
        played: 2,
        won: 0,
        drawn: 1,
        lost: 1,
        goalsFor: 1,
        goalsAgainst: 3,
        goalDifference: -2,
        points: 1,
        form: ['L', 'D'],
      },
      {
        position: 4,
        teamId: D,
        teamName: 'Derby',
        played: 0,
        won: 0,
        drawn: 0,
        lost: 0,
        goalsFor: 0,
        goalsAgainst: 0,
        goalDifference: 0,
        points: 0,
        form: [],
      },
    ]);
  });

  it('uses the competition’s points for a win and a draw', () => {
    const rows = table([match(A, B, 1, 0), match(C, D, 0, 0)], { ...STANDARD, pointsForWin: 2 });
    expect(rows.map((row) => row.points)).toEqual([2, 1, 1, 0]);
  });

  it('counts awarded results as recorded and ignores matches that are not played or have no score', () => {
    const statuses: MatchStatus[] = ['scheduled', 'live', 'half-time', 'postponed', 'cancelled', 'abandoned'];
    const rows = table([
      match(A, B, 0, 3, { status: 'awarded' }),
      ...statuses.map((status) => match(C, D, 2, 0, { status })),
      match(C, D, null, null),
    ]);
    expect(rowOf(rows, B)).toMatchObject({ played: 1, won: 1, goalsFor: 3, points: 3 });
    expect(rowOf(rows, A)).toMatchObject({ played: 1, lost: 1, goalsAgainst: 3, points: 0 });
    expect(rowOf(rows, C)).toMatchObject({ played: 0, points: 0 });
  });

  it('rejects a match or an adjustment for a team that is not in the table', () => {
    expect(() => table([match(A, 9, 1, 0)])).toThrow(/team 9/);
    expect(() => table([], STANDARD, { adjustments: [{ teamId: 9, points: -3 }] })).toThrow(/team 9/);
  });
});

describe('computeStandings: tie-breakers', () => {
  it('orders by goal difference, then goals scored, then name', () => {
    // All on 3 points: Chelsea +1; Arsenal, Derby and Everton ±0, Everton with fewer
    // goals; Arsenal and Derby alike in every way; Brentford −1.
    const rows = table(
      [match(C, B, 2, 0), match(A, C, 1, 0), match(D, A, 3, 2), match(B, E, 1, 0), match(E, D, 1, 0)],
      STANDARD,
      { teams: TEAMS.slice(0, 5) },
    );
    expect(rows.map((row) => [row.teamName, row.points, row.goalDifference, row.goalsFor])).toEqual([
      ['Chelsea', 3, 1, 2],
      ['Arsenal', 3, 0, 3],
      ['Derby', 3, 0, 3],
      ['Everton', 3, 0, 1],
      ['Brentford', 3, -1, 1],
    ]);
  });

  it('orders by wins before goal difference (Brasileirão)', () => {
    const brazil = findCompetitionDefinition('br.1')?.rules as CompetitionRules;
    // Arsenal: W L L, 3 points, −1; Brentford: D D D, 3 points, ±0.
    const matches = [
      match(A, C, 1, 0),
      match(A, D, 0, 1),
      match(C, A, 1, 0),
      match(B, C, 0, 0),
      match(B, D, 0, 0),
      match(D, B, 0, 0),
    ];
    expect(pair(table(matches, STANDARD))).toEqual(['Brentford', 'Arsenal']);
    expect(pair(table(matches, brazil))).toEqual(['Arsenal', 'Brentford']);
  });

  it('orders by away goals, away wins and away goal difference when the rules say so', () => {
    // Arsenal and Brentford: 4 points, +1, 3 goals each. Arsenal won 2-0 away; Brentford drew 1-1 away and lost 0-1 at home.
    const matches = [
      match(C, A, 0, 2),
      match(A, D, 1, 1),
      match(A, C, 0, 1),
      match(B, C, 2, 0),
      match(D, B, 1, 1),
      match(B, D, 0, 1),
    ];
    const rows = table(matches);
    expect([rowOf(rows, A), rowOf(rows, B)].map((row) => [row.points, row.goalDifference, row.goalsFor])).toEqual([
      [4, 1, 3],
      [4, 1, 3],
    ]);
    // Played the other way round, Brentford leads on every away criterion: names do not decide these.
    const swapped = matches.map((m) => ({
      ...m,
      homeTeamId: m.awayTeamId,
      awayTeamId: m.homeTeamId,
      homeScore: m.awayScore,
      awayScore: m.homeScore,
    }));
    for (const criterion of ['awayGoalsFor', 'awayWins', 'awayGoalDifference'] as const) {
      expect(pair(table(matches, rulesOf('points', criterion)))).toEqual(['Arsenal', 'Brentford']);
      expect(pair(table(swapped, rulesOf('points', criterion)))).toEqual(['Brentford', 'Arsenal']);
    }
  });

  it('orders by fewer losses when the rules say so', () => {
    // Arsenal: W L D, 4 points, 1 loss; Brentford: four draws, 4 points, no loss.
    const matches = [
      match(A, C, 1, 0),
      match(D, A, 1, 0),
      match(A, D, 0, 0),
      match(B, C, 0, 0),
      match(B, D, 0, 0),
      match(C, B, 0, 0),
      match(D, B, 0, 0),
    ];
    expect(pair(table(matches, rulesOf('points')))).toEqual(['Arsenal', 'Brentford']);
    expect(pair(table(matches, rulesOf('points', 'fewerLosses')))).toEqual(['Brentford', 'Arsenal']);
  });

  it('puts head-to-head before goal difference where the rules do (La Liga): the opposite of goal difference', () => {
    // Arsenal beat Brentford twice (6 points each); Brentford has the far better goal difference from thrashing Chelsea.
    const matches = [match(A, B, 1, 0), match(B, A, 0, 1), match(B, C, 5, 0), match(C, B, 0, 5)];
    const standard = table(matches, STANDARD);
    expect([rowOf(standard, A), rowOf(standard, B)].map((row) => [row.points, row.goalDifference])).toEqual([
      [6, 2],
      [6, 8],
    ]);
    expect(pair(standard)).toEqual(['Brentford', 'Arsenal']);
    expect(pair(table(matches, SPAIN))).toEqual(['Arsenal', 'Brentford']);
  });

  it('uses head-to-head points, then head-to-head away goals, after goals scored in the Premier League', () => {
    const england = findCompetitionDefinition('en.1')?.rules as CompetitionRules;
    // Arsenal and Brentford: 4 points, +1, 2 goals each; Brentford won their meeting.
    const byPoints = [match(A, B, 0, 1), match(A, C, 2, 0), match(D, A, 0, 0), match(B, D, 1, 1)];
    const rows = table(byPoints, england);
    expect([rowOf(rows, A), rowOf(rows, B)].map((row) => [row.points, row.goalDifference, row.goalsFor])).toEqual([
      [4, 1, 2],
      [4, 1, 2],
    ]);
    expect(pair(table(byPoints, STANDARD))).toEqual(['Arsenal', 'Brentford']);
    expect(pair(rows)).toEqual(['Brentford', 'Arsenal']);
    // Two draws, 2-2 at Arsenal and 1-1 at Brentford: Brentford scored more away goals between them.
    const byAwayGoals = [match(A, B, 2, 2), match(B, A, 1, 1)];
    expect(pair(table(byAwayGoals, england))).toEqual(['Brentford', 'Arsenal']);
  });

  it('re-applies the head-to-head to the teams still tied when a three-way mini-league splits', () => {
    // Arsenal, Brentford and Chelsea on 10 points. Between the three: Arsenal 8 points;
    // Brentford and Chelsea 4 points and −3 each. Between those two alone Brentford
    // leads (+2), while Chelsea has the better overall goal difference (+7 against −1).
    const matches = [
      match(A, B, 5, 0),
      match(B, A, 0, 0),
      match(A, C, 1, 0),
      match(C, A, 0, 0),
      match(B, C, 3, 0),
      match(C, B, 1, 0),
      match(A, D, 0, 0),
      match(D, A, 0, 0),
      match(B, D, 1, 0),
      match(D, B, 0, 1),
      match(C, D, 5, 0),
      match(D, C, 0, 5),
    ];
    const spain = table(matches, SPAIN);
    expect(spain.map((row) => [row.teamName, row.points, row.goalDifference])).toEqual([
      ['Arsenal', 10, 6],
      ['Brentford', 10, -1],
      ['Chelsea', 10, 7],
      ['Derby', 2, -12],
    ]);
    // Without the mini-leagues, goal difference alone gives another order.
    expect(order(table(matches, STANDARD))).toEqual(['Chelsea', 'Arsenal', 'Brentford', 'Derby']);
  });

  it('skips the head-to-head while a match between the tied teams is still to be played', () => {
    // Arsenal beat Brentford; the return match is still to come. Brentford has the better goal difference.
    const first = match(A, B, 1, 0);
    const others = [match(B, C, 4, 0), match(A, D, 0, 1), match(C, D, 0, 0)];
    const returnMatch = match(B, A, null, null, { status: 'scheduled' });
    expect(pair(table([first, ...others, returnMatch], SPAIN))).toEqual(['Brentford', 'Arsenal']);
    // Played 0-0, but after the date asked for: as of that date it is still to be played.
    const playedLater = {
      ...returnMatch,
      homeScore: 0,
      awayScore: 0,
      status: 'finished' as const,
      kickoffAt: '2025-06-01T15:00:00Z',
    };
    expect(pair(table([first, ...others, playedLater], SPAIN, { asOf: '2025-05-31' }))).toEqual([
      'Brentford',
      'Arsenal',
    ]);
    // Once both are played the head-to-head decides: 4 points to 1 for Arsenal.
    expect(pair(table([first, ...others, playedLater], SPAIN))).toEqual(['Arsenal', 'Brentford']);
  });

  it('keeps positions 1..n with no shared places', () => {
    const rows = table([]);
    expect(rows.map((row) => [row.position, row.teamName])).toEqual([
      [1, 'Arsenal'],
      [2, 'Brentford'],
      [3, 'Chelsea'],
      [4, 'Derby'],
    ]);
  });
});

describe('computeStandings: adjustments, dates and views', () => {
  it('applies a deduction to the points, which can drop a team below others', () => {
    const matches = [match(A, B, 1, 0), match(C, D, 1, 0), match(A, D, 1, 0)];
    const rows = table(matches, STANDARD, {
      adjustments: [
        { teamId: A, points: -4 },
        { teamId: A, points: -1 },
      ],
    });
    expect(rowOf(rows, A)).toMatchObject({ won: 2, points: 1, position: 2 });
    expect(order(rows)).toEqual(['Chelsea', 'Arsenal', 'Brentford', 'Derby']);
    // A deduction belongs to no match: home and away tables leave it out.
    expect(rowOf(table(matches, STANDARD, { adjustments: [{ teamId: A, points: -4 }], view: 'home' }), A).points).toBe(
      6,
    );
  });

  it('gives the table as it stood at the end of a UTC date', () => {
    const matches = [
      match(A, B, 1, 0, { kickoffAt: '2024-05-19T23:30:00Z' }),
      match(C, D, 1, 0, { kickoffAt: '2024-05-20T00:00:00Z' }),
      match(B, A, 2, 0, { kickoffAt: '2024-05-18T12:00:00Z' }),
    ];
    const rows = table(matches, STANDARD, { asOf: '2024-05-19' });
    expect(rowOf(rows, A)).toMatchObject({ played: 2, points: 3 });
    expect(rowOf(rows, C)).toMatchObject({ played: 0, points: 0 });
    expect(table(matches, STANDARD, { asOf: '2024-05-17' }).every((row) => row.played === 0)).toBe(true);
    expect(() => table(matches, STANDARD, { asOf: '19/05/2024' })).toThrow(/asOf/);
  });

  it('gives home and away tables, with form within the view', () => {
    const matches = [match(A, B, 3, 0), match(B, A, 1, 0), match(A, C, 0, 0), match(C, A, 0, 2)];
    const home = table(matches, STANDARD, { view: 'home' });
    const away = table(matches, STANDARD, { view: 'away' });
    expect(rowOf(home, A)).toMatchObject({
      played: 2,
      won: 1,
      drawn: 1,
      goalsFor: 3,
      goalsAgainst: 0,
      points: 4,
      form: ['W', 'D'],
    });
    expect(rowOf(away, A)).toMatchObject({
      played: 2,
      won: 1,
      lost: 1,
      goalsFor: 2,
      goalsAgainst: 1,
      points: 3,
      form: ['L', 'W'],
    });
    expect(rowOf(home, B)).toMatchObject({ played: 1, won: 1, points: 3 });
    expect(rowOf(away, B)).toMatchObject({ played: 1, lost: 1, points: 0 });
  });

  it('shows the last five results, oldest first, by kick-off whatever the input order', () => {
    const results: [number, number][] = [
      [1, 0],
      [0, 0],
      [0, 1],
      [2, 0],
      [2, 2],
      [0, 3],
      [4, 1],
    ];
    const matches = results.map(([home, away]) => match(A, B, home, away)).reverse();
    expect(rowOf(table(matches), A).form).toEqual(['L', 'W', 'D', 'L', 'W']);
    expect(rowOf(table(matches), B).form).toEqual(['W', 'L', 'D', 'W', 'L']);
  });

  it('runs a 20-team, 380-match season with head-to-head rules in well under a millisecond', () => {
    const teams = Array.from({ length: 20 }, (_, index) => ({ id: index + 1, name: `Team ${index + 1}` }));
    const season: StandingsMatch[] = [];
    let seed = 7;
    const goals = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 4;
    };
    for (const home of teams) {
      for (const away of teams) {
        if (home.id !== away.id)
          season.push({
            id: season.length + 1,
            kickoffAt: new Date(Date.UTC(2024, 7, 1) + season.length * 3_600_000).toISOString(),
            homeTeamId: home.id,
            awayTeamId: away.id,
            homeScore: goals(),
            awayScore: goals(),
            status: 'finished',
          });
      }
    }
    const run = () => computeStandings({ teams, matches: season, rules: SPAIN });
    for (let i = 0; i < 100; i += 1) run();
    // CPU time, not wall time: the machines running the tests are shared and busy.
    const runs = 300;
    const started = process.cpuUsage();
    for (let i = 0; i < runs; i += 1) run();
    const used = process.cpuUsage(started);
    const perCall = (used.user + used.system) / 1000 / runs;
    expect(run()).toHaveLength(20);
    expect(perCall).toBeLessThan(1);
  });
});

describe('headToHeadRecord, teamForm and topScorers', () => {
  const matches = [
    match(A, B, 2, 1),
    match(B, A, 1, 1),
    match(A, B, 0, 3, { status: 'awarded' }),
    match(B, A, null, null, { status: 'scheduled' }),
    match(A, C, 5, 0),
  ];

  it('sums the meetings of two teams that count, from the first team’s side', () => {
    expect(headToHeadRecord(A, B, matches)).toEqual({ played: 3, winsA: 1, winsB: 1, draws: 1, goalsA: 3, goalsB: 5 });
    expect(headToHeadRecord(B, A, matches)).toEqual({ played: 3, winsA: 1, winsB: 1, draws: 1, goalsA: 5, goalsB: 3 });
    expect(headToHeadRecord(C, B, matches)).toEqual({ played: 0, winsA: 0, winsB: 0, draws: 0, goalsA: 0, goalsB: 0 });
  });

  it('gives a team’s last results, oldest first', () => {
    expect(teamForm(A, matches)).toEqual(['W', 'D', 'L', 'W']);
    expect(teamForm(A, [...matches].reverse(), 2)).toEqual(['L', 'W']);
    expect(teamForm(E, matches)).toEqual([]);
  });

  it('counts goals per player without own goals, most first', () => {
    const goal = (
      playerId: number,
      playerName: string,
      teamId: number,
      options: { ownGoal?: boolean; penalty?: boolean } = {},
    ) => ({
      playerId,
      playerName,
      teamId,
      minute: 10,
      ownGoal: options.ownGoal ?? false,
      penalty: options.penalty ?? false,
    });
    const scorers = topScorers([
      goal(1, 'Zola', A),
      goal(2, 'Adams', B, { penalty: true }),
      goal(1, 'Zola', A, { penalty: true }),
      goal(3, 'Owen', C, { ownGoal: true }),
      goal(3, 'Owen', C, { ownGoal: true }),
      goal(2, 'Adams', B),
      goal(4, 'Best', D),
    ]);
    expect(scorers).toEqual([
      { playerId: 2, playerName: 'Adams', teamId: B, goals: 2, penalties: 1 },
      { playerId: 1, playerName: 'Zola', teamId: A, goals: 2, penalties: 1 },
      { playerId: 4, playerName: 'Best', teamId: D, goals: 1, penalties: 0 },
    ]);
  });
});
