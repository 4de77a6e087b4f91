// Issue #19: short names from the clubs directory and the curated facts, badge codes unique within a
// competition season and never a status, kit colours where known; a second run writes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { STATUS_ABBREVIATIONS } from '../../../domain/badge-codes.ts';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../../tests/helpers/test-database.ts';
import { insertTeam } from '../../teams.ts';
import { ClubDirectory, parseClubsText } from '../openfootball/clubs.ts';
import { ensureCompetition, ensureSeason, type SeedDb } from '../seed-kit.ts';
import { directoryShortName } from './short-names.ts';
import { applyTeamIdentity } from './team-identity-step.ts';

const CLUBS = `
= England
Manchester City FC, 1880, @ Etihad Stadium,  Manchester
  | Man City | Manchester City | Man. City | Manchester C.
Wolverhampton Wanderers FC,    @ Molineux,  Wolverhampton
  | Wolves | Wolverhampton | Wolverhampton Wand. | Wolverhampton Wanderers
Huddersfield Town AFC,  @ John Smith's Stadium,  Huddersfield
  | Huddersfield | Huddersfield Town
Swansea City AFC, Swansea
  | Swansea | Swansea City
Stoke City FC, 1863, Stoke-on-Trent
  | Stoke | Stoke City
Southampton FC, Southampton
  | Southampton
`;

describe('short names from the clubs directory', () => {
  it('takes the first other name fans use, never an abbreviation or a truncation', () => {
    expect(directoryShortName('Manchester City FC', ['Man City', 'Manchester City', 'Man. City'])).toBe('Man City');
    expect(directoryShortName('Wolverhampton Wanderers FC', ['Wolves', 'Wolverhampton'])).toBe('Wolves');
    expect(directoryShortName('Bayer 04 Leverkusen', ['Leverk.', 'Leverkusen', 'Bayer'])).toBe('Leverkusen');
    expect(directoryShortName('Juventus', ['Juventus Torino', 'Juventus FC'])).toBe('Juventus');
    expect(directoryShortName('Arsenal FC', [])).toBe('Arsenal');
  });
});

describe.each(TEST_ENGINES)('team identity step on %s', (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  async function addSeason(db: SeedDb, code: string, teamIds: number[]) {
    const definition = findCompetitionDefinition('en.1');
    if (!definition) throw new Error('en.1 is not in the catalogue');
    const competitionId = await ensureCompetition(db, definition);
    const seasonId = await ensureSeason(db, {
      competitionId,
      code,
      name: code,
      startDate: null,
      endDate: null,
      complete: true,
    });
    for (let index = 0; index + 1 < teamIds.length; index += 2) {
      await db
        .insertInto('match')
        .values({
          season_id: seasonId,
          stage: null,
          round: 'Matchday 1',
          group_name: null,
          kickoff_at: `${code.slice(0, 4)}-08-1${index}T14:00:00.000Z`,
          kickoff_time_known: 1,
          home_team_id: teamIds[index]!,
          away_team_id: teamIds[index + 1]!,
          venue_id: null,
          status: 'finished',
          minute: null,
          home_score: 1,
          away_score: 0,
          has_events: 0,
          source: 'test',
          updated_at: '2020-01-01T00:00:00.000Z',
        })
        .execute();
    }
  }

  it('gives clubs their short names, season-unique letter codes and known colours; nations their FIFA code', async () => {
    database = await createTestDatabase(engine);
    const db = database.handle.db;
    const club = (name: string) =>
      insertTeam(db, { name, shortName: name.replace(/ A?FC$/, ''), kind: 'club', countryCode: 'ENG' });
    const city = await club('Manchester City FC');
    const wolves = await club('Wolverhampton Wanderers FC');
    const huddersfield = await club('Huddersfield Town AFC');
    const swansea = await club('Swansea City AFC');
    const stoke = await club('Stoke City FC');
    const southampton = await club('Southampton FC');
    const sheffield = await insertTeam(db, { name: 'Sheffield Wednesday FC', kind: 'club', countryCode: 'ENG' });
    const shrewsbury = await insertTeam(db, { name: 'Shrewsbury Town FC', kind: 'club', countryCode: 'ENG' });
    const slovakia = await insertTeam(db, { name: 'Slovakia', kind: 'national', code: 'SVK' });
    const slovenia = await insertTeam(db, { name: 'Slovenia', kind: 'national', code: 'SVN' });
    await addSeason(db, '2017-18', [city, wolves, huddersfield, swansea, stoke, southampton, sheffield, shrewsbury]);
    await addSeason(db, '2016-17', [slovakia, slovenia]);

    const directory = new ClubDirectory(parseClubsText(CLUBS, 'ENG'));
    expect(await applyTeamIdentity(db, directory)).toMatchObject({ teams: 10 });
    const rows = await db.selectFrom('team').select(['id', 'name', 'short_name', 'code', 'colour_primary']).execute();
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    expect(byId.get(city)?.short_name).toBe('Man City');
    expect(byId.get(wolves)?.short_name).toBe('Wolves');
    expect(byId.get(huddersfield)?.short_name).toBe('Huddersfield');
    expect(byId.get(city)?.colour_primary).toBe('#6cabdd');
    expect(byId.get(huddersfield)?.code).toBe('HUD');
    expect(byId.get(slovakia)?.code).toBe('SVK');
    expect(byId.get(slovenia)?.code).toBe('SVN');
    const seasonCodes = [city, wolves, huddersfield, swansea, stoke, southampton, sheffield, shrewsbury].map(
      (id) => byId.get(id)?.code ?? '',
    );
    expect(new Set(seasonCodes).size, seasonCodes.join(' ')).toBe(seasonCodes.length);
    for (const code of seasonCodes) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(STATUS_ABBREVIATIONS.includes(code)).toBe(false);
    }

    // Re-running the seed changes nothing.
    expect(await applyTeamIdentity(db, directory)).toMatchObject({ teamsUpdated: 0 });
  });
});
