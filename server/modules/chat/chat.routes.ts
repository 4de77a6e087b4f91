// The chat API (issue #23; docs/chat.md), described in /api/openapi.json: a match's history and room for
// everyone, posting, deleting one's own message and reporting for signed-in users (cookie or Bearer).
// Live messages arrive on `GET /api/live?topics=chat:<matchId>` (chat.message, chat.deleted, chat.room).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  CHAT_HISTORY_PAGE,
  chatHistorySchema,
  chatMessageSchema,
  chatPostInputSchema,
  chatReportInputSchema,
  chatRoomInfoSchema,
} from '../../../domain/chat-contracts.ts';
import type { SessionService } from '../auth/auth.session.ts';
import { clientAddress } from '../../platform/client-address.ts';
import type { Config } from '../../platform/config.ts';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';
import type { ChatFailure, ChatService } from './chat.service.ts';

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
export const error = (description: string) => json(errorBodySchema, description);
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

const matchParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const messageParams = matchParams;
const historyQuery = z.object({
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'before is the nextCursor of an earlier page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_PAGE).default(CHAT_HISTORY_PAGE),
});
const UNAUTHENTICATED = errorBody('unauthenticated', 'Sign in to chat');
const NO_MATCH = errorBody('not_found', 'No such match');

/** The HTTP status of each refusal. */
const STATUS = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  banned: 403,
  timed_out: 403,
  new_account: 403,
  room_closed: 403,
  room_read_only: 403,
  not_found: 404,
  duplicate_message: 409,
  already_reported: 409,
  conflict: 409,
  rate_limited: 429,
  slow_mode: 429,
} as const satisfies Record<ChatFailure['code'], number>;

/**
 * A refusal as the API answers it: its status, the error body, Retry-After when there is a time to wait.
 * Typed as any of the route's statuses (`never`): the service's refusals are one union for every call, and
 * each route's `responses` lists those its call can give (the route tests check them).
 */
export function chatFailure(c: Context, failure: ChatFailure) {
  if (failure.retryAfterSeconds !== undefined) c.header('Retry-After', String(failure.retryAfterSeconds));
  return c.json(errorBody(failure.code, failure.message, failure.fields), STATUS[failure.code] as never);
}

const routes = {
  history: createRoute({
    method: 'get',
    path: '/matches/{id}/chat',
    tags: ['Chat'],
    summary: 'A match chat room’s messages, newest last: the latest 100, then older ones by cursor',
    description:
      'Pass the answer’s `nextCursor` as `before` to read older messages (null: there are none). Deleted messages are left out. ' +
      'Text is plain text: show it as text, never as HTML. New messages arrive live on `GET /api/live?topics=chat:{id}`.',
    request: { params: matchParams, query: historyQuery },
    responses: {
      200: json(chatHistorySchema, 'The messages'),
      400: error('Invalid cursor or limit'),
      404: error('No such match'),
    },
  }),
  room: createRoute({
    method: 'get',
    path: '/matches/{id}/chat/room',
    tags: ['Chat'],
    summary:
      'A match chat room: open, read-only or closed, slow mode, the pinned message, and about how many people follow it',
    description:
      'open: from 60 minutes before kick-off, while live, and for 30 minutes after the final whistle; read-only otherwise; closed: by a moderator. ' +
      '`people` counts the live streams following the room on every node (refreshed every few seconds). Changes arrive live as `chat.room` events.',
    request: { params: matchParams },
    responses: { 200: json(chatRoomInfoSchema, 'The room'), 404: error('No such match') },
  }),
  post: createRoute({
    method: 'post',
    path: '/matches/{id}/chat',
    tags: ['Chat'],
    summary: 'Post a message to a match chat room (signed in: cookie or Bearer)',
    description:
      'The text is trimmed; 1–500 characters (an emoji counts once); line breaks allowed, other control characters refused; bidirectional overrides and zero-width characters removed. ' +
      '`replyTo` names a message of the same room. Limits: 5 messages in 10 s per user and per address (429 with Retry-After), the same message twice in a row (409), ' +
      'the room’s slow mode (429 with Retry-After), new accounts wait 10 minutes (403). A timed-out or banned user gets 403 with the reason and the time left.',
    request: { params: matchParams, ...body(chatPostInputSchema) },
    responses: {
      201: json(
        z.object({ message: chatMessageSchema }),
        'Posted; everyone in the room receives it as a chat.message event',
      ),
      400: error('Invalid text or replyTo, with a message per field'),
      401: error('Not signed in'),
      403: error('banned, timed_out (reason and time left), new_account (time left), room_closed or room_read_only'),
      404: error('No such match'),
      409: error('duplicate_message: the same as the user’s previous message'),
      429: error('rate_limited or slow_mode: wait Retry-After seconds'),
    },
  }),
  deleteOwn: createRoute({
    method: 'delete',
    path: '/chat/messages/{id}',
    tags: ['Chat'],
    summary: 'Delete one’s own message: it disappears for everyone (a chat.deleted event)',
    request: { params: messageParams },
    responses: {
      200: json(z.object({ deleted: z.number().int() }), 'Deleted'),
      401: error('Not signed in'),
      403: error('Not your message'),
      404: error('No such message (or already deleted)'),
    },
  }),
  report: createRoute({
    method: 'post',
    path: '/chat/messages/{id}/report',
    tags: ['Chat'],
    summary: 'Report a message to the moderators (once per message and user)',
    request: {
      params: messageParams,
      body: { required: false, content: { 'application/json': { schema: chatReportInputSchema } } },
    },
    responses: {
      201: json(z.object({ reported: z.literal(true) }), 'Reported: it is in the moderation queue'),
      400: error('Invalid reason'),
      401: error('Not signed in'),
      404: error('No such message'),
      409: error('already_reported'),
      429: error('Too many reports: wait Retry-After seconds'),
    },
  }),
};

