// The odds panel's wording (issue #24): each market of domain/odds-contracts.ts
// named as a reader understands it, its outcomes in a fixed order, the team
// names put in. Pure, tested beside it.
import type { OddsMarkets, OddsOutcome } from '../../../domain/odds-contracts.ts';

export interface Teams {
  home: string;
  away: string;
}

export interface MarketRow {
  key: string;
  label: string;
  outcome: OddsOutcome;
}

export interface MarketView {
  key: keyof OddsMarkets;
  title: string;
  /** What the market means, said once under its title. */
  note: string | null;
  rows: MarketRow[];
}

/** How many correct scores the panel lists, most likely first. */
export const CORRECT_SCORES_SHOWN = 6;

const scoreLabel = (key: string, teams: Teams) => {
  if (key === 'other') return 'Any other score';
  const [home, away] = key.split('-');
  return `${teams.home} ${home}–${away} ${teams.away}`;
};

/** The markets in the order the panel shows them. */
export function describeMarkets(markets: OddsMarkets, teams: Teams): MarketView[] {
  const correct = Object.entries(markets.correct_score)
    .filter(([key]) => key !== 'other')
    .sort(([, a], [, b]) => b.p - a.p)
    .slice(0, CORRECT_SCORES_SHOWN)
    .map(([key, outcome]) => ({ key, label: scoreLabel(key, teams), outcome }));
  return [
    {
      key: '1x2',
      title: 'Match result (1X2)',
      note: null,
      rows: [
        { key: 'home', label: `${teams.home} win`, outcome: markets['1x2'].home },
        { key: 'draw', label: 'Draw', outcome: markets['1x2'].draw },
        { key: 'away', label: `${teams.away} win`, outcome: markets['1x2'].away },
      ],
    },
    {
      key: 'two_way',
      title: 'Two-way: home or away',
      note: 'The draw left out, its chance shared between the two sides: the same prices as draw no bet, where a draw refunds the stake.',
      rows: [
        { key: 'home', label: teams.home, outcome: markets.two_way.home },
        { key: 'away', label: teams.away, outcome: markets.two_way.away },
      ],
    },
    {
      key: 'over_under_2_5',
      title: 'Total goals over/under 2.5',
      note: null,
      rows: [
        { key: 'over', label: 'Over 2.5 (3 goals or more)', outcome: markets.over_under_2_5.over },
        { key: 'under', label: 'Under 2.5 (2 goals or fewer)', outcome: markets.over_under_2_5.under },
      ],
    },
    {
      key: 'odd_even',
      title: 'Total goals odd or even',
      note: 'No goals counts as even.',
      rows: [
        { key: 'odd', label: 'Odd', outcome: markets.odd_even.odd },
        { key: 'even', label: 'Even', outcome: markets.odd_even.even },
      ],
    },
    {
      key: 'btts',
      title: 'Both teams to score',
      note: null,
      rows: [
        { key: 'yes', label: 'Yes', outcome: markets.btts.yes },
        { key: 'no', label: 'No', outcome: markets.btts.no },
      ],
    },
    {
      key: 'last_team_to_score',
      title: 'Last team to score',
      note: null,
      rows: [
        { key: 'home', label: teams.home, outcome: markets.last_team_to_score.home },
        { key: 'away', label: teams.away, outcome: markets.last_team_to_score.away },
        { key: 'none', label: 'No goal', outcome: markets.last_team_to_score.none },
      ],
    },
    {
      key: 'correct_score',
      title: `Correct score (${correct.length} most likely)`,
      note: null,
      rows: correct,
    },
  ];
}

/** The price of every outcome, keyed "market/outcome": what the arrows compare against. */
export function pricesOf(markets: OddsMarkets): Map<string, number | null> {
  const prices = new Map<string, number | null>();
  for (const [market, outcomes] of Object.entries(markets) as Array<[string, Record<string, OddsOutcome>]>)
    for (const [outcome, value] of Object.entries(outcomes)) prices.set(`${market}/${outcome}`, value.price);
  return prices;
}
