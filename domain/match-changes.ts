// Typed domain events of ingest (issue #18, DESIGN.md §3 "The live path"):
// what a module that reacts to a match changing (odds after a goal, push
// notifications, hot matches) is told. Ingest announces one after every
// committed snapshot that changed a match; modules subscribe through the
// composition root (server/services.ts), so reacting never means editing
// the pipeline. In-process only: the ingest leader announces, so subscribers
// that write to the live stream do so once, and every node fans it out.
import type { LiveEvent } from './live-stream.ts';
import type { MatchStatus } from './match-status.ts';

/** The few facts of a match most reactions need; details are in `events` or a read through the football service. */
export interface MatchState {
  status: MatchStatus;
  minute: number | null;
  home: number | null;
  away: number | null;
}

export interface MatchChanged {
  matchId: number;
  /** `created`: the first snapshot of this match; `updated`: a later one that changed something. */
  outcome: 'created' | 'updated';
  /** The state before this snapshot; null for a new match. */
  before: MatchState | null;
  after: MatchState;
  /** What this snapshot appended to the live log, in order (goals, cards, corrections, score, stats, commentary). */
  events: LiveEvent[];
}
