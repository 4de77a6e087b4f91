// /api/cms/hot-matches (issue #20): the hot-matches screen as a JSON API, with
// the same scope (cms:matches) and the same audit entries — pin a match with a
// label, move it, relabel it, unpin it, and find matches to pin.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { matchSummarySchema } from '../../../domain/football-contracts.ts';
import { errorBody } from '../../platform/http-errors.ts';
import type { CmsHotMatchesService } from './cms-hot-matches.service.ts';
import { hotSearchQuerySchema, pinChangeSchema, pinInputSchema, pinListSchema } from './cms-hot-matches.schemas.ts';
import { guardResponses, type CmsGuard } from './cms.guard.ts';
import { json, body, error, cmsFailure } from './cms-openapi.ts';

const SCOPE = 'cms:matches';

const matchParams = z.object({ matchId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const pinsAnswer = (description: string) => json(z.object({ data: pinListSchema }), description);

const failureResponses = {
  400: error('Invalid input, with a message per field'),
  404: error('No such match, or the match is not pinned'),
  409: error(
    'The match is pinned already, was played before yesterday, is postponed or cancelled, or the list is full',
  ),
};

export function cmsHotMatchesRoutes(services: { guard: CmsGuard; hotMatches: CmsHotMatchesService }, app: OpenAPIHono) {
  const { guard, hotMatches } = services;
  const tags = ['CMS'];
  const middleware = [guard.require(SCOPE)];

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/hot-matches',
      tags,
      summary: 'The pinned hot matches, in the order the hot lists show them (scope cms:matches)',
      description:
        "Pins come first on /hot-match-today and home's hot section, then the automatic choice. A pin shows on its match's day (in each visitor's time zone) and while the match is live; `state` says where it stands in UTC.",
      middleware,
      responses: { 200: pinsAnswer('The pins'), ...guardResponses },
    }),
    async (c) => c.json({ data: await hotMatches.list() }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/hot-matches/search',
      tags,
      summary: 'Matches to pin: of a team or competition (q) on a UTC day (date), earliest first (scope cms:matches)',
      middleware,
      request: { query: hotSearchQuerySchema },
      responses: {
        200: json(
          z.object({ data: z.object({ matches: z.array(matchSummarySchema) }) }),
          'At most 30 matches; without a date, from yesterday to a month ahead',
        ),
        400: error('Invalid query'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await hotMatches.search(c.req.valid('query'));
      if (!result.ok)
        return c.json(errorBody(result.code, result.message, 'fields' in result ? result.fields : undefined), 400);
      return c.json({ data: { matches: result.matches } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/hot-matches',
      tags,
      summary: 'Pin a match, with an optional label ("Derby", "Final"), at a position or last (scope cms:matches)',
      middleware,
      request: body(pinInputSchema),
      responses: { 201: pinsAnswer('Pinned: the pins as they are now'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await hotMatches.pin(guard.actor(c), c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { pins: result.pins } }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/cms/hot-matches/{matchId}',
      tags,
      summary:
        'Move a pin to a position (1 is first) and/or change its label; an empty label or null removes it (scope cms:matches)',
      middleware,
      request: { params: matchParams, ...body(pinChangeSchema) },
      responses: { 200: pinsAnswer('Changed: the pins as they are now'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await hotMatches.update(guard.actor(c), c.req.valid('param').matchId, c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { pins: result.pins } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/cms/hot-matches/{matchId}',
      tags,
      summary: 'Unpin a match: it goes back to the automatic choice (scope cms:matches)',
      middleware,
      request: { params: matchParams },
      responses: { 200: pinsAnswer('Unpinned: the pins as they are now'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await hotMatches.unpin(guard.actor(c), c.req.valid('param').matchId);
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { pins: result.pins } }, 200);
    },
  );
}
