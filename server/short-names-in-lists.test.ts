// Issue #19, "Names, badges and colours", where a team or player appears in a list beyond match rows and
// tables (needs the production build, as scripts/test.sh makes): the search results and suggestions say
// "Man City" with the badge code team-identity stored and the full name on hover; the team page's squad
// lists players as fans know them ("P. Dybala"), the full name on hover, and the full name for players who
// share a short name ("Martínez" three times tells no one apart); the header keeps the full team name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason } from '../db/seed/seed-kit.ts';
import { applyTeamIdentity } from '../db/seed/team-identity/team-identity-step.ts';
import { insertTeam } from '../db/teams.ts';
import { findCompetitionDefinition } from '../domain/competitions.ts';
import type { SearchResult } from '../domain/football-contracts.ts';
import { insertMatch } from '../tests/helpers/insert-match.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';

describe('short names in search results and the squad list', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createPageApp();
    const db = t.database.handle.db;
    const definition = findCompetitionDefinition('en.1');
    if (!definition) throw new Error('en.1 is not in the catalogue');
    const competitionId = await ensureCompetition(db, definition);
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: '2023-24',
      name: 'Premier League 2023/24',
      startDate: '2023-08-11',
      endDate: '2024-05-19',
      complete: true,
    });
    ids.city = await insertTeam(db, { name: 'Manchester City FC', kind: 'club', countryCode: 'ENG' });
    ids.wolves = await insertTeam(db, { name: 'Wolverhampton Wanderers FC', kind: 'club', countryCode: 'ENG' });
    await insertMatch(db, {
      season_id: seasonId,
      kickoff_at: '2024-01-13T15:00:00.000Z',
      home_team_id: ids.city,
      away_team_id: ids.wolves,
      status: 'finished',
      home_score: 3,
      away_score: 1,
    });
    const players: Array<[string, string, number]> = [
      ['Paulo Bruno Exequiel Dybala', 'P. Dybala', 21],
      ['Lautaro Martínez', 'Martínez', 22],
      ['Emiliano Martínez', 'Martínez', 23],
      ['Rodri', 'Rodri', 16],
    ];
    for (const [name, shortName, shirt] of players) {
      const player = await db
        .insertInto('player')
        .values({ name, short_name: shortName, birth_date: null, country: null, position: 'MF' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('squad_member')
        .values({ season_id: seasonId, team_id: ids.city, player_id: player.id, shirt_number: shirt, position: 'MF' })
        .execute();
    }
    // The seed's last step, as `npm run db:seed` runs it: short names and badge codes.
    await applyTeamIdentity(db, null);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = async (address: string) => {
    const response = await t.app.request(address);
    expect(response.status, address).toBe(200);
    return response.text();
  };

  it('the search API gives each team its short name and badge code, as match rows have them', async () => {
    const response = await t.app.request('/api/search?q=manchester');
    const { teams } = (await response.json()) as SearchResult;
    expect(teams[0]).toMatchObject({ name: 'Manchester City FC', shortName: 'Man City', code: 'MCI' });
  });

  it('the search results page lists "Man City" with its badge code, the full name on hover', async () => {
    const html = await page('/team?q=manchester');
    const teams = /data-testid="search-teams"(?:(?!<\/ul>).)*<\/ul>/s.exec(html)?.[0] ?? '';
    expect(teams).toMatch(/<a[^>]*title="Manchester City FC"[^>]*>Man City<\/a>/);
    expect(teams).toMatch(/>MCI<\/span>/);
    expect(teams).not.toContain('>Manchester City FC<');
  });

  it('the squad lists players as fans know them, the full name on hover or where a short name is shared', async () => {
    const html = await page(`/team/${ids.city}`);
    expect(html).toMatch(/<h1[^>]*>Manchester City FC<\/h1>/);
    const squad = /data-testid="squad"(?:(?!<\/section>).)*/s.exec(html)?.[0] ?? '';
    expect(squad).toMatch(/<span title="Paulo Bruno Exequiel Dybala">P. Dybala<\/span>/);
    expect(squad).toMatch(/<span>Lautaro Martínez<\/span>/);
    expect(squad).toMatch(/<span>Emiliano Martínez<\/span>/);
    expect(squad).toMatch(/<span>Rodri<\/span>/);
    expect(squad).not.toContain('>Martínez<');
  });
});
