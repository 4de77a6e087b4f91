import { describe, expect, it } from 'vitest';
import type { MatchSummary } from './football-contracts.ts';
import { isPinShown, mergeHotList, rankHotMatches } from './hot-matches.ts';

let nextId = 1;
function match(
  competition: string,
  home: number,
  away: number,
  kickoffAt: string,
  status: MatchSummary['status'] = 'scheduled',
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
    competition: { code: competition, name: `Competition ${competition}`, areaName: 'Area' },
    season: '2024',
    stage: null,
    round: null,
    group: null,
    kickoffAt,
    kickoffTimeKnown: true,
    status,
    minute: null,
    home: team(home),
    away: team(away),
    score: { home: null, away: null, halfTime: null, extraTime: null, penalties: null },
    hasEvents: false,
    venue: null,
    clock: null,
    replayOf: null,
  };
}

describe('rankHotMatches', () => {
  it('puts live matches first, then the bigger competition, then the top-of-table clash, and drops postponed ones', () => {
    const order = ['big', 'small'];
    const liveSmall = match('small', 1, 2, '2024-05-01T12:00:00Z', 'half-time');
    const bottomClash = match('big', 3, 4, '2024-05-01T13:00:00Z');
    const topClash = match('big', 5, 6, '2024-05-01T18:00:00Z');
    const noTable = match('big', 7, 8, '2024-05-01T11:00:00Z');
    const postponed = match('big', 5, 3, '2024-05-01T10:00:00Z', 'postponed');
    const positions = new Map([
      [
        'big',
        new Map([
          [3, 17],
          [4, 18],
          [5, 1],
          [6, 2],
        ]),
      ],
    ]);
    const ranked = rankHotMatches([bottomClash, topClash, noTable, liveSmall, postponed], order, positions, 10);
    expect(ranked.map((item) => item.id)).toEqual([liveSmall.id, topClash.id, bottomClash.id, noTable.id]);
    expect(rankHotMatches([bottomClash, topClash], order, positions, 1).map((item) => item.id)).toEqual([topClash.id]);
  });
});

describe('mergeHotList', () => {
  const live = match('big', 1, 2, '2024-05-01T12:00:00Z', 'live');
  const big = match('big', 3, 4, '2024-05-01T15:00:00Z');
  const small = match('small', 5, 6, '2024-05-01T19:00:00Z');
  const derby = match('small', 7, 8, '2024-05-01T20:00:00Z');
  const automatic = [live, big, small, derby];

  it('puts pins first in their order with their labels, then the automatic choice without them', () => {
    const list = mergeHotList(
      [
        { match: derby, label: 'Derby' },
        { match: big, label: null },
      ],
      automatic,
      10,
    );
    expect(list.matches.map((item) => item.id)).toEqual([derby.id, big.id, live.id, small.id]);
    expect(list.pinned).toBe(2);
    expect(list.labels).toEqual({ [String(derby.id)]: 'Derby' });
  });

  it('keeps to the limit: pins take the first places', () => {
    const list = mergeHotList([{ match: small, label: 'Final' }], automatic, 2);
    expect(list.matches.map((item) => item.id)).toEqual([small.id, live.id]);
    const crowded = mergeHotList(
      [
        { match: small, label: null },
        { match: derby, label: null },
        { match: big, label: null },
      ],
      automatic,
      2,
    );
    expect(crowded.matches.map((item) => item.id)).toEqual([small.id, derby.id]);
    expect(crowded.pinned).toBe(2);
  });

  it('is the automatic choice as before when nothing is pinned', () => {
    expect(mergeHotList([], automatic, 3)).toEqual({ matches: [live, big, small], pinned: 0, labels: {} });
  });
});

describe('isPinShown', () => {
  const dayStart = new Date('2024-05-01T00:00:00Z');
  const dayEnd = new Date('2024-05-02T00:00:00Z');

  it('shows a pin on its match day and while the match is live, never when it is off', () => {
    expect(isPinShown(match('big', 1, 2, '2024-05-01T20:00:00Z'), dayStart, dayEnd)).toBe(true);
    expect(isPinShown(match('big', 1, 2, '2024-05-01T09:00:00Z', 'finished'), dayStart, dayEnd)).toBe(true);
    // Set days ahead: waits for its day.
    expect(isPinShown(match('big', 1, 2, '2024-05-03T20:00:00Z'), dayStart, dayEnd)).toBe(false);
    // Yesterday's late kick-off, still being played after midnight.
    expect(isPinShown(match('big', 1, 2, '2024-04-30T23:00:00Z', 'live'), dayStart, dayEnd)).toBe(true);
    expect(isPinShown(match('big', 1, 2, '2024-04-30T23:00:00Z', 'finished'), dayStart, dayEnd)).toBe(false);
    expect(isPinShown(match('big', 1, 2, '2024-05-01T20:00:00Z', 'postponed'), dayStart, dayEnd)).toBe(false);
  });
});
