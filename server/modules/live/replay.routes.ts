// POST /api/replays — "relive this match" (issue #4): a stored match with an
// event stream played again from now at a chosen speed, through the same
// pipeline and live stream as the demo schedule. On-demand replays stay out
// of the day's lists; they live at their own /match/{id}.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { matchSummarySchema } from '../../../domain/football-contracts.ts';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';
import type { ReliveService } from './relive.ts';


const replayRoute = createRoute({
  method: 'post',
  path: '/replays',
  summary: 'Relive a stored match from now, at a chosen speed',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({
            matchId: z.number().int().positive(),
            speed: z.number().min(1, 'must be at least 1').max(600, 'must be at most 600').default(1),
          }),
        },
      },
    },
  },
  responses: {
    201: { description: 'The replay, kicking off now', content: { 'application/json': { schema: z.object({ match: matchSummarySchema }) } } },
    400: { description: 'Invalid input', content: { 'application/json': { schema: errorBodySchema } } },
    404: { description: 'No such match, or it has no event stream to replay', content: { 'application/json': { schema: errorBodySchema } } },
    429: { description: 'Too many replays running', content: { 'application/json': { schema: errorBodySchema } } },
  },
});

export function replayRoutes(replays: ReliveService, api: OpenAPIHono) {
  api.openapi(replayRoute, async (c) => {
    const { matchId, speed } = c.req.valid('json');
    const outcome = await replays.relive(matchId, speed);
    if (outcome.ok) return c.json({ match: outcome.match }, 201);
    if (outcome.reason === 'too-many') {
      c.header('Retry-After', '60');
      return c.json(errorBody('too_many_replays', outcome.message), 429);
    }
    return c.json(errorBody('not_found', outcome.message), 404);
  });
}
