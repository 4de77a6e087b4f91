import { describe, expect, it } from 'vitest';
import { clockLabel } from './match-clock.ts';
import { momentsOf, planReplay, replayStateAt, type ReplayEvent, type ReplayTimeline } from './replay.ts';
import { parseReplayId, replaysForDay } from './replay-schedule.ts';

const HOME = 1;
const AWAY = 2;
const alice = { id: 11, name: 'Alice Home' };
const bob = { id: 21, name: 'Bob Away' };
const carl = { id: 12, name: 'Carl Home' };

function event(
  seq: number,
  partial: Partial<ReplayEvent> & Pick<ReplayEvent, 'period' | 'type' | 'minute'>,
): ReplayEvent {
  return {
    seq,
    addedMinute: null,
    second: null,
    teamId: null,
    player: null,
    relatedPlayer: null,
    detail: null,
    ...partial,
  };
}

/** 1–1 after 90 minutes (a 45+1' goal, a second-half equaliser), no goals in extra time, 3–4 on penalties. */
const timeline: ReplayTimeline = {
  matchId: 99,
  homeTeamId: HOME,
  awayTeamId: AWAY,
  events: [
    event(1, { period: '1H', type: 'period_start', minute: 0, second: 0 }),
    event(2, {
      period: '1H',
      type: 'goal',
      minute: 45,
      addedMinute: 1,
      second: 2730,
      teamId: HOME,
      player: alice,
      relatedPlayer: carl,
    }),
    event(3, { period: '1H', type: 'period_end', minute: 45, addedMinute: 2, second: 2790 }),
    event(4, { period: '2H', type: 'period_start', minute: 45, second: 0 }),
    event(5, {
      period: '2H',
      type: 'substitution',
      minute: 61,
      teamId: AWAY,
      player: { id: 22, name: 'Dan Away' },
      relatedPlayer: bob,
    }),
    event(6, {
      period: '2H',
      type: 'goal',
      minute: 80,
      second: 2100,
      teamId: AWAY,
      player: { id: 22, name: 'Dan Away' },
    }),
    event(7, { period: '2H', type: 'period_end', minute: 90, addedMinute: 3, second: 2880 }),
    event(8, { period: 'E1', type: 'period_start', minute: 90, second: 0 }),
    event(9, { period: 'E1', type: 'period_end', minute: 105, second: 900 }),
    event(10, { period: 'E2', type: 'period_start', minute: 105, second: 0 }),
    event(11, { period: 'E2', type: 'period_end', minute: 120, addedMinute: 1, second: 960 }),
    event(12, { period: 'P', type: 'period_start', minute: 120, second: 0 }),
    ...[HOME, AWAY, HOME, AWAY, HOME, AWAY, HOME, AWAY].map((teamId, index) =>
      event(13 + index, {
        period: 'P',
        type: index === 2 || index === 6 ? 'shootout_miss' : 'shootout_goal',
        minute: 120,
        second: 30 + index * 50,
        teamId,
        player: teamId === HOME ? alice : bob,
      }),
    ),
    event(21, { period: 'P', type: 'period_end', minute: 120, second: 420 }),
  ],
  actions: [
    {
      seq: 1,
      period: '1H',
      second: 10,
      type: 'Pass',
      subtype: 'Simple pass',
      teamId: HOME,
      playerId: 11,
      tags: [1801],
    },
    { seq: 2, period: '1H', second: 600, type: 'Shot', subtype: 'Shot', teamId: AWAY, playerId: 21, tags: [1802] },
    {
      seq: 3,
      period: '1H',
      second: 2730,
      type: 'Shot',
      subtype: 'Shot',
      teamId: HOME,
      playerId: 11,
      tags: [101, 1801],
    },
    { seq: 4, period: '2H', second: 300, type: 'Free Kick', subtype: 'Corner', teamId: HOME, playerId: 12, tags: [] },
    {
      seq: 5,
      period: '2H',
      second: 400,
      type: 'Pass',
      subtype: 'Simple pass',
      teamId: AWAY,
      playerId: 21,
      tags: [1801],
    },
  ],
  lineups: [
    { teamId: HOME, playerId: 11, starter: true },
    { teamId: HOME, playerId: 12, starter: true },
    { teamId: AWAY, playerId: 21, starter: true },
    { teamId: AWAY, playerId: 22, starter: false },
  ],
};

