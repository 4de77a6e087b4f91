// @vitest-environment jsdom
// The odds panel as a visitor meets it (issue #24): the label and 18+ note,
// every market with chances and prices, arrows when the live prices move, the
// format a visitor picks (kept in a cookie the server reads), "hide odds",
// and a finished match's pre-match odds with what happened marked.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import type { LiveOdds, MatchOdds, WinProbabilityPoint } from '../../../domain/odds-contracts.ts';
import { marketsFromMatrix, poissonMatrix } from '../../../tests/helpers/odds-fixtures.ts';
import { priceOf as modelPrice } from '../../../domain/odds/prices.ts';
import { marginOf, OddsSections, type OddsSectionsProps } from './odds-sections.tsx';
import type { OddsPageData } from './odds-page-data.ts';

const team = (id: number, name: string) => ({
  id,
  name,
  shortName: name,
  colours: { primary: '#006600', secondary: '#ff0000' },
});
const match: MatchSummary = {
  id: 7,
  competition: { code: 'euro', name: 'Euro', areaName: 'Europe' },
  season: '2016',
  stage: 'Final',
  round: null,
  group: null,
  kickoffAt: '2016-07-10T19:00:00.000Z',
  kickoffTimeKnown: true,
  status: 'live',
  minute: 30,
  home: team(1, 'Portugal'),
  away: team(2, 'France'),
  score: { home: 0, away: 0, halfTime: null, extraTime: null, penalties: null },
  hasEvents: true,
  venue: null,
  clock: null,
  replayOf: null,
};

const preMatch = marketsFromMatrix(poissonMatrix(1.0, 1.3));
const odds: MatchOdds = {
  matchId: 7,
  model: { name: 'Dixon–Coles (test)', fittedAt: '2016-07-09T00:00:00.000Z', trainedUntil: '2016-07-09' },
  preMatch: { markets: preMatch },
  live: null,
};
const data = (over: Partial<OddsPageData> = {}): OddsPageData => ({
  matchId: 7,
  preferences: { format: 'decimal', hidden: false },
  odds,
  points: [],
  position: 0,
  ...over,
});
const inPlay = (minute: number, homeMean: number, awayMean: number): LiveOdds => ({
  minute,
  markets: marketsFromMatrix(poissonMatrix(homeMean, awayMean)),
  settled: false,
});

function stub(props: OddsSectionsProps) {
  return createRoutesStub([{ path: '/match/7', Component: () => <OddsSections {...props} /> }]);
}

const priceOf = (market: string, outcome: string) =>
  document.querySelector(`[data-market="${market}"] tr[data-outcome="${outcome}"] [data-testid="odds-price"]`)
    ?.textContent;

afterEach(() => {
  cleanup();
  document.cookie = 'odds-format=; Max-Age=0; Path=/';
  document.cookie = 'odds-hidden=; Max-Age=0; Path=/';
});

