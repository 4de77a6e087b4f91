// The chat box's requests (issue #23): the chat API of server/modules/chat,
// same-origin with the session cookie. Answers are checked with the shared
// contracts (domain/chat-contracts.ts); a refusal keeps the server's
// `{ error: { code, message } }` and its Retry-After, so the box can say
// exactly what happened and when to try again.
import { z } from 'zod';
import {
  chatHistorySchema,
  chatMessageSchema,
  chatRoomInfoSchema,
  chatRoomSchema,
  type ChatHistory,
  type ChatRoomInfo,
  type ChatMessage,
  type ChatRoom,
} from '../../../domain/chat-contracts.ts';

export interface ChatFailure {
  ok: false;
  status: number;
  code: string;
  message: string;
  /** Seconds, from the Retry-After header (429) or the error's own field (403 timeouts). */
  retryAfterSeconds: number | null;
}
export type ChatResult<T> = { ok: true; data: T } | ChatFailure;

const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    retryAfterSeconds: z.number().optional(),
    secondsLeft: z.number().optional(),
  }),
});

function retryAfterOf(response: Response, body: z.infer<typeof errorBodySchema> | null): number | null {
  const header = Number(response.headers.get('retry-after'));
  if (response.headers.get('retry-after') !== null && Number.isFinite(header) && header >= 0) return Math.ceil(header);
  const field = body?.error.retryAfterSeconds ?? body?.error.secondsLeft;
  return field === undefined ? null : Math.ceil(field);
}

async function request<T>(url: string, init: RequestInit, schema: z.ZodType<T>): Promise<ChatResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
  } catch {
    return {
      ok: false,
      status: 0,
      code: 'NETWORK',
      message: 'The chat could not be reached: check your connection and try again.',
      retryAfterSeconds: null,
    };
  }
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) {
    const parsed = schema.safeParse(body);
    if (parsed.success) return { ok: true, data: parsed.data };
    return {
      ok: false,
      status: response.status,
      code: 'BAD_ANSWER',
      message: 'The chat sent an answer this page does not understand: reload the page.',
      retryAfterSeconds: null,
    };
  }
  const error = errorBodySchema.safeParse(body);
  const parsedError = error.success ? error.data : null;
  return {
    ok: false,
    status: response.status,
    code: parsedError?.error.code ?? `HTTP_${response.status}`,
    message: parsedError?.error.message ?? `The chat refused (HTTP ${response.status}): try again in a moment.`,
    retryAfterSeconds: retryAfterOf(response, parsedError),
  };
}

const nothing = z.unknown().transform(() => undefined);

export function fetchHistory(matchId: number, before: string | null): Promise<ChatResult<ChatHistory>> {
  const query = before === null ? '' : `?before=${encodeURIComponent(before)}`;
  return request(`/api/matches/${matchId}/chat${query}`, { method: 'GET' }, chatHistorySchema);
}

export type { ChatRoomInfo };

export function fetchRoom(matchId: number): Promise<ChatResult<ChatRoomInfo>> {
  return request(`/api/matches/${matchId}/chat/room`, { method: 'GET' }, chatRoomInfoSchema);
}

export function postMessage(matchId: number, text: string, replyTo: number | null): Promise<ChatResult<ChatMessage>> {
  return request(
    `/api/matches/${matchId}/chat`,
    { method: 'POST', body: JSON.stringify(replyTo === null ? { text } : { text, replyTo }) },
    z.object({ message: chatMessageSchema }).transform((body) => body.message),
  );
}

export function reportMessage(messageId: number, reason: string): Promise<ChatResult<undefined>> {
  return request(
    `/api/chat/messages/${messageId}/report`,
    { method: 'POST', body: JSON.stringify({ reason }) },
    nothing,
  );
}

/** The author deletes their own message. */
export function deleteOwnMessage(messageId: number): Promise<ChatResult<undefined>> {
  return request(`/api/chat/messages/${messageId}`, { method: 'DELETE' }, nothing);
}

// In-page moderation: the CMS's chat API (/api/cms/chat, scope cms:chat), the same calls as its screens.

const roomAnswerSchema = z.object({ data: z.object({ room: chatRoomSchema }) }).transform((body) => body.data.room);

export function moderateDelete(messageId: number): Promise<ChatResult<undefined>> {
  return request(`/api/cms/chat/messages/${messageId}/delete`, { method: 'POST', body: JSON.stringify({}) }, nothing);
}

export function pinMessage(matchId: number, messageId: number | null): Promise<ChatResult<ChatRoom>> {
  return messageId === null
    ? request(`/api/cms/chat/rooms/${matchId}/pin`, { method: 'DELETE' }, roomAnswerSchema)
    : request(
        `/api/cms/chat/rooms/${matchId}/pin`,
        { method: 'PUT', body: JSON.stringify({ messageId }) },
        roomAnswerSchema,
      );
}

export function setSlowMode(matchId: number, seconds: number): Promise<ChatResult<ChatRoom>> {
  return request(
    `/api/cms/chat/rooms/${matchId}/slow-mode`,
    { method: 'PUT', body: JSON.stringify({ seconds }) },
    roomAnswerSchema,
  );
}

export function setRoomClosed(matchId: number, closed: boolean): Promise<ChatResult<ChatRoom>> {
  return request(
    `/api/cms/chat/rooms/${matchId}/${closed ? 'close' : 'reopen'}`,
    { method: 'POST', body: JSON.stringify({}) },
    roomAnswerSchema,
  );
}

export interface Sanction {
  userId: number;
  kind: 'timeout' | 'ban';
  /** A timeout's length; a ban is until lifted. */
  minutes?: number;
  /** The room; null: all chat. */
  matchId: number | null;
  reason: string;
}

export function sanctionUser(sanction: Sanction): Promise<ChatResult<undefined>> {
  return request(`/api/cms/chat/sanctions`, { method: 'POST', body: JSON.stringify(sanction) }, nothing);
}
