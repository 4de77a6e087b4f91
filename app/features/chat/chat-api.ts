// The chat box's requests (issue #23): the chat API of server/modules/chat,
// same-origin with the session cookie. Answers are checked with the shared
// contracts (chat-answers.ts, loaded with the first answer); a refusal keeps
// the server's `{ error: { code, message } }` and its Retry-After, so the box
// can say exactly what happened and when to try again.
import type { z } from 'zod';
import type { ChatHistory, ChatMessage, ChatRoom, ChatRoomInfo } from '../../../domain/chat-contracts.ts';
import type * as AnswersModule from './chat-answers.ts';

export type { ChatRoomInfo };

export interface ChatFailure {
  ok: false;
  status: number;
  code: string;
  message: string;
  /** Seconds, from the Retry-After header (429 and timed refusals) or the error's own field. */
  retryAfterSeconds: number | null;
}
export type ChatResult<T> = { ok: true; data: T } | ChatFailure;

type Answers = (typeof AnswersModule)['chatAnswers'];
type Answer = keyof Answers;

let answers: Promise<typeof AnswersModule> | null = null;
function loadAnswers(): Promise<typeof AnswersModule> {
  answers ??= import('./chat-answers.ts').catch((error: unknown) => {
    answers = null;
    throw error;
  });
  return answers;
}

function retryAfterOf(response: Response, field: number | undefined): number | null {
  const header = response.headers.get('retry-after');
  const seconds = Number(header);
  if (header !== null && header !== '' && Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  return field === undefined ? null : Math.ceil(field);
}

const failure = (status: number, code: string, message: string): ChatFailure => ({
  ok: false,
  status,
  code,
  message,
  retryAfterSeconds: null,
});

async function request<K extends Answer>(
  url: string,
  init: RequestInit,
  answer: K,
): Promise<ChatResult<z.output<Answers[K]>>> {
  let response: Response;
  let schemas: typeof AnswersModule;
  try {
    [response, schemas] = await Promise.all([
      fetch(url, {
        ...init,
        credentials: 'same-origin',
        headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      }),
      loadAnswers(),
    ]);
  } catch {
    return failure(0, 'NETWORK', 'The chat could not be reached: check your connection and try again.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = (schemas.chatAnswers[answer] as unknown as z.ZodType<z.output<Answers[K]>>).safeParse(body);
    if (parsed.success) return { ok: true, data: parsed.data };
    return failure(
      response.status,
      'BAD_ANSWER',
      'The chat sent an answer this page does not understand: reload the page.',
    );
  }
  const error = schemas.errorBodySchema.safeParse(body);
  const details = error.success ? error.data.error : null;
  return {
    ok: false,
    status: response.status,
    code: details?.code ?? `HTTP_${response.status}`,
    message: details?.message ?? `The chat refused (HTTP ${response.status}): try again in a moment.`,
    retryAfterSeconds: retryAfterOf(response, details?.retryAfterSeconds ?? details?.secondsLeft),
  };
}

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export function fetchHistory(matchId: number, before: string | null): Promise<ChatResult<ChatHistory>> {
  const query = before === null ? '' : `?before=${encodeURIComponent(before)}`;
  return request(`/api/matches/${matchId}/chat${query}`, { method: 'GET' }, 'history');
}

export function fetchRoom(matchId: number): Promise<ChatResult<ChatRoomInfo>> {
  return request(`/api/matches/${matchId}/chat/room`, { method: 'GET' }, 'room');
}

export function postMessage(matchId: number, text: string, replyTo: number | null): Promise<ChatResult<ChatMessage>> {
  return request(
    `/api/matches/${matchId}/chat`,
    json('POST', replyTo === null ? { text } : { text, replyTo }),
    'posted',
  );
}

export function reportMessage(messageId: number, reason: string): Promise<ChatResult<undefined>> {
  return request(`/api/chat/messages/${messageId}/report`, json('POST', { reason }), 'nothing');
}

/** The author deletes their own message. */
export function deleteOwnMessage(messageId: number): Promise<ChatResult<undefined>> {
  return request(`/api/chat/messages/${messageId}`, { method: 'DELETE' }, 'nothing');
}

// In-page moderation: the CMS's chat API (/api/cms/chat, scope cms:chat), the same calls as its screens, audited there.

export function moderateDelete(messageId: number): Promise<ChatResult<undefined>> {
  return request(`/api/cms/chat/messages/${messageId}/delete`, json('POST', {}), 'nothing');
}

export function pinMessage(matchId: number, messageId: number | null): Promise<ChatResult<ChatRoom>> {
  const url = `/api/cms/chat/rooms/${matchId}/pin`;
  return messageId === null
    ? request(url, { method: 'DELETE' }, 'roomChange')
    : request(url, json('PUT', { messageId }), 'roomChange');
}

export function setSlowMode(matchId: number, seconds: number): Promise<ChatResult<ChatRoom>> {
  return request(`/api/cms/chat/rooms/${matchId}/slow-mode`, json('PUT', { seconds }), 'roomChange');
}

export function setRoomClosed(matchId: number, closed: boolean): Promise<ChatResult<ChatRoom>> {
  return request(`/api/cms/chat/rooms/${matchId}/${closed ? 'close' : 'reopen'}`, json('POST', {}), 'roomChange');
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
  return request(`/api/cms/chat/sanctions`, json('POST', sanction), 'nothing');
}
