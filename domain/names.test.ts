import { describe, expect, it } from 'vitest';
import { compareNames, foldText, teamKey } from './names.ts';

describe('foldText', () => {
  it('drops case and accents', () => {
    expect(foldText('Atlético de Madrid')).toBe('atletico de madrid');
    expect(foldText('Borussia Mönchengladbach')).toBe('borussia monchengladbach');
    expect(foldText('1. FC Köln')).toBe('1 fc koln');
  });
});

describe('teamKey', () => {
  it('matches spellings across sources', () => {
    expect(teamKey('Paris Saint-Germain FC (FRA)')).toBe(teamKey('Paris Saint Germain'));
    expect(teamKey('Arsenal FC')).toBe(teamKey('Arsenal'));
    expect(teamKey('AFC Bournemouth')).toBe(teamKey('Bournemouth'));
  });
  it('keeps a name made only of affixes', () => {
    expect(teamKey('AS')).toBe('as');
  });
});

describe('compareNames', () => {
  const sorted = (names: string[]) => [...names].sort(compareNames);

  it('orders names alphabetically with case, accents and punctuation aside', () => {
    expect(
      sorted(['Özil', 'Zidane', 'ozil', 'Østergaard', 'Lewandowski', 'Łukasz', 'Mbappé', 'Mbappe', "N'Golo Kanté"]),
    ).toEqual(['Lewandowski', 'Łukasz', 'Mbappe', 'Mbappé', "N'Golo Kanté", 'Østergaard', 'ozil', 'Özil', 'Zidane']);
  });

  it('agrees with an English collator on plain names', () => {
    const names = [
      'Premier League',
      'Bundesliga',
      'La Liga',
      'Serie A',
      'Ligue 1',
      'Eredivisie',
      'Primeira Liga',
      'Championship',
    ];
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    expect(sorted(names)).toEqual([...names].sort(collator.compare));
  });

  it('is a total order: only equal text compares equal', () => {
    expect(compareNames('Kane', 'Kane')).toBe(0);
    expect(compareNames('Kane', 'kane')).not.toBe(0);
    expect(Math.sign(compareNames('Kane', 'kane'))).toBe(-Math.sign(compareNames('kane', 'Kane')));
  });
});
