// POST /api/replays — "relive this match" (issue #4): a stored match with an
// event stream played again from now at a chosen speed, through the same
// pipeline and live stream as the demo schedule. On-demand replays stay out
// of the day's lists; they live at their own /match/{id}.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { matchSummarySchema } from '../../../domain/football-contracts.ts';
import type { FootballService } from '../football/football.service.ts';
import type { Ingest } from '../../ingest/ingest.ts';
import { ProviderPayloadError } from '../../ingest/provider.ts';
import { RELIVE_PROVIDER } from '../../ingest/providers/replay/replay-provider.ts';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';

/** On-demand replays running at once, across all visitors: each costs a little CPU every second. */
export const MAX_RUNNING_RELIVES = 10;

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

export function replayRoutes(ingest: Ingest, football: FootballService, api: OpenAPIHono) {
  api.openapi(replayRoute, async (c) => {
    const { matchId, speed } = c.req.valid('json');
    const pool = await ingest.replay.pool();
    if (!pool.includes(matchId)) return c.json(errorBody('not_found', `Match ${matchId} has no event stream to replay`), 404);
    if ((await ingest.runningReplays(RELIVE_PROVIDER)) >= MAX_RUNNING_RELIVES) {
      c.header('Retry-After', '60');
      return c.json(errorBody('too_many_replays', 'Too many replays are running; try again in a minute'), 429);
    }
    try {
      const externalId = await ingest.replay.relive(matchId, speed);
      const result = await ingest.pipeline.apply(await ingest.replay.matchDetail(externalId));
      return c.json({ match: await football.getMatch(result.matchId) }, 201);
    } catch (error) {
      if (error instanceof ProviderPayloadError) return c.json(errorBody('not_found', error.message), 404);
      throw error;
    }
  });
}
