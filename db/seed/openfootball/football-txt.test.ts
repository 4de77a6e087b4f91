import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FootballTxtError, parseFootballTxt, seasonYears } from './football-txt.ts';

const FILE = 'england/2025-26/test.txt';

function parse(body: string, title = '= English Premier League 2025/26') {
  return parseFootballTxt(`${title}\n\n# Teams 20\n\n${body}`, FILE);
}

describe('parseFootballTxt', () => {
  it('reads rounds, dates, times, scores with and without half time, and statuses', () => {
    const file = parse(
      [
        '» Matchday 1',
        '  Fri Aug/15 2025',
        '    20.00  Liverpool FC            v AFC Bournemouth          4-2 (1-0)',
        '  Sat Aug/16',
        '    12.30  Aston Villa FC          v Newcastle United FC      0-0',
        '    15.00  Brighton & Hove Albion FC v Fulham FC                1-1 (0-0)',
        '           Sunderland AFC          v West Ham United FC\t3-0',
        '',
        '» 37. Round',
        '  Sun May/17',
        '           AFC Bournemouth         v Manchester City FC       [postponed]',
        '    15.00  Aston Villa FC          v Liverpool FC',
      ].join('\n'),
    );
    expect(file.title).toBe('English Premier League 2025/26');
    expect(
      file.matches.map(({ line, match }) => [
        line,
        match.round,
        match.date,
        match.time,
        match.team1,
        match.team2,
        match.score?.ft,
        match.score?.ht,
        match.status,
      ]),
    ).toEqual([
      [7, 'Matchday 1', '2025-08-15', '20:00', 'Liverpool FC', 'AFC Bournemouth', [4, 2], [1, 0], undefined],
      [9, 'Matchday 1', '2025-08-16', '12:30', 'Aston Villa FC', 'Newcastle United FC', [0, 0], undefined, undefined],
      [10, 'Matchday 1', '2025-08-16', '15:00', 'Brighton & Hove Albion FC', 'Fulham FC', [1, 1], [0, 0], undefined],
      // No time: the one above, on the same date.
      [11, 'Matchday 1', '2025-08-16', '15:00', 'Sunderland AFC', 'West Ham United FC', [3, 0], undefined, undefined],
      // A new date forgets the time: unknown until a line gives one. May 17 2026 is a Sunday.
      [
        15,
        '37. Round',
        '2026-05-17',
        undefined,
        'AFC Bournemouth',
        'Manchester City FC',
        undefined,
        undefined,
        'postponed',
      ],
      [16, '37. Round', '2026-05-17', '15:00', 'Aston Villa FC', 'Liverpool FC', undefined, undefined, undefined],
    ]);
  });

  it('takes the season year on which the weekday falls (January 1 2026 was a Thursday, 2025 a Wednesday)', () => {
    const file = parse(
      ['» 24. Round', '  Mon Dec/29', '    19.45  A FC v B FC 1-0', '  Thu Jan/1', '    15.00  C FC v D FC'].join('\n'),
    );
    expect(file.matches.map(({ match }) => match.date)).toEqual(['2025-12-29', '2026-01-01']);
  });

  it('reads dates listed out of order, as rearranged matches are', () => {
    const file = parse(
      [
        '» 1. Round',
        '  Sat Aug/9 2025',
        '    14.00  A FC v B FC 3-2 (2-0)',
        '  Tue Oct/21',
        '    18.45  C FC v D FC 0-4 (0-2)',
        '» 2. Round',
        '  Sat Aug/16',
        '    11.30  B FC v A FC',
      ].join('\n'),
    );
    expect(file.matches.map(({ match }) => match.date)).toEqual(['2025-08-09', '2025-10-21', '2025-08-16']);
  });

  it.each([
    [
      'a weekday that fits neither season year',
      '  Fri Aug/16',
      /line 6: "Fri Aug\/16": Fri is not the weekday of Aug\/16 in 2025 or 2026/,
    ],
    [
      'a weekday that contradicts its year',
      '  Sat Aug/15 2025',
      /line 6: "Sat Aug\/15 2025": Sat is not the weekday of Aug\/15 in 2025/,
    ],
    ['a day that does not exist', '  Mon Feb/30', /line 6: "Mon Feb\/30" is not a calendar date/],
    [
      'a malformed score',
      '  Fri Aug/15 2025\n    20.00  Liverpool FC v AFC Bournemouth 4-2 (1-0',
      /line 7: cannot read ".*": "AFC Bournemouth 4-2 \(1-0" is not a team name/,
    ],
    [
      'an unknown status',
      '  Fri Aug/15 2025\n    20.00  Liverpool FC v AFC Bournemouth [delayed]',
      /line 7: unknown status "\[delayed\]"/,
    ],
    [
      'an impossible time',
      '  Fri Aug/15 2025\n    25.00  Liverpool FC v AFC Bournemouth',
      /line 7: "25.00" is not a time of day/,
    ],
    ['a match before any date', '    20.00  Liverpool FC v AFC Bournemouth', /line 6: a match before any date line/],
    [
      'a line of another kind',
      '  Liverpool FC 4 AFC Bournemouth 2',
      /line 6: not a title, round, date or match line: "Liverpool FC 4 AFC Bournemouth 2"/,
    ],
  ])('stops with the line number on %s', (_label, body, message) => {
    const run = () => parse(`» Matchday 1\n${body}`);
    expect(run).toThrow(FootballTxtError);
    expect(run).toThrow(message);
  });

  it('needs a title, and a season year for dates without one', () => {
    expect(() => parseFootballTxt('» Matchday 1\n', FILE)).toThrow(/line 1: no "= Title" line/);
    expect(() => parseFootballTxt('= Some Cup\n  Fri Aug/15\n', FILE)).toThrow(
      /line 2: the date "Fri Aug\/15" has no year/,
    );
    expect(() => parse('= Another title', '= English Premier League 2025/26')).toThrow(/line 5: a second title/);
  });

  it('knows the years of a title', () => {
    expect(seasonYears('English Premier League 2025/26')).toEqual([2025, 2026]);
    expect(seasonYears('Major League Soccer 2025')).toEqual([2025]);
    expect(seasonYears('Friendlies')).toEqual([]);
  });
});

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const ENGLAND = path.join(DATA_DIR, 'openfootball', 'england', '2025-26');

describe.skipIf(!existsSync(ENGLAND))('the shipped 2025-26 Football.TXT files', () => {
  it.each([
    ['1-premierleague.txt', 'English Premier League 2025/26', 380, 339],
    ['2-championship.txt', 'English Championship 2025/26', 552, 376],
    ['3-league1.txt', 'English League One 2025/26', 552, 356],
    ['4-league2.txt', 'English League Two 2025/26', 564, 276], // 12 matches listed twice
    ['5-nationalleague.txt', 'English National League 2025/26', 564, 296], // 12 listed twice
  ])('%s: %s, %i matches listed, %i with a result', (file, title, listed, played) => {
    const parsed = parseFootballTxt(readFileSync(path.join(ENGLAND, file), 'utf8'), file);
    expect(parsed.title).toBe(title);
    expect(parsed.matches).toHaveLength(listed);
    expect(parsed.matches.filter(({ match }) => match.score?.ft !== undefined)).toHaveLength(played);
    // Every date inside the season: the weekday rule put January–May in 2026 (the JSON has them in 2025 for en.3).
    expect(parsed.matches.filter(({ match }) => match.date < '2025-07-01' || match.date > '2026-06-30')).toEqual([]);
  });
});
