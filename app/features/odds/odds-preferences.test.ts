import { describe, expect, it } from 'vitest';
import type { WinProbabilityPoint } from '../../../domain/odds-contracts.ts';
import { oddsPreferencesFromCookie } from './odds-preferences.ts';
import { addPoint } from './use-live-odds.ts';

describe('the odds settings in a request’s cookies', () => {
  it('reads the format and "hide odds", anything unknown as the defaults', () => {
    expect(oddsPreferencesFromCookie(null)).toEqual({ format: 'decimal', hidden: false });
    expect(oddsPreferencesFromCookie('a=1; odds-format=american; odds-hidden=1')).toEqual({
      format: 'american',
      hidden: true,
    });
    expect(oddsPreferencesFromCookie('odds-format=fractional')).toEqual({ format: 'fractional', hidden: false });
    expect(oddsPreferencesFromCookie('odds-format=%3Cscript%3E; odds-hidden=yes')).toEqual({
      format: 'decimal',
      hidden: false,
    });
  });
});

describe('the graph’s points as live events add to them', () => {
  const point = (minute: number, home: number, mark: WinProbabilityPoint['mark'] = null): WinProbabilityPoint => ({
    minute,
    home,
    draw: (1 - home) / 2,
    away: (1 - home) / 2,
    mark,
  });
  const goal = { kind: 'goal' as const, side: 'home' as const, label: 'Goal, Portugal' };

  it('keeps minute order, and replaces a point for the same minute and cause (a replayed event)', () => {
    let points = [point(0, 0.4)];
    points = addPoint(points, point(30, 0.7, goal));
    points = addPoint(points, point(20, 0.45));
    expect(points.map((known) => known.minute)).toEqual([0, 20, 30]);
    points = addPoint(points, point(30, 0.72, goal));
    expect(points).toHaveLength(3);
    expect(points[2]?.home).toBe(0.72);
    // A second goal in the same minute is a point of its own.
    points = addPoint(points, point(30, 0.9, { ...goal, label: 'Goal, Portugal (2)' }));
    expect(points).toHaveLength(4);
  });
});
