import { describe, expect, it } from 'vitest';
import { linkSquad, nameFit, playerName, type LinkCandidate } from './fjelstul-players.ts';

const messi = { playerId: 'P-messi', givenName: 'Lionel', familyName: 'Messi' };
const candidate = (id: number, name: string, shortName = name, active = true): LinkCandidate => ({
  id,
  name,
  shortName,
  active,
});

describe('playerName', () => {
  it('puts the given name first, and uses the one name of players known by one', () => {
    expect(playerName({ given_name: 'Lionel', family_name: 'Messi' })).toBe('Lionel Messi');
    expect(playerName({ given_name: null, family_name: 'Pelé' })).toBe('Pelé');
  });
});

describe('nameFit', () => {
  it('ranks the ways other sources spell a player', () => {
    expect(nameFit(messi, { name: 'Lionel Messi', shortName: 'Lionel Messi' })).toBe(4);
    expect(
      nameFit(
        { playerId: 'P-son', givenName: 'Heung-min', familyName: 'Son' },
        { name: 'Son Heung-min', shortName: 'Son' },
      ),
    ).toBe(4);
    expect(
      nameFit(
        { playerId: 'P-f', givenName: null, familyName: 'Fernandinho' },
        { name: 'Fernando Luiz Rosa', shortName: 'Fernandinho' },
      ),
    ).toBe(4);
    expect(nameFit(messi, { name: 'Messi', shortName: 'Messi' })).toBe(3);
    expect(nameFit(messi, { name: 'Lionel Andrés Messi Cuccittini', shortName: 'L. Messi' })).toBe(3);
    expect(nameFit(messi, { name: 'Lio Messi Junior', shortName: 'L. Messi' })).toBe(2);
    expect(
      nameFit(
        { playerId: 'P-y', givenName: 'Aleksandr', familyName: 'Yerokhin' },
        { name: 'Aleksandr Erokhin', shortName: 'A. Erokhin' },
      ),
    ).toBe(1);
    expect(nameFit(messi, { name: 'Cristiano Ronaldo', shortName: 'Ronaldo' })).toBe(0);
    expect(nameFit(messi, { name: 'Lionel Scaloni', shortName: 'L. Scaloni' })).toBe(0);
  });
});

describe('linkSquad', () => {
  it('links each player to his only fit, preferring players who play in the tournament', () => {
    const links = linkSquad(
      [messi, { playerId: 'P-aguero', givenName: 'Sergio', familyName: 'Agüero' }],
      [
        candidate(1, 'Messi', 'Messi', false), // an earlier import's scorer row, no longer used
        candidate(2, 'Lionel Andrés Messi Cuccittini', 'L. Messi'),
        candidate(3, 'Sergio Leonel Agüero del Castillo', 'S. Agüero'),
      ],
    );
    expect(Object.fromEntries(links)).toEqual({ 'P-messi': 2, 'P-aguero': 3 });
  });

  it('links nobody when two players fit one candidate equally, or one player fits two', () => {
    const twoRodriguez = linkSquad(
      [
        { playerId: 'P-james', givenName: 'James', familyName: 'Rodríguez' },
        { playerId: 'P-santiago', givenName: 'Santiago', familyName: 'Rodríguez' },
      ],
      [candidate(1, 'Rodríguez')],
    );
    expect(twoRodriguez.size).toBe(0);
    const twoCandidates = linkSquad([messi], [candidate(1, 'Messi'), candidate(2, 'L. Messi', 'Messi')]);
    expect(twoCandidates.size).toBe(0);
  });

  it('takes the better fit first, so an exact name is not lost to a looser one', () => {
    const links = linkSquad(
      [
        { playerId: 'P-thomas', givenName: 'Thomas', familyName: 'Müller' },
        { playerId: 'P-gerd', givenName: 'Gerd', familyName: 'Müller' },
      ],
      [candidate(1, 'Thomas Müller'), candidate(2, 'Müller')],
    );
    // Thomas is linked exactly; "Müller" then fits Gerd alone.
    expect(Object.fromEntries(links)).toEqual({ 'P-thomas': 1, 'P-gerd': 2 });
  });
});
