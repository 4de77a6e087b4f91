// Issue #19, "Match centre details", through the real pages (needs the production build, as scripts/test.sh
// makes): a finished match without event data says so instead of "yet"; a tournament's knockout match names
// its round, not openfootball's running matchday; commentary reads in match order, newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason } from '../db/seed/seed-kit.ts';
import { insertTeam } from '../db/teams.ts';
import { findCompetitionDefinition } from '../domain/competitions.ts';
import { insertMatch } from '../tests/helpers/insert-match.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';

describe('the match centre', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  let bare = 0;
  let talked = 0;
  let shootout = 0;
  beforeAll(async () => {
    t = await createPageApp();
    const db = t.database.handle.db;
    const definition = findCompetitionDefinition('world.cup');
    if (!definition) throw new Error('the World Cup is not in the catalogue');
    const competitionId = await ensureCompetition(db, definition);
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: '2014',
      name: 'World Cup 2014',
      startDate: '2014-06-12',
      endDate: '2014-07-13',
      complete: true,
    });
    const home = await insertTeam(db, { name: 'Brazil', kind: 'national' });
    const away = await insertTeam(db, { name: 'Chile', kind: 'national' });
    const insert = (hasEvents: number) =>
      insertMatch(db, {
        season_id: seasonId,
        stage: 'Round of 16',
        round: 'Matchday 9',
        kickoff_at: '2014-06-28T16:00:00.000Z',
        home_team_id: home,
        away_team_id: away,
        status: 'finished',
        home_score: 1,
        away_score: 0,
        has_events: hasEvents,
      });
    bare = await insert(0);
    talked = await insert(1);
    shootout = await insert(1);
    await db
      .updateTable('match')
      .set({ home_score: 1, away_score: 1, home_score_pen: 3, away_score_pen: 2 })
      .where('id', '=', shootout)
      .execute();
    // The kicks, home first: scored, scored, missed, scored, scored (3–2 after five kicks).
    const kicks: Array<[number, 'shootout_goal' | 'shootout_miss']> = [
      [home, 'shootout_goal'],
      [away, 'shootout_goal'],
      [home, 'shootout_miss'],
      [away, 'shootout_miss'],
      [home, 'shootout_goal'],
      [away, 'shootout_goal'],
      [home, 'shootout_goal'],
      [away, 'shootout_miss'],
    ];
    await db
      .insertInto('match_event')
      .values(
        kicks.map(([teamId, type], index) => ({
          match_id: shootout,
          seq: 10 + index,
          period: 'P',
          minute: 120,
          added_minute: null,
          second: null,
          type,
          team_id: teamId,
          player_id: null,
          related_player_id: null,
          detail: null,
          source_key: null,
        })),
      )
      .execute();
    // Written as a first snapshot writes them: the key event's line before the kick-off's.
    await db
      .insertInto('match_commentary')
      .values([
        {
          match_id: talked,
          seq: 1,
          source_key: 'e:g1',
          period: '1H',
          minute: 18,
          added_minute: null,
          kind: 'goal',
          text: 'Goal! Brazil 1–0 Chile.',
        },
        {
          match_id: talked,
          seq: 2,
          source_key: 'm:ko',
          period: '1H',
          minute: 1,
          added_minute: null,
          kind: 'info',
          text: 'Kick-off in Belo Horizonte.',
        },
        {
          match_id: talked,
          seq: 3,
          source_key: 'ft',
          period: 'FT',
          minute: 90,
          added_minute: null,
          kind: 'info',
          text: 'Full time: Brazil 1–0 Chile.',
        },
      ])
      .execute();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = async (path: string) => {
    const response = await t.app.request(path);
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it('says the data has no timeline or statistics for a finished match, not that they are still to come', async () => {
    const html = await page(`/match/${bare}`);
    expect(html).toContain('No timeline for this match in our data.');
    expect(html).toContain('No statistics for this match in our data.');
    expect(html).not.toContain('No goals, cards or substitutions yet.');
    expect(html).not.toContain('Statistics appear once the match is under way.');
  });

  it('names a knockout round as fans do', async () => {
    const html = await page(`/match/${bare}`);
    const header = /<header[\s\S]*?<\/header>/.exec(html.slice(html.indexOf('<main')))?.[0] ?? '';
    expect(header.replaceAll('<!-- -->', '')).toContain('FIFA World Cup · Round of 16');
    expect(header).not.toContain('Matchday 9');
    // The page's structured data says the same (the page's data still carries the source's own round).
    expect(html).toContain('"description":"FIFA World Cup, Round of 16: Brazil v Chile."');
  });

  it('lists commentary in match order, newest first', async () => {
    const html = await page(`/match/${talked}`);
    const commentary = /data-testid="commentary"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? '';
    const order = ['Full time', 'Goal!', 'Kick-off'].map((text) => commentary.indexOf(text));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('shows a shoot-out’s score, and its kicks in order with the score after each', async () => {
    const html = (await page(`/match/${shootout}`)).replaceAll('<!-- -->', '');
    const timeline = /data-testid="timeline"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? '';
    expect(timeline).toContain('Pens 3–2');
    const scores = [...timeline.matchAll(/<span class="w-12[^"]*">([^<]+)<\/span>/g)].map((found) => found[1]);
    expect(scores).toEqual(['1–0', '1–1', '1–1', '1–1', '2–1', '2–2', '3–2', '3–2']);
  });

  it('writes commentary from the events of a finished match that was not followed live', async () => {
    const html = (await page(`/match/${shootout}`)).replaceAll('<!-- -->', '');
    const commentary = /data-testid="commentary"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? '';
    expect(commentary).toContain('Shoot-out: Brazil 3–2 Chile.');
    expect(html).not.toContain('There is no commentary for this match');
  });
});
