// The page side of live updates (issue #4): loader data patched in place by
// the tab's live connection. Each hook starts from the server-rendered data
// and the stream position it was read at, so the first connection replays
// exactly what happened since; a resync reloads the page's data.
import { startTransition, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { MatchEvent, MatchSummary, PlayerStats, TeamStats } from '../../../domain/football-contracts.ts';
import type { CommentaryLine, LiveEvent, LiveScore } from '../../../domain/live-stream.ts';
import { loadChunk } from '../loading/chunk-reload.ts';
import type * as AnnouncementsModule from './live-announcements.ts';
import { subscribeLive } from './live-client.ts';
import { liveDelayMs } from './live-delay.ts';

type Announcements = typeof AnnouncementsModule;
let announcing: Promise<Announcements> | null = null;

/** Hands a live update to the live region's code, loaded with the first one (in order, so said in order). */
function announce(note: (announcements: Announcements) => void): void {
  announcing ??= loadChunk(() => import('./live-announcements.ts'));
  // Unreachable code (a new deployment) costs the announcement only; the next update tries again.
  announcing.then(note, () => (announcing = null));
}

/** A match summary with a score event applied. */
export function applyScore(match: MatchSummary, score: LiveScore): MatchSummary {
  if (match.id !== score.matchId) return match;
  return {
    ...match,
    status: score.status,
    clock: score.clock,
    minute: score.minute,
    score: {
      home: score.home,
      away: score.away,
      halfTime: score.halfTime,
      extraTime: score.extraTime,
      penalties: score.penalties,
    },
  };
}

/** A list of matches kept current by the `scores` topic. */
export function useLiveScores(matches: MatchSummary[], position: number | null): MatchSummary[] {
  const [current, setCurrent] = useState(matches);
  const revalidator = useRevalidator();
  const [source, setSource] = useState(matches);
  if (source !== matches) {
    // New loader data (navigation or revalidation) replaces the patched copy.
    setSource(matches);
    setCurrent(matches);
  }
  // What the list showed before an update: goals are announced from the change (app/lib/live/live-announcements.ts).
  const shown = useRef(current);
  useEffect(() => {
    shown.current = current;
  });
  useEffect(
    () =>
      subscribeLive(
        {
          topics: ['scores'],
          onEvent: (event) => {
            if (event.type !== 'score') return;
            const before = shown.current.find((match) => match.id === event.data.matchId);
            if (before) announce(({ noteScore }) => noteScore(before, event.data));
            setCurrent((list) => list.map((match) => applyScore(match, event.data)));
          },
          onResync: () => void revalidator.revalidate(),
        },
        position,
      ),
    // The subscription lives as long as the page's data does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [matches],
  );
  return current;
}

export interface LiveMatchData {
  match: MatchSummary;
  events: MatchEvent[];
  commentary: CommentaryLine[];
  stats: { teams: TeamStats[]; players: PlayerStats[] } | null;
}

/** Applies one event of a match's stream to its data. */
export function applyMatchEvent(data: LiveMatchData, event: LiveEvent): LiveMatchData {
  switch (event.type) {
    case 'score':
      return { ...data, match: applyScore(data.match, event.data) };
    case 'match-event':
      if (event.data.matchId !== data.match.id || data.events.some((known) => known.seq === event.data.event.seq))
        return data;
      return { ...data, events: [...data.events, event.data.event] };
    case 'correction': {
      if (event.data.matchId !== data.match.id) return data;
      const { before, after } = event.data;
      const events = after
        ? data.events.map((known) => (known.seq === before.seq ? after : known))
        : data.events.filter((known) => known.seq !== before.seq);
      return { ...data, events };
    }
    case 'commentary':
      if (event.data.matchId !== data.match.id || data.commentary.some((line) => line.seq === event.data.line.seq))
        return data;
      return { ...data, commentary: [...data.commentary, event.data.line] };
    case 'stats':
      if (event.data.matchId !== data.match.id) return data;
      return { ...data, stats: { teams: event.data.teamStats, players: event.data.playerStats } };
    default:
      return data;
  }
}

/** One match's data kept current by its `match:{id}` topic. */
export function useLiveMatch(initial: LiveMatchData, position: number | null): LiveMatchData {
  const [current, setCurrent] = useState(initial);
  const [source, setSource] = useState(initial);
  const revalidator = useRevalidator();
  if (source !== initial) {
    setSource(initial);
    setCurrent(initial);
  }
  const matchId = initial.match.id;
  const shown = useRef(current.match);
  useEffect(() => {
    shown.current = current.match;
  });
  useEffect(
    () =>
      subscribeLive(
        {
          topics: [`match:${matchId}`],
          onEvent: (event) => {
            // Goals and red cards for the live region (app/lib/live/live-announcements.ts).
            const before = shown.current;
            if (event.type === 'score') announce(({ noteScore }) => noteScore(before, event.data));
            if (event.type === 'match-event' && event.data.matchId === matchId) {
              const { event: matchEvent } = event.data;
              announce(({ noteMatchEvent }) => noteMatchEvent(before, matchEvent));
            }
            setCurrent((data) => applyMatchEvent(data, event));
          },
          onResync: () => void revalidator.revalidate(),
        },
        position,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [initial],
  );
  return current;
}

/** The current time, re-read every `intervalMs` while `active` (a ticking match clock). */
export function useNow(intervalMs: number, active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    // With "delay live updates" on, clocks read the time the delayed updates belong to. A transition:
    // React may spread a tick's render over several short tasks (a timer's update would be one task).
    const timer = setInterval(() => {
      const next = new Date(Date.now() - liveDelayMs());
      startTransition(() => setNow(next));
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}
