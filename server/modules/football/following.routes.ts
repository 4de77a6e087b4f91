// GET /api/following (issue #19): what home's Following section shows for the
// teams, competitions and matches a visitor follows. Favourites live on the
// device for guests, so the page sends them here after hydration; the answer is
// the same for everyone who follows the same things, so it is cached like the
// other football reads (a short shared lifetime and an ETag).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { etag } from 'hono/etag';
import { z } from 'zod';
import { FOLLOWING_LIMIT } from '../../../domain/following.ts';
import { followingSchema } from '../../../domain/following-contracts.ts';
import { errorBodySchema } from '../../platform/http-errors.ts';
import { cacheHeaders } from './football.routes.ts';
import type { FollowingService } from './following.service.ts';

/** A comma-separated list of up to FOLLOWING_LIMIT items, each matching `item`; repeats count once. */
function listOf(item: RegExp, what: string) {
  return z
    .string()
    .max(2_000)
    .refine((value) => value === '' || value.split(',').every((part) => item.test(part)), `must be ${what} separated by commas`)
    .transform((value) => [...new Set(value === '' ? [] : value.split(','))])
    .refine((list) => list.length <= FOLLOWING_LIMIT, `must name at most ${FOLLOWING_LIMIT}`);
}

const ids = (what: string) => listOf(/^[1-9]\d{0,11}$/, what).transform((list) => list.map(Number));

const followingRoute = createRoute({
  method: 'get',
  path: '/following',
  summary:
    "For followed teams, competitions and matches (ids and codes, comma-separated): each team's next match (or the one under way) and last result, the competitions, and the matches as they stand; unknown ones are left out",
  request: {
    query: z.object({
      teams: ids('team ids').optional(),
      competitions: listOf(/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/, 'competition codes such as en.1').optional(),
      matches: ids('match ids').optional(),
    }),
  },
  responses: {
    200: { description: 'OK', content: { 'application/json': { schema: followingSchema } } },
    400: { description: 'Invalid input, naming the field', content: { 'application/json': { schema: errorBodySchema } } },
  },
});

export function followingRoutes(following: FollowingService, app: OpenAPIHono) {
  app.use('/following', cacheHeaders, etag());
  app.openapi(followingRoute, async (c) => {
    const query = c.req.valid('query');
    return c.json(
      await following.getFollowing({
        teams: query.teams ?? [],
        competitions: query.competitions ?? [],
        matches: query.matches ?? [],
      }),
      200,
    );
  });
}
