// Split seasons (championship/relegation groups with carried points) and rules that
// changed between seasons: hand-made cases for domain/standings.ts and the data in
// domain/competitions.ts. The real seasons: server/modules/football/split-tables.test.ts
// and db/seed/fjelstul/fjelstul-group-tables.test.ts.
import { describe, expect, it } from 'vitest';
import {
  COMPETITIONS,
  findCompetitionDefinition,
  rulesForSeason,
  splitForSeason,
  type CompetitionRules,
} from './competitions.ts';
import {
  carryPoints,
  computeSplitStandings,
  computeStandings,
  type StandingsMatch,
  type TableRow,
} from './standings.ts';

const TEAMS = ['Admira', 'Bregenz', 'Capital', 'Donau', 'Erzberg', 'Feldkirch'].map((name, index) => ({
  id: index + 1,
  name,
}));
const [A, B, C, D, E, F] = [1, 2, 3, 4, 5, 6];
const STANDARD: CompetitionRules = {
  pointsForWin: 3,
  pointsForDraw: 1,
  tieBreakers: ['points', 'goalDifference', 'goalsFor'],
};

let nextId = 1;
function match(
  home: number,
  away: number,
  homeScore: number | null,
  awayScore: number | null,
  day?: number,
): StandingsMatch {
  const id = nextId++;
  return {
    id,
    kickoffAt: new Date(Date.UTC(2025, 0, 1, 15) + (day ?? id) * 86_400_000).toISOString(),
    homeTeamId: home,
    awayTeamId: away,
    homeScore,
    awayScore,
    status: homeScore === null ? 'scheduled' : 'finished',
  };
}

const numbers = (rows: TableRow[]) =>
  rows.map((row) => [
    row.teamName,
    row.played,
    row.won,
    row.drawn,
    row.lost,
    row.goalsFor,
    row.goalsAgainst,
    row.points,
  ]);

describe('carryPoints', () => {
  it('carries every point, or half of them rounded down or up, remembering the half point', () => {
    expect(carryPoints(41, 'full')).toEqual({ points: 41, halfPoint: 0 });
    expect(carryPoints(40, 'halfRoundedDown')).toEqual({ points: 20, halfPoint: 0 });
    expect(carryPoints(41, 'halfRoundedDown')).toEqual({ points: 20, halfPoint: 1 });
    expect(carryPoints(41, 'halfRoundedUp')).toEqual({ points: 21, halfPoint: -1 });
    expect(carryPoints(0, 'halfRoundedUp')).toEqual({ points: 0, halfPoint: 0 });
    // A deduction can leave a team below zero: -3 halves to -1.5, which rounds to -2 (down) or -1 (up).
    expect(carryPoints(-3, 'halfRoundedDown')).toEqual({ points: -2, halfPoint: 1 });
    expect(carryPoints(-3, 'halfRoundedUp')).toEqual({ points: -1, halfPoint: -1 });
  });
});

