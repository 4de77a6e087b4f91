// In-play model odds (issue #24): minute 0 is the pre-match price, time running down moves the markets
// towards the score, goals and red cards move them the right way, the final whistle settles every market,
// and the win-probability graph marks what moved it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { winProbabilityPointSchema } from '../odds-contracts.ts';
import { inPlay, remainingShare, winProbabilitySeries, type PreMatchRates } from './in-play.ts';
import { marketsFromMatrix, scorelineMatrix } from './markets.ts';

const PRE: PreMatchRates = { home: 1.6, away: 1.1, rho: -0.06 };

describe('inPlay', () => {
  it('is the pre-match market at kick-off', () => {
    const live = inPlay(PRE, { minute: 0, score: { home: 0, away: 0 } });
    const pre = marketsFromMatrix(scorelineMatrix(PRE.home, PRE.away, PRE.rho));
    expect(live.markets['1x2'].home).toBeCloseTo(pre['1x2'].home, 12);
    expect(live.markets.correct_score['1-1']).toBeCloseTo(pre.correct_score['1-1']!, 12);
    expect(live.settled).toBe(false);
  });

  it('runs the clock down: at 0-0 the draw grows minute by minute, stoppage time included', () => {
    let previous = 0;
    for (const minute of [0, 15, 30, 45, 47, 60, 75, 90, 93, 96]) {
      const draw = inPlay(PRE, { minute, score: { home: 0, away: 0 } }).markets['1x2'].draw;
      expect(draw).toBeGreaterThan(previous);
      previous = draw;
    }
    expect(previous).toBeGreaterThan(0.97);
    expect(previous).toBeLessThan(1);
    expect(remainingShare(0)).toBe(1);
    expect(remainingShare(200)).toBeGreaterThan(0);
    // Goals come faster late on: the first 45 minutes hold about 40 % of them, the second half from 46' on 58 %.
    expect(1 - remainingShare(45)).toBeCloseTo(0.4, 2);
    expect(remainingShare(46)).toBeCloseTo(0.58, 2);
    // A quarter of an hour is worth more at the end than at the start.
    expect(remainingShare(75) - remainingShare(90)).toBeGreaterThan(1 - remainingShare(15));
  });

  it('moves towards the side that scores, and a leader late on is nearly sure', () => {
    const before = inPlay(PRE, { minute: 60, score: { home: 0, away: 0 } }).markets;
    const after = inPlay(PRE, { minute: 60, score: { home: 0, away: 1 }, lastScorer: 'away' }).markets;
    expect(after['1x2'].away).toBeGreaterThan(before['1x2'].away);
    expect(after.last_team_to_score.away).toBeGreaterThan(before.last_team_to_score.away);
    expect(after.last_team_to_score.none).toBe(0);
    expect(after.btts.yes).toBeLessThan(after.btts.no);
    const late = inPlay(PRE, { minute: 92, score: { home: 2, away: 0 }, lastScorer: 'home' }).markets;
    expect(late['1x2'].home).toBeGreaterThan(0.99);
  });

  it('turns a red card against the side sent off and towards its opponent', () => {
    const even = inPlay(PRE, { minute: 30, score: { home: 0, away: 0 } });
    const homeDown = inPlay(PRE, { minute: 30, score: { home: 0, away: 0 }, redCards: { home: 1, away: 0 } });
    expect(homeDown.markets['1x2'].home).toBeLessThan(even.markets['1x2'].home);
    expect(homeDown.markets['1x2'].away).toBeGreaterThan(even.markets['1x2'].away);
    expect(homeDown.remaining.home).toBeLessThan(even.remaining.home);
    expect(homeDown.remaining.away).toBeGreaterThan(even.remaining.away);
    const awayDown = inPlay(PRE, { minute: 30, score: { home: 0, away: 0 }, redCards: { home: 0, away: 1 } });
    expect(awayDown.markets['1x2'].home).toBeGreaterThan(even.markets['1x2'].home);
  });

  it('settles every market to the actual outcome at the final whistle', () => {
    const { markets, settled } = inPlay(PRE, {
      minute: 94,
      score: { home: 2, away: 1 },
      lastScorer: 'away',
      finished: true,
    });
    expect(settled).toBe(true);
    expect(markets['1x2']).toEqual({ home: 1, draw: 0, away: 0 });
    expect(markets.two_way).toEqual({ home: 1, away: 0 });
    expect(markets.odd_even).toEqual({ odd: 1, even: 0 });
    expect(markets.last_team_to_score).toEqual({ home: 0, away: 1, none: 0 });
    expect(markets.over_under_2_5).toEqual({ over: 1, under: 0 });
    expect(markets.btts).toEqual({ yes: 1, no: 0 });
    expect(markets.correct_score).toEqual({ '2-1': 1, other: 0 });
    const goalless = inPlay(PRE, { minute: 93, score: { home: 0, away: 0 }, finished: true }).markets;
    expect(goalless.last_team_to_score.none).toBe(1);
    expect(goalless['1x2'].draw).toBe(1);
  });

  it('sums every live market to 1 within 1e-9 in any state (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        fc.boolean(),
        (minute, home, away, redHome, redAway, finished) => {
          const lastScorer = home + away === 0 ? null : home >= away ? 'home' : 'away';
          const { markets } = inPlay(PRE, {
            minute,
            score: { home, away },
            redCards: { home: redHome, away: redAway },
            lastScorer,
            finished,
          });
          for (const market of Object.values(markets)) {
            const values = Object.values(market as Record<string, number>);
            expect(Math.abs(values.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-9);
          }
        },
      ),
    );
  });

  it('updates in well under 5 ms per event', () => {
    const started = performance.now();
    for (let k = 0; k < 1000; k++) inPlay(PRE, { minute: k % 95, score: { home: k % 3, away: k % 2 } });
    expect((performance.now() - started) / 1000).toBeLessThan(5);
  });
});

