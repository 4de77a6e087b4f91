// A busy matchday for budgets and benchmarks (issue #5): twelve real
// competitions from the catalogue, ten matches each on one date, with invented
// but real-shaped club names — finished, live and scheduled matches side by
// side, the way a Saturday looks on the home page.
import { COMPETITIONS } from '../../domain/competitions.ts';
import { ensureCompetition, ensureSeason, type SeedDb } from '../../db/seed/seed-kit.ts';
import { insertTeam } from '../../db/teams.ts';

const TOWNS = [
  'Northbridge',
  'Easthaven',
  'Southmere',
  'Westfold',
  'Kingsport',
  'Riverton',
  'Highcliff',
  'Lowmoor',
  'Ashford',
  'Bramley',
  'Carrow',
  'Dunmore',
  'Elmstead',
  'Fairhaven',
  'Glenwood',
  'Hartley',
  'Ironbridge',
  'Kelso',
  'Larkhill',
  'Marston',
];
const SUFFIXES = ['United', 'City', 'Athletic', 'Rovers', 'Town', 'Wanderers', 'Albion', 'Sporting', 'FC', 'Olympic'];
const LEAGUES = ['en.1', 'es.1', 'de.1', 'it.1', 'fr.1', 'nl.1', 'pt.1', 'en.2', 'tr.1', 'sco.1', 'be.1', 'br.1'];
export const BUSY_DAY_MATCHES_PER_COMPETITION = 10;

export interface BusyDay {
  date: string;
  matchIds: number[];
  teamIds: number[];
  competitionCodes: string[];
}

/** Seeds 120 matches kicking off on `date` (YYYY-MM-DD, UTC): 40 finished, 20 live, 60 to come. */
export async function seedBusyDay(db: SeedDb, date: string): Promise<BusyDay> {
  const matchIds: number[] = [];
  const teamIds: number[] = [];
  const now = new Date().toISOString();
  for (const [leagueIndex, code] of LEAGUES.entries()) {
    const definition = COMPETITIONS.find((competition) => competition.code === code);
    if (!definition) throw new Error(`busy day: ${code} is not in the catalogue`);
    const competitionId = await ensureCompetition(db, definition);
    const year = Number(date.slice(0, 4));
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: `${year}-${String((year + 1) % 100).padStart(2, '0')}`,
      name: `${definition.name} ${year}/${String((year + 1) % 100).padStart(2, '0')}`,
      startDate: `${year}-08-01`,
      endDate: `${year + 1}-05-31`,
      complete: false,
    });
    const teams: number[] = [];
    for (let index = 0; index < BUSY_DAY_MATCHES_PER_COMPETITION * 2; index += 1) {
      const town = TOWNS[index] as string;
      const suffix = SUFFIXES[(index + leagueIndex) % SUFFIXES.length] as string;
      teams.push(await insertTeam(db, { name: `${town} ${suffix} ${definition.areaName}`, kind: 'club' }));
    }
    teamIds.push(...teams);
    for (let index = 0; index < BUSY_DAY_MATCHES_PER_COMPETITION; index += 1) {
      const state = index < 4 ? 'finished' : index < 6 ? 'live' : 'scheduled';
      const hour = 11 + ((index + leagueIndex) % 10);
      const row = await db
        .insertInto('match')
        .values({
          season_id: seasonId,
          stage: 'Regular season',
          round: 'Matchday 12',
          group_name: null,
          kickoff_at: `${date}T${String(hour).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}:00.000Z`,
          kickoff_time_known: 1,
          home_team_id: teams[index * 2] as number,
          away_team_id: teams[index * 2 + 1] as number,
          venue_id: null,
          status: state,
          minute: state === 'live' ? 30 + index * 7 : null,
          home_score: state === 'scheduled' ? null : (index * 3 + leagueIndex) % 4,
          away_score: state === 'scheduled' ? null : (index + leagueIndex * 2) % 3,
          home_score_ht: null,
          away_score_ht: null,
          home_score_et: null,
          away_score_et: null,
          home_score_pen: null,
          away_score_pen: null,
          has_events: 0,
          source: 'synthetic',
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      matchIds.push(Number(row.id));
    }
  }
  return { date, matchIds, teamIds, competitionCodes: LEAGUES };
}
