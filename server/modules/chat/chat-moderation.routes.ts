// /api/cms/chat (issue #23, scope cms:chat — moderators have it; docs/chat.md "Moderation"): what the chat
// box's moderator tools and the CMS's moderation screens call. Every write is audited and every change a
// fan sees is announced live. The guard is the CMS's (handed over by server/http.ts): chat does not import
// the cms module, which builds on chat.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { chatRoomSchema } from '../../../domain/chat-contracts.ts';
import {
  chatReportPageSchema,
  chatReportQuerySchema,
  chatRoomListQuerySchema,
  chatRoomSummarySchema,
  chatSanctionInputSchema,
  chatSanctionQuerySchema,
  chatSanctionSchema,
  closeRoomInputSchema,
  deleteMessageInputSchema,
  moderatedMessageSchema,
  moderatedMessagesQuerySchema,
  pinInputSchema,
  resolveReportInputSchema,
  slowModeInputSchema,
} from '../../../domain/chat-moderation.ts';
import { errorBodySchema } from '../../platform/http-errors.ts';
import { chatFailure, error, json } from './chat.routes.ts';
import type { ChatActor, ChatService } from './chat.service.ts';

const SCOPE = 'cms:chat';

/** The CMS guard as chat uses it (server/modules/cms/cms.guard.ts). */
export interface ChatModerationGuard {
  require(scope: string): MiddlewareHandler;
  actor(c: Context): ChatActor;
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const matchParams = z.object({ matchId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});
const optionalBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: false, content: { 'application/json': { schema } } },
});
const guardResponses = {
  401: { description: 'Not signed in', content: { 'application/json': { schema: errorBodySchema } } },
  403: {
    description: 'Signed in without the scope cms:chat',
    content: { 'application/json': { schema: errorBodySchema } },
  },
};
const roomAnswer = json(
  z.object({ data: z.object({ room: chatRoomSchema, changed: z.boolean() }) }),
  'The room as it is now; changed: false when it already was so (nothing written)',
);

