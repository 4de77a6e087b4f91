// Issue #19, "Names, badges and colours", through the real pages (needs the production build, as
// scripts/test.sh makes): lists say "Man City" and "Wolves" with the full name on hover, the team page
// the full name; badges read three letters unique in the competition season and never a status
// ("HT" was Huddersfield); the two sides of a match are never drawn in colours too close to tell apart.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason } from '../db/seed/seed-kit.ts';
import { applyTeamIdentity } from '../db/seed/team-identity/team-identity-step.ts';
import { loadClubDirectory } from '../db/seed/openfootball/clubs.ts';
import { insertTeam } from '../db/teams.ts';
import { STATUS_ABBREVIATIONS } from '../domain/badge-codes.ts';
import { findCompetitionDefinition } from '../domain/competitions.ts';
import { DISTINCT_COLOURS, colourDistance } from '../domain/team-colours.ts';
import { insertMatch } from '../tests/helpers/insert-match.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';

const clubsDir = path.join(process.env.DATA_DIR ?? path.resolve('../shared/data'), 'openfootball', 'clubs');

interface Badge {
  colour: string;
  code: string;
}

/** The badges and visible team names of one match row. */
function readRow(html: string, matchId: number) {
  const row = new RegExp(`<li[^>]*>(?:(?!</li>).)*data-match-id="${matchId}"(?:(?!</li>).)*</li>`, 's').exec(html)?.[0];
  if (!row) throw new Error(`no row for match ${matchId}`);
  const badges: Badge[] = [...row.matchAll(/style="background-color:(#[0-9a-f]{6});[^"]*">([^<]*)<\/span>/gi)].map(
    (found) => ({
      colour: found[1] as string,
      code: found[2] as string,
    }),
  );
  const names = [...row.matchAll(/<span class="truncate"(?: title="([^"]*)")?>([^<]*)<\/span>/g)].map((found) => ({
    title: found[1] ?? null,
    text: found[2] as string,
  }));
  return { badges, names };
}

