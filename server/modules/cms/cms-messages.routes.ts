// /api/cms/messages (issue #20): the contact form's inbox as a JSON API, with the
// same scope (cms:messages) and the same audit entries as the Messages screen —
// list, read, mark handled or open, reply by mail. Described in /api/openapi.json.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { errorBody } from '../../platform/http-errors.ts';
import { inboxChangeSchema, inboxPageSchema, inboxQuerySchema, replyInputSchema } from '../site/contact.schemas.ts';
import type { CmsMessagesService } from './cms-messages.service.ts';
import { cmsThreadSchema } from './cms-people.schemas.ts';
import type { CmsFailure } from './cms-results.ts';
import { guardResponses, type CmsGuard } from './cms.guard.ts';
import { json, body, error } from './cms-openapi.ts';

const SCOPE = 'cms:messages';

const messageParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const threadAnswer = (description: string) => json(z.object({ data: cmsThreadSchema }), description);

const failureResponses = {
  400: error('Invalid input, with a message per field'),
  404: error('No message with this id (it may have been erased with its sender’s account)'),
};

export function cmsMessagesRoutes(services: { guard: CmsGuard; messages: CmsMessagesService }, app: OpenAPIHono) {
  const { guard, messages } = services;
  const tags = ['CMS'];
  const middleware = [guard.require(SCOPE)];

  function failure(c: Context, result: CmsFailure) {
    const answer = errorBody(result.code, result.message, 'fields' in result ? result.fields : undefined);
    if (result.code === 'invalid_input') return c.json(answer, 400);
    return c.json(answer, 404);
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/messages',
      tags,
      summary:
        'The contact form’s inbox, newest first: all, unread, open or handled, paged by cursor (scope cms:messages)',
      middleware,
      request: { query: inboxQuerySchema },
      responses: {
        200: json(z.object({ data: inboxPageSchema }), 'One page of messages'),
        400: error('Invalid filter'),
        ...guardResponses,
      },
    }),
    async (c) => c.json({ data: await messages.list(c.req.valid('query')) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/messages/{id}',
      tags,
      summary: 'Read a message and the replies sent to it; reading marks it read (scope cms:messages)',
      middleware,
      request: { params: messageParams },
      responses: { 200: threadAnswer('The message and its thread'), 404: failureResponses[404], ...guardResponses },
    }),
    async (c) => {
      const result = await messages.open(guard.actor(c), c.req.valid('param').id);
      if (!result.ok) return c.json(errorBody('not_found', result.message), 404);
      return c.json({ data: result.thread }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/cms/messages/{id}',
      tags,
      summary: 'Mark a message handled or open again, read or unread (scope cms:messages)',
      middleware,
      request: { params: messageParams, ...body(inboxChangeSchema) },
      responses: { 200: threadAnswer('Changed'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await messages.change(guard.actor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return failure(c, result);
      return c.json({ data: result.thread }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/messages/{id}/replies',
      tags,
      summary:
        'Reply by mail to the sender; the reply is kept in the thread and the message marked handled (scope cms:messages)',
      description:
        '`delivery` says whether the SMTP server took the mail or it waits in the outbox (no SMTP configured, or it refused).',
      middleware,
      request: { params: messageParams, ...body(replyInputSchema) },
      responses: {
        201: json(
          z.object({ data: cmsThreadSchema.extend({ delivery: z.enum(['smtp', 'outbox']) }) }),
          'Sent and kept',
        ),
        ...failureResponses,
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await messages.reply(guard.actor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return failure(c, result);
      return c.json({ data: { ...result.thread, delivery: result.delivery } }, 201);
    },
  );
}