describe('the odds panel', () => {
  it('is labelled as model odds, 18+, with every market’s chances and prices, and no link anywhere', () => {
    const Stub = stub({ match: { ...match, status: 'scheduled', minute: null }, data: data(), live: null, points: [] });
    const html = renderToStaticMarkup(<Stub initialEntries={['/match/7']} />);
    expect(html).toContain('Model odds — not a bookmaker’s offer');
    expect(html).toContain('18+ only');
    expect(html).not.toContain('<a ');
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
    expect(html).toContain(`${(preMatch['1x2'].home.p * 100).toFixed(1)}%`);
    expect(html).toContain(`>${preMatch['1x2'].home.price?.toFixed(2)}<`);
    expect(html).toContain('Before kick-off, from results up to 2016-07-09.');
    expect(html).toContain('Fair prices');
    // No graph before kick-off.
    expect(html).not.toContain('data-testid="win-probability"');
  });

  it('renders the visitor’s format from the server’s first byte', () => {
    const Stub = stub({
      match,
      data: data({ preferences: { format: 'american', hidden: false } }),
      live: null,
      points: [],
    });
    const html = renderToStaticMarkup(<Stub initialEntries={['/match/7']} />);
    expect(html).toMatch(/data-testid="odds-price">[+-]\d+</);
    expect(html).not.toMatch(/data-testid="odds-price">\d+\.\d\d</);
  });

  it('says when the markets are on the result after extra time', async () => {
    const extra = { ...inPlay(52, 2.1, 0.6), minute: 104, extraTime: true };
    const Stub = createRoutesStub([
      {
        path: '/match/7',
        Component: () => (
          <OddsSections match={match} data={data({ odds: { ...odds, live: extra } })} live={extra} points={[]} />
        ),
      },
    ]);
    render(<Stub initialEntries={['/match/7']} />);
    await screen.findByTestId('odds-live');
    expect(screen.getByTestId('odds-status').textContent).toBe(
      'In play, extra time, 104′: every market is on the result after extra time; a draw means penalties decide.',
    );
  });

  it('shows arrows with words for screen readers when a live price moves', async () => {
    const first = inPlay(30, 0.7, 0.9);
    let setLive: (live: LiveOdds) => void = () => undefined;
    function Harness() {
      const [live, set] = useState(first);
      setLive = set;
      return <OddsSections match={match} data={data({ odds: { ...odds, live: first } })} live={live} points={[]} />;
    }
    const Stub = createRoutesStub([{ path: '/match/7', Component: Harness }]);
    render(<Stub initialEntries={['/match/7']} />);
    await screen.findByTestId('odds-live');
    expect(screen.getByTestId('odds-status').textContent).toContain('In play, 30′');
    const before = priceOf('1x2', 'home');
    // Portugal score: their price shortens, France's drifts.
    await act(async () => setLive(inPlay(52, 2.1, 0.6)));
    expect(screen.getByTestId('odds-status').textContent).toContain('In play, 52′');
    const home = document.querySelector('[data-market="1x2"] tr[data-outcome="home"]') as HTMLElement;
    expect(priceOf('1x2', 'home')).not.toBe(before);
    expect(within(home).getByTestId('odds-move-down').textContent).toBe(`▼, down from ${before}`);
    const away = document.querySelector('[data-market="1x2"] tr[data-outcome="away"]') as HTMLElement;
    expect(within(away).getByTestId('odds-move-up')).toBeTruthy();
  });

  it('switches the format and keeps the choice in a cookie', async () => {
    const Stub = stub({ match, data: data(), live: null, points: [] });
    render(<Stub initialEntries={['/match/7']} />);
    const select = await screen.findByLabelText('Price format');
    await act(async () => {
      fireEvent.change(select, { target: { value: 'fractional' } });
    });
    expect(priceOf('1x2', 'home')).toMatch(/^\d+\/\d+$/);
    expect(document.cookie).toContain('odds-format=fractional');
  });

  it('hides the odds on request, remembers it, and shows them again', async () => {
    const Stub = stub({ match, data: data(), live: null, points: [] });
    render(<Stub initialEntries={['/match/7']} />);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Hide odds' }));
    });
    expect(screen.queryByTestId('odds-panel')).toBeNull();
    expect(screen.getByTestId('odds-hidden').textContent).toContain('Model odds are hidden on this device.');
    expect(document.cookie).toContain('odds-hidden=1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show model odds' }));
    });
    expect(screen.getByTestId('odds-panel')).toBeTruthy();
    expect(document.cookie).not.toContain('odds-hidden');
  });

  it('says odds are hidden, and nothing more, when the server read the hiding cookie', () => {
    const Stub = stub({
      match,
      data: data({ odds: null, preferences: { format: 'decimal', hidden: true } }),
      live: null,
      points: [],
    });
    const html = renderToStaticMarkup(<Stub initialEntries={['/match/7']} />);
    expect(html).toContain('Model odds are hidden on this device.');
    expect(html).not.toContain('data-market=');
    expect(html).not.toContain('18+');
  });

  it('marks what happened on a finished match’s pre-match odds, and draws the graph', () => {
    const settledMarkets = marketsFromMatrix([
      [0, 0],
      [1, 0],
    ]);
    const points: WinProbabilityPoint[] = [
      { minute: 0, home: 0.3, draw: 0.35, away: 0.35, mark: null },
      { minute: 109, home: 0.9, draw: 0.08, away: 0.02, mark: { kind: 'goal', side: 'home', label: 'Goal, Portugal' } },
      { minute: 120, home: 1, draw: 0, away: 0, mark: null },
    ];
    const live: LiveOdds = { minute: 120, markets: settledMarkets, settled: true };
    const Stub = stub({
      match: { ...match, status: 'finished' },
      data: data({ odds: { ...odds, live }, points }),
      live,
      points,
    });
    const html = renderToStaticMarkup(<Stub initialEntries={['/match/7']} />);
    expect(html).toContain('data-testid="odds-pre-match"');
    expect(html).toContain('Full time.');
    expect(html).toMatch(/data-outcome="home"[^>]*><th[^>]*>Portugal win<span[^>]*>Happened</);
    expect(html).toContain('data-testid="win-probability"');
    expect(html).toContain('At the final whistle: Portugal 100%');
  });

  it('says whether the prices are fair or carry a margin', () => {
    expect(marginOf(preMatch)).toBe(0);
    const withMargin = (p: number) => ({ p, price: modelPrice(p, 0.05) });
    const { home, draw, away } = preMatch['1x2'];
    expect(
      marginOf({
        ...preMatch,
        '1x2': { home: withMargin(home.p), draw: withMargin(draw.p), away: withMargin(away.p) },
      }),
    ).toBe(0.05);
  });
});