describe('team names, badges and colours on the pages', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  const ids: Record<string, number> = {};
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createPageApp();
    const db = t.database.handle.db;
    const definition = findCompetitionDefinition('en.1');
    if (!definition) throw new Error('en.1 is not in the catalogue');
    const competitionId = await ensureCompetition(db, definition);
    const year = Number(day.slice(0, 4));
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: `${year - 1}-${String(year % 100).padStart(2, '0')}`,
      name: 'Premier League',
      startDate: null,
      endDate: null,
      complete: false,
    });
    const clubs = [
      ['city', 'Manchester City FC'],
      ['huddersfield', 'Huddersfield Town AFC'],
      ['wolves', 'Wolverhampton Wanderers FC'],
      ['spurs', 'Tottenham Hotspur FC'],
      ['swansea', 'Swansea City AFC'],
      ['stoke', 'Stoke City FC'],
      ['southampton', 'Southampton FC'],
      ['burnley', 'Burnley FC'],
    ] as const;
    for (const [key, name] of clubs) ids[key] = await insertTeam(db, { name, kind: 'club', countryCode: 'ENG' });
    // Two sides whose colours are all but the same, as the hashed palette made France and Croatia.
    await db
      .updateTable('team')
      .set({ colour_primary: '#1b7e1b', colour_secondary: '#207a2a' })
      .where('id', '=', ids.southampton!)
      .execute();
    await db
      .updateTable('team')
      .set({ colour_primary: '#1b7e44', colour_secondary: '#1e7f30' })
      .where('id', '=', ids.burnley!)
      .execute();
    const pairs = [
      ['city', 'huddersfield'],
      ['wolves', 'spurs'],
      ['swansea', 'stoke'],
      ['southampton', 'burnley'],
    ] as const;
    for (const [home, away] of pairs) {
      ids[`${home}-${away}`] = await insertMatch(db, {
        season_id: seasonId,
        round: 'Matchday 20',
        kickoff_at: `${day}T15:00:00.000Z`,
        home_team_id: ids[home]!,
        away_team_id: ids[away]!,
        status: 'finished',
        home_score: 2,
        away_score: 1,
      });
    }
    // Wyscout names him "Sergio Leonel Agüero del Castillo", short "S. Agüero".
    const player = await db
      .insertInto('player')
      .values({
        name: 'Sergio Leonel Agüero del Castillo',
        short_name: 'S. Agüero',
        birth_date: null,
        country: null,
        position: 'FW',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('match_event')
      .values({
        match_id: ids['city-huddersfield']!,
        seq: 1,
        period: '1H',
        minute: 12,
        added_minute: null,
        second: null,
        type: 'goal',
        team_id: ids.city!,
        player_id: player.id,
        related_player_id: null,
        detail: null,
      })
      .execute();
    // The seed's last step, as `npm run db:seed` runs it.
    await applyTeamIdentity(db, existsSync(clubsDir) ? loadClubDirectory(clubsDir) : null);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = async (address: string) => {
    const response = await t.app.request(address);
    expect(response.status, address).toBe(200);
    return response.text();
  };

  it('lists use the short name fans use, with the full name on hover; the team page the full name', async () => {
    const html = await page(`/?date=${day}`);
    expect(readRow(html, ids['city-huddersfield']!).names).toEqual([
      { text: 'Man City', title: 'Manchester City FC' },
      { text: 'Huddersfield', title: 'Huddersfield Town AFC' },
    ]);
    expect(readRow(html, ids['wolves-spurs']!).names.map((name) => name.text)).toEqual(['Wolves', 'Spurs']);
    const league = await page('/league/en.1');
    expect(league).toMatch(/<a[^>]*title="Manchester City FC"[^>]*>Man City<\/a>/);
    expect(league).not.toMatch(/>Manchester City FC<\/a>/);
    // The score header of the match page, too.
    const match = await page(`/match/${ids['city-huddersfield']}`);
    expect(match).toMatch(/<p[^>]*title="Manchester City FC"[^>]*>Man City<\/p>/);
    const team = await page(`/team/${ids.city}`);
    expect(team).toMatch(/<h1[^>]*>Manchester City FC<\/h1>/);
  });

  it('players appear under the name fans know, the full name on hover', async () => {
    const html = await page('/league/en.1');
    expect(html).toContain('S. Agüero');
    expect(html).not.toContain('>Sergio Leonel Agüero del Castillo<');
  });

  it('badges read three letters, unique in the season and never a match status', async () => {
    const html = await page(`/?date=${day}`);
    const codes = Object.keys(ids)
      .filter((key) => key.includes('-'))
      .flatMap((key) => readRow(html, ids[key]!).badges.map((badge) => badge.code));
    expect(codes).toHaveLength(8);
    expect(new Set(codes).size, codes.join(' ')).toBe(8);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(STATUS_ABBREVIATIONS.includes(code), code).toBe(false);
    }
    expect(readRow(html, ids['city-huddersfield']!).badges.map((badge) => badge.code)).toEqual(['MCI', 'HUD']);
    expect(readRow(html, ids['swansea-stoke']!).badges.map((badge) => badge.code)).toEqual(['SWA', 'STK']);
  });

  it('never draws the two sides of a match in colours too close to tell apart, and uses known kit colours', async () => {
    const html = await page(`/?date=${day}`);
    const [home, away] = readRow(html, ids['southampton-burnley']!).badges;
    expect(colourDistance('#1b7e1b', '#1b7e44')).toBeLessThan(DISTINCT_COLOURS);
    expect(colourDistance(home!.colour, away!.colour)).toBeGreaterThanOrEqual(DISTINCT_COLOURS);
    expect(readRow(html, ids['city-huddersfield']!).badges[0]?.colour).toBe('#6cabdd');
  });
});
