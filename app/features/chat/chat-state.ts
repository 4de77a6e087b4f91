// What the chat box shows, as one value changed by pure steps (issue #23):
// the history pages, the live events of `chat:<matchId>` and the box's own
// posts meet here. Each message once (by id, oldest first), whichever way it
// came first; a deletion seen before the history that still had the message
// wins over it; a room change from the stream wins over an older fetch.
import type { ChatHistory, ChatMessage, ChatRoom } from '../../../domain/chat-contracts.ts';
import type { LiveEvent } from '../../../domain/live-stream.ts';

export interface ChatState {
  messages: ChatMessage[];
  /** Ids removed for everyone, kept so a history answer read before the removal cannot bring one back. */
  deleted: ReadonlySet<number>;
  /** Older messages from here ("Load more"); null: none left. Undefined until the first page came. */
  nextCursor: string | null | undefined;
  room: ChatRoom | null;
  /** The room came from the stream: a fetched room (maybe read earlier) does not replace it. */
  roomFromStream: boolean;
  people: number | null;
}

export const initialChatState: ChatState = {
  messages: [],
  deleted: new Set(),
  nextCursor: undefined,
  room: null,
  roomFromStream: false,
  people: null,
};

export type ChatAction =
  | { type: 'history'; history: ChatHistory; older: boolean }
  | { type: 'reset' }
  /**
   * A room read from the API. `fresh`: asked for after the last room change the stream brought, so it is the
   * newer (the window opening or closing by the clock sends no event: a later read is how the box learns it).
   */
  | { type: 'room'; room: ChatRoom; people: number; fresh?: boolean }
  /** The room as a moderator's own action left it (the newest there is). */
  | { type: 'roomChanged'; room: ChatRoom }
  /**
   * The room's window, by the page's clock, opened or closed (domain/chat-window.ts): the room takes that state
   * unless staff closed it. The clock passing those moments sends no event; the server's check of a post stays
   * the authority (a refusal reads the room again).
   */
  | { type: 'window'; state: 'open' | 'read-only' }
  | { type: 'posted'; message: ChatMessage }
  | { type: 'removed'; messageId: number }
  | { type: 'live'; event: LiveEvent };

function withoutDeleted(messages: ChatMessage[], deleted: ReadonlySet<number>): ChatMessage[] {
  return messages
    .filter((message) => !deleted.has(message.id))
    .map((message) =>
      message.replyTo && deleted.has(message.replyTo.id) && message.replyTo.excerpt !== null
        ? { ...message, replyTo: { ...message.replyTo, excerpt: null } }
        : message,
    );
}

/** The two lists as one, each id once (the newer copy wins), oldest first. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function remove(state: ChatState, messageId: number): ChatState {
  const deleted = new Set(state.deleted).add(messageId);
  const pinned = state.room?.pinned?.id === messageId ? { ...state.room, pinned: null } : state.room;
  return { ...state, deleted, room: pinned, messages: withoutDeleted(state.messages, deleted) };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'history': {
      const messages = withoutDeleted(mergeMessages(state.messages, action.history.messages), state.deleted);
      // The first page sets where "Load more" starts; a later first page (a resync) too; older pages move it back.
      return { ...state, messages, nextCursor: action.history.nextCursor };
    }
    case 'reset':
      return { ...state, messages: [], nextCursor: undefined, roomFromStream: false };
    case 'room':
      return {
        ...state,
        room: state.roomFromStream && state.room && !action.fresh ? state.room : action.room,
        people: action.people,
      };
    case 'roomChanged':
      return { ...state, room: action.room, roomFromStream: true };
    case 'window':
      if (!state.room || state.room.state === 'closed' || state.room.state === action.state) return state;
      return { ...state, room: { ...state.room, state: action.state } };
    case 'posted':
      return { ...state, messages: withoutDeleted(mergeMessages(state.messages, [action.message]), state.deleted) };
    case 'removed':
      return remove(state, action.messageId);
    case 'live': {
      const { event } = action;
      switch (event.type) {
        case 'chat.message':
          return chatReducer(state, { type: 'posted', message: event.data.message });
        case 'chat.deleted':
          return remove(state, event.data.messageId);
        case 'chat.room':
          return { ...state, room: event.data.room, roomFromStream: true };
        default:
          return state;
      }
    }
  }
}
