// /api/cms/matches (issue #20): the Matches screen as an API — search, read one with
// its held correction, correct with a reason, release — scope cms:matches (admin,
// editor), audited like the page's actions.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { matchSummarySchema } from '../../../domain/football-contracts.ts';
import { correctionInputSchema } from '../../../domain/match-corrections.ts';
import { errorBody } from '../../platform/http-errors.ts';
import { guardResponses, type CmsGuard } from './cms.guard.ts';
import type { CmsMatchesService } from './cms-matches.service.ts';
import { matchSearchSchema } from './cms-matches.service.ts';
import { json, error, idParams } from './cms-openapi.ts';

const heldSchema = z
  .object({
    fields: z.object({
      home: z.number().int().optional(),
      away: z.number().int().optional(),
      status: z.string().optional(),
      kickoffAt: z.string().optional(),
    }),
    reason: z.string(),
    createdAt: z.string(),
  })
  .nullable();

export function cmsMatchesRoutes(services: { guard: CmsGuard; matches: CmsMatchesService }, app: OpenAPIHono) {
  const { guard, matches } = services;
  const tags = ['CMS'];
  const scope = 'cms:matches';

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/matches',
      tags,
      summary:
        'Find matches by part of a team name, a competition code and a UTC day, newest first (scope cms:matches)',
      middleware: [guard.require(scope)],
      request: { query: matchSearchSchema.extend({ cursor: z.string().optional() }) },
      responses: {
        200: json(
          z.object({ data: z.object({ matches: z.array(matchSummarySchema), nextCursor: z.string().nullable() }) }),
          'One page',
        ),
        400: error('Invalid filter'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await matches.search(c.req.query());
      if (!result.ok)
        return c.json(errorBody(result.code, result.message, 'fields' in result ? result.fields : undefined), 400);
      return c.json({ data: result.page }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/matches/{id}',
      tags,
      summary: 'One match with the staff correction holding on it (scope cms:matches)',
      middleware: [guard.require(scope)],
      request: { params: idParams },
      responses: {
        200: json(z.object({ data: z.object({ match: matchSummarySchema, held: heldSchema }) }), 'The match'),
        404: error('No such match'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await matches.find(c.req.valid('param').id);
      if (!result.ok) return c.json(errorBody(result.code, result.message), 404);
      return c.json({ data: { match: result.match, held: result.held } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/matches/{id}/corrections',
      tags,
      summary: 'Correct the score, status or kick-off time with a reason (scope cms:matches)',
      description:
        'Goes through the live path: open pages get the new score and a commentary line, tables follow. The correction holds against later provider data until the provider agrees or it is released (docs/decisions/019).',
      middleware: [guard.require(scope)],
      request: {
        params: idParams,
        body: { required: true, content: { 'application/json': { schema: correctionInputSchema } } },
      },
      responses: {
        200: json(
          z.object({ data: z.object({ changed: z.boolean() }) }),
          'Corrected (changed: false when it already said that)',
        ),
        400: error('Invalid input, with a message per field'),
        404: error('No such match'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await matches.correct(guard.actor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) {
        const body = errorBody(result.code, result.message, 'fields' in result ? result.fields : undefined);
        return result.code === 'not_found' ? c.json(body, 404) : c.json(body, 400);
      }
      return c.json({ data: { changed: result.changed } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/cms/matches/{id}/corrections',
      tags,
      summary: "Release the match's held correction: the provider's data counts again (scope cms:matches)",
      middleware: [guard.require(scope)],
      request: { params: idParams },
      responses: {
        200: json(z.object({ data: z.object({ released: z.boolean() }) }), 'Released (false: none held)'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await matches.release(guard.actor(c), c.req.valid('param').id);
      return c.json({ data: { released: result.ok && result.released } }, 200);
    },
  );
}
