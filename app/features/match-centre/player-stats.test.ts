import { describe, expect, it } from 'vitest';
import type { PlayerStats } from '../../../domain/football-contracts.ts';
import { sortPlayerStats } from './player-stats.tsx';

const row = (name: string, overrides: Partial<PlayerStats>): PlayerStats => ({
  playerId: name.length,
  name,
  teamId: 1,
  minutes: 90,
  goals: 0,
  assists: 0,
  shots: 0,
  shotsOnTarget: 0,
  passes: 0,
  passesAccurate: 0,
  keyPasses: 0,
  duels: 0,
  duelsWon: 0,
  fouls: 0,
  yellowCards: 0,
  redCards: 0,
  ...overrides,
});

const rows = [
  row('Bernardo', { goals: 1, passes: 40, passesAccurate: 30, minutes: 70 }),
  row('Ana', { goals: 1, passes: 10, passesAccurate: 10 }),
  row('Carla', { passes: 0, yellowCards: 1 }),
  row('Duarte', { passes: 20, passesAccurate: 19, redCards: 1, minutes: 30 }),
];
const names = (list: PlayerStats[]) => list.map((entry) => entry.name);

describe('sortPlayerStats', () => {
  it('sorts by a column either way, ties by minutes then name', () => {
    expect(names(sortPlayerStats(rows, 'goals', 'descending'))).toEqual(['Ana', 'Bernardo', 'Carla', 'Duarte']);
    expect(names(sortPlayerStats(rows, 'goals', 'ascending'))).toEqual(['Carla', 'Duarte', 'Ana', 'Bernardo']);
    expect(names(sortPlayerStats(rows, 'name', 'ascending'))).toEqual(['Ana', 'Bernardo', 'Carla', 'Duarte']);
  });

  it('ranks pass accuracy with no passes last, and a red card above a yellow', () => {
    expect(names(sortPlayerStats(rows, 'passAccuracy', 'descending'))).toEqual(['Ana', 'Duarte', 'Bernardo', 'Carla']);
    expect(names(sortPlayerStats(rows, 'cards', 'descending')).slice(0, 2)).toEqual(['Duarte', 'Carla']);
  });
});
