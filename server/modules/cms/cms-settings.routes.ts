// /api/cms/settings (issue #20): the site settings screen as a JSON API, with
// the same scope (cms:settings) and the same audit entries.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { errorBody } from '../../platform/http-errors.ts';
import { siteSettingsChangeSchema, siteSettingsViewSchema } from '../site/settings.schemas.ts';
import type { CmsSettingsService } from './cms-settings.service.ts';
import { guardResponses, type CmsGuard } from './cms.guard.ts';
import { error, json } from './cms-openapi.ts';

const SCOPE = 'cms:settings';

export function cmsSettingsRoutes(services: { guard: CmsGuard; settings: CmsSettingsService }, app: OpenAPIHono) {
  const { guard, settings } = services;
  const tags = ['CMS'];
  const middleware = [guard.require(SCOPE)];

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/settings',
      tags,
      summary:
        "The site's settings in effect, the environment's defaults and which are overridden (scope cms:settings)",
      middleware,
      responses: { 200: json(z.object({ data: siteSettingsViewSchema }), 'The settings'), ...guardResponses },
    }),
    async (c) => c.json({ data: await settings.view() }, 200),
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/cms/settings',
      tags,
      summary:
        'Change site settings: the fields given replace those in effect, empty text or null clears one (scope cms:settings)',
      description:
        "A value equal to the environment's default removes the override. Checked as a whole: emails, https:// links (the banner may link to a path on the site), a GTM-XXXXXXX analytics id, the banner's from before its until (times in ISO 8601; without an offset, UTC). Every node uses the new settings within moments, without a restart.",
      middleware,
      request: { body: { required: true, content: { 'application/json': { schema: siteSettingsChangeSchema } } } },
      responses: {
        200: json(
          z.object({ data: siteSettingsViewSchema.extend({ changed: z.array(z.string()) }) }),
          'Saved: the settings now, and the fields that changed',
        ),
        400: error('Invalid input, with a message per field'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await settings.change(guard.actor(c), c.req.valid('json'));
      if (!result.ok) {
        const fields = 'fields' in result ? result.fields : undefined;
        return c.json(errorBody(result.code, result.message, fields), 400);
      }
      return c.json({ data: { ...result.settings, changed: result.changed } }, 200);
    },
  );
}
