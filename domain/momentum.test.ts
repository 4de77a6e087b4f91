// Hand-made cases for the momentum formula (issue #5) and its display
// (momentum-series.ts): threat points per action, per-minute buckets, live
// cuts, the events fallback, smoothing and the text summary.
import { describe, expect, it } from 'vitest';
import { actionThreat, computeMomentum, eventThreat, type MomentumAction, type MomentumEvent } from './momentum.ts';
import { momentumSchema } from './match-insight.ts';
import { minuteIndexOf, minutesOnTop, momentumSeries, momentumSpells, summariseMomentum } from './momentum-series.ts';
import { WYSCOUT_TAG } from './wyscout-tags.ts';

const HOME = 10;
const AWAY = 20;

function action(overrides: Partial<MomentumAction>): MomentumAction {
  return {
    period: '1H',
    second: 30,
    type: 'Pass',
    subtype: 'Simple pass',
    teamId: HOME,
    tags: [],
    x: 50,
    y: 50,
    endX: 55,
    endY: 50,
    ...overrides,
  };
}

const shot = (teamId: number, period: string, second: number, tags: number[] = []) =>
  action({ teamId, period, second, type: 'Shot', subtype: 'Shot', tags, x: 88, y: 50 });

const periodEvents = (firstHalfSeconds = 46 * 60 + 10, secondHalfSeconds = 48 * 60 + 5): MomentumEvent[] => [
  { period: '1H', minute: 0, addedMinute: null, second: 0, type: 'period_start', teamId: null },
  { period: '1H', minute: 45, addedMinute: 2, second: firstHalfSeconds, type: 'period_end', teamId: null },
  { period: '2H', minute: 45, addedMinute: null, second: 0, type: 'period_start', teamId: null },
  { period: '2H', minute: 90, addedMinute: 4, second: secondHalfSeconds, type: 'period_end', teamId: null },
];

describe('actionThreat', () => {
  it('scores shots, more when on target or a goal', () => {
    expect(actionThreat(shot(HOME, '1H', 10))).toBe(3);
    expect(actionThreat(shot(HOME, '1H', 10, [WYSCOUT_TAG.accurate]))).toBe(4);
    expect(actionThreat(shot(HOME, '1H', 10, [WYSCOUT_TAG.goal, WYSCOUT_TAG.accurate]))).toBe(4);
    expect(actionThreat(action({ type: 'Free Kick', subtype: 'Penalty', tags: [WYSCOUT_TAG.goal] }))).toBe(4);
    expect(actionThreat(action({ type: 'Free Kick', subtype: 'Free kick shot' }))).toBe(3);
  });

  it('scores corners and deliveries by where they end', () => {
    expect(actionThreat(action({ type: 'Free Kick', subtype: 'Corner', x: 100, y: 0, endX: 90, endY: 50 }))).toBe(1.5);
    // An accurate pass into the box, a cross into the box that was cleared, a pass to the final third.
    expect(actionThreat(action({ endX: 90, endY: 50, tags: [WYSCOUT_TAG.accurate] }))).toBe(1);
    expect(actionThreat(action({ subtype: 'Cross', endX: 92, endY: 40, tags: [WYSCOUT_TAG.notAccurate] }))).toBe(0.5);
    expect(actionThreat(action({ endX: 75, endY: 10, tags: [WYSCOUT_TAG.accurate] }))).toBe(0.5);
    // A key pass adds a point; a pass in midfield or a wide ball outside the box counts nothing.
    expect(actionThreat(action({ endX: 90, endY: 50, tags: [WYSCOUT_TAG.accurate, WYSCOUT_TAG.keyPass] }))).toBe(2);
    expect(actionThreat(action({ endX: 60, endY: 50, tags: [WYSCOUT_TAG.accurate] }))).toBe(0);
    expect(actionThreat(action({ endX: 90, endY: 5, tags: [WYSCOUT_TAG.notAccurate] }))).toBe(0);
    expect(
      actionThreat(
        action({ type: 'Free Kick', subtype: 'Goal kick', endX: 90, endY: 50, tags: [WYSCOUT_TAG.accurate] }),
      ),
    ).toBe(0);
  });

  it('scores touches in the box but not clearances, duels or fouls', () => {
    expect(actionThreat(action({ type: 'Others on the ball', subtype: 'Touch', x: 90, y: 45 }))).toBe(0.5);
    expect(actionThreat(action({ type: 'Others on the ball', subtype: 'Clearance', x: 90, y: 45 }))).toBe(0);
    expect(actionThreat(action({ type: 'Duel', subtype: 'Ground attacking duel', x: 90, y: 45 }))).toBe(0);
    expect(actionThreat(action({ type: 'Foul', subtype: 'Foul', x: 90, y: 45 }))).toBe(0);
  });
});