export interface ChatRouteServices {
  chat: ChatService;
  sessions: SessionService;
  config: Pick<Config, 'TRUST_PROXY'>;
}

export function chatRoutes({ chat, sessions, config }: ChatRouteServices, app: OpenAPIHono) {
  /** The signed-in user (refreshing an expired access cookie), with the session's cookies on the answer. */
  async function signedIn(c: Context): Promise<{ id: number; ip: string } | null> {
    const ip = clientAddress(c, config.TRUST_PROXY);
    const auth = sessions.forRequest(c.req.raw, ip);
    const user = await auth.currentUser();
    for (const value of auth.setCookieHeaders()) c.header('Set-Cookie', value, { append: true });
    c.header('Cache-Control', 'private, no-store');
    return user ? { id: user.id, ip } : null;
  }

  app.openapi(routes.history, async (c) => {
    const { before, limit } = c.req.valid('query');
    const page = await chat.history(c.req.valid('param').id, {
      limit,
      ...(before === undefined ? {} : { before: Number(before) }),
    });
    if (!page) return c.json(NO_MATCH, 404);
    c.header('Cache-Control', 'no-cache');
    return c.json(page, 200);
  });

  app.openapi(routes.room, async (c) => {
    const room = await chat.room(c.req.valid('param').id);
    if (!room) return c.json(NO_MATCH, 404);
    c.header('Cache-Control', 'no-cache');
    return c.json(room, 200);
  });

  app.openapi(routes.post, async (c) => {
    const user = await signedIn(c);
    if (!user) return c.json(UNAUTHENTICATED, 401);
    const input = c.req.valid('json');
    const result = await chat.post({
      matchId: c.req.valid('param').id,
      userId: user.id,
      ip: user.ip,
      text: input.text,
      ...(input.replyTo === undefined ? {} : { replyTo: input.replyTo }),
    });
    if (!result.ok) return chatFailure(c, result);
    return c.json({ message: result.message }, 201);
  });

  app.openapi(routes.deleteOwn, async (c) => {
    const user = await signedIn(c);
    if (!user) return c.json(UNAUTHENTICATED, 401);
    const result = await chat.deleteOwn(user.id, c.req.valid('param').id);
    if (!result.ok) return chatFailure(c, result);
    return c.json({ deleted: result.messageId }, 200);
  });

  app.openapi(routes.report, async (c) => {
    const user = await signedIn(c);
    if (!user) return c.json(UNAUTHENTICATED, 401);
    // The body is optional: a report without a reason is a report.
    const reason = (c.req.valid('json') as { reason?: string } | undefined)?.reason;
    const result = await chat.report(user.id, c.req.valid('param').id, reason);
    if (!result.ok) return chatFailure(c, result);
    return c.json({ reported: true as const }, 201);
  });
}
