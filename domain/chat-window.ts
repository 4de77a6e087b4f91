// When a match's chat room takes messages (issue #23): from 60 minutes before kick-off, while live, and for
// 30 minutes after the final whistle. The server decides with this (server/modules/chat/chat.service.ts,
// where staff closing a room comes on top); the chat box uses nextWindowChange() to know when a room it shows
// opens or goes read-only, since the clock passing those moments sends no event. Plain code, no zod (the
// browser loads it).
import type { MatchClock } from './match-clock.ts';
import type { MatchStatus } from './match-status.ts';

/** The room opens this long before kick-off … */
export const CHAT_OPENS_BEFORE_KICKOFF_MS = 60 * 60_000;
/** … and stays open this long after the final whistle. */
export const CHAT_OPEN_AFTER_FINAL_WHISTLE_MS = 30 * 60_000;
/** A finished match without a recorded final whistle ended about this long after kick-off. */
const ASSUMED_MATCH_LENGTH_MS = 115 * 60_000;
/** A match still "scheduled" this long after its kick-off has no live data: its room is not kept open. */
const SCHEDULED_OVERDUE_MS = 3 * 60 * 60_000;

export interface ChatWindowMatch {
  status: MatchStatus;
  kickoffAt: string;
  clock: Pick<MatchClock, 'phase' | 'phaseStartedAt'> | null;
}

/**
 * Whether a match's room is open for posting by its window alone: from 60 minutes before kick-off, while
 * live, and for 30 minutes after the final whistle (the start of the clock's FT phase; without it, an
 * assumed match length after kick-off). Postponed, cancelled, abandoned and awarded matches, and scheduled
 * ones long past their kick-off, are read-only.
 */
export function roomWindowState(match: ChatWindowMatch, now: Date): 'open' | 'read-only' {
  const at = now.getTime();
  const window = openWindow(match);
  return window !== null && at >= window.from && at < window.until ? 'open' : 'read-only';
}

/**
 * When the room's window state changes next after `now` by the clock alone (ms since the epoch), with the
 * match as it is: the opening 60 minutes before kick-off, or the turn to read-only 30 minutes after the final
 * whistle (or when a scheduled match is long overdue). Null when nothing changes until the match does (live,
 * postponed, already past its window). A change of the match itself (a score event: kick-off, full time)
 * moves the times, so a page asks again with the new match.
 */
export function nextWindowChange(match: ChatWindowMatch, now: Date): number | null {
  const at = now.getTime();
  const window = openWindow(match);
  if (window === null) return null;
  if (at < window.from) return window.from;
  if (at < window.until && Number.isFinite(window.until)) return window.until;
  return null;
}

/** The span (ms) in which the window alone keeps the room open; null when it never is open as things stand. */
function openWindow(match: ChatWindowMatch): { from: number; until: number } | null {
  const kickoff = Date.parse(match.kickoffAt);
  switch (match.status) {
    case 'live':
    case 'half-time':
      return { from: -Infinity, until: Infinity };
    case 'scheduled':
      return { from: kickoff - CHAT_OPENS_BEFORE_KICKOFF_MS, until: kickoff + SCHEDULED_OVERDUE_MS };
    case 'finished': {
      const whistle =
        match.clock?.phase === 'FT' && match.clock.phaseStartedAt
          ? Date.parse(match.clock.phaseStartedAt)
          : kickoff + ASSUMED_MATCH_LENGTH_MS;
      return { from: -Infinity, until: whistle + CHAT_OPEN_AFTER_FINAL_WHISTLE_MS };
    }
    default:
      return null;
  }
}
