// What the polite live region says (app/components/live-announcer.tsx, through
// app/lib/live/live-region.ts): goals
// and red cards from live updates, reported by the page hooks that apply them
// (app/lib/live/use-live.ts) once the connection releases them, so the "delay live
// updates" setting holds the announcements too. Throttled: one announcement at
// most every few seconds, a burst said together. Nothing is announced of a
// match whose score the spoiler-safe setting hides: even "a goal" gives the
// result away. Loaded with the first live update, not with the page.
import type { MatchEvent, MatchSummary } from '../../../domain/football-contracts.ts';
import type { LiveScore } from '../../../domain/live-stream.ts';
import { realTimers, type Timers } from './live-delay.ts';
import { speakLive } from './live-region.ts';
import { hidesMatch, spoilerSettingFromCookie } from '../preferences/spoiler.ts';

/**
 * Screen-reader announcements at most one per `intervalMs`: the first is said
 * after `settleMs` (at once by default), the ones arriving meanwhile or during
 * the pause are said together when it ends (the newest few, with a count of
 * the rest). A text given as a function is written when it is said, with
 * whatever arrived in between (a goal's minute from its key event).
 */
export class AnnouncementThrottle {
  private pending: Array<string | (() => string)> = [];
  private lastSaidAt = -Infinity;
  private timer: unknown = null;

  constructor(
    private readonly say: (text: string) => void,
    private readonly intervalMs = 4000,
    private readonly timers: Timers = realTimers,
    private readonly maxJoined = 3,
    private readonly settleMs = 0,
  ) {}

  push(text: string | (() => string)): void {
    this.pending.push(text);
    const wait = Math.max(this.settleMs, this.lastSaidAt + this.intervalMs - this.timers.now());
    if (wait <= 0 && this.timer === null) {
      this.flush();
      return;
    }
    if (this.timer === null) {
      this.timer = this.timers.setTimeout(
        () => {
          this.timer = null;
          this.flush();
        },
        Math.max(0, wait),
      );
    }
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const newest = this.pending.slice(-this.maxJoined).map((text) => (typeof text === 'string' ? text : text()));
    const left = this.pending.length - newest.length;
    this.pending = [];
    this.lastSaidAt = this.timers.now();
    this.say(left > 0 ? `${newest.join('. ')}. And ${left} more.` : newest.join('. '));
  }
}

const ANNOUNCE_EVERY_MS = 4000;
/** A goal's score update and its key event (with the true minute) arrive close together, in either order. */
const SETTLE_MS = 1000;
const REMEMBERED_KEYS = 500;

const throttle = new AnnouncementThrottle(speakLive, ANNOUNCE_EVERY_MS, undefined, 3, SETTLE_MS);
/** The same goal reaches several lists of one page (live now, the day, hot matches): said once. */
const said = new Set<string>();
/** The minute of each match's latest goal event seen (match pages get them), and when it came. */
const goalMinutes = new Map<number, { label: string; at: number }>();
const SCORING = new Set(['goal', 'penalty_goal', 'own_goal']);

function spoilerHidden(match: MatchSummary): boolean {
  return typeof document !== 'undefined' && hidesMatch(spoilerSettingFromCookie(document.cookie), match);
}

function announce(key: string, text: string | (() => string), match: MatchSummary): void {
  if (said.has(key)) return;
  said.add(key);
  if (said.size > REMEMBERED_KEYS) said.delete(said.values().next().value as string);
  if (spoilerHidden(match)) return;
  throttle.push(text);
}

/**
 * "87'": the minute the server wrote with the update. The goal's key event,
 * where the page gets it, gives the exact minute instead (see noteScore).
 * (Not the clock: domain/match-clock.ts brings zod.)
 */
function minuteOf(score: LiveScore): string | null {
  return score.minute !== null ? `${score.minute}'` : null;
}

/** The text for a goal, from the match before the update and the score after it; null when no goal was scored. */
export function goalAnnouncement(before: MatchSummary, score: LiveScore, minute: string | null): string | null {
  if (score.home === null || score.away === null) return null;
  const home = before.score.home ?? 0;
  const away = before.score.away ?? 0;
  // A goal adds to one side; a disallowed goal (a lower score) or a first score of 0–0 is no goal.
  if (score.home + score.away <= home + away || score.home < home || score.away < away) return null;
  return `Goal: ${before.home.name} ${score.home}–${score.away} ${before.away.name}${minute ? `, ${minute}` : ''}`;
}

/** A live score update was applied to `before` (a match the page lists). */
export function noteScore(before: MatchSummary, score: LiveScore): void {
  if (before.id !== score.matchId) return;
  const fallback = minuteOf(score);
  if (!goalAnnouncement(before, score, fallback)) return;
  const noticedAt = Date.now();
  // Written when said: by then the goal's key event may have given its exact minute.
  announce(
    `goal:${score.matchId}:${score.home}-${score.away}`,
    () => {
      const event = goalMinutes.get(score.matchId);
      const minute = event && Math.abs(event.at - noticedAt) <= 5000 ? event.label : fallback;
      return goalAnnouncement(before, score, minute) ?? '';
    },
    before,
  );
}

/** A key event of a match reached its page: red cards are announced (goals come with the score). */
export function noteMatchEvent(match: MatchSummary, event: MatchEvent): void {
  const minute = event.addedMinute ? `${event.minute}+${event.addedMinute}'` : `${event.minute}'`;
  if (SCORING.has(event.type)) goalMinutes.set(match.id, { label: minute, at: Date.now() });
  if (event.type !== 'red_card' && event.type !== 'second_yellow') return;
  const team =
    event.teamId === match.home.id ? match.home.name : event.teamId === match.away.id ? match.away.name : null;
  const who = event.player ? `${event.player.shortName ?? event.player.name}${team ? ` (${team})` : ''}` : (team ?? '');
  announce(
    `red:${match.id}:${event.seq}`,
    `Red card: ${who}${who ? ', ' : ''}${match.home.name} v ${match.away.name}, ${minute}`,
    match,
  );
}
