import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../domain/chat-contracts.ts';
import { redactChatEvent } from './chat-redact.ts';

const message = (id: number, text: string, replyTo?: ChatMessage['replyTo']): ChatMessage => ({
  id,
  matchId: 7,
  text,
  user: { id: 100 + id, displayName: `Fan ${id}` },
  createdAt: '2026-11-27T12:00:00.000Z',
  ...(replyTo ? { replyTo } : {}),
});

describe('redactChatEvent', () => {
  const removed = { ids: new Set([1]), erased: false };

  it('turns the removed message’s own event into its deletion, and leaves others alone', () => {
    expect(
      redactChatEvent({ type: 'chat.message', data: { matchId: 7, message: message(1, 'secret') } }, removed),
    ).toEqual({
      type: 'chat.deleted',
      data: { matchId: 7, messageId: 1 },
    });
    expect(
      redactChatEvent({ type: 'chat.message', data: { matchId: 7, message: message(2, 'fine') } }, removed),
    ).toBeNull();
    expect(redactChatEvent({ type: 'score', data: { anything: 1 } }, removed)).toBeNull();
  });

  it('drops the quote from a reply, and the author’s name too when the account was erased', () => {
    const reply = message(3, 'answer', { id: 1, excerpt: 'secret', displayName: 'Fan 1' });
    expect(redactChatEvent({ type: 'chat.message', data: { matchId: 7, message: reply } }, removed)).toEqual({
      type: 'chat.message',
      data: { matchId: 7, message: { ...reply, replyTo: { id: 1, excerpt: null, displayName: 'Fan 1' } } },
    });
    expect(
      redactChatEvent({ type: 'chat.message', data: { matchId: 7, message: reply } }, { ...removed, erased: true }),
    ).toMatchObject({ data: { message: { replyTo: { id: 1, excerpt: null, displayName: '' } } } });
  });

  it('unpins the removed message in room events', () => {
    const room = { matchId: 7, state: 'open', slowModeSeconds: 0, pinned: message(1, 'secret') };
    expect(redactChatEvent({ type: 'chat.room', data: { matchId: 7, room } }, removed)).toEqual({
      type: 'chat.room',
      data: { matchId: 7, room: { ...room, pinned: null } },
    });
    const other = { ...room, pinned: message(2, 'fine') };
    expect(redactChatEvent({ type: 'chat.room', data: { matchId: 7, room: other } }, removed)).toBeNull();
  });

  it('leaves data it cannot read as it is', () => {
    expect(redactChatEvent({ type: 'chat.message', data: { nonsense: true } }, removed)).toBeNull();
  });
});