describe('winProbabilitySeries', () => {
  const events = [
    { minute: 23, kind: 'goal' as const, side: 'home' as const },
    { minute: 61, kind: 'red_card' as const, side: 'home' as const, label: 'Red card: Example' },
    { minute: 78, kind: 'goal' as const, side: 'away' as const },
  ];

  it('gives one valid point a minute, marks each event and settles at the end', () => {
    const points = winProbabilitySeries(PRE, events, 94, { finished: true });
    expect(points).toHaveLength(95);
    for (const point of points) {
      winProbabilityPointSchema.parse(point);
      expect(Math.abs(point.home + point.draw + point.away - 1)).toBeLessThan(1e-9);
    }
    const marks = points.filter((point) => point.mark !== null);
    expect(marks.map((point) => [point.minute, point.mark!.label])).toEqual([
      [23, 'Goal 1–0'],
      [61, 'Red card: Example'],
      [78, 'Goal 1–1'],
    ]);
    expect(points[23]!.home).toBeGreaterThan(points[22]!.home);
    expect(points[61]!.home).toBeLessThan(points[60]!.home);
    expect(points[78]!.draw).toBeGreaterThan(points[77]!.draw);
    expect(points.at(-1)).toMatchObject({ minute: 94, home: 0, draw: 1, away: 0 });
  });

  it('stops at the minute reached for a match still being played', () => {
    const points = winProbabilitySeries(PRE, events.slice(0, 1), 40);
    expect(points).toHaveLength(41);
    expect(points.at(-1)!.home).toBeLessThan(1);
  });
});

describe('extra time (a knockout level after 90 minutes)', () => {
  const level = { home: 1, away: 1 };

  it('adds extra time’s goals: about a third of a match’s still to come at 90′, running down to 120′', () => {
    expect(remainingShare(90, true)).toBeGreaterThan(0.3);
    expect(remainingShare(90, true)).toBeLessThan(0.4);
    expect(remainingShare(105, true)).toBeLessThan(remainingShare(95, true));
    expect(remainingShare(120, true)).toBeLessThan(remainingShare(110, true));
    expect(remainingShare(130, true)).toBeGreaterThan(0);
    // Before 90′ the rest of regular time comes on top.
    expect(remainingShare(80, true)).toBeCloseTo(remainingShare(80) + remainingShare(90, true), 12);
  });

  it('makes the 1X2 who wins after extra time: at 90′ level the draw (penalties) is far from sure', () => {
    const regular = inPlay(PRE, { minute: 93, score: level });
    const extra = inPlay(PRE, { minute: 90, score: level, extraTime: true });
    expect(regular.markets['1x2'].draw).toBeGreaterThan(0.9);
    expect(extra.markets['1x2'].draw).toBeLessThan(0.75);
    expect(extra.markets['1x2'].home).toBeGreaterThan(extra.markets['1x2'].away);
    // The draw grows as extra time runs down.
    const late = inPlay(PRE, { minute: 118, score: level, extraTime: true });
    expect(late.markets['1x2'].draw).toBeGreaterThan(extra.markets['1x2'].draw);
    for (const market of Object.values(extra.markets)) {
      const total = Object.values(market as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(Math.abs(total - 1)).toBeLessThan(1e-9);
    }
  });

  it('draws the graph to 120′: the 90 minutes on their own result, then who wins after extra time, settled at the end', () => {
    const goals = [
      { minute: 30, kind: 'goal' as const, side: 'home' as const },
      { minute: 88, kind: 'goal' as const, side: 'away' as const },
      { minute: 112, kind: 'goal' as const, side: 'home' as const },
    ];
    const points = winProbabilitySeries(PRE, goals, 95, { finished: true, extraTime: true });
    expect(points.at(-1)).toMatchObject({ minute: 120, home: 1, draw: 0, away: 0 });
    expect(points).toHaveLength(121);
    const at = (minute: number) => points.find((point) => point.minute === minute)!;
    // At 90′ level the 90-minute draw is nearly sure; from 91′ extra time reopens the match.
    expect(at(90).draw).toBeGreaterThan(0.85);
    expect(at(91).draw).toBeLessThan(0.75);
    expect(at(112).mark?.label).toBe('Goal 2–1');
    expect(at(112).home).toBeGreaterThan(at(111).home);
    // Without extraTime the same match stops at the minute reached.
    expect(winProbabilitySeries(PRE, goals.slice(0, 2), 95, { finished: true })).toHaveLength(96);
  });
});