describe('eventThreat and minuteIndexOf', () => {
  it('counts goals and missed penalties only', () => {
    expect(eventThreat({ period: '1H', minute: 10, addedMinute: null, type: 'goal', teamId: HOME })).toBe(4);
    expect(eventThreat({ period: '1H', minute: 10, addedMinute: null, type: 'own_goal', teamId: HOME })).toBe(4);
    expect(eventThreat({ period: '1H', minute: 10, addedMinute: null, type: 'missed_penalty', teamId: HOME })).toBe(3);
    expect(eventThreat({ period: '1H', minute: 10, addedMinute: null, type: 'yellow_card', teamId: HOME })).toBe(0);
  });

  it('places clock minutes in their period', () => {
    expect(minuteIndexOf('1H', 1, null)).toBe(0);
    expect(minuteIndexOf('1H', 23, null)).toBe(22);
    expect(minuteIndexOf('1H', 45, 2)).toBe(46);
    expect(minuteIndexOf('2H', 46, null)).toBe(0);
    expect(minuteIndexOf('2H', 90, 3)).toBe(47);
    expect(minuteIndexOf('E1', 91, null)).toBe(0);
  });
});

describe('computeMomentum', () => {
  it('buckets each team’s actions by minute of each period, as long as the period lasted', () => {
    const momentum = computeMomentum({
      homeTeamId: HOME,
      awayTeamId: AWAY,
      actions: [
        shot(HOME, '1H', 65),
        shot(AWAY, '1H', 70, [WYSCOUT_TAG.accurate]),
        shot(HOME, '1H', 46 * 60 + 5),
        shot(AWAY, '2H', 10),
      ],
      events: periodEvents(),
    });
    expect(momentumSchema.parse(momentum)).toEqual(momentum);
    expect(momentum?.source).toBe('actions');
    expect(momentum?.complete).toBe(true);
    const [first, second] = momentum?.periods ?? [];
    expect(first?.period).toBe('1H');
    // 46:10 of play is 47 minutes (45 + 2 added); 48:05 is 49.
    expect(first?.home).toHaveLength(47);
    expect(second?.home).toHaveLength(49);
    expect(first?.home[1]).toBe(3);
    expect(first?.away[1]).toBe(4);
    expect(first?.home[46]).toBe(3);
    expect(second?.away[0]).toBe(3);
    expect(first?.home.reduce((sum, value) => sum + value, 0)).toBe(6);
  });

  it('ignores the shoot-out and actions of no team', () => {
    const momentum = computeMomentum({
      homeTeamId: HOME,
      awayTeamId: AWAY,
      actions: [
        shot(HOME, '1H', 10),
        action({ period: 'P', type: 'Free Kick', subtype: 'Penalty' }),
        shot(99, '1H', 20),
      ],
      events: [],
    });
    expect(momentum?.periods.map((row) => row.period)).toEqual(['1H']);
    expect(momentum?.periods[0]?.home).toEqual([3]);
    expect(momentum?.periods[0]?.away).toEqual([0]);
  });

  it('keeps only what happened up to the live cut, with the current minute as the last one', () => {
    const actions = [
      shot(HOME, '1H', 30),
      shot(AWAY, '1H', 44 * 60),
      shot(HOME, '2H', 5 * 60 + 10),
      shot(AWAY, '2H', 30 * 60),
    ];
    const live = computeMomentum({
      homeTeamId: HOME,
      awayTeamId: AWAY,
      actions,
      events: periodEvents(),
      cut: { period: '2H', second: 12 * 60 + 5 },
    });
    expect(live?.complete).toBe(false);
    expect(live?.periods.map((row) => [row.period, row.home.length])).toEqual([
      ['1H', 45],
      ['2H', 13],
    ]);
    expect(live?.periods[1]?.home[5]).toBe(3);
    expect(live?.periods[1]?.away.every((value) => value === 0)).toBe(true);
    const halfTime = computeMomentum({
      homeTeamId: HOME,
      awayTeamId: AWAY,
      actions,
      events: periodEvents(),
      cut: { period: '1H', second: Infinity },
    });
    expect(halfTime?.periods.map((row) => row.period)).toEqual(['1H']);
    expect(halfTime?.periods[0]?.away[44]).toBe(3);
  });

  it('falls back to goals and missed penalties from the events, full periods long', () => {
    const events: MomentumEvent[] = [
      { period: '1H', minute: 12, addedMinute: null, type: 'goal', teamId: HOME },
      { period: '2H', minute: 90, addedMinute: 3, type: 'penalty_goal', teamId: AWAY },
      { period: '2H', minute: 70, addedMinute: null, type: 'missed_penalty', teamId: AWAY },
      { period: '2H', minute: 60, addedMinute: null, type: 'yellow_card', teamId: HOME },
    ];
    const momentum = computeMomentum({ homeTeamId: HOME, awayTeamId: AWAY, actions: [], events });
    expect(momentum?.source).toBe('events');
    expect(momentum?.periods[0]?.home).toHaveLength(45);
    expect(momentum?.periods[0]?.home[11]).toBe(4);
    expect(momentum?.periods[1]?.away).toHaveLength(48);
    expect(momentum?.periods[1]?.away[47]).toBe(4);
    expect(momentum?.periods[1]?.away[24]).toBe(3);
  });

  it('returns null when nothing can be counted', () => {
    expect(computeMomentum({ homeTeamId: HOME, awayTeamId: AWAY, actions: [], events: [] })).toBeNull();
    expect(
      computeMomentum({
        homeTeamId: HOME,
        awayTeamId: AWAY,
        actions: [],
        events: [{ period: '1H', minute: 5, addedMinute: null, type: 'yellow_card', teamId: HOME }],
      }),
    ).toBeNull();
  });

  it('grows a live events-only match to the current minute', () => {
    const momentum = computeMomentum({
      homeTeamId: HOME,
      awayTeamId: AWAY,
      actions: [],
      events: [
        { period: '1H', minute: 3, addedMinute: null, type: 'goal', teamId: AWAY },
        { period: '1H', minute: 30, addedMinute: null, type: 'goal', teamId: HOME },
      ],
      cut: { period: '1H', second: 20 * 60 },
    });
    expect(momentum?.periods[0]?.away[2]).toBe(4);
    expect(momentum?.periods[0]?.home).toHaveLength(21);
    expect(momentum?.periods[0]?.home.every((value) => value === 0)).toBe(true);
  });
});

