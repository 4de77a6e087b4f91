// The match page's model odds (issue #24) through the real pages (needs the production build, as
// scripts/test.sh makes), on a small league of its own: the panel is server-rendered with every market,
// labelled and 18+, in the visitor's price format from the first byte; a visitor who hides odds gets none
// in the HTML; a finished match shows its walk-forward pre-match odds with the outcome marked and the
// win-probability graph; and the CMS switch (odds.settings) takes every trace of betting off the page —
// and puts it back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason } from '../db/seed/seed-kit.ts';
import { insertTeam } from '../db/teams.ts';
import { inTransaction } from '../db/transaction.ts';
import { findCompetitionDefinition } from '../domain/competitions.ts';
import { matchOddsSchema, type MatchOdds } from '../domain/odds-contracts.ts';
import { formatPrice } from '../domain/odds/prices.ts';
import { insertMatch } from '../tests/helpers/insert-match.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const CLUBS = ['Ashby', 'Bramley', 'Colwick', 'Denholm', 'Elford', 'Farleigh', 'Gosforth', 'Harwood'];

/** Every pair twice (home and away), a week apart from 1 August, with made-up but steady scores. */
function season(): Array<{ home: number; away: number; kickoffAt: string; score: [number, number] }> {
  const out: Array<{ home: number; away: number; kickoffAt: string; score: [number, number] }> = [];
  let day = 0;
  for (let home = 0; home < CLUBS.length; home += 1)
    for (let away = 0; away < CLUBS.length; away += 1) {
      if (home === away) continue;
      // The lower the index the stronger the club; home sides score a little more.
      const homeGoals = (home + 2 * away + day) % 4 === 0 ? 3 : Math.max(0, Math.round((away - home) / 3) + 1);
      const awayGoals = Math.max(0, Math.round((home - away) / 3) + ((day + away) % 3 === 0 ? 1 : 0));
      const kickoff = new Date(Date.parse('2026-08-01T15:00:00Z') + Math.floor(day / 4) * 86_400_000 * 2);
      out.push({ home, away, kickoffAt: kickoff.toISOString(), score: [homeGoals, awayGoals] });
      day += 1;
    }
  return out;
}

