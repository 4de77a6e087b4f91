// In-play model odds (issue #24): the goals still to come are Poisson with the pre-match expected goals
// scaled by the share of the match left and by red cards; the score so far shifts every market, and the
// final whistle settles each one to what happened (probability 1).

import type { WinProbabilityPoint } from '../odds-contracts.ts';
import { marketsFromMatrix, scorelineMatrix, type MarketProbabilities, type Score, type Side } from './markets.ts';

export interface PreMatchRates {
  /** Expected goals of the home and the away side over the whole match (from `expectedGoals`). */
  home: number;
  away: number;
  /** The Dixon–Coles low-score correction of the fit (0: independent Poisson). */
  rho?: number;
}

export interface InPlayState {
  /** The match minute, stoppage time counted (90+3 → 93; 45+2 → 47 in the first half). */
  minute: number;
  score: Score;
  redCards?: { home: number; away: number };
  /** Who scored the last goal so far (null or absent: nobody yet). */
  lastScorer?: Side | null;
  /** True at the final whistle: every market settles. */
  finished?: boolean;
  /**
   * True once the match is known to go to extra time (a knockout level after 90 minutes): the goals still to
   * come include extra time's, and every market — 1X2 included — is on the score after extra time ("draw":
   * still level after 120 minutes, penalties to decide). Minutes past 90 are then extra time's (95 is 95′,
   * not 90+5).
   */
  extraTime?: boolean;
}

export interface InPlayOdds {
  markets: MarketProbabilities;
  /** Expected goals still to come for each side. */
  remaining: { home: number; away: number };
  settled: boolean;
}

/**
 * Red-card factors on the rate of goals still to come, per player sent off: the short side scores at
 * 0.67 of its rate and its opponent at 1.25 (rounded from Vecer, Kopriva & Ichiba, "Estimating the Effect
 * of the Red Card in Soccer", Journal of Quantitative Analysis in Sports 5(1), 2009, who found about
 * two thirds and five quarters on World Cup and Euro matches). A second card on the same side compounds.
 */
export const RED_CARD_OWN_FACTOR = 0.67;
export const RED_CARD_OPPONENT_FACTOR = 1.25;

/** Expected stoppage time (minutes) in the first and the second half: the match lasts about 95.5 minutes. */
export const FIRST_HALF_STOPPAGE = 1.5;
export const SECOND_HALF_STOPPAGE = 4;
/** Until the whistle, at least this many minutes are thought left (deep in stoppage time a goal can still come). */
const LAST_MINUTES = 0.5;
/**
 * Goals come faster as a match goes on (Dixon & Robinson, "A Birth Process Model for Association Football
 * Matches", The Statistician 47(3), 1998): the rate at minute t is 1 + GOAL_RATE_RISE · (t − 45) / 45 times
 * the average, stoppage time at the rate of the minute it follows. 0.3 puts 59 % of goals after half-time,
 * as in the 1,046 goals with minutes in the shipped openfootball files (World Cups, Euros, leagues) — measured
 * there, not on the Wyscout matches the benchmark replays.
 */
export const GOAL_RATE_RISE = 0.3;

const rateAt = (minute: number) => 1 + (GOAL_RATE_RISE * (minute - 45)) / 45;
/** The goal rate integrated over regular time from `from` to `to` (0 ≤ from ≤ to ≤ 90): linear, so the midpoint's. */
const regularTime = (from: number, to: number) => (to - from) * rateAt((from + to) / 2);
const WHOLE_MATCH = regularTime(0, 90) + FIRST_HALF_STOPPAGE * rateAt(45) + SECOND_HALF_STOPPAGE * rateAt(90);

/**
 * Goals per minute in extra time, relative to the average minute of a match's 90 (the unit of WHOLE_MATCH):
 * 71 goals in the 73 extra times of the Fjelstul World Cup data (1930–2022), 0.0324 a minute, against 0.0305
 * a minute over the 964 World Cup matches' regular time — measured on the shipped data, not on the benchmark's.
 */
export const EXTRA_TIME_GOAL_RATE = 1.06;
/** Expected stoppage time (minutes) in each half of extra time. */
export const EXTRA_TIME_STOPPAGE = 1;

/**
 * The share of a match's goals still to come at `minute` (1 at kick-off). Minutes up to 45 are the first half,
 * with its stoppage still to play; from 46 on the second; past 90, stoppage time runs down to half a minute.
 * With `extraTime` (the match goes on to 120 minutes) extra time's goals are added and minutes past 90 are
 * extra time's: the share then exceeds 1 before extra time begins.
 */
