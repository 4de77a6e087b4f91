// Issue #19, "Following and tables": a tournament's page shows its knockout rounds as a bracket, through the
// real pages (needs the production build, as scripts/test.sh makes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason } from '../db/seed/seed-kit.ts';
import { insertTeam } from '../db/teams.ts';
import { findCompetitionDefinition } from '../domain/competitions.ts';
import { insertMatch } from '../tests/helpers/insert-match.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';

describe('a tournament’s page', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  beforeAll(async () => {
    t = await createPageApp();
    const db = t.database.handle.db;
    const definition = findCompetitionDefinition('euro');
    if (!definition) throw new Error('the Euro is not in the catalogue');
    const competitionId = await ensureCompetition(db, definition);
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: '2016',
      name: 'Euro 2016',
      startDate: '2016-06-10',
      endDate: '2016-07-10',
      complete: true,
    });
    const names = ['Poland', 'Portugal', 'Wales', 'Belgium', 'Germany', 'Italy', 'France', 'Iceland'];
    const ids: number[] = [];
    for (const name of names) ids.push(await insertTeam(db, { name, kind: 'national' }));
    const team = (name: string) => ids[names.indexOf(name)] as number;
    const play = async (
      stage: string,
      day: string,
      home: string,
      away: string,
      score: [number, number],
      pens: [number, number] | null = null,
    ) =>
      insertMatch(db, {
        season_id: seasonId,
        stage,
        round: stage,
        kickoff_at: `2016-${day}T19:00:00.000Z`,
        home_team_id: team(home),
        away_team_id: team(away),
        status: 'finished',
        home_score: score[0],
        away_score: score[1],
        home_score_pen: pens?.[0] ?? null,
        away_score_pen: pens?.[1] ?? null,
      });
    // Played in this order; the bracket pairs Poland–Portugal with Wales–Belgium (their winners met).
    await play('Quarter-finals', '06-30', 'Poland', 'Portugal', [1, 1], [3, 5]);
    await play('Quarter-finals', '07-02', 'Germany', 'Italy', [1, 1], [6, 5]);
    await play('Quarter-finals', '07-01', 'Wales', 'Belgium', [3, 1]);
    await play('Quarter-finals', '07-03', 'France', 'Iceland', [5, 2]);
    await play('Semi-finals', '07-06', 'Portugal', 'Wales', [2, 0]);
    await play('Semi-finals', '07-07', 'Germany', 'France', [0, 2]);
    await play('Final', '07-10', 'Portugal', 'France', [1, 0]);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('shows the knockout rounds as a bracket, feeding matches side by side, shoot-outs included', async () => {
    const response = await t.app.request('/league/euro?season=2016');
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll('<!-- -->', '');
    const bracket = /data-testid="bracket"[\s\S]*?<\/ol><\/div>/.exec(html)?.[0] ?? '';
    const rounds = [...bracket.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((found) => found[1]);
    expect(rounds).toEqual(['Quarter-finals', 'Semi-finals', 'Final']);
    const labels = [...bracket.matchAll(/aria-label="([^"]+)"/g)].map((found) => found[1]);
    expect(labels.slice(0, 4)).toEqual([
      'Quarter-finals: Poland v Portugal, 1–1, 3–5 on penalties',
      'Quarter-finals: Wales v Belgium, 3–1',
      'Quarter-finals: Germany v Italy, 1–1, 6–5 on penalties',
      'Quarter-finals: France v Iceland, 5–2',
    ]);
    expect(labels.at(-1)).toBe('Final: Portugal v France, 1–0');
  });
});
