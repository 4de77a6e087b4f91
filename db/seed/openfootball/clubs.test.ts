import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClubDirectory, loadClubDirectory, parseClubsText } from './clubs.ts';
import { shortClubName, splitCountryTag } from './teams.ts';

const SAMPLE = `
====================================
=  England

Arsenal FC, 1886, @ Emirates Stadium, London (Highbury)   ## Greater London
  | Arsenal | FC Arsenal
  | Woolwich Arsenal FC  # old name before season 1914/5
Burnley FC, 1882,    @ Turf Moor,   Burnley › Lancashire
  | Burnley
Darwen FC (1870-2009),    Darwen › Lancashire
Bayern München, 1900,    @ Allianz Arena,   München
  | Bayern Munich [en]
 Säbener Straße 51-57 // 81547 München
ii) Bayern München II
  | Bayern II
VfV Hildesheim,     Hildesheim
  VfV 06 Hildesheim
Metropolitan Police FC,   1919, East Molesey › Surrey,
FV Illertissen
`;

describe('parseClubsText', () => {
  const clubs = parseClubsText(SAMPLE, 'ENG');

  it('reads name, founding year, stadium and city', () => {
    expect(clubs[0]).toEqual({
      name: 'Arsenal FC',
      country: 'ENG',
      founded: 1886,
      stadium: 'Emirates Stadium',
      city: 'London',
      aliases: ['Arsenal', 'FC Arsenal', 'Woolwich Arsenal FC'],
    });
    expect(clubs[1]).toMatchObject({ name: 'Burnley FC', city: 'Burnley', stadium: 'Turf Moor' });
  });

  it('drops defunct years, language tags and address lines', () => {
    expect(clubs[2]).toMatchObject({ name: 'Darwen FC', founded: null, city: 'Darwen' });
    expect(clubs[3]).toMatchObject({ name: 'Bayern München', aliases: ['Bayern Munich'] });
  });

  it('reads reserve teams, indented names without a bar, trailing commas and bare names', () => {
    expect(clubs[4]).toMatchObject({ name: 'Bayern München II', aliases: ['Bayern II'] });
    expect(clubs[5]).toMatchObject({ name: 'VfV Hildesheim', aliases: ['VfV 06 Hildesheim'] });
    expect(clubs[6]).toMatchObject({ name: 'Metropolitan Police FC', founded: 1919, city: 'East Molesey' });
    expect(clubs[7]).toMatchObject({ name: 'FV Illertissen', city: null, aliases: [] });
  });
});

describe('ClubDirectory', () => {
  const directory = new ClubDirectory(
    parseClubsText(
      `
Paris Saint-Germain, 1970, @ Parc des Princes,   Paris › Île-de-France
  | Paris
  | Paris SG | Paris Saint Germain
  | Paris Saint-Germain FC
Paris FC,            Paris › Île-de-France
  | Paris FC 98
`,
      'FRA',
    ),
  );

  it('finds a club by any of its names within its country', () => {
    expect(directory.find('Paris Saint-Germain FC', 'FRA')?.name).toBe('Paris Saint-Germain');
    expect(directory.find('PARIS SAINT GERMAIN', 'FRA')?.name).toBe('Paris Saint-Germain');
    expect(directory.find('Paris Saint-Germain FC', 'ENG')).toBeUndefined();
  });

  it('prefers an exact name over an affix-stripped key two clubs share', () => {
    expect(directory.find('Paris FC', 'FRA')?.name).toBe('Paris FC');
    const psg = directory.find('Paris SG', 'FRA');
    expect(psg && directory.unambiguousNames(psg)).not.toContain('Paris'); // "Paris" and "Paris FC" fold to one key
  });
});

describe('team name helpers', () => {
  it('splits a country tag', () => {
    expect(splitCountryTag('Paris Saint-Germain FC (FRA)')).toEqual({ name: 'Paris Saint-Germain FC', country: 'FRA' });
    expect(splitCountryTag('Arsenal FC')).toEqual({ name: 'Arsenal FC', country: null });
  });

  it('derives short names', () => {
    expect(shortClubName('Arsenal FC')).toBe('Arsenal');
    expect(shortClubName('AC Milan')).toBe('Milan');
    expect(shortClubName('US Salernitana 1919')).toBe('Salernitana');
    expect(shortClubName('1. FC Köln')).toBe('Köln');
    expect(shortClubName('FC Schalke 04')).toBe('Schalke 04');
  });
});

const dataDir = process.env.DATA_DIR ?? path.resolve('../shared/data');
const clubsDir = path.join(dataDir, 'openfootball', 'clubs');

describe.skipIf(!existsSync(clubsDir))('the shipped clubs directory', () => {
  it('reads every country and joins the spellings the league files use', () => {
    const directory = loadClubDirectory(clubsDir);
    expect(new Set(directory.clubs.map((club) => club.country))).toEqual(
      new Set(['ENG', 'FRA', 'GER', 'ITA', 'NED', 'POR', 'ESP']),
    );
    expect(directory.find('Paris Saint-Germain FC', 'FRA')?.name).toBe('Paris Saint-Germain');
    expect(directory.find('FC Bayern München', 'GER')).toMatchObject({
      name: 'Bayern München',
      founded: 1900,
      stadium: 'Allianz Arena',
    });
    expect(directory.find('Club Atlético de Madrid', 'ESP')?.name).toBe('Atlético Madrid');
    expect(directory.find('Paris FC', 'FRA')?.name).toBe('Paris FC');
  });
});