describe('computeSplitStandings', () => {
  // Regular season: A 7 points (2 W 1 D), B 5 (1 W 2 D), C 4 (1 W 1 D 1 L), D 0 ... over 4 teams, then A, B play a championship group.
  const regular = () => [
    match(A, B, 1, 1),
    match(A, C, 2, 0),
    match(A, D, 3, 0),
    match(B, C, 0, 0),
    match(B, D, 2, 1),
    match(C, D, 1, 0),
  ];

  it('starts a group from half the regular points rounded down, and counts the whole season with a cumulative record', () => {
    const regularMatches = regular();
    const group = [match(A, B, 0, 1), match(B, A, 0, 0)];
    const rows = computeSplitStandings({
      teams: TEAMS.slice(0, 4),
      regularMatches,
      groupMatches: group,
      rules: STANDARD,
      carryOver: 'halfRoundedDown',
      cumulativeRecord: true,
    });
    // A: 7 → 3 (+½ kept as tie-break), 0-1 loss and a draw: 4. B: 5 → 2, a win and a draw: 6.
    expect(numbers(rows)).toEqual([
      ['Bregenz', 5, 2, 3, 0, 4, 2, 6],
      ['Admira', 5, 2, 2, 1, 6, 2, 4],
    ]);
    // Form runs on from the regular season (oldest first, five at most).
    expect(rows[1]?.form).toEqual(['D', 'W', 'W', 'L', 'D']);
  });

  it('counts only the group matches when the published table does (Belgium), points rounded up', () => {
    const rows = computeSplitStandings({
      teams: TEAMS.slice(0, 4),
      regularMatches: regular(),
      groupMatches: [match(A, B, 0, 1)],
      rules: STANDARD,
      carryOver: 'halfRoundedUp',
      cumulativeRecord: false,
    });
    // A: 7 → 4, B: 5 → 3 then +3.
    expect(numbers(rows)).toEqual([
      ['Bregenz', 1, 1, 0, 0, 1, 0, 6],
      ['Admira', 1, 0, 0, 1, 0, 1, 4],
    ]);
  });

  it('ranks the team that lost half a point in the rounding first on equal points, before goal difference', () => {
    // Regular season: E 7 points (halved down to 3, half a point lost), F 6 (3); they draw in the group.
    const regularMatches = [
      match(E, A, 1, 0),
      match(E, B, 0, 0),
      match(E, C, 1, 0),
      match(F, A, 5, 0),
      match(F, B, 5, 0),
      match(C, F, 1, 0),
    ];
    const groupMatches = [match(E, F, 0, 0)];
    const base = { teams: TEAMS, regularMatches, groupMatches, rules: STANDARD, cumulativeRecord: true };
    const down = computeSplitStandings({ ...base, carryOver: 'halfRoundedDown' });
    // Both on 3 + 1 = 4 points; F has the far better goal difference, but E lost half a point when 7 was halved.
    expect(down.map((row) => [row.teamName, row.points, row.goalDifference])).toEqual([
      ['Erzberg', 4, 2],
      ['Feldkirch', 4, 9],
    ]);
    // Rounded up, E gained that half point: now 4 + 1 = 5 against F's 3 + 1 = 4, no tie.
    const up = computeSplitStandings({ ...base, carryOver: 'halfRoundedUp' });
    expect(up.map((row) => [row.teamName, row.points])).toEqual([
      ['Erzberg', 5],
      ['Feldkirch', 4],
    ]);
    // Carried in full: 7 + 1 against 6 + 1.
    const full = computeSplitStandings({ ...base, carryOver: 'full' });
    expect(full.map((row) => [row.teamName, row.points])).toEqual([
      ['Erzberg', 8],
      ['Feldkirch', 7],
    ]);
  });

  it('ranks a team that gained half a point below one level with it', () => {
    // E 5 points (rounded up to 3, gained ½), F 6 points (3): level on 3, E has the better goal difference but ranks below.
    const regularMatches = [
      match(E, A, 4, 0),
      match(E, B, 1, 1),
      match(E, C, 1, 1),
      match(F, A, 1, 0),
      match(F, B, 1, 0),
      match(C, F, 1, 0),
    ];
    const rows = computeSplitStandings({
      teams: TEAMS,
      regularMatches,
      groupMatches: [match(E, F, null, null)],
      rules: STANDARD,
      carryOver: 'halfRoundedUp',
      cumulativeRecord: false,
    });
    expect(rows.map((row) => [row.teamName, row.points, row.played])).toEqual([
      ['Feldkirch', 3, 0],
      ['Erzberg', 3, 0],
    ]);
  });

  it('carries the deducted regular-season points, and stops at asOf in both phases', () => {
    const regularMatches = regular();
    const groupMatches = [match(A, B, 3, 0, 100), match(B, A, 2, 0, 110)];
    const base = {
      teams: TEAMS.slice(0, 4),
      regularMatches,
      groupMatches,
      rules: STANDARD,
      carryOver: 'full' as const,
      cumulativeRecord: true,
    };
    const deducted = computeSplitStandings({ ...base, adjustments: [{ teamId: A, points: -3 }] });
    expect(deducted.map((row) => [row.teamName, row.points])).toEqual([
      ['Bregenz', 5 + 3],
      ['Admira', 7 - 3 + 3],
    ]);
    // On day 105 (2025-04-16) only the first group match had been played.
    const midway = computeSplitStandings({ ...base, asOf: '2025-04-16' });
    expect(midway.map((row) => [row.teamName, row.played, row.points])).toEqual([
      ['Admira', 4, 10],
      ['Bregenz', 4, 5],
    ]);
  });

  it("reads the whole season's meetings in head-to-head criteria when the group table is cumulative (Austria)", () => {
    const austria = findCompetitionDefinition('at.1');
    if (!austria) throw new Error('at.1 is not in the catalogue');
    const rules = rulesForSeason(austria, '2024-25');
    // Regular season: E beat F twice (1-0); F piled up goals against A and B. Both end on 12 points (even: no half point).
    const regularMatches = [
      match(E, F, 1, 0),
      match(F, E, 0, 1),
      match(F, A, 6, 0),
      match(F, B, 6, 0),
      match(F, C, 6, 0),
      match(F, D, 6, 0),
      match(E, A, 1, 0),
      match(E, B, 1, 0),
      match(A, E, 1, 0),
      match(B, E, 1, 0),
    ];
    const groupMatches = [match(E, F, 2, 2), match(F, E, 0, 0)];
    const rows = computeSplitStandings({
      teams: TEAMS,
      regularMatches,
      groupMatches,
      rules,
      carryOver: 'halfRoundedDown',
      cumulativeRecord: true,
    });
    // Level on 6 + 2 = 8 with no half point either way; F's goal difference is far better, but E won both regular-season meetings.
    expect(rows.map((row) => [row.teamName, row.points, row.goalDifference])).toEqual([
      ['Erzberg', 8, 2],
      ['Feldkirch', 8, 22],
    ]);
    // Counting the group's own meetings only (two draws), goal difference would decide.
    const groupOnly = computeSplitStandings({
      teams: TEAMS,
      regularMatches,
      groupMatches,
      rules,
      carryOver: 'halfRoundedDown',
      cumulativeRecord: false,
    });
    expect(groupOnly.map((row) => row.teamName)).toEqual(['Feldkirch', 'Erzberg']);
  });

  it('shows the group matches alone in the home and away views (carried points belong to no venue)', () => {
    const rows = computeSplitStandings({
      teams: TEAMS.slice(0, 4),
      regularMatches: regular(),
      groupMatches: [match(A, B, 3, 0), match(B, A, 2, 0)],
      rules: STANDARD,
      carryOver: 'full',
      cumulativeRecord: true,
      view: 'home',
    });
    expect(numbers(rows)).toEqual([
      ['Admira', 1, 1, 0, 0, 3, 0, 3],
      ['Bregenz', 1, 1, 0, 0, 2, 0, 3],
    ]);
  });
});

