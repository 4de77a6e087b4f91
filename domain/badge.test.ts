import { describe, expect, it } from 'vitest';
import { STATUS_ABBREVIATIONS, assignBadgeCodes, badgeCodeCandidates } from './badge-codes.ts';
import { badgeColours, badgeInitials } from './badge.ts';

describe('badges', () => {
  it('gives every name stable colours', () => {
    expect(badgeColours('Arsenal FC')).toEqual(badgeColours('Arsenal FC'));
    expect(badgeColours('Arsenal FC').primary).toMatch(/^#[0-9a-f]{6}$/);
    expect(badgeColours('Arsenal FC')).not.toEqual(badgeColours('Chelsea FC'));
  });

  it('makes three-letter codes from the distinctive words', () => {
    const first = (name: string) => badgeCodeCandidates(name)[0];
    expect(first('Arsenal FC')).toBe('ARS');
    expect(first('Brighton & Hove Albion FC')).toBe('BHA');
    expect(first('Stoke City FC')).toBe('STO');
    expect(first('Swansea City AFC')).toBe('SWA');
    expect(first('AS Monaco FC')).toBe('MON');
    expect(first('Huddersfield Town AFC')).toBe('HUD');
  });

  it('falls back, for a team without a stored code, to the first three letters of its name', () => {
    expect(badgeInitials('Arsenal FC')).toBe('ARS');
    expect(badgeInitials('1. FC Köln')).toBe('KOL');
    expect(badgeInitials('Huddersfield Town')).toBe('HUD');
  });

  // The codes issue #19 saw: digits ("B0L", "T1H", "1K") and a status ("HT" for Huddersfield).
  it.each([
    'Huddersfield Town AFC',
    'Bayer 04 Leverkusen',
    'TSG 1899 Hoffenheim',
    '1. FC Köln',
    'Hertha BSC',
    'Heart of Midlothian',
    'Fenerbahçe',
    'Atlético Madrid',
    'Bor. Mönchengladbach',
  ])('codes %s with letters only, never as a match status', (name) => {
    const code = badgeInitials(name);
    expect(code).toMatch(/^[A-Z]{3}$/);
    expect(STATUS_ABBREVIATIONS.includes(code)).toBe(false);
    for (const candidate of badgeCodeCandidates(name).slice(0, 50)) {
      expect(candidate).toMatch(/^[A-Z]{3}$/);
      expect(STATUS_ABBREVIATIONS.includes(candidate)).toBe(false);
    }
  });

  it('never offers a status even when the name spells one', () => {
    expect(badgeInitials('FT')).not.toBe('FT');
    expect(badgeInitials('Aetna FC')).not.toBe('AET');
    expect(badgeInitials('Aetna FC')).toMatch(/^[A-Z]{3}$/);
    for (const status of STATUS_ABBREVIATIONS) {
      expect(STATUS_ABBREVIATIONS).not.toContain(badgeInitials(`${status}ington`));
      expect(STATUS_ABBREVIATIONS).not.toContain(badgeCodeCandidates(`${status}ington`)[0]);
    }
  });

  it('keeps codes unique within each competition season, and lets other seasons reuse them', () => {
    const teams = [
      { id: 1, preferred: null, name: 'Swansea City AFC' },
      { id: 2, preferred: null, name: 'Stoke City FC' },
      { id: 3, preferred: null, name: 'Southampton FC' },
      { id: 4, preferred: null, name: 'Bayern München' },
      { id: 5, preferred: null, name: 'Bor. Mönchengladbach' },
      { id: 6, preferred: null, name: 'Atlético Madrid' },
      { id: 7, preferred: null, name: 'AS Monaco FC' },
      { id: 8, preferred: null, name: 'Sheffield United' },
      { id: 9, preferred: null, name: 'Sheffield Wednesday' },
    ];
    const pl = [1, 2, 3, 8];
    const cl = [4, 5, 6, 7, 9];
    const codes = assignBadgeCodes(teams, [pl, cl]);
    for (const group of [pl, cl]) {
      const seen = group.map((id) => codes.get(id));
      expect(new Set(seen).size, seen.join(' ')).toBe(group.length);
    }
    expect(codes.get(8)).toBe('SHE');
    expect(codes.get(9)).toBe('SHE'); // another competition season: the same code is fine
    expect(codes.get(4)).not.toBe(codes.get(5));
    expect(codes.get(6)).not.toBe(codes.get(7));
  });

  it('uses a preferred code first (FIFA trigrams, curated club codes) unless it is taken or a status', () => {
    const codes = assignBadgeCodes(
      [
        { id: 1, preferred: 'SVK', name: 'Slovakia' },
        { id: 2, preferred: 'SVN', name: 'Slovenia' },
        { id: 3, preferred: 'HT', name: 'Hearts' },
      ],
      [[1, 2, 3]],
    );
    expect(codes.get(1)).toBe('SVK');
    expect(codes.get(2)).toBe('SVN');
    expect(codes.get(3)).toBe('HEA');
  });
});
