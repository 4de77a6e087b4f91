// The counting rules of wyscout-derive.ts, on hand-made moments and on the real
// shipped files where the data has its known quirks.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WYSCOUT_TAGS, WYSCOUT_TAG, bodyPartOf, findWyscoutTag } from '../../../domain/wyscout-tags.ts';
import { deriveMatch, findGoals, minuteOf, placeRecordMinute, sidesOf } from './wyscout-derive.ts';
import {
  WYSCOUT_COMPETITIONS,
  decodeUnicodeEscapes,
  readWyscoutMatchFile,
  readWyscoutMatches,
  wyscoutDir,
  type WyscoutMatch,
} from './wyscout-files.ts';
import { describeRounds } from './wyscout-step.ts';
import { teamCountryCode, teamSpellings } from './wyscout-teams.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const DIR = wyscoutDir(DATA_DIR);
const [PREMIER_LEAGUE, WORLD_CUP, EURO] = WYSCOUT_COMPETITIONS;

function loadMatch(
  competition: (typeof WYSCOUT_COMPETITIONS)[number],
  wyId: number,
): { match: WyscoutMatch; events: ReturnType<typeof readWyscoutMatchFile>['events'] } {
  const match = readWyscoutMatches(DIR, competition).find((candidate) => candidate.wyId === wyId);
  if (!match) throw new Error(`no match ${wyId}`);
  return { match, events: readWyscoutMatchFile(DIR, competition, wyId).events };
}

describe('match clock', () => {
  it('counts minutes from the period start and caps them with added time', () => {
    expect(minuteOf('1H', 0)).toEqual({ minute: 1, addedMinute: null });
    expect(minuteOf('1H', 59.9)).toEqual({ minute: 1, addedMinute: null });
    expect(minuteOf('1H', 2699)).toEqual({ minute: 45, addedMinute: null });
    expect(minuteOf('1H', 2700)).toEqual({ minute: 45, addedMinute: 1 });
    expect(minuteOf('2H', 0)).toEqual({ minute: 46, addedMinute: null });
    expect(minuteOf('2H', 2820)).toEqual({ minute: 90, addedMinute: 3 });
    expect(minuteOf('E1', 10)).toEqual({ minute: 91, addedMinute: null });
    expect(minuteOf('E2', 899)).toEqual({ minute: 120, addedMinute: null });
    expect(minuteOf('P', 300)).toEqual({ minute: 120, addedMinute: null });
  });

  it('places record minutes (substitutions, cards) in a period', () => {
    expect(placeRecordMinute(62, 'Regular')).toMatchObject({ period: '2H', minute: 62, addedMinute: null });
    expect(placeRecordMinute(93, 'Regular')).toMatchObject({ period: '2H', minute: 90, addedMinute: 3 });
    expect(placeRecordMinute(45, 'Regular', '2H')).toMatchObject({ period: '2H', minute: 46 });
    expect(placeRecordMinute(47, 'Regular', '1H')).toMatchObject({ period: '1H', minute: 45, addedMinute: 2 });
    expect(placeRecordMinute(99, 'ExtraTime')).toMatchObject({ period: 'E1', minute: 99 });
    expect(placeRecordMinute(118, 'Penalties')).toMatchObject({ period: 'E2', minute: 118 });
  });
});

