// GET /api/matches/{id}/insight (issue #5): the match centre's momentum,
// head-to-head and table around both teams, as the page refreshes them while
// the match is live. The football routes' cache headers and ETag apply
// (`/matches/*`); unknown matches are 404, bad input 400 naming the field.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { INSIGHT_PARTS, matchInsightSchema, type InsightPart } from '../../../domain/match-insight.ts';
import { errorBodySchema } from '../../platform/http-errors.ts';
import type { MatchInsightService } from './match-insight.service.ts';

const partsSchema = z
  .string()
  .refine((value) => value.split(',').every((part) => (INSIGHT_PARTS as readonly string[]).includes(part)), `must list parts among ${INSIGHT_PARTS.join(', ')}, separated by commas`)
  .transform((value) => [...new Set(value.split(','))] as InsightPart[]);

const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({ description, content: { 'application/json': { schema } } });

const insightRoute = createRoute({
  method: 'get',
  path: '/matches/{id}/insight',
  summary: "Momentum over the match, head-to-head before it and the competition table around both teams ('parts' picks some)",
  request: {
    params: z.object({ id: z.string().regex(/^[1-9]\d{0,11}$/, 'must be a positive whole number').transform(Number) }),
    query: z.object({ parts: partsSchema.optional() }),
  },
  responses: {
    200: json(matchInsightSchema),
    400: json(errorBodySchema, 'Invalid input, naming the field'),
    404: json(errorBodySchema, 'Unknown match'),
  },
});

export function matchInsightRoutes(insight: MatchInsightService, app: OpenAPIHono) {
  app.openapi(insightRoute, async (c) => c.json(await insight.getInsight(c.req.valid('param').id, c.req.valid('query').parts), 200));
}
