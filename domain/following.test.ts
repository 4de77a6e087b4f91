import { describe, expect, it } from 'vitest';
import type { MatchSummary } from './football-contracts.ts';
import { orderFollowedMatches, pickNextAndLast } from './following.ts';
import type { MatchStatus } from './match-status.ts';

const now = Date.parse('2026-11-27T12:00:00Z');
const HOUR = 3_600_000;

let nextId = 1;
function match(
  status: MatchStatus,
  hoursFromNow: number,
  score: [number, number] | null = null,
  extra: Partial<MatchSummary> = {},
): MatchSummary {
  const team = (id: number) => ({
    id,
    name: `Team ${id}`,
    shortName: `T${id}`,
    code: null,
    colours: { primary: '#000000', secondary: '#ffffff' },
  });
  return {
    id: nextId++,
    competition: { code: 'en.1', name: 'Premier League', areaName: 'England' },
    season: '2026-27',
    stage: null,
    round: null,
    group: null,
    kickoffAt: new Date(now + hoursFromNow * HOUR).toISOString(),
    kickoffTimeKnown: true,
    status,
    minute: null,
    home: team(1),
    away: team(2),
    score: { home: score?.[0] ?? null, away: score?.[1] ?? null, halfTime: null, extraTime: null, penalties: null },
    hasEvents: false,
    venue: null,
    clock: null,
    replayOf: null,
    ...extra,
  };
}

describe("a followed team's next match and last result (issue #19)", () => {
  it('takes the earliest match to come and the latest result, whatever the order given', () => {
    const old = match('finished', -24 * 14, [0, 1]);
    const latest = match('finished', -24 * 3, [2, 2]);
    const soon = match('scheduled', 24 * 2);
    const later = match('scheduled', 24 * 9);
    expect(pickNextAndLast([later, old, soon, latest], now)).toEqual({ next: soon, last: latest });
  });

  it('never gives a past match without a result as the next match, nor as the last result', () => {
    // Arsenal's "Next match" was a 2 May fixture months after it; the data never got its result.
    const missing = match('scheduled', -24 * 30);
    const justOverdue = match('scheduled', -7);
    const result = match('finished', -24 * 37, [1, 0]);
    expect(pickNextAndLast([missing, justOverdue, result], now)).toEqual({ next: null, last: result });
  });

  it('keeps a match that kicked off lately without a result as the next one (delays, extra time)', () => {
    const delayed = match('scheduled', -2);
    expect(pickNextAndLast([delayed, match('scheduled', 24 * 7)], now).next).toBe(delayed);
  });

  it('gives a match under way as the next one, before one to come', () => {
    const live = match('live', -1, [1, 0]);
    const halfTime = match('half-time', -0.8, [0, 0], { id: 999 });
    const tomorrow = match('scheduled', 24);
    expect(pickNextAndLast([tomorrow, live], now).next).toBe(live);
    expect(pickNextAndLast([tomorrow, halfTime], now).next).toBe(halfTime);
    // A live match is not a result yet.
    expect(pickNextAndLast([live], now).last).toBeNull();
  });

  it('passes over postponed matches for the next one, and matches without a score for the last', () => {
    const postponed = match('postponed', 24);
    const scheduled = match('scheduled', 24 * 4);
    expect(pickNextAndLast([postponed, scheduled], now).next).toBe(scheduled);
    expect(pickNextAndLast([postponed], now).next).toBeNull();
    const awarded = match('awarded', -24 * 10, [3, 0]);
    const cancelled = match('cancelled', -24 * 2);
    const abandoned = match('abandoned', -24 * 3, [1, 1]);
    expect(pickNextAndLast([awarded, cancelled, abandoned], now).last).toBe(awarded);
  });

  it('gives a date-only fixture until the next morning (stored at midday local time)', () => {
    const dateOnly = match('scheduled', -20, null, { kickoffTimeKnown: false });
    expect(pickNextAndLast([dateOnly], now).next).toBe(dateOnly);
    expect(pickNextAndLast([{ ...dateOnly, kickoffAt: new Date(now - 31 * HOUR).toISOString() }], now).next).toBeNull();
  });

  it('has neither for a team without matches', () => {
    expect(pickNextAndLast([], now)).toEqual({ next: null, last: null });
  });
});

describe('followed matches in the order the section lists them', () => {
  it('puts those under way first, then those to come soonest first, then the rest latest first', () => {
    const lastMonth = match('finished', -24 * 30, [1, 0]);
    const yesterday = match('finished', -24, [2, 2]);
    const missing = match('scheduled', -24 * 3);
    const live = match('live', -1, [0, 0]);
    const tomorrow = match('scheduled', 24);
    const nextWeek = match('scheduled', 24 * 7);
    expect(orderFollowedMatches([lastMonth, nextWeek, missing, yesterday, tomorrow, live], now)).toEqual([
      live,
      tomorrow,
      nextWeek,
      yesterday,
      missing,
      lastMonth,
    ]);
  });
});