const plan = planReplay(timeline);
const KICKOFF = Date.parse('2026-11-22T15:00:00Z');
/** Wall-clock instant `matchSeconds` after kick-off at rate 1. */
const at = (matchSeconds: number) => KICKOFF + matchSeconds * 1000;
const state = (matchSeconds: number, rate = 1) =>
  replayStateAt(timeline, plan, KICKOFF, rate, KICKOFF + (matchSeconds * 1000) / rate);

// Phase starts in match seconds: 1H 0, HT 2790, 2H 3690, BET 6570, E1 6870, EHT 7770, E2 7890, BP 8850, P 9150, FT 9570.
describe('demo replay of a match with extra time and penalties', () => {
  it('lays the phases out from the recorded period lengths and fixed breaks', () => {
    expect(plan.segments.map((segment) => [segment.phase, segment.start, segment.length])).toEqual([
      ['1H', 0, 2790],
      ['HT', 2790, 900],
      ['2H', 3690, 2880],
      ['BET', 6570, 300],
      ['E1', 6870, 900],
      ['EHT', 7770, 120],
      ['E2', 7890, 960],
      ['BP', 8850, 300],
      ['P', 9150, 420],
    ]);
    expect(plan.totalSeconds).toBe(9570);
  });

  it('walks through every state with the right score and clock', () => {
    const before = replayStateAt(timeline, plan, KICKOFF, 1, KICKOFF - 1000);
    expect(before.phase).toBe('pre');
    expect(before.score.home).toBeNull();

    const early = state(60);
    expect([early.phase, early.clock, early.score.home, early.score.away]).toEqual([
      '1H',
      { minute: 2, added: null },
      0,
      0,
    ]);

    const stoppage = state(2735);
    expect(stoppage.clock).toEqual({ minute: 45, added: 1 });
    expect([stoppage.score.home, stoppage.score.away]).toEqual([1, 0]);
    expect(
      clockLabel({ phase: '1H', phaseStartedAt: new Date(KICKOFF).toISOString(), rate: 1 }, new Date(at(2735))),
    ).toBe("45+1'");

    const halfTime = state(3000);
    expect(halfTime.phase).toBe('HT');
    expect(halfTime.score.halfTime).toEqual({ home: 1, away: 0 });
    expect(halfTime.phaseStartedAtMs).toBe(at(2790));

    const secondHalf = state(3690 + 2100 + 1);
    expect(secondHalf.phase).toBe('2H');
    expect(secondHalf.clock).toEqual({ minute: 81, added: null });
    expect([secondHalf.score.home, secondHalf.score.away]).toEqual([1, 1]);
    // The substitution recorded only to the minute happens half-way through the 61st minute.
    expect(secondHalf.events.map((e) => e.type)).toContain('substitution');

    expect(state(6600).phase).toBe('BET');
    const extra = state(6870 + 120);
    expect([extra.phase, extra.clock?.minute, extra.score.extraTime]).toEqual(['E1', 93, { home: 1, away: 1 }]);
    expect(state(7800).phase).toBe('EHT');
    expect(state(8000).phase).toBe('E2');
    expect(state(9000).phase).toBe('BP');

    const shootout = state(9150 + 200);
    expect(shootout.phase).toBe('P');
    expect(shootout.score.penalties).toEqual({ home: 1, away: 2 });

    const final = state(9600);
    expect(final.phase).toBe('FT');
    expect(final.score).toEqual({
      home: 1,
      away: 1,
      halfTime: { home: 1, away: 0 },
      extraTime: { home: 1, away: 1 },
      penalties: { home: 2, away: 4 },
    });
    expect(final.finishesAtMs).toBe(at(9570));
  });

  it('runs REPLAY_SPEED times faster with the same events', () => {
    const fast = state(2735, 60);
    expect(fast.phase).toBe('1H');
    expect([fast.score.home, fast.score.away]).toEqual([1, 0]);
    const final = state(9600, 60);
    expect(final.score.penalties).toEqual({ home: 2, away: 4 });
    expect(final.finishesAtMs).toBe(KICKOFF + (9570 * 1000) / 60);
  });

  it('accumulates stats from the actions so far, and counts minutes played so far', () => {
    const first = state(700);
    const [home, away] = first.teamStats ?? [];
    expect(home).toMatchObject({ passes: 1, shots: 0 });
    expect(away).toMatchObject({ passes: 0, shots: 1, shotsOnTarget: 0 });
    const final = state(9600);
    expect(final.teamStats?.[0]).toMatchObject({ shots: 1, shotsOnTarget: 1, corners: 1, passes: 1 });
    expect(final.playerStats.find((player) => player.playerId === 11)).toMatchObject({ goals: 1, minutes: 120 });
    expect(final.playerStats.find((player) => player.playerId === 12)).toMatchObject({ assists: 1 });
    expect(first.playerStats.find((player) => player.playerId === 21)?.minutes).toBe(12);
  });

  it('is deterministic: the same inputs give the same state', () => {
    expect(JSON.stringify(state(5000))).toBe(JSON.stringify(state(5000)));
  });

  it('finds the chances that are not goals', () => {
    expect(momentsOf(timeline.actions).map((moment) => [moment.kind, moment.reading.minute])).toEqual([
      ['shot-wide', 11],
      ['corner', 51],
    ]);
  });
});

