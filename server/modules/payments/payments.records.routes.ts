// The signed-in member's order history and receipts over the API (issue #21;
// docs/payments.md "The account's orders"), described in /api/openapi.json.
// Owner only: someone else's order answers 404, as one that does not exist.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { orderPageSchema, receiptSchema } from '../../../domain/payments-contracts.ts';
import type { SessionService } from '../auth/auth.session.ts';
import { clientAddress } from '../../platform/client-address.ts';
import type { Config } from '../../platform/config.ts';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';
import type { PaymentRecords } from './payments.records.ts';
import { orderIdParamSchema } from './payments.schemas.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const error = (description: string) => json(errorBodySchema, description);

export const orderPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

const routes = {
  orders: createRoute({
    method: 'get',
    path: '/payments/orders',
    summary: "The signed-in user's orders, newest first, ten a page, each with its plan and whether it has a receipt",
    description:
      '`page` counts from 1; `nextPage` is the next (older) page, null on the last. An order has a receipt once it was paid (it stays after a refund).',
    request: { query: orderPageQuerySchema },
    responses: {
      200: json(orderPageSchema, 'OK'),
      400: error('A page that is not a whole number from 1'),
      401: error('Not signed in'),
    },
  }),
  receipt: createRoute({
    method: 'get',
    path: '/payments/orders/{id}/receipt',
    summary: "The receipt of one of the signed-in user's paid (or since refunded) orders",
    description:
      'What the receipt mail says: order number, date, buyer, plan and period, payment method, amount and currency, the seller (PAYMENT_SELLER_*) and, when PAYMENT_VAT_RATE is above 0, net, VAT and gross in minor units.',
    request: { params: orderIdParamSchema },
    responses: {
      200: json(z.object({ receipt: receiptSchema }), 'OK'),
      401: error('Not signed in'),
      404: error('No such paid order among this user’s'),
    },
  }),
};

export interface PaymentRecordsRouteServices {
  records: PaymentRecords;
  sessions: SessionService;
  config: Pick<Config, 'TRUST_PROXY'>;
}

export function paymentRecordsRoutes({ records, sessions, config }: PaymentRecordsRouteServices, app: OpenAPIHono) {
  async function signedIn(c: Context): Promise<number | null> {
    const auth = sessions.forRequest(c.req.raw, clientAddress(c, config.TRUST_PROXY));
    const user = await auth.currentUser();
    for (const value of auth.setCookieHeaders()) c.header('Set-Cookie', value, { append: true });
    c.header('Cache-Control', 'private, no-store');
    return user?.id ?? null;
  }

  app.openapi(routes.orders, async (c) => {
    const userId = await signedIn(c);
    if (userId === null) return c.json(errorBody('unauthenticated', 'Sign in to continue'), 401);
    return c.json(await records.listOrders(userId, c.req.valid('query').page), 200);
  });

  app.openapi(routes.receipt, async (c) => {
    const userId = await signedIn(c);
    if (userId === null) return c.json(errorBody('unauthenticated', 'Sign in to continue'), 401);
    const receipt = await records.receipt(userId, c.req.valid('param').id);
    if (!receipt) return c.json(errorBody('not_found', 'No such receipt'), 404);
    return c.json({ receipt }, 200);
  });
}
