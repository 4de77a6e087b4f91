import { describe, expect, it } from 'vitest';
import {
  happenedBy,
  isMappedPass,
  passOf,
  replayPoint,
  shotOutcome,
  shotsOf,
  type ChalkboardAction,
} from './chalkboard-actions.ts';
import { WYSCOUT_TAG } from './wyscout-tags.ts';

const now = new Date('2026-11-22T12:00:00Z');
const startedAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('replayPoint', () => {
  it('reads how far a replay has got from its clock, at its rate', () => {
    expect(replayPoint({ phase: '1H', phaseStartedAt: startedAgo(60), rate: 10 }, 'live', now)).toEqual({
      period: '1H',
      second: 600,
    });
    expect(replayPoint({ phase: 'E2', phaseStartedAt: startedAgo(30), rate: 1 }, 'live', now)).toEqual({
      period: 'E2',
      second: 30,
    });
  });

  it('shows everything before the next period during a break, nothing before kick-off, everything at the end', () => {
    expect(replayPoint({ phase: 'HT', phaseStartedAt: startedAgo(10), rate: 1 }, 'half-time', now)).toEqual({
      period: '2H',
      second: 0,
    });
    expect(replayPoint({ phase: 'BET', phaseStartedAt: startedAgo(10), rate: 1 }, 'half-time', now)).toEqual({
      period: 'E1',
      second: 0,
    });
    expect(replayPoint({ phase: 'EHT', phaseStartedAt: startedAgo(10), rate: 1 }, 'half-time', now)).toEqual({
      period: 'E2',
      second: 0,
    });
    expect(replayPoint(null, 'scheduled', now)).toBe('none');
    expect(replayPoint({ phase: 'pre', phaseStartedAt: null, rate: 1 }, 'scheduled', now)).toBe('none');
    expect(replayPoint({ phase: 'P', phaseStartedAt: startedAgo(10), rate: 1 }, 'live', now)).toBeNull();
    expect(replayPoint({ phase: 'FT', phaseStartedAt: null, rate: 1 }, 'finished', now)).toBeNull();
  });
});

describe('happenedBy', () => {
  it('counts earlier periods and earlier seconds of the same period', () => {
    const point = { period: '2H' as const, second: 120 };
    expect(happenedBy('1H', 2900, point)).toBe(true);
    expect(happenedBy('2H', 119.5, point)).toBe(true);
    expect(happenedBy('2H', 120, point)).toBe(false);
    expect(happenedBy('E1', 1, point)).toBe(false);
    expect(happenedBy('E1', 1, null)).toBe(true);
  });
});

const action = (overrides: Partial<ChalkboardAction>): ChalkboardAction => ({
  seq: 1,
  period: '1H',
  second: 0,
  type: 'Shot',
  subtype: 'Shot',
  teamId: 7,
  playerId: 70,
  x: 88,
  y: 40,
  endX: 100,
  endY: 100,
  tags: [],
  ...overrides,
});

describe('shots and passes from actions', () => {
  it('tells a shot’s outcome from its tags', () => {
    expect(shotOutcome([WYSCOUT_TAG.goal, WYSCOUT_TAG.accurate])).toBe('goal');
    expect(shotOutcome([WYSCOUT_TAG.blocked, WYSCOUT_TAG.notAccurate])).toBe('blocked');
    expect(shotOutcome([WYSCOUT_TAG.accurate])).toBe('on-target');
    expect(shotOutcome([WYSCOUT_TAG.notAccurate])).toBe('off-target');
  });

  it('keeps shots in play with a location, with kind, body part and the minute shown', () => {
    const shots = shotsOf([
      action({ seq: 1, second: 2710, tags: [WYSCOUT_TAG.headOrBody, WYSCOUT_TAG.accurate] }),
      action({ seq: 2, type: 'Free Kick', subtype: 'Penalty', period: '2H', second: 600, tags: [WYSCOUT_TAG.goal] }),
      action({ seq: 3, type: 'Free Kick', subtype: 'Free kick shot', period: 'P', second: 10 }),
      action({ seq: 4, x: null }),
      action({ seq: 5, type: 'Pass', subtype: 'Simple pass' }),
    ]);
    expect(shots.map((shot) => shot.seq)).toEqual([1, 2]);
    expect(shots[0]).toMatchObject({
      minute: 45,
      addedMinute: 1,
      outcome: 'on-target',
      kind: 'open-play',
      bodyPart: 'head-or-body',
    });
    expect(shots[1]).toMatchObject({ minute: 56, addedMinute: null, outcome: 'goal', kind: 'penalty' });
  });

  it('maps Pass events with both ends, accurate or not', () => {
    const pass = action({
      type: 'Pass',
      subtype: 'Smart pass',
      x: 40,
      y: 50,
      endX: 70,
      endY: 20,
      tags: [WYSCOUT_TAG.keyPass, WYSCOUT_TAG.accurate],
    });
    expect(isMappedPass(pass)).toBe(true);
    expect(isMappedPass({ ...pass, endX: null })).toBe(false);
    expect(isMappedPass({ ...pass, type: 'Free Kick', subtype: 'Corner' })).toBe(false);
    expect(passOf(pass)).toMatchObject({
      x: 40,
      y: 50,
      endX: 70,
      endY: 20,
      accurate: true,
      keyPass: true,
      assist: false,
      minute: 1,
    });
  });
});
