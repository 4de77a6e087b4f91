// /api/cms/payments (issue #21): the plans and payment-methods screens as a JSON
// API, with the same scope (cms:payments) and the same audit entries — list and
// create plans, new terms as a new version (refused when made from a stale
// version), show, hide and move a plan, and enable, disable and order the
// payment methods.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '../../../domain/payments-contracts.ts';
import {
  adminPlanSchema,
  newPlanSchema,
  paymentMethodChangeSchema,
  paymentMethodSchema,
  planDetailSchema,
  planPlacementSchema,
  planRevisionSchema,
} from '../../../domain/plans-admin.ts';
import { errorBody } from '../../platform/http-errors.ts';
import type { CmsPaymentsService } from './cms-payments.service.ts';
import { guardResponses, type CmsGuard } from './cms.guard.ts';
import { json, body, error, idParams, cmsFailure } from './cms-openapi.ts';

const SCOPE = 'cms:payments';

const providerParams = z.object({ provider: z.enum(PAYMENT_PROVIDERS) });
const plansAnswer = (description: string) =>
  json(z.object({ data: z.object({ plans: z.array(adminPlanSchema) }) }), description);
const planAnswer = (description: string) =>
  json(z.object({ data: planDetailSchema.extend({ changed: z.boolean() }) }), description);
const methodsAnswer = (description: string) =>
  json(z.object({ data: z.object({ methods: z.array(paymentMethodSchema) }) }), description);

export function cmsPaymentsRoutes(services: { guard: CmsGuard; payments: CmsPaymentsService }, app: OpenAPIHono) {
  const { guard, payments } = services;
  const tags = ['CMS'];
  const middleware = [guard.require(SCOPE)];

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/payments/plans',
      tags,
      summary:
        'Every plan at its current version, hidden ones too, in the order /pricing shows them (scope cms:payments)',
      middleware,
      responses: { 200: plansAnswer('The plans'), ...guardResponses },
    }),
    async (c) => c.json({ data: { plans: await payments.plans() } }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/payments/plans/{id}',
      tags,
      summary: 'One plan with the history of its versions, newest first (scope cms:payments)',
      middleware,
      request: { params: idParams },
      responses: { 200: planAnswer('The plan'), 404: error('No such plan'), ...guardResponses },
    }),
    async (c) => {
      const plan = await payments.plan(c.req.valid('param').id);
      if (!plan) return c.json(errorBody('not_found', 'There is no such plan'), 404);
      return c.json({ data: { ...plan, changed: false } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/payments/plans',
      tags,
      summary: 'Create a plan, e.g. another sport pass: version 1, shown last on its pricing page (scope cms:payments)',
      description:
        'Prices are integers in minor units per currency (499 is 4.99). A paid plan needs a price, a duration and at least one entitlement.',
      middleware,
      request: body(newPlanSchema),
      responses: {
        201: planAnswer('Created'),
        400: error('Invalid input, with a message per field'),
        404: error('No such plan'),
        409: error('A plan with this code exists'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await payments.createPlan(guard.actor(c), c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { ...result.plan, changed: true } }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/cms/payments/plans/{id}',
      tags,
      summary:
        "Change a plan's terms (name, features, duration, trial, entitlements, prices): adds a version (scope cms:payments)",
      description:
        'The plan moves to the new version; older versions never change, and orders keep the version they were made at. `expectedVersion` is the version the change was made from: when the plan has moved on meanwhile, the change is refused with 409 and nothing is saved. Terms equal to the current ones add no version (`changed: false`). The Free plan cannot be given a price, a duration, a trial or entitlements.',
      middleware,
      request: { params: idParams, ...body(planRevisionSchema) },
      responses: {
        200: planAnswer('Saved (or nothing had changed)'),
        400: error('Invalid input, with a message per field'),
        404: error('No such plan'),
        409: error('The plan was changed meanwhile: nothing was saved'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await payments.revisePlan(guard.actor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { ...result.plan, changed: result.changed } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/cms/payments/plans/{id}',
      tags,
      summary: 'Show or hide a plan on the pricing pages and/or move it (position 1 is first) (scope cms:payments)',
      description:
        'A hidden plan is neither listed nor sold; orders already made are unaffected. The Free plan cannot be hidden (409).',
      middleware,
      request: { params: idParams, ...body(planPlacementSchema) },
      responses: {
        200: plansAnswer('Changed: every plan as it is now'),
        400: error('Invalid input'),
        404: error('No such plan'),
        409: error('The Free plan cannot be hidden'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await payments.placePlan(guard.actor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { plans: result.plans } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/payments/providers',
      tags,
      summary:
        'The payment methods in the order /pricing shows them: enabled, configured on this server, offered (scope cms:payments)',
      middleware,
      responses: { 200: methodsAnswer('The payment methods'), ...guardResponses },
    }),
    async (c) => c.json({ data: { methods: await payments.methods() } }, 200),
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/cms/payments/providers/{provider}',
      tags,
      summary: 'Enable or disable a payment method and/or move it (position 1 is first) (scope cms:payments)',
      description:
        'A method is offered on /pricing and accepted at checkout when it is enabled and configured on this server (stripe needs STRIPE_SECRET_KEY). Disabling the last one offered is refused with 409. Every node reads the change from the database at once.',
      middleware,
      request: { params: providerParams, ...body(paymentMethodChangeSchema) },
      responses: {
        200: methodsAnswer('Changed: the payment methods as they are now'),
        400: error('Invalid input or an unknown provider'),
        404: error('No such payment method'),
        409: error('It is the last payment method on offer'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await payments.changeMethod(guard.actor(c), c.req.valid('param').provider, c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { methods: result.methods } }, 200);
    },
  );
}