describe('rules that changed between seasons', () => {
  it('counts two points for a win at the World Cups of 1930–1990 and three from 1994', () => {
    const definition = findCompetitionDefinition('world.cup');
    if (!definition) throw new Error('world.cup is not in the catalogue');
    for (const season of ['1930', '1950', '1974', '1986', '1990'])
      expect(rulesForSeason(definition, season).pointsForWin, season).toBe(2);
    for (const season of ['1994', '1998', '2022', '2026'])
      expect(rulesForSeason(definition, season).pointsForWin, season).toBe(3);
    // 1990 group F as played: England 1 win 2 draws = 4 points under the 1990 rules (5 under today's).
    const [ENG, IRL, NED, EGY] = [1, 2, 3, 4];
    const teams = [
      { id: ENG, name: 'England' },
      { id: IRL, name: 'Republic of Ireland' },
      { id: NED, name: 'Netherlands' },
      { id: EGY, name: 'Egypt' },
    ];
    const matches = [
      match(ENG, IRL, 1, 1),
      match(NED, EGY, 1, 1),
      match(ENG, NED, 0, 0),
      match(IRL, EGY, 0, 0),
      match(ENG, EGY, 1, 0),
      match(IRL, NED, 1, 1),
    ];
    const at1990 = computeStandings({ teams, matches, rules: rulesForSeason(definition, '1990') });
    expect(at1990.map((row) => [row.teamName, row.points])).toEqual([
      ['England', 4],
      // Ireland and the Netherlands were level on everything (FIFA drew lots: Ireland second); the engine falls back to the name.
      ['Netherlands', 3],
      ['Republic of Ireland', 3],
      ['Egypt', 2],
    ]);
    expect(computeStandings({ teams, matches, rules: rulesForSeason(definition, '2022') })[0]?.points).toBe(5);
  });

  it('knows which seasons are split, and every split group names a stage the importers write', () => {
    const stages = new Set([
      'Championship round',
      'Relegation round',
      'Europe play-offs',
      'Conference League play-offs',
    ]);
    for (const definition of COMPETITIONS) {
      for (const split of definition.splits ?? []) {
        expect(split.groups.length, definition.code).toBeGreaterThanOrEqual(2);
        for (const group of split.groups)
          expect(stages.has(group.stage), `${definition.code} ${group.stage}`).toBe(true);
        expect(new Set(split.groups.map((group) => group.code)).size).toBe(split.groups.length);
      }
    }
    const austria = findCompetitionDefinition('at.1');
    const belgium = findCompetitionDefinition('be.1');
    const greece = findCompetitionDefinition('gr.1');
    if (!austria || !belgium || !greece) throw new Error('catalogue');
    expect(splitForSeason(austria, '2024-25')?.groups[0]?.carryOver).toBe('halfRoundedDown');
    expect(splitForSeason(austria, '2017-18')).toBeUndefined();
    expect(splitForSeason(belgium, '2024-25')?.groups.map((group) => group.code)).toEqual([
      'championship',
      'europe',
      'relegation',
    ]);
    expect(splitForSeason(belgium, '2024-25')?.groups[0]?.carryOver).toBe('halfRoundedUp');
    expect(splitForSeason(greece, '2024-25')?.groups.every((group) => group.carryOver === 'full')).toBe(true);
    expect(findCompetitionDefinition('en.1')?.splits).toBeUndefined();
  });
});