describe('demo replay schedule', () => {
  const pool = Array.from({ length: 495 }, (_, index) => index + 1);

  it('is the same for the same seed and day, and differs by day and seed', () => {
    const day = replaysForDay('2026-11-22', pool, 'scoreline');
    expect(replaysForDay('2026-11-22', pool, 'scoreline')).toEqual(day);
    expect(replaysForDay('2026-11-23', pool, 'scoreline')).not.toEqual(day);
    expect(replaysForDay('2026-11-22', pool, 'other')).not.toEqual(day);
    expect(new Set(day.map((replay) => replay.originalMatchId)).size).toBe(day.length);
  });

  it('kicks off on quarter hours around the clock, so some match is always live', () => {
    const day = replaysForDay('2026-11-22', pool, 'scoreline');
    expect(day.length).toBeGreaterThanOrEqual(32);
    for (const replay of day) expect(new Date(replay.kickoffAt).getUTCMinutes() % 15).toBe(0);
    const kickoffs = [...replaysForDay('2026-11-21', pool, 'scoreline'), ...day].map((replay) =>
      Date.parse(replay.kickoffAt),
    );
    // A match lasts at least 105 minutes of wall time (two halves and the break): every minute of the day has one in play.
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const now = Date.parse('2026-11-22T00:00:00Z') + minute * 60_000;
      expect(kickoffs.some((kickoff) => kickoff <= now && now < kickoff + 105 * 60_000)).toBe(true);
    }
  });

  it('parses its ids and rejects others', () => {
    const [first] = replaysForDay('2026-11-22', pool, 'scoreline');
    expect(parseReplayId(first?.externalId ?? '')).toEqual({ kind: 'demo', originalMatchId: first?.originalMatchId });
    expect(parseReplayId('relive:12:1700000000000:60')).toEqual({
      kind: 'relive',
      originalMatchId: 12,
      kickoffMs: 1700000000000,
      rate: 60,
    });
    expect(parseReplayId('demo:nope')).toBeNull();
  });
});
