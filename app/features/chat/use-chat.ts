// The chat room's data in the browser (issue #23): the last 100 messages and
// the room's state fetched on open, then kept current by the `chat:<matchId>`
// topic on the tab's ONE live connection (subscribeLive: the topic joins the
// match topic on the same EventSource). "Delay live updates by N s" holds
// these events like every other (app/lib/live/live-delay.ts); the reader's own
// posts go into the list at once from the POST's answer. The people count is
// read again every 30 s while the tab is visible.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ChatHistory, ChatMessage, ChatRoom } from '../../../domain/chat-contracts.ts';
import { subscribeLive } from '../../lib/live/live-client.ts';
import { fetchHistory, fetchRoom, type ChatRoomInfo } from './chat-api.ts';
import { chatReducer, initialChatState, type ChatState } from './chat-state.ts';

const PEOPLE_REFRESH_MS = 30_000;

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

export function useChat(matchId: number, position: number | null, initial: ChatInitial | null): ChatData {
  const [state, dispatch] = useReducer(chatReducer, initial, startFrom);
  // The server's first page and room are the box's start; the stream brings what came after them.
  const [served] = useState(initial !== null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  /** When the stream last brought a room change (ms): a room read asked for after it is newer. */
  const streamRoomAt = useRef(0);
  const [roomReads, setRoomReads] = useState(0);

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

  // Live: messages, deletions and room changes, from where the page's data was read.
  useEffect(
    () =>
      subscribeLive(
        {
          // chatTopic(matchId) (domain/chat-contracts.ts), written out: that module brings zod, which loads later.
          topics: [`chat:${matchId}`],
          onEvent: (event) => {
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
