import { describe, expect, it } from 'vitest';
import { isShortFormOf, resolvePlayerNames } from './player-names.ts';

describe('isShortFormOf', () => {
  it('accepts a surname, an initial and folded accents, read from the end of the name', () => {
    expect(isShortFormOf('Mbappé', 'Kylian Mbappé')).toBe(true);
    expect(isShortFormOf('Mbappe', 'Kylian Mbappé')).toBe(true);
    expect(isShortFormOf('K. Mbappé', 'Kylian Mbappé')).toBe(true);
    expect(isShortFormOf('Rodríguez', 'James Rodríguez')).toBe(true);
    expect(isShortFormOf('Silva Costa', 'Diego da Silva Costa')).toBe(true);
  });

  it('refuses the same name, a longer one, another surname, and a first name', () => {
    expect(isShortFormOf('Kylian Mbappé', 'Kylian Mbappé')).toBe(false);
    expect(isShortFormOf('Kylian Mbappé', 'Mbappé')).toBe(false);
    expect(isShortFormOf('Mbappé', 'Kylian Mbappé Lottin')).toBe(false);
    expect(isShortFormOf('Kylian', 'Kylian Mbappé')).toBe(false);
    expect(isShortFormOf('Diego Costa', 'Diego da Silva Costa')).toBe(false); // words must be the name's last ones
    expect(isShortFormOf('T. Silva', 'David Silva')).toBe(false);
    expect(isShortFormOf('', 'David Silva')).toBe(false);
  });
});

describe('resolvePlayerNames', () => {
  it('reads a short form as the one full name it fits (World Cup 2022: "Mbappé" beside "Kylian Mbappé")', () => {
    const result = resolvePlayerNames(['Kylian Mbappé', 'Mbappé', 'Olivier Giroud', 'Mbappé']);
    expect(Object.fromEntries(result.canonical)).toEqual({
      'Kylian Mbappé': 'Kylian Mbappé',
      Mbappé: 'Kylian Mbappé',
      'Olivier Giroud': 'Olivier Giroud',
    });
    expect(result.resolved).toEqual([['Mbappé', 'Kylian Mbappé']]);
    expect(result.ambiguous).toEqual([]);
  });

  it('follows a chain of shorter forms to the longest name', () => {
    const result = resolvePlayerNames(['Coutinho', 'P. Coutinho', 'Philippe Coutinho']);
    expect(result.canonical.get('Coutinho')).toBe('Philippe Coutinho');
    expect(result.canonical.get('P. Coutinho')).toBe('Philippe Coutinho');
  });

  it('keeps an ambiguous short name apart and says which players it could be', () => {
    const result = resolvePlayerNames(['Thiago Silva', 'David Silva', 'Silva', 'T. Silva']);
    expect(result.canonical.get('Silva')).toBe('Silva');
    expect(result.canonical.get('T. Silva')).toBe('Thiago Silva'); // the initial settles it
    expect(result.ambiguous).toEqual([['Silva', ['David Silva', 'Thiago Silva']]]);
  });

  it('keeps an initial that fits two first names apart', () => {
    const result = resolvePlayerNames(['Philippe Coutinho', 'Paulo Coutinho', 'P. Coutinho']);
    expect(result.canonical.get('P. Coutinho')).toBe('P. Coutinho');
    expect(result.ambiguous).toEqual([['P. Coutinho', ['Paulo Coutinho', 'Philippe Coutinho']]]);
  });

  it('treats spellings that fold alike as one name, the first spelling winning', () => {
    const result = resolvePlayerNames(['Mbappe', 'Mbappé']);
    expect(result.canonical.get('Mbappé')).toBe('Mbappe');
    expect(result.resolved).toEqual([]);
  });
});
