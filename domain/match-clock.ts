// The match clock (issue #4): which phase a match is in and the minute a fan
// sees. The server stores when the current phase started and how fast the
// clock runs (1, or REPLAY_SPEED for demo replays), so every page and the
// browser compute the same "67'" without an event per minute.
// No zod here, for the browser's sake (as match-status.ts): the schemas are in match-schemas.ts.
import type { MatchStatus } from './match-status.ts';

/**
 * Phases in order: before kick-off, first half, half-time, second half, the
 * break before extra time, extra-time first half, extra-time half-time,
 * extra-time second half, the break before penalties, the shoot-out, full time.
 */
export const MATCH_PHASES = ['pre', '1H', 'HT', '2H', 'BET', 'E1', 'EHT', 'E2', 'BP', 'P', 'FT'] as const;
export type MatchPhase = (typeof MATCH_PHASES)[number];

/** Playing periods as the event data names them. */
export const PLAYING_PHASES = ['1H', '2H', 'E1', 'E2'] as const;
export type PlayingPhase = (typeof PLAYING_PHASES)[number];

/** Minute on the clock when each playing period starts, and its regular length in minutes. */
export const PERIOD_START_MINUTE: Record<PlayingPhase, number> = { '1H': 0, '2H': 45, E1: 90, E2: 105 };
export const PERIOD_LENGTH_MINUTES: Record<PlayingPhase, number> = { '1H': 45, '2H': 45, E1: 15, E2: 15 };

export interface MatchClock {
  phase: MatchPhase;
  /** When the current phase started (UTC ISO); null when unknown. */
  phaseStartedAt: string | null;
  /** Match seconds per wall-clock second: 1 for real matches, REPLAY_SPEED for replays. */
  rate: number;
}

export function isPlayingPhase(phase: MatchPhase): phase is PlayingPhase {
  return (PLAYING_PHASES as readonly string[]).includes(phase);
}

/** The coarse status the API and tables use for a phase. */
export function statusOfPhase(phase: MatchPhase): MatchStatus {
  if (phase === 'pre') return 'scheduled';
  if (phase === 'FT') return 'finished';
  if (phase === 'HT' || phase === 'EHT' || phase === 'BET' || phase === 'BP') return 'half-time';
  return 'live';
}

export interface ClockReading {
  minute: number;
  /** Stoppage-time minute ("45+2'") or null. */
  added: number | null;
}

/**
 * The minute shown `secondsIntoPeriod` match-seconds into a playing period:
 * 1H runs 1'…45' then 45+1', 2H 46'…90'+n, E1 91'…105'+n, E2 106'…120'+n.
 */
export function minuteInPeriod(phase: PlayingPhase, secondsIntoPeriod: number): ClockReading {
  const elapsed = Math.floor(Math.max(0, secondsIntoPeriod) / 60) + 1;
  const length = PERIOD_LENGTH_MINUTES[phase];
  const base = PERIOD_START_MINUTE[phase];
  if (elapsed <= length) return { minute: base + elapsed, added: null };
  return { minute: base + length, added: elapsed - length };
}

/** The clock a fan sees at `now`; null outside playing periods (pre, breaks, shoot-out, full time). */
export function readClock(clock: MatchClock, now: Date): ClockReading | null {
  if (!isPlayingPhase(clock.phase) || clock.phaseStartedAt === null) return null;
  const wallSeconds = (now.getTime() - Date.parse(clock.phaseStartedAt)) / 1000;
  return minuteInPeriod(clock.phase, wallSeconds * clock.rate);
}

/** "67'", "45+2'", "HT", "ET HT", "Pens", "FT" — the label of a clock at `now`. */
export function clockLabel(clock: MatchClock, now: Date): string {
  const reading = readClock(clock, now);
  if (reading) return reading.added === null ? `${reading.minute}'` : `${reading.minute}+${reading.added}'`;
  switch (clock.phase) {
    case 'pre':
      return '';
    case 'HT':
      return 'HT';
    case 'BET':
      return 'End of 90';
    case 'EHT':
      return 'ET HT';
    case 'BP':
      return 'End of ET';
    case 'P':
      return 'Pens';
    case 'FT':
      return 'FT';
    default:
      return '';
  }
}
