// /api/cms/users (issue #20): the Users screen as a JSON API, with the same scope
// (cms:users) and the same audit entries — search, view, ban, unban, mail a
// password-reset link, erase. Described in /api/openapi.json.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { errorBody } from '../../platform/http-errors.ts';
import { userPageSchema, userSearchSchema } from '../auth/auth.users.schemas.ts';
import { banInputSchema, cmsUserSchema, eraseInputSchema } from './cms-people.schemas.ts';
import type { CmsUsersService } from './cms-users.service.ts';
import { guardResponses, type CmsGuard } from './cms.guard.ts';
import { json, body, error, cmsFailure } from './cms-openapi.ts';

const SCOPE = 'cms:users';

const userParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const userAnswer = (description: string) => json(z.object({ data: cmsUserSchema }), description);

const failureResponses = {
  400: error('Invalid input, with a message per field'),
  404: error('No account with this id (it may have been erased)'),
  409: error(
    'Not possible for this account now: a staff account and the caller does not manage staff, the caller’s own account, the last administrator, or already (not) banned',
  ),
};

export function cmsUsersRoutes(services: { guard: CmsGuard; users: CmsUsersService }, app: OpenAPIHono) {
  const { guard, users } = services;
  const tags = ['CMS'];
  const middleware = [guard.require(SCOPE)];

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/users',
      tags,
      summary: 'Search accounts, paged by cursor, in sign-up order (scope cms:users)',
      description:
        '`q` with an @ finds addresses that start with it; without, also names that contain it (case-insensitive for ASCII letters). Filter by role (`staff`: every role but member) and status; pass `nextCursor` back as `cursor` for the next page.',
      middleware,
      request: { query: userSearchSchema },
      responses: {
        200: json(z.object({ data: userPageSchema }), 'One page of accounts'),
        400: error('Invalid filter'),
        ...guardResponses,
      },
    }),
    async (c) => c.json({ data: await users.search(c.req.valid('query')) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/users/{id}',
      tags,
      summary: 'One account: sign-up, last sign-in, live sessions, favourites, role, ban (scope cms:users)',
      middleware,
      request: { params: userParams },
      responses: { 200: userAnswer('The account'), 404: error('No account with this id'), ...guardResponses },
    }),
    async (c) => {
      const result = await users.view(guard.actor(c), c.req.valid('param').id);
      if (!result.ok) return c.json(errorBody('not_found', result.message), 404);
      return c.json({ data: result.user }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/users/{id}/ban',
      tags,
      summary:
        'Ban an account with a reason: its sessions end at once, and sign-in tells them the reason (scope cms:users)',
      description:
        'A staff account can be banned only by someone who manages staff (cms:staff); nobody bans their own account here.',
      middleware,
      request: { params: userParams, ...body(banInputSchema) },
      responses: { 200: userAnswer('Banned'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await users.ban(guard.actor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: result.user }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/users/{id}/unban',
      tags,
      summary: 'Lift a ban: they can sign in again (scope cms:users)',
      middleware,
      request: { params: userParams },
      responses: { 200: userAnswer('Unbanned'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await users.unban(guard.actor(c), c.req.valid('param').id);
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: result.user }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/users/{id}/password-reset',
      tags,
      summary: 'Mail the account a password-reset link, the one the forgotten-password form sends (scope cms:users)',
      description:
        'Within the same limits per address: one a minute, five an hour (409 beyond them). Not for a banned account.',
      middleware,
      request: { params: userParams },
      responses: {
        200: json(z.object({ data: z.object({ email: z.string() }) }), 'Mailed (through SMTP, or into the outbox)'),
        ...failureResponses,
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await users.sendPasswordReset(guard.actor(c), c.req.valid('param').id);
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { email: result.email } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/users/{id}/erase',
      tags,
      summary: 'Erase an account and its personal data, for good (scope cms:users)',
      description:
        '`confirmEmail` must be the account’s address. Deleted: the account, its sessions, favourites, sign-in identities and attempts, the contact messages sent from its address, the mails to it in the outbox, any staff invitation to it. The audit log keeps the id only. Not your own account, not the last administrator; staff accounts only by someone who manages staff.',
      middleware,
      request: { params: userParams, ...body(eraseInputSchema) },
      responses: {
        200: json(z.object({ data: z.object({ userId: z.number().int() }) }), 'Erased'),
        ...failureResponses,
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await users.erase(guard.actor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { userId: result.userId } }, 200);
    },
  );
}
