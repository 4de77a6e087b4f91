// What the live log keeps of a removed message (issue #23): a deleted message, or every message of an
// erased account, must not come back to a client that resumes from before its removal. The log's events
// are rewritten in place (live.rewrite): the message's own `chat.message` becomes the `chat.deleted` it
// now is, replies quoting it lose the quote, and a room event that showed it pinned shows no pin.
import { chatLiveEventDataSchemas, type ChatMessage } from '../../../domain/chat-contracts.ts';
import type { RewrittenLiveEvent } from '../live/live.service.ts';

/** The chat event types whose stored data can carry a message's text or its author's name. */
export const CHAT_TYPES_WITH_TEXT = ['chat.message', 'chat.room'] as const;

export interface Removed {
  /** Ids of the removed messages. */
  ids: ReadonlySet<number>;
  /** An erased account's messages also lose the author's name where a reply quotes them. */
  erased: boolean;
}

function withoutQuote(message: ChatMessage, removed: Removed): ChatMessage {
  if (!message.replyTo || !removed.ids.has(message.replyTo.id)) return message;
  return {
    ...message,
    replyTo: { ...message.replyTo, excerpt: null, displayName: removed.erased ? '' : message.replyTo.displayName },
  };
}

/** An event's replacement once `removed` are gone, or null when it shows none of them. */
export function redactChatEvent(event: { type: string; data: unknown }, removed: Removed): RewrittenLiveEvent | null {
  if (event.type === 'chat.message') {
    const parsed = chatLiveEventDataSchemas['chat.message'].safeParse(event.data);
    if (!parsed.success) return null;
    const { matchId, message } = parsed.data;
    if (removed.ids.has(message.id)) return { type: 'chat.deleted', data: { matchId, messageId: message.id } };
    const quoted = withoutQuote(message, removed);
    return quoted === message ? null : { type: 'chat.message', data: { matchId, message: quoted } };
  }
  if (event.type === 'chat.room') {
    const parsed = chatLiveEventDataSchemas['chat.room'].safeParse(event.data);
    if (!parsed.success || !parsed.data.room.pinned) return null;
    const { matchId, room } = parsed.data;
    const pinned = room.pinned!;
    if (removed.ids.has(pinned.id)) return { type: 'chat.room', data: { matchId, room: { ...room, pinned: null } } };
    const quoted = withoutQuote(pinned, removed);
    return quoted === pinned ? null : { type: 'chat.room', data: { matchId, room: { ...room, pinned: quoted } } };
  }
  return null;
}
