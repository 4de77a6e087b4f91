import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FootballTxtError } from './football-txt.ts';
import { parseSquadTxt, squadPlayerKey } from './squads.ts';

const FILE = 'england/2023-24/squads/test.txt';
const HEADER = '=  Arsenal FC - English Premier League 2023/24\n\n';

describe('parseSquadTxt', () => {
  it('reads shirt number, name, country code, position, birth year and previous club', () => {
    const squad = parseSquadTxt(
      `${HEADER}  1,  Aaron Ramsdale,                    GK,   b. 1998,   Sheffield U
 22,  David Raya (ESP),                  GK,   b. 1995,   Brentford
 49,  Sebastian Jensen,                  GK,   b. ????,
  4,  Ben White,                         DF,   b. 1997,   Brighton & HA
`,
      FILE,
    );
    expect(squad).toMatchObject({ team: 'Arsenal FC', competition: 'English Premier League', season: '2023/24' });
    expect(squad.players).toEqual([
      {
        line: 3,
        shirtNumber: 1,
        name: 'Aaron Ramsdale',
        countryCode: null,
        position: 'GK',
        birthYear: 1998,
        previousClub: 'Sheffield U',
      },
      {
        line: 4,
        shirtNumber: 22,
        name: 'David Raya',
        countryCode: 'ESP',
        position: 'GK',
        birthYear: 1995,
        previousClub: 'Brentford',
      },
      {
        line: 5,
        shirtNumber: 49,
        name: 'Sebastian Jensen',
        countryCode: null,
        position: 'GK',
        birthYear: null,
        previousClub: null,
      },
      {
        line: 6,
        shirtNumber: 4,
        name: 'Ben White',
        countryCode: null,
        position: 'DF',
        birthYear: 1997,
        previousClub: 'Brighton & HA',
      },
    ]);
  });

  it.each([
    ['an unknown position', '  7,  Bukayo Saka,  WG,  b. 2001,', /line 3: unknown position "WG"/],
    ['a line without a position', '  7,  Bukayo Saka,  b. 2001,', /line 3: not a player line/],
    [
      'a shirt number twice',
      '  7,  Bukayo Saka,  MF,  b. 2001,\n  7,  Emile Smith Rowe,  MF,  b. 2000,',
      /line 4: shirt number 7 is also on line 3/,
    ],
  ])('stops with the line number on %s', (_label, body, message) => {
    expect(() => parseSquadTxt(`${HEADER}${body}\n`, FILE)).toThrow(FootballTxtError);
    expect(() => parseSquadTxt(`${HEADER}${body}\n`, FILE)).toThrow(message);
  });

  it('needs its header first', () => {
    expect(() => parseSquadTxt('  7,  Bukayo Saka,  MF,  b. 2001,\n', FILE)).toThrow(/line 1: a player before the/);
    expect(() => parseSquadTxt('= Arsenal FC\n', FILE)).toThrow(/line 1: expected "= Club - Competition 2023\/24"/);
  });

  it('keys a player by name and birth year, or by name within the club when the year is unknown', () => {
    expect(squadPlayerKey({ name: 'Cédric Soares', birthYear: 1991 }, 'Arsenal FC')).toBe('club|cedric soares|1991');
    expect(squadPlayerKey({ name: 'Sebastian Jensen', birthYear: null }, 'Everton FC')).toBe(
      'club|sebastian jensen|team:everton',
    );
  });
});

const SQUADS = path.join(
  process.env.DATA_DIR ?? path.resolve('../shared/data'),
  'openfootball',
  'england',
  '2023-24',
  'squads',
);

describe.skipIf(!existsSync(SQUADS))('the shipped 2023-24 Premier League squads', () => {
  it('reads all 20 clubs, 1041 players, each name once', () => {
    const files = readdirSync(SQUADS).sort();
    const squads = files.map((file) => parseSquadTxt(readFileSync(path.join(SQUADS, file), 'utf8'), file));
    expect(squads).toHaveLength(20);
    expect(squads.every((squad) => squad.competition === 'English Premier League' && squad.season === '2023/24')).toBe(
      true,
    );
    const players = squads.flatMap((squad) => squad.players);
    expect(players).toHaveLength(1041);
    expect(new Set(players.map((player) => player.name)).size).toBe(1041);
    expect(players.filter((player) => player.birthYear === null)).toHaveLength(30);
  });
});
