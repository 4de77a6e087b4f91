// Issue #19, "Honest fixtures and results": a match long past its kick-off that never got a result in the
// data is "result not available" — on its own page, in lists, and never a team's next match or a
// league's next fixture. Through the real pages (needs the production build, as scripts/test.sh makes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason } from '../db/seed/seed-kit.ts';
import { insertTeam } from '../db/teams.ts';
import { findCompetitionDefinition } from '../domain/competitions.ts';
import { insertMatch } from '../tests/helpers/insert-match.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';

describe('a past match without a result', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  const ids = { home: 0, stale: 0, next: 0 };
  beforeAll(async () => {
    t = await createPageApp();
    const db = t.database.handle.db;
    const definition = findCompetitionDefinition('gr.1');
    if (!definition) throw new Error('gr.1 is not in the catalogue');
    const competitionId = await ensureCompetition(db, definition);
    const now = Date.now();
    const year = new Date(now).getUTCFullYear();
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: `${year - 1}-${String(year % 100).padStart(2, '0')}`,
      name: 'Super League',
      startDate: new Date(now - 200 * 86_400_000).toISOString().slice(0, 10),
      endDate: new Date(now + 100 * 86_400_000).toISOString().slice(0, 10),
      complete: false,
    });
    ids.home = await insertTeam(db, { name: 'OFI Crete', kind: 'club' });
    const away = await insertTeam(db, { name: 'Olympiakos Piraeus', kind: 'club' });
    const third = await insertTeam(db, { name: 'Aris Thessaloniki', kind: 'club' });
    const insert = (homeId: number, awayId: number, kickoffMs: number) =>
      insertMatch(db, {
        season_id: seasonId,
        round: 'Matchday 20',
        kickoff_at: new Date(kickoffMs).toISOString(),
        home_team_id: homeId,
        away_team_id: awayId,
        status: 'scheduled',
      });
    ids.stale = await insert(ids.home, away, now - 10 * 86_400_000);
    ids.next = await insert(third, ids.home, now + 3 * 86_400_000);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = async (path: string) => {
    const response = await t.app.request(path);
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it('says "Result not available" on its page, never "Not started"', async () => {
    const html = await page(`/match/${ids.stale}`);
    expect(html).toContain('Result not available');
    expect(html).not.toContain('Not started');
  });

  it('is not the team’s next match: the real next one is', async () => {
    const html = await page(`/team/${ids.home}`);
    const nextPanel = /id="next-match"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(nextPanel).toContain(`/match/${ids.next}`);
    expect(nextPanel).not.toContain(`/match/${ids.stale}`);
    expect(html).toContain('Result not available');
  });

  it('is not among the league’s next fixtures', async () => {
    const html = await page('/league/gr.1');
    const fixtures = /data-testid="summary-fixtures"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    expect(fixtures).toContain(`/match/${ids.next}`);
    expect(fixtures).not.toContain(`/match/${ids.stale}`);
  });

  it('a ?date= that is not a date shows today and says so, instead of silently', async () => {
    const html = await page('/?date=not-a-date');
    expect(html).toContain('is not a date we can show (use YYYY-MM-DD), so here is today.');
    expect(html).toContain('not-a-date');
    expect(await page('/')).not.toContain('is not a date we can show');
  });
});
