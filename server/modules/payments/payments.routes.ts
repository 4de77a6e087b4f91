// The payments API (issue #21; docs/payments.md), described in /api/openapi.json:
// the plans for everyone; orders and "my plan" for the signed-in user (cookie or
// Bearer); and the providers' webhooks, which carry no session and are trusted
// only for their signature, checked over the raw body.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  createOrderInputSchema,
  createdOrderSchema,
  orderSchema,
  paymentsMeSchema,
  plansSchema,
} from '../../../domain/payments-contracts.ts';
import type { SessionService } from '../auth/auth.session.ts';
import { clientAddress } from '../../platform/client-address.ts';
import type { Config } from '../../platform/config.ts';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';
import {
  orderIdParamSchema,
  sandboxWebhookSchema,
  stripeWebhookSchema,
  webhookAnswerSchema,
} from './payments.schemas.ts';
import type { PaymentsService } from './payments.service.ts';
import { SIGNATURE_HEADER } from './payments.sandbox.ts';
import { STRIPE_SIGNATURE_HEADER } from './payments.stripe.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const error = (description: string) => json(errorBodySchema, description);
const UNAUTHENTICATED = errorBody('unauthenticated', 'Sign in to continue');
const trialInputSchema = z.object({ planId: z.number().int().positive() });

const routes = {
  plans: createRoute({
    method: 'get',
    path: '/plans',
    summary: 'The plans on sale, each at its current version, with prices in minor units per currency and features',
    responses: { 200: json(plansSchema, 'OK') },
  }),
  createOrder: createRoute({
    method: 'post',
    path: '/payments/orders',
    summary:
      "Start a checkout for the signed-in user: the order's price and currency are read from the plan's current version (anything else sent is ignored); answers where to pay",
    request: { body: { required: true, content: { 'application/json': { schema: createOrderInputSchema } } } },
    responses: {
      201: json(createdOrderSchema, 'Order created, pending until the provider settles it'),
      400: error('Invalid input, an unknown plan or provider, a free plan or a coupon that is not valid'),
      401: error('Not signed in'),
      429: error('Too many checkouts from this user or address in the last hour; see Retry-After. Nothing was created'),
      502: error('provider_unavailable: the payment provider could not make its checkout; nothing is left to pay'),
    },
  }),
  order: createRoute({
    method: 'get',
    path: '/payments/orders/{id}',
    summary: "One of the signed-in user's orders, as it stands",
    request: { params: orderIdParamSchema },
    responses: {
      200: json(z.object({ order: orderSchema }), 'OK'),
      401: error('Not signed in'),
      404: error('No such order among this user’s'),
    },
  }),
  trial: createRoute({
    method: 'post',
    path: '/payments/trials',
    summary:
      "Start a plan's free trial for the signed-in user: its entitlements for the plan's trial days, without payment, once per account and not for a plan the user had",
    description:
      "Recorded as an order of amount 0 from 'trial', already paid, with its history and grants. Two requests at once start one trial.",
    request: { body: { required: true, content: { 'application/json': { schema: trialInputSchema } } } },
    responses: {
      201: json(z.object({ order: orderSchema, endsAt: z.iso.datetime() }), 'The trial runs until endsAt'),
      400: error(
        'Invalid input, an unknown or hidden plan, a plan without a trial, a trial taken already, or a plan the user had',
      ),
      401: error('Not signed in'),
    },
  }),
  me: createRoute({
    method: 'get',
    path: '/payments/me',
    summary: "The signed-in user's plan, when it ends, and the entitlements in force",
    responses: { 200: json(paymentsMeSchema, 'OK'), 401: error('Not signed in') },
  }),
  sandboxWebhook: createRoute({
    method: 'post',
    path: '/payments/webhooks/sandbox',
    summary: `The sandbox provider's events, signed in the ${SIGNATURE_HEADER} header: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with PAYMENT_WEBHOOK_SECRET>. Each event id settles once`,
    request: { body: { required: true, content: { 'application/json': { schema: sandboxWebhookSchema } } } },
    responses: {
      200: json(webhookAnswerSchema, 'Received: applied, a duplicate, or too late to change anything'),
      400: error(
        'A missing, wrong or older than five minutes signature, an unknown order or an amount that does not match; nothing changed',
      ),
    },
  }),
  stripeWebhook: createRoute({
    method: 'post',
    path: '/payments/webhooks/stripe',
    summary: `Stripe's events, verified with stripe.webhooks.constructEvent over the raw body and the ${STRIPE_SIGNATURE_HEADER} header (STRIPE_WEBHOOK_SECRET, five minutes' tolerance). checkout.session.completed (paid) and checkout.session.async_payment_succeeded pay the order, checkout.session.async_payment_failed fails it, charge.refunded (in full) refunds it; any other event is ignored. Each Stripe event id settles once`,
    request: { body: { required: true, content: { 'application/json': { schema: stripeWebhookSchema } } } },
    responses: {
      200: json(
        webhookAnswerSchema,
        'Received: applied, a duplicate, or ignored (a type or a payment the site does not act on)',
      ),
      400: error(
        'A missing, wrong or older than five minutes signature, an unknown order or an amount that does not match; nothing changed',
      ),
      404: error('Stripe is not configured on this site (STRIPE_SECRET_KEY)'),
    },
  }),
};

