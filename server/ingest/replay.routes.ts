// POST /api/replays — "relive this match" (issue #4): a stored match with an
// event stream played again from now at a chosen speed, through the same
// pipeline and live stream as the demo schedule. On-demand replays stay out
// of the day's lists; they live at their own /match/{id}.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { matchSummarySchema } from '../../domain/football-contracts.ts';
import { errorBody, errorBodySchema } from '../platform/http-errors.ts';
import { clientAddress } from '../platform/client-address.ts';
import type { Clock } from '../platform/clock.ts';
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
    429: { description: 'Too many replays running, or started from this address; see Retry-After', content: { 'application/json': { schema: errorBodySchema } } },
  },
});

const demoReplayBodySchema = z.object({
  matchId: z.number().int().positive(),
  /**
   * Seconds from now to the kick-off: a page can be open before the match starts. Up to three hours either
   * way: a chat room that opens in a few seconds (kick-off in 60 minutes and a bit), or a replay already
   * played (kick-off in the past) whose room turns read-only soon.
   */
  kickoffInSeconds: z.number().int().min(-10_800).max(10_800).default(0),
});

/**
 * POST /api/test/demo-replays (ENABLE_TEST_ROUTES only, not in the API's description): a demo replay
 * kicking off soon, listed on the home page like the demo schedule's, at REPLAY_SPEED. The end-to-end
 * suite runs without the schedule, whose slots it cannot wait for.
 */
export function testReplayRoutes(replays: ReliveService, api: OpenAPIHono, clock: Clock) {
  api.post('/test/demo-replays', async (c) => {
    const body = demoReplayBodySchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json(errorBody('invalid_input', 'Expected { matchId, kickoffInSeconds? }'), 400);
    const outcome = await replays.demoAt(body.data.matchId, clock.now().getTime() + body.data.kickoffInSeconds * 1000);
    if (!outcome.ok) return c.json(errorBody('not_found', outcome.message), 404);
    return c.json({ match: outcome.match }, 201);
  });
}

export function replayRoutes(replays: ReliveService, api: OpenAPIHono, trustProxy: boolean) {
  api.openapi(replayRoute, async (c) => {
    const { matchId, speed } = c.req.valid('json');
    const outcome = await replays.relive(matchId, speed, { ip: clientAddress(c, trustProxy) });
    if (outcome.ok) return c.json({ match: outcome.match }, 201);
    if (outcome.reason === 'too-many') {
      c.header('Retry-After', String(outcome.retryAfterSeconds));
      return c.json(errorBody('too_many_replays', outcome.message), 429);
    }
    return c.json(errorBody('not_found', outcome.message), 404);
  });
}
