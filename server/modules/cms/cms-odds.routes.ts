// /api/cms/odds/settings (issue #24, scope cms:odds; docs/odds.md): the odds screen as a JSON API — the
// site-wide switch that hides all betting content and the margin on prices. Every change is audited.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { oddsSettingsChangeSchema, oddsSettingsViewSchema } from '../odds/odds.schemas.ts';
import type { CmsOddsService } from './cms-odds.service.ts';
import { guardResponses, type CmsGuard } from './cms.guard.ts';
import { errorBody } from '../../platform/http-errors.ts';
import { body, error, json } from './cms-openapi.ts';

const SCOPE = 'cms:odds';

export function cmsOddsRoutes(services: { guard: CmsGuard; odds: CmsOddsService }, app: OpenAPIHono) {
  const { guard, odds } = services;
  const tags = ['CMS'];
  const middleware = [guard.require(SCOPE)];

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/odds/settings',
      tags,
      summary: 'Whether model odds are shown on the site, and the margin on their prices (scope cms:odds)',
      middleware,
      responses: {
        200: json(z.object({ data: oddsSettingsViewSchema }), 'The odds settings in effect'),
        ...guardResponses,
      },
    }),
    async (c) => c.json({ data: await odds.view() }, 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/cms/odds/settings',
      tags,
      summary: 'Switch all betting content on or off site-wide, and set the margin on prices (scope cms:odds)',
      description:
        "`enabled: false` hides every odds panel and graph, and the odds API answers 404 odds_disabled, on every node within moments. `margin` is a fraction (0.05 = 5 %, at most 0.25); null goes back to the environment's ODDS_MARGIN. Fields left out keep their value; the change is audited (action odds.settings).",
      middleware,
      request: body(oddsSettingsChangeSchema),
      responses: {
        200: json(
          z.object({ data: oddsSettingsViewSchema.extend({ changed: z.array(z.string()) }) }),
          'Saved: the settings now, and the fields that changed',
        ),
        400: error('Invalid input, with a message per field'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await odds.change(guard.actor(c), c.req.valid('json'));
      if (!result.ok)
        return c.json(errorBody(result.code, result.message, 'fields' in result ? result.fields : undefined), 400);
      return c.json({ data: { ...result.settings, changed: result.changed } }, 200);
    },
  );
}
