// Live chat per match (issue #23, DESIGN.md §3 "The live path", §5): the
// shapes the chat API returns and the live stream carries on `chat:<matchId>`.
// One schema per boundary: the server validates what it writes with these, the
// browser's live connection checks what it receives with the same ones (so
// keep this file small and free of imports beyond zod: the browser loads it
// with the stream's schemas, never with a page's first-load JavaScript).
import { z } from 'zod';

/** 1–500 characters after trimming (counted in code points, so an emoji counts once). */
export const CHAT_MESSAGE_MAX_LENGTH = 500;
/** Messages a room sends on open; older ones come by cursor ("load more"). */
export const CHAT_HISTORY_PAGE = 100;

export const chatUserSchema = z.object({ id: z.number().int(), displayName: z.string() });
export type ChatUser = z.infer<typeof chatUserSchema>;

/** The message a reply quotes: enough to show "replying to …" without a second request. */
export const chatReplyToSchema = z.object({
  id: z.number().int(),
  /** The quoted message's text, shortened; null once that message was deleted. */
  excerpt: z.string().nullable(),
  displayName: z.string(),
});
export type ChatReplyTo = z.infer<typeof chatReplyToSchema>;

/** One message as the API and the stream carry it. `text` is plain text: the page renders it as text, never as HTML. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  matchId: z.number().int(),
  text: z.string(),
  user: chatUserSchema,
  createdAt: z.iso.datetime(),
  replyTo: chatReplyToSchema.optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * A room's state: `open` (signed-in users post), `read-only` (outside the
 * match's window: before 60 minutes ahead of kick-off or 30 minutes after the
 * final whistle), `closed` (staff closed it).
 */
export const CHAT_ROOM_STATES = ['open', 'read-only', 'closed'] as const;
export const chatRoomStateSchema = z.enum(CHAT_ROOM_STATES);
export type ChatRoomState = z.infer<typeof chatRoomStateSchema>;

export const chatRoomSchema = z.object({
  matchId: z.number().int(),
  state: chatRoomStateSchema,
  /** Seconds each user waits between messages, set by staff (0: off). */
  slowModeSeconds: z.number().int().min(0),
  pinned: chatMessageSchema.nullable(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/** `GET /api/matches/{id}/chat`: newest last; `nextCursor` pages to older messages (null: no more). */
export const chatHistorySchema = z.object({
  messages: z.array(chatMessageSchema),
  nextCursor: z.string().nullable(),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** The chat events of the live stream, on the topic `chat:<matchId>`. */
export const chatLiveEventDataSchemas = {
  'chat.message': z.object({ matchId: z.number().int(), message: chatMessageSchema }),
  /** A message removed (by its author or a moderator): it disappears for everyone. */
  'chat.deleted': z.object({ matchId: z.number().int(), messageId: z.number().int() }),
  /** The room's state changed: closed or reopened, slow mode, the pinned message. */
  'chat.room': z.object({ matchId: z.number().int(), room: chatRoomSchema }),
};

/** The stream topic of a match's chat room. */
export function chatTopic(matchId: number): `chat:${number}` {
  return `chat:${matchId}`;
}

/** `GET /api/matches/{id}/chat/room`: the room and about how many people follow it now, across every node. */
export const chatRoomInfoSchema = chatRoomSchema.extend({ people: z.number().int().min(0) });
export type ChatRoomInfo = z.infer<typeof chatRoomInfoSchema>;

/** `POST /api/matches/{id}/chat`: the text as typed (the server trims and checks it: domain/chat-text.ts). */
export const chatPostInputSchema = z.object({
  text: z.string().max(4000, 'A message is at most 500 characters'),
  /** The id of a message in the same room this one answers. */
  replyTo: z.number().int().positive().optional(),
});
export type ChatPostInput = z.infer<typeof chatPostInputSchema>;

/** `POST /api/chat/messages/{id}/report`. */
export const chatReportInputSchema = z.object({ reason: z.string().trim().max(500).optional() });