/** What the payments API uses: the registrar receives these, not the whole composition root. */
export interface PaymentsRouteServices {
  payments: PaymentsService;
  sessions: SessionService;
  config: Pick<Config, 'TRUST_PROXY'>;
}

export function paymentsRoutes({ payments, sessions, config }: PaymentsRouteServices, app: OpenAPIHono) {
  /** The signed-in user (refreshing an expired access cookie), with the session's cookies put on the answer. */
  async function signedIn(c: Context): Promise<number | null> {
    const auth = sessions.forRequest(c.req.raw, clientAddress(c, config.TRUST_PROXY));
    const user = await auth.currentUser();
    for (const value of auth.setCookieHeaders()) c.header('Set-Cookie', value, { append: true });
    c.header('Cache-Control', 'private, no-store');
    return user?.id ?? null;
  }

  app.openapi(routes.plans, async (c) => c.json(await payments.listPlans(), 200));

  app.openapi(routes.createOrder, async (c) => {
    const userId = await signedIn(c);
    if (userId === null) return c.json(UNAUTHENTICATED, 401);
    const result = await payments.createOrder(userId, c.req.valid('json'), {
      ip: clientAddress(c, config.TRUST_PROXY),
    });
    if (!result.ok && result.code === 'rate_limited') {
      c.header('Retry-After', String(result.retryAfterSeconds));
      return c.json(errorBody(result.code, `${result.message}.`), 429);
    }
    if (!result.ok) {
      if (result.code === 'provider_unavailable') return c.json(errorBody(result.code, result.message), 502);
      return c.json(errorBody(result.code, result.message), 400);
    }
    return c.json({ order: result.order, checkoutUrl: result.checkoutUrl }, 201);
  });

  app.openapi(routes.order, async (c) => {
    const userId = await signedIn(c);
    if (userId === null) return c.json(UNAUTHENTICATED, 401);
    const order = await payments.getOrder(userId, c.req.valid('param').id);
    if (!order) return c.json(errorBody('not_found', 'No such order'), 404);
    return c.json({ order }, 200);
  });

  app.openapi(routes.trial, async (c) => {
    const userId = await signedIn(c);
    if (userId === null) return c.json(UNAUTHENTICATED, 401);
    const result = await payments.startTrial(userId, c.req.valid('json').planId);
    if (!result.ok) return c.json(errorBody(result.code, result.message), 400);
    return c.json({ order: result.order, endsAt: result.endsAt }, 201);
  });

  app.openapi(routes.me, async (c) => {
    const userId = await signedIn(c);
    if (userId === null) return c.json(UNAUTHENTICATED, 401);
    return c.json(await payments.me(userId), 200);
  });

  app.openapi(routes.sandboxWebhook, async (c) => {
    // The signature covers the body byte for byte: read as sent, never re-serialised.
    const result = await payments.receiveWebhook('sandbox', await c.req.text(), c.req.raw.headers);
    if (!result.ok) return c.json(errorBody(result.code, result.message), 400);
    return c.json({ outcome: result.outcome }, 200);
  });

  app.openapi(routes.stripeWebhook, async (c) => {
    // constructEvent checks the signature over the body byte for byte: read as sent, never re-serialised.
    const result = await payments.receiveWebhook('stripe', await c.req.text(), c.req.raw.headers);
    if (!result.ok) {
      return c.json(errorBody(result.code, result.message), result.code === 'unknown_provider' ? 404 : 400);
    }
    return c.json({ outcome: result.outcome }, 200);
  });
}