describe('goals from events', () => {
  it('repairs the goal typed as a pass (Chelsea 0–1 Manchester City) and only where the official score needs it', () => {
    const { match, events } = loadMatch(PREMIER_LEAGUE, 2499781);
    const sides = sidesOf(match);
    const teams = [sides.home.teamId, sides.away.teamId] as const;
    expect(findGoals(events, teams)).toEqual([]);
    const goals = findGoals(
      events,
      teams,
      new Map([
        [sides.home.teamId, 0],
        [sides.away.teamId, 1],
      ]),
    );
    expect(goals).toHaveLength(1);
    expect(goals[0]).toMatchObject({ type: 'goal', teamId: 1625, playerId: 38021 }); // De Bruyne
  });

  it('does not turn a stray conceding tag into a goal (West Ham 2–0 Watford)', () => {
    const { match, events } = loadMatch(PREMIER_LEAGUE, 2499988);
    const derived = deriveMatch(match, events);
    const goals = derived.keyEvents.filter((event) => event.type === 'goal');
    expect(goals.map((goal) => goal.minute)).toEqual([38, 77]);
    expect(derived.home).toMatchObject({ score: 2, scoreHt: 1 });
    expect(derived.notes).toEqual([]);
  });

  it('takes the half-time score from the events where the record has it wrong (Crystal Palace 2–3 Manchester United)', () => {
    const { match, events } = loadMatch(PREMIER_LEAGUE, 2500001);
    const derived = deriveMatch(match, events);
    expect([derived.home.scoreHt, derived.away.scoreHt]).toEqual([1, 0]);
    expect(derived.notes).toHaveLength(1);
  });

  it('derives the World Cup 2018 final: own goal for France, penalty, assists, substitutions, periods', () => {
    const { match, events } = loadMatch(WORLD_CUP, 2058017);
    const derived = deriveMatch(match, events);
    const goals = derived.keyEvents.filter((event) => ['goal', 'own_goal', 'penalty_goal'].includes(event.type));
    expect(goals.map((goal) => [goal.minute, goal.type, goal.teamId, goal.playerId])).toEqual([
      [18, 'own_goal', 4418, 14943], // Mandžukić, counting for France
      [28, 'goal', 9598, 14812], // Perišić
      [38, 'penalty_goal', 4418, 3682], // Griezmann
      [59, 'goal', 4418, 7936], // Pogba
      [65, 'goal', 4418, 353833], // Mbappé
      [69, 'goal', 9598, 14943], // Mandžukić
    ]);
    expect(goals[1]?.relatedPlayerId).not.toBeNull();
    expect(derived.keyEvents.filter((event) => event.type === 'substitution')).toHaveLength(5);
    expect(derived.keyEvents.filter((event) => event.type === 'period_start').map((event) => event.period)).toEqual([
      '1H',
      '2H',
    ]);
    expect(derived.keyEvents.map((event) => event.seq)).toEqual(derived.keyEvents.map((_, index) => index + 1));
    const [france, croatia] = derived.teamStats;
    expect((france?.possession ?? 0) + (croatia?.possession ?? 0)).toBe(100);
    expect(derived.actions).toHaveLength(events.length);
    expect(derived.actions[1]).toMatchObject({
      seq: 2,
      period: '1H',
      type: 'Pass',
      subtype: 'Simple pass',
      x: 39,
      y: 52,
      endX: 34,
      endY: 74,
      tags: '1801',
    });
  });

  it('counts shoot-out kicks apart from the score (Russia–Croatia 2018)', () => {
    const match = readWyscoutMatches(DIR, WORLD_CUP).find((candidate) =>
      candidate.label.startsWith('Russia - Croatia'),
    );
    if (!match) throw new Error('Russia - Croatia missing');
    const derived = deriveMatch(match, readWyscoutMatchFile(DIR, WORLD_CUP, match.wyId).events);
    const shootout = derived.keyEvents.filter((event) => event.type === 'shootout_goal');
    expect(shootout.filter((event) => event.teamId === derived.home.teamId)).toHaveLength(derived.home.scorePen ?? -1);
    expect(shootout.filter((event) => event.teamId === derived.away.teamId)).toHaveLength(derived.away.scorePen ?? -1);
    expect(derived.keyEvents.filter((event) => event.period === 'P' && event.type === 'period_start')).toHaveLength(1);
  });
});

describe('rounds', () => {
  it('names group and knockout rounds of the tournaments', () => {
    const worldCup = describeRounds(readWyscoutMatches(DIR, WORLD_CUP), 'cup');
    const stages = [...worldCup.values()].map((info) => info.stage);
    const count = (stage: string) => stages.filter((candidate) => candidate === stage).length;
    expect([
      count('Group stage'),
      count('Round of 16'),
      count('Quarter-finals'),
      count('Semi-finals'),
      count('Third place'),
      count('Final'),
    ]).toEqual([48, 8, 4, 2, 1, 1]);
    expect(worldCup.get(2058017)).toEqual({ stage: 'Final', round: 'Final', group: null });
    expect(worldCup.get(2057954)).toEqual({ stage: 'Group stage', round: 'Matchday 1', group: 'Group A' });

    const euro = describeRounds(readWyscoutMatches(DIR, EURO), 'cup');
    // The Euro 2016 knockout records say "Group F"; the final is no group match.
    expect(euro.get(1694440)).toEqual({ stage: 'Final', round: 'Final', group: null });
    expect([...euro.values()].filter((info) => info.stage === 'Third place')).toEqual([]);
  });
});

describe('names and tags', () => {
  it('decodes the escaped characters in the files', () => {
    expect(decodeUnicodeEscapes('Kant\\u00e9')).toBe('Kanté');
    expect(decodeUnicodeEscapes('Mand\\u017euki\\u0107')).toBe('Mandžukić');
    expect(decodeUnicodeEscapes('plain')).toBe('plain');
  });

  it('knows the spellings of other sources and the home-nation codes', () => {
    const korea = {
      wyId: 14855,
      name: 'Korea Republic',
      officialName: 'Korea Republic',
      type: 'national' as const,
      city: 'Seoul',
      area: { name: 'Korea Republic', alpha3code: 'KOR' },
    };
    expect(teamSpellings(korea)).toEqual(['Korea Republic', 'South Korea']);
    const arsenal = {
      wyId: 1609,
      name: 'Arsenal',
      officialName: 'Arsenal FC',
      type: 'club' as const,
      city: 'London',
      area: { name: 'England', alpha3code: 'XEN' },
    };
    expect(teamSpellings(arsenal)).toEqual(['Arsenal FC', 'Arsenal']);
    expect(teamCountryCode(arsenal)).toBe('ENG');
  });

  it('lists every tag id once, with the ones the importer counts on', () => {
    const ids = WYSCOUT_TAGS.map((tag) => tag.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(findWyscoutTag(WYSCOUT_TAG.won)?.label).toBe('won');
    expect(findWyscoutTag(701)?.label).toBe('lost');
    expect(findWyscoutTag(1703)?.label).toBe('second_yellow_card');
    expect(bodyPartOf([403, 1801])).toBe('head/body');
  });
});
