// The chat room's data in the browser (issue #23): the last 100 messages and
// the room's state fetched on open, then kept current by the `chat:<matchId>`
// topic on the tab's ONE live connection (subscribeLive: the topic joins the
// match topic on the same EventSource). "Delay live updates by N s" holds
// these events like every other (app/lib/live/live-delay.ts); the reader's own
// posts go into the list at once from the POST's answer. The people count is
// read again every 30 s while the tab is visible. The room's window (open from
// 60 minutes before kick-off until 30 minutes after the final whistle) turns by
// a timer set from the match the page shows, kept current by its score events:
// the clock passing those moments sends no event (docs/chat.md).
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ChatHistory, ChatMessage, ChatRoom } from '../../../domain/chat-contracts.ts';
import { nextWindowChange, roomWindowState, type ChatWindowMatch } from '../../../domain/chat-window.ts';
import { subscribeLive } from '../../lib/live/live-client.ts';
import { fetchHistory, fetchRoom, type ChatRoomInfo } from './chat-api.ts';
import { chatReducer, initialChatState, type ChatState } from './chat-state.ts';

const PEOPLE_REFRESH_MS = 30_000;
/** A window change further away than this is timed again then (setTimeout's delay is a 32-bit number). */
const LONGEST_WAIT_MS = 24 * 60 * 60_000;

export interface ChatData extends ChatState {
  /** The first page failed to load (network, server): a retry is offered. */
  failed: string | null;
  loadingOlder: boolean;
  loadOlder: () => Promise<void>;
  retry: () => void;
  /** A message this reader posted or removed: shown at once, not after the stream (maybe delayed) brings it. */
  posted: (message: ChatMessage) => void;
  removed: (messageId: number) => void;
  roomChanged: (room: ChatRoom) => void;
  /** Reads the room again now (a post was refused because it closed or went read-only). */
  refreshRoom: () => void;
}

/** What the server read with the page (the match loader): the first page of messages and the room. */
export interface ChatInitial {
  history: ChatHistory;
  room: ChatRoomInfo;
}

function startFrom(initial: ChatInitial | null): ChatState {
  if (!initial) return initialChatState;
  const { people, ...room } = initial.room;
  return chatReducer(chatReducer(initialChatState, { type: 'room', room, people }), {
    type: 'history',
    history: initial.history,
    older: false,
  });
}

/** `roomWindow`: the match as the room's window needs it (status, kick-off, clock), as the page read it. */
export function useChat(
  matchId: number,
  position: number | null,
  initial: ChatInitial | null,
  roomWindow: ChatWindowMatch | null = null,
): ChatData {
  const [state, dispatch] = useReducer(chatReducer, initial, startFrom);
  // The server's first page and room are the box's start; the stream brings what came after them.
  const [served] = useState(initial !== null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  /** When the stream last brought a room change (ms): a room read asked for after it is newer. */
  const streamRoomAt = useRef(0);
  const [roomReads, setRoomReads] = useState(0);
  /** The match as the window rule needs it, moved on by its score events (kick-off, full time). */
  const [windowMatch, setWindowMatch] = useState(roomWindow);
  /** Counts the window changes the timer reached: each one sets the next. */
  const [windowTurns, setWindowTurns] = useState(0);

  // The first page (again after a resync or a retry).
  useEffect(() => {
    if (served && attempt === 0) return;
    let stopped = false;
    void fetchHistory(matchId, null).then((result) => {
      if (stopped) return;
      if (result.ok) {
        setFailed(null);
        dispatch({ type: 'history', history: result.data, older: false });
      } else setFailed(result.message);
    });
    return () => {
      stopped = true;
    };
  }, [matchId, attempt, served]);

  // The room's state and how many are in it.
  useEffect(() => {
    let stopped = false;
    const read = () => {
      if (document.visibilityState === 'hidden') return;
      const askedAt = Date.now();
      void fetchRoom(matchId).then((result) => {
        if (stopped || !result.ok) return;
        const { people, ...room } = result.data;
        dispatch({ type: 'room', room, people, fresh: askedAt > streamRoomAt.current });
      });
    };
    if (!served || attempt > 0 || roomReads > 0) read();
    const timer = window.setInterval(read, PEOPLE_REFRESH_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [matchId, attempt, served, roomReads]);

  // The room's window by the clock: its state now (a page read before an opening or a closing learns it here),
  // then a timer to the next change. The server checks every post against the same rule, so a reader whose
  // clock is off by a few seconds is at worst refused once (the box then reads the room again).
  useEffect(() => {
    if (!windowMatch) return;
    const now = new Date();
    dispatch({ type: 'window', state: roomWindowState(windowMatch, now) });
    const next = nextWindowChange(windowMatch, now);
    if (next === null) return;
    const timer = window.setTimeout(
      () => setWindowTurns((count) => count + 1),
      Math.min(Math.max(next - now.getTime(), 0), LONGEST_WAIT_MS),
    );
    return () => window.clearTimeout(timer);
  }, [windowMatch, windowTurns]);

  // Live: messages, deletions and room changes, from where the page's data was read.
  useEffect(
    () =>
      subscribeLive(
        {
          // chatTopic(matchId) (domain/chat-contracts.ts), written out: that module brings zod, which loads later.
          // The match's topic too (the page follows it already: one connection still), for its status and clock.
          topics: [`chat:${matchId}`, `match:${matchId}`],
          onEvent: (event) => {
            if (event.type === 'score') {
              const { matchId: scored, status, clock } = event.data;
              if (scored === matchId) setWindowMatch((current) => current && { ...current, status, clock });
              return;
            }
            // The connection hands every subscriber every event of the tab's stream: keep this room's.
            if (!event.type.startsWith('chat.')) return;
            if ((event.data as { matchId?: number }).matchId !== matchId) return;
            if (event.type === 'chat.room') streamRoomAt.current = Date.now();
            dispatch({ type: 'live', event });
          },
          onResync: () => {
            // The gap can no longer be replayed: read the room afresh.
            dispatch({ type: 'reset' });
            setAttempt((count) => count + 1);
          },
        },
        position,
      ),
    // The page's position is where this subscription starts; a later one (a revalidation) changes nothing here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [matchId],
  );

  const before = state.nextCursor;
  const loadOlder = useCallback(async () => {
    if (!before) return;
    setLoadingOlder(true);
    const result = await fetchHistory(matchId, before);
    setLoadingOlder(false);
    if (result.ok) dispatch({ type: 'history', history: result.data, older: true });
    else setFailed(result.message);
  }, [matchId, before]);

  return {
    ...state,
    failed,
    loadingOlder,
    loadOlder,
    retry: () => setAttempt((count) => count + 1),
    refreshRoom: useCallback(() => setRoomReads((count) => count + 1), []),
    posted: useCallback((message: ChatMessage) => dispatch({ type: 'posted', message }), []),
    removed: useCallback((messageId: number) => dispatch({ type: 'removed', messageId }), []),
    roomChanged: useCallback((room: ChatRoom) => dispatch({ type: 'roomChanged', room }), []),
  };
}
