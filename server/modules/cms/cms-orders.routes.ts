// /api/cms/payments/orders (issue #21): the CMS's orders screen as a JSON API,
// with the same scope (cms:payments) and the same audit entries — search, read
// one order with its history, confirm a bank transfer, refund within the refund
// policy. Described in /api/openapi.json.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { errorBody } from '../../platform/http-errors.ts';
import {
  orderPageSchema,
  orderSearchSchema,
  refundInputSchema,
  staffOrderDetailSchema,
} from '../payments/payments.staff.schemas.ts';
import type { CmsOrdersService } from './cms-orders.service.ts';
import { guardResponses, type CmsGuard } from './cms.guard.ts';
import { body, error, json, cmsFailure } from './cms-openapi.ts';

const SCOPE = 'cms:payments';

const orderParams = z.object({ id: z.string().min(1).max(100) });
const orderAnswer = (description: string) => json(z.object({ data: staffOrderDetailSchema }), description);

export function cmsOrdersRoutes(services: { guard: CmsGuard; orders: CmsOrdersService }, app: OpenAPIHono) {
  const { guard, orders: payments } = services;
  const tags = ['CMS'];
  const middleware = [guard.require(SCOPE)];

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/payments/orders',
      tags,
      summary: 'Search orders, newest first, paged by cursor (scope cms:payments)',
      description:
        '`q` is an order id (`ord_…`, or its start), a bank-transfer reference (`SL-XXXX-XXXX-C`, spaces and dashes optional; one whose check character does not match answers no orders and a `notice`), or the start of the buyer’s email address. Filter by `status` and `provider`; pass `nextCursor` back as `cursor` for the next page.',
      middleware,
      request: { query: orderSearchSchema },
      responses: {
        200: json(z.object({ data: orderPageSchema }), 'One page of orders'),
        400: error('Invalid filter'),
        ...guardResponses,
      },
    }),
    async (c) => c.json({ data: await payments.search(c.req.valid('query')) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/payments/orders/{id}',
      tags,
      summary:
        'One order: the buyer, its whole history with causes, and whether it may be confirmed or refunded (scope cms:payments)',
      middleware,
      request: { params: orderParams },
      responses: { 200: orderAnswer('The order'), 404: error('No order with this id'), ...guardResponses },
    }),
    async (c) => {
      const result = await payments.view(c.req.valid('param').id);
      if (!result.ok) return c.json(errorBody('not_found', result.message), 404);
      return c.json({ data: result.order }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/payments/orders/{id}/confirm-transfer',
      tags,
      summary: 'Confirm that a bank transfer arrived: the order is paid and its plan granted (scope cms:payments)',
      description:
        'For a pending, failed or expired bank-transfer (`local`) order. Settles the event `local-confirm-<orderId>` through the payments module, so two confirmations at once grant once: the second gets 409. The staff member and time go into the order’s history and the audit log.',
      middleware,
      request: { params: orderParams },
      responses: {
        200: orderAnswer('Confirmed: the order is paid'),
        400: error('Not an order id (at most 100 characters)'),
        404: error('No order with this id'),
        409: error('Not a bank-transfer order, or already paid or refunded'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await payments.confirmTransfer(guard.actor(c), c.req.valid('param').id);
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: result.order }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/payments/orders/{id}/refund',
      tags,
      summary: 'Refund a paid order in full within the refund policy, with a reason (scope cms:payments)',
      description:
        'The policy (domain/refund-policy.ts, stated on /policy/refund): a paid order, within 14 days of its payment, once, in full. The order’s provider is asked to pay the money back; the sandbox and bank transfer settle the refund at once (`outcome: refunded`, what the order granted is revoked), Stripe through its webhook (`outcome: refund_requested`, the order stays paid until then). Audited.',
      middleware,
      request: { params: orderParams, ...body(refundInputSchema) },
      responses: {
        200: json(
          z.object({ data: staffOrderDetailSchema, outcome: z.enum(['refunded', 'refund_requested']) }),
          'Refunded, or asked of the provider',
        ),
        400: error('No reason, or not one line of plain text'),
        404: error('No order with this id'),
        409: error(
          'Outside the refund policy (not paid, already refunded, paid more than 14 days ago), or the provider refused',
        ),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await payments.refund(guard.actor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: result.order, outcome: result.outcome }, 200);
    },
  );
}
