// Match momentum as the page draws and tells it (issue #5): the per-minute
// pressure counted by domain/momentum.ts, smoothed into the graph's series,
// the spells in which a team was on top, and the text summary. Kept apart from
// the counting so the browser never loads the Wyscout tag table.
//
// The graph shows tanh((home − away) / 2.5) of a centred 5-minute moving
// average of each team's pressure (weights 1-2-3-2-1, never across a break),
// so one isolated shot reads as a bump and a sustained siege as a plateau near
// the edge.
import {
  minuteInPeriod,
  PERIOD_LENGTH_MINUTES,
  PERIOD_START_MINUTE,
  PLAYING_PHASES,
  type PlayingPhase,
} from './match-clock.ts';

/** Smoothing window (centred) and the scale of the tanh that maps pressure difference to −1…1. */
const WINDOW = [1, 2, 3, 2, 1] as const;
const SCALE = 2.5;
/** |value| at or above this counts as a team being on top in that minute. */
export const ON_TOP_THRESHOLD = 0.3;

/** A match's momentum (its schema, checked against this type, is in domain/match-insight.ts: no zod for the browser here). */
export interface Momentum {
  /** What the pressure was counted from. */
  source: 'actions' | 'events';
  /** Every period played so far: per-minute pressure of each team (index 0 is the period's first minute). */
  periods: Array<{ period: PlayingPhase; home: number[]; away: number[] }>;
  /** False while the match is still being played: the graph leaves room for the minutes to come. */
  complete: boolean;
}

/** The index of the minute an event falls in within its period (0 = the period's first minute). */
export function minuteIndexOf(period: PlayingPhase, minute: number, addedMinute: number | null): number {
  if (addedMinute !== null && addedMinute > 0) return PERIOD_LENGTH_MINUTES[period] + addedMinute - 1;
  return Math.max(0, minute - PERIOD_START_MINUTE[period] - 1);
}

export interface MomentumPoint {
  period: PlayingPhase;
  /** 0-based minute within the period. */
  index: number;
  /** The clock a fan saw: 23' or 45+2'. */
  minute: number;
  added: number | null;
  /** −1 (the away team pressing hard) … 1 (the home team pressing hard). */
  value: number;
}

/** The smoothed, signed series the graph draws, period by period. */
export function momentumSeries(momentum: Momentum): MomentumPoint[][] {
  const half = (WINDOW.length - 1) / 2;
  return momentum.periods.map((row) =>
    row.home.map((_, index) => {
      let home = 0;
      let away = 0;
      let weights = 0;
      WINDOW.forEach((weight, offset) => {
        const at = index + offset - half;
        if (at < 0 || at >= row.home.length) return;
        home += weight * (row.home[at] ?? 0);
        away += weight * (row.away[at] ?? 0);
        weights += weight;
      });
      const difference = weights === 0 ? 0 : (home - away) / weights;
      const clock = minuteInPeriod(row.period, index * 60);
      return {
        period: row.period,
        index,
        minute: clock.minute,
        added: clock.added,
        value: Math.round(Math.tanh(difference / SCALE) * 1000) / 1000,
      };
    }),
  );
}

/** "23'" or "45+2'". */
export function minuteLabel(point: Pick<MomentumPoint, 'minute' | 'added'>): string {
  return point.added === null ? `${point.minute}'` : `${point.minute}+${point.added}'`;
}

export interface MomentumSpell {
  side: 'home' | 'away';
  from: MomentumPoint;
  to: MomentumPoint;
  minutes: number;
  /** Sum of |value| over the spell: how hard the team pressed. */
  strength: number;
}

/** Runs of at least `minLength` minutes in which one team stayed on top (a one-minute dip does not break a run). */
export function momentumSpells(series: MomentumPoint[][], minLength = 5): MomentumSpell[] {
  const spells: MomentumSpell[] = [];
  for (const period of series) {
    let current: { side: 'home' | 'away'; start: number; end: number; strength: number } | null = null;
    const close = () => {
      if (current && current.end - current.start + 1 >= minLength) {
        const from = period[current.start];
        const to = period[current.end];
        if (from && to)
          spells.push({
            side: current.side,
            from,
            to,
            minutes: current.end - current.start + 1,
            strength: Math.round(current.strength * 100) / 100,
          });
      }
      current = null;
    };
    period.forEach((point, index) => {
      const side = point.value >= ON_TOP_THRESHOLD ? 'home' : point.value <= -ON_TOP_THRESHOLD ? 'away' : null;
      if (side === null) {
        // Allow one even minute inside a run when the same team is on top right after it.
        const next = period[index + 1];
        const nextSide = next
          ? next.value >= ON_TOP_THRESHOLD
            ? 'home'
            : next.value <= -ON_TOP_THRESHOLD
              ? 'away'
              : null
          : null;
        if (current && nextSide === current.side) return;
        close();
        return;
      }
      if (current && current.side === side) {
        current.end = index;
        current.strength += Math.abs(point.value);
      } else {
        close();
        current = { side, start: index, end: index, strength: Math.abs(point.value) };
      }
    });
    close();
  }
  return spells;
}

/** Minutes each team was on top, over every minute played. */
export function minutesOnTop(series: MomentumPoint[][]): { home: number; away: number; total: number } {
  const points = series.flat();
  return {
    home: points.filter((point) => point.value >= ON_TOP_THRESHOLD).length,
    away: points.filter((point) => point.value <= -ON_TOP_THRESHOLD).length,
    total: points.length,
  };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The text alternative of the graph: who was on top for how long, and each team's strongest spells. */
export function summariseMomentum(momentum: Momentum, names: { home: string; away: string }): string {
  const series = momentumSeries(momentum);
  const { home, away, total } = minutesOnTop(series);
  if (total === 0) return 'The match has not started yet.';
  const sofar = momentum.complete ? '' : ' so far';
  const parts: string[] = [];
  if (home === 0 && away === 0)
    parts.push(`Neither team was on top for long${sofar}: ${plural(total, 'minute')} of even play.`);
  else {
    const leader = home >= away ? { name: names.home, minutes: home } : { name: names.away, minutes: away };
    const other = home >= away ? { name: names.away, minutes: away } : { name: names.home, minutes: home };
    parts.push(
      `${leader.name} were on top for ${leader.minutes} of the ${plural(total, 'minute')} played${sofar}, ${other.name} for ${other.minutes === 0 ? 'none' : other.minutes}.`,
    );
  }
  const spells = momentumSpells(series);
  for (const side of ['home', 'away'] as const) {
    const best = spells
      .filter((spell) => spell.side === side)
      .sort((a, b) => b.strength - a.strength)
      .slice(0, 2)
      .sort(
        (a, b) =>
          PLAYING_PHASES.indexOf(a.from.period) - PLAYING_PHASES.indexOf(b.from.period) || a.from.index - b.from.index,
      );
    if (best.length === 0) continue;
    const spans = best.map((spell) => `${minuteLabel(spell.from)} to ${minuteLabel(spell.to)}`).join(' and ');
    parts.push(`${names[side]}'s strongest ${best.length === 1 ? 'spell' : 'spells'}: ${spans}.`);
  }
  return parts.join(' ');
}
