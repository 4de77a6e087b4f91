import { describe, expect, it } from 'vitest';
import { foldText, teamKey } from './names.ts';

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