export function remainingShare(minute: number, extraTime = false): number {
  const m = Math.max(0, minute);
  if (extraTime) {
    const regular = m < 90 ? remainingShare(m) : 0;
    const extraMinutes = Math.max(0, 120 - Math.max(m, 90));
    const firstStoppage = m <= 105 ? EXTRA_TIME_STOPPAGE : 0;
    const secondStoppage = Math.max(LAST_MINUTES, EXTRA_TIME_STOPPAGE - Math.max(0, m - 120));
    return regular + (EXTRA_TIME_GOAL_RATE * (extraMinutes + firstStoppage + secondStoppage)) / WHOLE_MATCH;
  }
  const regular = regularTime(Math.min(m, 90), 90);
  const firstHalfStoppage = m <= 45 ? FIRST_HALF_STOPPAGE * rateAt(45) : 0;
  const secondHalfStoppage = Math.max(LAST_MINUTES, SECOND_HALF_STOPPAGE - Math.max(0, m - 90)) * rateAt(90);
  return Math.min(1, (regular + firstHalfStoppage + secondHalfStoppage) / WHOLE_MATCH);
}

/** The probabilities of every market at a moment of the match. Cheap: one 11 × 11 matrix. */
export function inPlay(pre: PreMatchRates, state: InPlayState): InPlayOdds {
  const redCards = state.redCards ?? { home: 0, away: 0 };
  const lastScorer = state.lastScorer ?? null;
  if (state.finished) {
    return {
      markets: marketsFromMatrix([[1]], { score: state.score, lastScorer }),
      remaining: { home: 0, away: 0 },
      settled: true,
    };
  }
  const share = remainingShare(state.minute, state.extraTime ?? false);
  const home = pre.home * share * RED_CARD_OWN_FACTOR ** redCards.home * RED_CARD_OPPONENT_FACTOR ** redCards.away;
  const away = pre.away * share * RED_CARD_OWN_FACTOR ** redCards.away * RED_CARD_OPPONENT_FACTOR ** redCards.home;
  // The low-score correction concerns final scores of 0-0, 1-0, 0-1 and 1-1: it applies to the goals to come
  // only while the score is 0-0 (τ fades by itself as the rates shrink with the time left).
  const rho = state.score.home === 0 && state.score.away === 0 ? (pre.rho ?? 0) : 0;
  return {
    markets: marketsFromMatrix(scorelineMatrix(home, away, rho), { score: state.score, lastScorer }),
    remaining: { home, away },
    settled: false,
  };
}

/** A goal or a red card, as the win-probability graph marks it. */
export interface MatchEventForOdds {
  minute: number;
  kind: 'goal' | 'red_card';
  /** The side the goal counts for (an own goal counts for the other side) or the side sent off. */
  side: Side;
  /** Shown on the graph's mark; default "Goal 1–0" (the score after it) or "Red card". */
  label?: string;
}

/**
 * The home/draw/away probabilities through a match: one point a minute from 0 to `lastMinute`, the point at
 * an event's minute taken after it and marked (two events in one minute give two marked points). With
 * `finished`, the last point is the settled result. With `extraTime` (a knockout that went to extra time:
 * events of the 90 minutes at most at minute 90, extra time's from 91 on) the points up to 90 are on the
 * 90-minute result and those after on the result after extra time (who wins the match; the draw is a
 * shoot-out still to come), so the graph runs to 120 minutes.
 */
export function winProbabilitySeries(
  pre: PreMatchRates,
  events: readonly MatchEventForOdds[],
  lastMinute: number,
  options: { finished?: boolean; extraTime?: boolean } = {},
): WinProbabilityPoint[] {
  const sorted = [...events].sort((a, b) => a.minute - b.minute);
  const score = { home: 0, away: 0 };
  const redCards = { home: 0, away: 0 };
  let lastScorer: Side | null = null;
  const points: WinProbabilityPoint[] = [];
  const pointAt = (minute: number, mark: WinProbabilityPoint['mark'], finished = false): WinProbabilityPoint => {
    const extraTime = options.extraTime === true && minute > 90;
    const { markets } = inPlay(pre, { minute, score: { ...score }, redCards, lastScorer, finished, extraTime });
    return { minute, ...markets['1x2'], mark };
  };
  let next = 0;
  const end = Math.max(0, Math.floor(lastMinute), options.extraTime && options.finished ? 120 : 0);
  for (let minute = 0; minute <= end; minute++) {
    let marked = false;
    while (next < sorted.length && sorted[next]!.minute <= minute) {
      const event = sorted[next++]!;
      if (event.kind === 'goal') {
        score[event.side]++;
        lastScorer = event.side;
      } else redCards[event.side]++;
      const label = event.label ?? (event.kind === 'goal' ? `Goal ${score.home}–${score.away}` : 'Red card');
      points.push(pointAt(minute, { kind: event.kind, side: event.side, label }));
      marked = true;
    }
    if (!marked) points.push(pointAt(minute, null));
  }
  if (options.finished) {
    const last = points[points.length - 1];
    const settled = pointAt(end, null, true);
    if (last && last.minute === end) points[points.length - 1] = { ...settled, mark: last.mark };
    else points.push(settled);
  }
  return points;
}
