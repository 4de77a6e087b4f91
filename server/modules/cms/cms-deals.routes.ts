// /api/cms/payments/coupons and /api/cms/payments/house-ad (issue #21): the
// coupon and house-ad screens as a JSON API, with the same scope (cms:payments)
// and the same audit entries.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  couponChangeSchema,
  couponInputSchema,
  couponSchema,
  couponUseSchema,
  houseAdInputSchema,
  houseAdSchema,
} from '../../../domain/deals-contracts.ts';
import { errorBody } from '../../platform/http-errors.ts';
import type { CmsDealsService } from './cms-deals.service.ts';
import { guardResponses, type CmsGuard } from './cms.guard.ts';
import { json, body, error, idParams, cmsFailure } from './cms-openapi.ts';

const SCOPE = 'cms:payments';

const couponAnswer = (description: string) => json(z.object({ data: z.object({ coupon: couponSchema }) }), description);
const failures = {
  400: error('Invalid input, with a message per field'),
  404: error('No coupon with this id'),
  409: error('A coupon with this code (in any case) already exists'),
};

export function cmsDealsRoutes(services: { guard: CmsGuard; deals: CmsDealsService }, app: OpenAPIHono) {
  const { guard, deals } = services;
  const tags = ['CMS'];
  const middleware = [guard.require(SCOPE)];

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/payments/coupons',
      tags,
      summary: 'Every coupon, newest first, with how many users hold a use of it (scope cms:payments)',
      middleware,
      responses: {
        200: json(z.object({ data: z.object({ coupons: z.array(couponSchema) }) }), 'The coupons'),
        ...guardResponses,
      },
    }),
    async (c) => c.json({ data: { coupons: await deals.coupons() } }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/payments/coupons',
      tags,
      summary:
        'Create a coupon: percent (1–99) or amount per currency off, plan, usage limit, valid until, audience (scope cms:payments)',
      description:
        'The code is compared without regard to case and stored upper-case. Give either percentOff or amountOff (minor units per currency, e.g. { "EUR": 200 }). audience "campaign" is revealed by the link /?deal=CODE; "lapsed" is shown on home to signed-in users whose paid plan has ended, and only they may use it.',
      middleware,
      request: body(couponInputSchema),
      responses: { 201: couponAnswer('Created'), ...failures, ...guardResponses },
    }),
    async (c) => {
      const result = await deals.createCoupon(guard.actor(c), c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { coupon: result.coupon } }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/payments/coupons/{id}',
      tags,
      summary: 'One coupon and its uses: the orders made with it, newest first (scope cms:payments)',
      middleware,
      request: { params: idParams },
      responses: {
        200: json(
          z.object({ data: z.object({ coupon: couponSchema, uses: z.array(couponUseSchema) }) }),
          'The coupon and its uses',
        ),
        404: error('No coupon with this id'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const found = await deals.coupon(c.req.valid('param').id);
      if (!found) return c.json(errorBody('not_found', 'There is no such coupon'), 404);
      return c.json({ data: found }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/cms/payments/coupons/{id}',
      tags,
      summary:
        'Change a coupon: the fields given replace its own, checked as a whole; the code never changes (scope cms:payments)',
      middleware,
      request: { params: idParams, ...body(couponChangeSchema) },
      responses: { 200: couponAnswer('Changed'), ...failures, ...guardResponses },
    }),
    async (c) => {
      const result = await deals.changeCoupon(guard.actor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { coupon: result.coupon } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/payments/coupons/{id}/deactivate',
      tags,
      summary: 'Deactivate a coupon: no new order can use it; orders already made with it keep it (scope cms:payments)',
      middleware,
      request: { params: idParams },
      responses: { 200: couponAnswer('Deactivated'), ...failures, ...guardResponses },
    }),
    async (c) => {
      const result = await deals.deactivateCoupon(guard.actor(c), c.req.valid('param').id);
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { coupon: result.coupon } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/payments/house-ad',
      tags,
      summary: "The house ad: the site's own ad shown to visitors without no_ads (scope cms:payments)",
      middleware,
      responses: { 200: json(z.object({ data: z.object({ ad: houseAdSchema }) }), 'The ad'), ...guardResponses },
    }),
    async (c) => c.json({ data: { ad: await deals.houseAd() } }, 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/cms/payments/house-ad',
      tags,
      summary:
        'Set the house ad: title, text, link (a path on the site or https://), optional image URL, on or off (scope cms:payments)',
      middleware,
      request: body(houseAdInputSchema),
      responses: {
        200: json(z.object({ data: z.object({ ad: houseAdSchema }) }), 'Saved; every page shows it from now on'),
        400: error('Invalid input, with a message per field'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await deals.changeHouseAd(guard.actor(c), c.req.valid('json'));
      if (!result.ok)
        return c.json(errorBody(result.code, result.message, 'fields' in result ? result.fields : undefined), 400);
      return c.json({ data: { ad: result.ad } }, 200);
    },
  );
}
