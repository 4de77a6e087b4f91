import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '../../../domain/chat-contracts.ts';
import type { LiveEvent } from '../../../domain/live-stream.ts';
import { chatReducer, initialChatState, type ChatState } from './chat-state.ts';

const message = (id: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  matchId: 7,
  text: `message ${id}`,
  user: { id: 1, displayName: 'Ada' },
  createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, id)).toISOString(),
  ...extra,
});
const room = (extra: Partial<ChatRoom> = {}): ChatRoom => ({
  matchId: 7,
  state: 'open',
  slowModeSeconds: 0,
  pinned: null,
  ...extra,
});
const live = (type: LiveEvent['type'], data: unknown): LiveEvent =>
  ({ id: 1, topic: 'chat:7', type, data }) as LiveEvent;

function run(...actions: Parameters<typeof chatReducer>[1][]): ChatState {
  return actions.reduce(chatReducer, initialChatState);
}

describe('chatReducer', () => {
  it('keeps each message once, oldest first, whichever way it came first', () => {
    const state = run(
      { type: 'posted', message: message(3) },
      { type: 'live', event: live('chat.message', { matchId: 7, message: message(3) }) },
      { type: 'history', history: { messages: [message(1), message(2), message(3)], nextCursor: 'c1' }, older: false },
      { type: 'live', event: live('chat.message', { matchId: 7, message: message(4) }) },
    );
    expect(state.messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(state.nextCursor).toBe('c1');
  });

  it('puts older pages before and moves the cursor back', () => {
    const state = run(
      { type: 'history', history: { messages: [message(5), message(6)], nextCursor: 'c5' }, older: false },
      { type: 'history', history: { messages: [message(3), message(4)], nextCursor: null }, older: true },
    );
    expect(state.messages.map((m) => m.id)).toEqual([3, 4, 5, 6]);
    expect(state.nextCursor).toBeNull();
  });

  it('a deletion wins over a history answer read before it', () => {
    const state = run(
      { type: 'live', event: live('chat.deleted', { matchId: 7, messageId: 2 }) },
      { type: 'history', history: { messages: [message(1), message(2)], nextCursor: null }, older: false },
    );
    expect(state.messages.map((m) => m.id)).toEqual([1]);
  });

  it('a deleted message leaves its replies saying so, and its pin goes', () => {
    const reply = message(2, { replyTo: { id: 1, excerpt: 'message 1', displayName: 'Ada' } });
    const state = run(
      { type: 'history', history: { messages: [message(1), reply], nextCursor: null }, older: false },
      { type: 'room', room: room({ pinned: message(1) }), people: 3 },
      { type: 'removed', messageId: 1 },
    );
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]?.replyTo?.excerpt).toBeNull();
    expect(state.room?.pinned).toBeNull();
  });

  it('a room from the stream is not replaced by an older fetch, though the people count is', () => {
    const state = run(
      { type: 'live', event: live('chat.room', { matchId: 7, room: room({ state: 'closed' }) }) },
      { type: 'room', room: room(), people: 12 },
    );
    expect(state.room?.state).toBe('closed');
    expect(state.people).toBe(12);
  });

  it('a room read asked for after the stream’s last change replaces it (the clock opened or closed the window)', () => {
    const state = run(
      { type: 'live', event: live('chat.room', { matchId: 7, room: room({ slowModeSeconds: 10 }) }) },
      { type: 'room', room: room({ state: 'read-only', slowModeSeconds: 10 }), people: 4, fresh: true },
    );
    expect(state.room?.state).toBe('read-only');
  });

  it('follows the window opening and closing by the clock, except in a room staff closed', () => {
    const readOnly = run({ type: 'room', room: room({ state: 'read-only', slowModeSeconds: 10 }), people: 3 });
    const opened = chatReducer(readOnly, { type: 'window', state: 'open' });
    expect(opened.room).toEqual(room({ state: 'open', slowModeSeconds: 10 }));
    expect(chatReducer(opened, { type: 'window', state: 'read-only' }).room?.state).toBe('read-only');
    // Nothing changes: the same state back.
    expect(chatReducer(opened, { type: 'window', state: 'open' })).toBe(opened);
    const closed = run({ type: 'room', room: room({ state: 'closed' }), people: 1 });
    expect(chatReducer(closed, { type: 'window', state: 'open' }).room?.state).toBe('closed');
    expect(chatReducer(initialChatState, { type: 'window', state: 'open' }).room).toBeNull();
  });
});
