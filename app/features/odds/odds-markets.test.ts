import { describe, expect, it } from 'vitest';
import { marketsFromMatrix, poissonMatrix } from '../../../tests/helpers/odds-fixtures.ts';
import { CORRECT_SCORES_SHOWN, describeMarkets, pricesOf } from './odds-markets.ts';

const teams = { home: 'Portugal', away: 'France' };

describe('the markets as the panel names them', () => {
  const markets = marketsFromMatrix(poissonMatrix(1.1, 1.4));
  const views = describeMarkets(markets, teams);

  it('shows the spec’s markets in a fixed order', () => {
    expect(views.map((view) => view.key)).toEqual([
      '1x2',
      'two_way',
      'over_under_2_5',
      'odd_even',
      'btts',
      'last_team_to_score',
      'correct_score',
    ]);
  });

  it('names the teams and says what the two-way market means', () => {
    const result = views.find((view) => view.key === '1x2');
    expect(result?.rows.map((row) => row.label)).toEqual(['Portugal win', 'Draw', 'France win']);
    const twoWay = views.find((view) => view.key === 'two_way');
    expect(twoWay?.note).toMatch(/draw left out.*draw no bet/i);
    expect(views.find((view) => view.key === 'last_team_to_score')?.rows.map((row) => row.label)).toEqual([
      'Portugal',
      'France',
      'No goal',
    ]);
  });

  it('lists the most likely correct scores first, with the teams', () => {
    const correct = views.find((view) => view.key === 'correct_score');
    expect(correct?.rows).toHaveLength(CORRECT_SCORES_SHOWN);
    const chances = correct?.rows.map((row) => row.outcome.p) ?? [];
    expect([...chances].sort((a, b) => b - a)).toEqual(chances);
    // With 1.1 v 1.4 goals expected, 1–1 is the likeliest score.
    expect(correct?.rows[0]?.label).toBe('Portugal 1–1 France');
  });

  it('keys every price by market and outcome for the arrows', () => {
    const prices = pricesOf(markets);
    expect(prices.get('1x2/home')).toBe(markets['1x2'].home.price);
    expect(prices.get('correct_score/0-0')).toBe(markets.correct_score['0-0']?.price);
  });
});
