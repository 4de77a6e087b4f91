// A small league for the odds module's tests (issue #24): ten teams of falling strength and a seeded
// double round robin of results, one matchday a week from 1 July 2026, in en.1 2026-27.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { ensureCompetition, ensureSeason } from '../../../db/seed/seed-kit.ts';
import { insertTeam } from '../../../db/teams.ts';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import { insertMatch } from '../../../tests/helpers/insert-match.ts';

export const TEAMS = [
  'Alderley',
  'Brookfield',
  'Castleton',
  'Dunmore',
  'Eastwick',
  'Fairholme',
  'Glenbrook',
  'Hartley',
  'Ivybridge',
  'Juniper',
];
export const FIRST_MATCHDAY = Date.parse('2026-07-01T15:00:00Z');
export const WEEK = 7 * 86_400_000;

/** A seeded generator, so every run plays the same season. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export function poisson(rate: number, next: () => number): number {
  const limit = Math.exp(-rate);
  let k = 0;
  let p = next();
  while (p > limit) {
    k += 1;
    p *= next();
  }
  return k;
}

/** Double round robin (circle method): 18 matchdays of 5 matches, team 0 the strongest. */
export function fixtures(): Array<{ day: number; home: number; away: number }> {
  const n = TEAMS.length;
  const out: Array<{ day: number; home: number; away: number }> = [];
  const order = [...Array(n).keys()];
  for (let round = 0; round < n - 1; round += 1) {
    for (let i = 0; i < n / 2; i += 1) {
      const a = order[i] as number;
      const b = order[n - 1 - i] as number;
      out.push({ day: round, home: round % 2 === 0 ? a : b, away: round % 2 === 0 ? b : a });
      out.push({ day: round + n - 1, home: round % 2 === 0 ? b : a, away: round % 2 === 0 ? a : b });
    }
    order.splice(1, 0, order.pop() as number);
  }
  return out.sort((x, y) => x.day - y.day);
}

export interface TestLeague {
  seasonId: number;
  teamIds: number[];
  /** Every result's id, in the order played. */
  matchIds: number[];
  /** The first match of matchday `day` (0-based). */
  firstOf(day: number): number;
}

/** Writes the league; `suffix` keeps team names apart from other data in the same database. */
export async function seedTestLeague(db: Kysely<Database>, suffix = 'Odds FC'): Promise<TestLeague> {
  const league = findCompetitionDefinition('en.1');
  if (!league) throw new Error('the catalogue lacks en.1');
  const competitionId = await ensureCompetition(db, league);
  const seasonId = await ensureSeason(db, {
    competitionId,
    code: '2026-27',
    name: 'Premier League 2026/27',
    startDate: '2026-07-01',
    endDate: '2027-05-23',
    complete: false,
  });
  const teamIds: number[] = [];
  for (const name of TEAMS) teamIds.push(await insertTeam(db, { name: `${name} ${suffix}`, kind: 'club' }));
  const next = random(24);
  // Strength falls with the team's index: the first scores most and lets in least.
  const rate = (attacker: number, defender: number, home: boolean) =>
    Math.exp(0.25 - 0.07 * attacker + 0.05 * defender + (home ? 0.15 : -0.1) - 0.3);
  const matchIds: number[] = [];
  const firsts = new Map<number, number>();
  for (const [index, fixture] of fixtures().entries()) {
    const id = await insertMatch(db, {
      season_id: seasonId,
      home_team_id: teamIds[fixture.home] as number,
      away_team_id: teamIds[fixture.away] as number,
      kickoff_at: new Date(FIRST_MATCHDAY + fixture.day * WEEK + (index % 5) * 3_600_000).toISOString(),
      status: 'finished',
      home_score: poisson(rate(fixture.home, fixture.away, true), next),
      away_score: poisson(rate(fixture.away, fixture.home, false), next),
    });
    matchIds.push(id);
    if (!firsts.has(fixture.day)) firsts.set(fixture.day, id);
  }
  return { seasonId, teamIds, matchIds, firstOf: (day) => firsts.get(day) ?? 0 };
}