export function chatModerationRoutes(services: { guard: ChatModerationGuard; chat: ChatService }, app: OpenAPIHono) {
  const { guard, chat } = services;
  const tags = ['Chat moderation'];
  const middleware = [guard.require(SCOPE)];

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/chat/reports',
      tags,
      summary: 'The moderation queue: reported messages by status, open ones oldest first (scope cms:chat)',
      middleware,
      request: { query: chatReportQuerySchema },
      responses: {
        200: json(
          z.object({ data: chatReportPageSchema }),
          'A page of reports; pass nextCursor as cursor for the next',
        ),
        400: error('Invalid query'),
        ...guardResponses,
      },
    }),
    async (c) => c.json({ data: await chat.listReports(c.req.valid('query')) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/chat/reports/{id}/resolve',
      tags,
      summary: 'Resolve (acted on) or dismiss (nothing wrong) an open report (scope cms:chat)',
      middleware,
      request: { params: idParams, ...body(resolveReportInputSchema) },
      responses: {
        200: json(z.object({ data: z.object({ reportId: z.number().int() }) }), 'Done'),
        400: error('Invalid input'),
        404: error('No such report'),
        409: error('The report was already handled'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await chat.resolveReport(guard.actor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return chatFailure(c, result);
      return c.json({ data: { reportId: result.reportId } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/chat/messages',
      tags,
      summary: 'Messages by room and/or author, deleted ones too, newest first (scope cms:chat)',
      middleware,
      request: { query: moderatedMessagesQuerySchema },
      responses: {
        200: json(
          z.object({
            data: z.object({ messages: z.array(moderatedMessageSchema), nextCursor: z.number().int().nullable() }),
          }),
          'A page of messages',
        ),
        400: error('Invalid query'),
        ...guardResponses,
      },
    }),
    async (c) => c.json({ data: await chat.listMessages(c.req.valid('query')) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/chat/messages/{id}/delete',
      tags,
      summary: 'Delete a message: it disappears for everyone, live; its open reports are resolved (scope cms:chat)',
      middleware,
      request: { params: idParams, ...optionalBody(deleteMessageInputSchema) },
      responses: {
        200: json(z.object({ data: z.object({ deleted: z.number().int() }) }), 'Deleted'),
        400: error('Invalid reason'),
        404: error('No such message, or already deleted'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const input = c.req.valid('json') as { reason?: string } | undefined;
      const result = await chat.deleteMessage(guard.actor(c), c.req.valid('param').id, input?.reason);
      if (!result.ok) return chatFailure(c, result);
      return c.json({ data: { deleted: result.messageId } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/chat/sanctions',
      tags,
      summary:
        'Time out (minutes) or ban (for good, or minutes) a user, in one room (matchId) or all chat (scope cms:chat)',
      description:
        'The user gets 403 with the reason and the time left when they post. A timeout is at most a week. ' +
        'A staff account can be sanctioned only by an administrator, and an administrator by nobody (403 forbidden, naming userId).',
      middleware,
      request: body(chatSanctionInputSchema),
      responses: {
        201: json(z.object({ data: z.object({ sanction: chatSanctionSchema }) }), 'In force'),
        400: error('Invalid input, with a message per field'),
        404: error('No such user or match'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await chat.sanction(guard.actor(c), c.req.valid('json'));
      if (!result.ok) return chatFailure(c, result);
      return c.json({ data: { sanction: result.sanction } }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/chat/sanctions',
      tags,
      summary: 'Timeouts and bans, newest first: those in force (active=1, default) or all (scope cms:chat)',
      middleware,
      request: { query: chatSanctionQuerySchema },
      responses: {
        200: json(z.object({ data: z.object({ sanctions: z.array(chatSanctionSchema) }) }), 'The sanctions'),
        400: error('Invalid query'),
        ...guardResponses,
      },
    }),
    async (c) => c.json({ data: { sanctions: await chat.listSanctions(c.req.valid('query')) } }, 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/cms/chat/sanctions/{id}',
      tags,
      summary: 'Lift a timeout or ban before its end (scope cms:chat)',
      description: 'A staff member’s sanction is lifted only by an administrator (403 forbidden otherwise).',
      middleware,
      request: { params: idParams },
      responses: {
        200: json(z.object({ data: z.object({ sanction: chatSanctionSchema }) }), 'Lifted'),
        404: error('No such sanction'),
        409: error('Already lifted'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await chat.liftSanction(guard.actor(c), c.req.valid('param').id);
      if (!result.ok) return chatFailure(c, result);
      return c.json({ data: { sanction: result.sanction } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/chat/rooms',
      tags,
      summary: 'Chat rooms with activity, the most recent first, with their state and counts (scope cms:chat)',
      middleware,
      request: { query: chatRoomListQuerySchema },
      responses: {
        200: json(z.object({ data: z.object({ rooms: z.array(chatRoomSummarySchema) }) }), 'The rooms'),
        400: error('Invalid query'),
        ...guardResponses,
      },
    }),
    async (c) => c.json({ data: { rooms: await chat.listRooms(c.req.valid('query').limit) } }, 200),
  );

  const roomFailures = { 400: error('Invalid input'), 404: error('No such match (or message)'), ...guardResponses };

  app.openapi(
    createRoute({
      method: 'put',
      path: '/cms/chat/rooms/{matchId}/slow-mode',
      tags,
      summary:
        'Set a room’s slow mode: each user waits this many seconds between messages; 0 turns it off (scope cms:chat)',
      middleware,
      request: { params: matchParams, ...body(slowModeInputSchema) },
      responses: { 200: roomAnswer, ...roomFailures },
    }),
    async (c) => {
      const result = await chat.setSlowMode(guard.actor(c), c.req.valid('param').matchId, c.req.valid('json').seconds);
      if (!result.ok) return chatFailure(c, result);
      return c.json({ data: { room: result.room, changed: result.changed } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/cms/chat/rooms/{matchId}/pin',
      tags,
      summary: 'Pin a message of the room: shown above the chat for everyone (scope cms:chat)',
      middleware,
      request: { params: matchParams, ...body(pinInputSchema) },
      responses: { 200: roomAnswer, ...roomFailures },
    }),
    async (c) => {
      const result = await chat.pin(guard.actor(c), c.req.valid('param').matchId, c.req.valid('json').messageId);
      if (!result.ok) return chatFailure(c, result);
      return c.json({ data: { room: result.room, changed: result.changed } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/cms/chat/rooms/{matchId}/pin',
      tags,
      summary: 'Unpin the room’s pinned message (scope cms:chat)',
      middleware,
      request: { params: matchParams },
      responses: { 200: roomAnswer, ...roomFailures },
    }),
    async (c) => {
      const result = await chat.unpin(guard.actor(c), c.req.valid('param').matchId);
      if (!result.ok) return chatFailure(c, result);
      return c.json({ data: { room: result.room, changed: result.changed } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/chat/rooms/{matchId}/close',
      tags,
      summary: 'Close a room: nobody can post until it is reopened (scope cms:chat)',
      middleware,
      request: { params: matchParams, ...optionalBody(closeRoomInputSchema) },
      responses: { 200: roomAnswer, ...roomFailures },
    }),
    async (c) => {
      const input = c.req.valid('json') as { reason?: string } | undefined;
      const result = await chat.closeRoom(guard.actor(c), c.req.valid('param').matchId, input?.reason);
      if (!result.ok) return chatFailure(c, result);
      return c.json({ data: { room: result.room, changed: result.changed } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/chat/rooms/{matchId}/reopen',
      tags,
      summary:
        'Reopen a closed room (it is open again within its window: from 60 minutes before kick-off to 30 after the final whistle) (scope cms:chat)',
      middleware,
      request: { params: matchParams },
      responses: { 200: roomAnswer, ...roomFailures },
    }),
    async (c) => {
      const result = await chat.reopenRoom(guard.actor(c), c.req.valid('param').matchId);
      if (!result.ok) return chatFailure(c, result);
      return c.json({ data: { room: result.room, changed: result.changed } }, 200);
    },
  );
}