describe('model odds on the match page', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  let upcoming = 0;
  let played = 0;
  let staffId = 0;

  beforeAll(async () => {
    t = await createPageApp({ clock: { now: () => new Date(NOW) } });
    const db = t.database.handle.db;
    const league = findCompetitionDefinition('en.1');
    if (!league) throw new Error('the catalogue lacks en.1');
    const competitionId = await ensureCompetition(db, league);
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: '2026-27',
      name: 'Premier League 2026/27',
      startDate: '2026-08-01',
      endDate: '2027-05-23',
      complete: false,
    });
    const teams: number[] = [];
    for (const name of CLUBS) teams.push(await insertTeam(db, { name: `${name} Town`, kind: 'club' }));
    for (const game of season())
      await insertMatch(db, {
        season_id: seasonId,
        home_team_id: teams[game.home] as number,
        away_team_id: teams[game.away] as number,
        kickoff_at: game.kickoffAt,
        status: 'finished',
        home_score: game.score[0],
        away_score: game.score[1],
      });
    played = await insertMatch(db, {
      season_id: seasonId,
      home_team_id: teams[0] as number,
      away_team_id: teams[7] as number,
      kickoff_at: '2026-11-15T15:00:00Z',
      status: 'finished',
      home_score: 2,
      away_score: 0,
      has_events: 1,
    });
    // Its two goals, both Ashby's, in the first half and the second.
    await db
      .insertInto('match_event')
      .values(
        [
          [1, '1H', 23],
          [2, '2H', 67],
        ].map(([seq, period, minute]) => ({
          match_id: played,
          seq: seq as number,
          period: period as string,
          minute: minute as number,
          added_minute: null,
          second: null,
          type: 'goal',
          team_id: teams[0] as number,
          player_id: null,
          related_player_id: null,
          detail: null,
          source_key: null,
        })),
      )
      .execute();
    upcoming = await insertMatch(db, {
      season_id: seasonId,
      home_team_id: teams[1] as number,
      away_team_id: teams[6] as number,
      kickoff_at: '2026-11-29T15:00:00Z',
      status: 'scheduled',
    });
    const staff = await t.services.accounts.createStaffUser({
      email: 'odds-admin@example.com',
      password: 'correct horse battery staple',
      displayName: 'Odds admin',
      role: 'admin',
    });
    if (!staff.ok) throw new Error(staff.message);
    staffId = staff.user.id;
  }, 60_000);

  afterAll(async () => {
    await t?.services.odds.settle();
    await t?.close();
  });

  const page = async (path: string, cookie?: string) => {
    const response = await t.app.request(`http://scoreline.test${path}`, cookie ? { headers: { cookie } } : {});
    return { status: response.status, html: await response.text() };
  };
  const apiOdds = async (id: number): Promise<MatchOdds> => {
    const response = await t.app.request(`http://scoreline.test/api/matches/${id}/odds`);
    expect(response.status).toBe(200);
    return matchOddsSchema.parse(await response.json());
  };
  /** The price the page shows for one outcome. */
  const shownPrice = (html: string, market: string, outcome: string) => {
    const card = html.slice(html.indexOf(`data-market="${market}"`));
    const row = card.slice(card.indexOf(`data-outcome="${outcome}"`));
    return /data-testid="odds-price">([^<]*)</.exec(row)?.[1];
  };

  it('renders a match to come with every market, labelled as model odds, 18+, prices beside chances', async () => {
    const odds = await apiOdds(upcoming);
    const { status, html } = await page(`/match/${upcoming}`);
    expect(status).toBe(200);
    expect(html).toContain('data-testid="odds-panel"');
    expect(html).toContain('Model odds — not a bookmaker’s offer');
    expect(html).toContain('18+ only');
    for (const market of [
      '1x2',
      'two_way',
      'over_under_2_5',
      'odd_even',
      'btts',
      'last_team_to_score',
      'correct_score',
    ])
      expect(html).toContain(`data-market="${market}"`);
    const home = odds.preMatch.markets['1x2'].home;
    expect(shownPrice(html, '1x2', 'home')).toBe(home.price?.toFixed(2));
    expect(html).toContain(`${(home.p * 100).toFixed(1)}%`);
    expect(html).toContain('Fair prices');
    // Nothing links out: no bookmaker, no affiliate code.
    const panel = html.slice(
      html.indexOf('data-testid="odds-panel"'),
      html.indexOf('</section>', html.indexOf('data-testid="odds-panel"')),
    );
    expect(panel).not.toContain('<a ');
  });

  it('renders the format the visitor chose from the first byte', async () => {
    const odds = await apiOdds(upcoming);
    const { html } = await page(`/match/${upcoming}`, 'odds-format=fractional');
    expect(shownPrice(html, '1x2', 'home')).toBe(formatPrice(odds.preMatch.markets['1x2'].home.price, 'fractional'));
    const american = await page(`/match/${upcoming}`, 'odds-format=american');
    expect(shownPrice(american.html, '1x2', 'home')).toBe(
      formatPrice(odds.preMatch.markets['1x2'].home.price, 'american'),
    );
  });

  it('sends no odds at all to a visitor who hides them, only the way back', async () => {
    const { html } = await page(`/match/${upcoming}`, 'odds-hidden=1');
    expect(html).toContain('Model odds are hidden on this device.');
    expect(html).not.toContain('data-market=');
    expect(html).not.toContain('bookmaker');
  });

  it('shows a finished match’s walk-forward odds with the outcome marked, and its win-probability graph', async () => {
    const odds = await apiOdds(played);
    expect(odds.live?.settled).toBe(true);
    const { html } = await page(`/match/${played}`);
    expect(html).toContain(
      `Full time. The model’s odds before kick-off, from results up to ${odds.model.trainedUntil} only`,
    );
    expect(shownPrice(html, '1x2', 'home')).toBe(odds.preMatch.markets['1x2'].home.price?.toFixed(2));
    expect(html).toMatch(/data-outcome="home"[^>]*><th[^>]*>Ashby Town win<span[^>]*>Happened</);
    expect(html).toContain('data-testid="win-probability"');
    expect(html).toContain('At the final whistle: Ashby Town 100%');
  });

  it('takes every trace of betting off the page when staff switch odds off, and brings it back', async () => {
    const setEnabled = (enabled: boolean) =>
      inTransaction(t.database.handle.db, (trx) => t.services.odds.settings.save(trx, { enabled }, staffId));
    await setEnabled(false);
    try {
      for (const id of [upcoming, played]) {
        const { status, html } = await page(`/match/${id}`);
        expect(status).toBe(200);
        expect(html).toContain('Match centre');
        expect(html).not.toContain('Model odds');
        expect(html).not.toContain('18+');
        expect(html).not.toContain('data-testid="win-probability"');
      }
      // Not even a way to show them again for a visitor who had hidden them.
      expect((await page(`/match/${upcoming}`, 'odds-hidden=1')).html).not.toContain('Model odds');
    } finally {
      await setEnabled(true);
    }
    expect((await page(`/match/${upcoming}`)).html).toContain('data-testid="odds-panel"');
  });
});