describe('momentumSeries, spells and summary', () => {
  // The home team presses from the 10th to the 25th minute, the away team in the second half's first quarter of an hour.
  const actions = [
    ...Array.from({ length: 16 }, (_, index) => shot(HOME, '1H', (9 + index) * 60 + 20)),
    ...Array.from({ length: 14 }, (_, index) => shot(AWAY, '2H', (1 + index) * 60 + 20, [WYSCOUT_TAG.accurate])),
  ];
  const momentum = computeMomentum({
    homeTeamId: HOME,
    awayTeamId: AWAY,
    actions,
    events: periodEvents(45 * 60, 45 * 60),
  });
  if (!momentum) throw new Error('expected momentum');

  it('smooths within each period and maps the difference to −1…1', () => {
    const series = momentumSeries(momentum);
    expect(series.map((period) => period.length)).toEqual([45, 45]);
    const first = series[0] ?? [];
    expect(first[0]?.value).toBe(0);
    expect(first[15]?.value).toBeGreaterThan(0.6);
    expect(first[15]?.minute).toBe(16);
    // The smoothing spreads a spell's edge over two minutes either side, never across half-time.
    expect(first[7]?.value).toBeGreaterThan(0);
    expect(first[7]?.value).toBeLessThan(first[15]?.value ?? 0);
    expect(series[1]?.[0]?.value).toBeLessThan(0);
    expect(series.flat().every((point) => point.value >= -1 && point.value <= 1)).toBe(true);
    expect(series[1]?.[0]?.minute).toBe(46);
  });

  it('finds the spells and minutes on top', () => {
    const series = momentumSeries(momentum);
    const spells = momentumSpells(series);
    expect(spells.map((spell) => [spell.side, spell.from.minute, spell.to.minute])).toEqual([
      ['home', 9, 26],
      ['away', 46, 61],
    ]);
    const onTop = minutesOnTop(series);
    expect(onTop.total).toBe(90);
    expect(onTop.home).toBe(18);
    expect(onTop.away).toBe(16);
  });

  it('says who was on top, for how long and when', () => {
    expect(summariseMomentum(momentum, { home: 'France', away: 'Portugal' })).toBe(
      "France were on top for 18 of the 90 minutes played, Portugal for 16. France's strongest spell: 9' to 26'. Portugal's strongest spell: 46' to 61'.",
    );
    const live = computeMomentum({
      homeTeamId: HOME,
      awayTeamId: AWAY,
      actions: [],
      events: [],
      cut: { period: '1H', second: 100 },
    });
    if (!live) throw new Error('expected live momentum');
    expect(summariseMomentum(live, { home: 'France', away: 'Portugal' })).toBe(
      'Neither team was on top for long so far: 2 minutes of even play.',
    );
    const oneSided = computeMomentum({
      homeTeamId: HOME,
      awayTeamId: AWAY,
      actions: actions.slice(0, 10),
      events: [],
      cut: { period: '1H', second: 20 * 60 },
    });
    if (!oneSided) throw new Error('expected live momentum');
    expect(summariseMomentum(oneSided, { home: 'France', away: 'Portugal' })).toBe(
      "France were on top for 12 of the 21 minutes played so far, Portugal for none. France's strongest spell: 9' to 20'.",
    );
  });
});
