// What the payment pages load (issue #21): the signed-in user's order named in
// the URL, with its plan. An order is its owner's only: anyone else's answers
// 404, as one that does not exist does (the auth middleware has already sent a
// guest to sign in and back). Trying again after a failure makes a new order for
// the same plan and way to pay, read from the failed order, never from the form.
import { data, redirectDocument, type RouterContextProvider } from 'react-router';
import type { Order, Plan } from '../../../domain/payments-contracts.ts';
import type { TokenRefusal } from '../../../server/modules/payments/payments.service.ts';
import { getRequestAuth, getServices } from '../../../server/router-context.server.ts';
import { getCurrentUser } from '../../lib/auth/current-user.server.ts';

type Context = Readonly<RouterContextProvider>;

export interface OrderView {
  order: Order;
  /** The plan the order is for, by its current name. */
  plan: Pick<Plan, 'id' | 'code' | 'name' | 'kind' | 'durationDays'>;
}

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** The order in `orderId` (or the request's `?order=`) when it is the signed-in user's; a 404 otherwise. */
export async function loadOwnOrder(
  request: Request,
  context: Context,
  orderId?: string,
): Promise<OrderView & { userId: number }> {
  const id = orderId ?? new URL(request.url).searchParams.get('order') ?? '';
  const user = await getCurrentUser(context);
  if (!user) {
    const url = new URL(request.url);
    throw redirectDocument(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!id || id.length > 100) throw notFound();
  const { payments } = getServices(context);
  const order = await payments.getOrder(user.id, id);
  if (!order) throw notFound();
  const plan = (await payments.listPlans()).plans.find((item) => item.id === order.planId);
  if (!plan) throw notFound();
  const { code, name, kind, durationDays } = plan;
  return { userId: user.id, order, plan: { id: plan.id, code, name, kind, durationDays } };
}

/** Where an order in `status` is best shown once it is final; null while it may still change. */
export function pageForStatus(status: Order['status'], orderId: string): string | null {
  const query = `?order=${encodeURIComponent(orderId)}`;
  if (status === 'paid') return `/payment/success${query}`;
  if (status === 'failed' || status === 'expired') return `/payment/failure${query}`;
  return null;
}

/** A new order for the failed one's plan and way to pay, and straight to its checkout. */
export async function retryOrder(request: Request, context: Context) {
  const { userId, order } = await loadOwnOrder(request, context);
  const { payments } = getServices(context);
  // The deal the failed order was made with goes on: the user still holds its use.
  const coupon = await payments.coupons.orderCoupon(order.id);
  const result = await payments.createOrder(
    userId,
    { planId: order.planId, provider: order.provider, ...(coupon ? { coupon } : {}) },
    { ip: getRequestAuth(context).meta.ip },
  );
  if (!result.ok && result.code === 'rate_limited') {
    return data(
      { ok: false as const, message: `${result.message}.` },
      { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
    );
  }
  if (!result.ok) {
    const status = result.code === 'provider_unavailable' ? 502 : 400;
    return data({ ok: false as const, message: `${result.message}.` }, { status });
  }
  // The checkout is the provider's page (or the sandbox's, under PAYMENT_BASE_URL): a full navigation.
  throw redirectDocument(result.checkoutUrl);
}

/** A payment link (or a checkout URL's token) that opens nothing, as its page says it (issue #21). */
export interface LinkRefusal {
  title: string;
  message: string;
  /** The order, when the link was good but the order has nothing left to pay: it says so. */
  view?: OrderView;
}

const REFUSED_TOKEN: Record<TokenRefusal, { status: number; title: string; message: string }> = {
  malformed: {
    status: 400,
    title: 'This payment link is not valid',
    message:
      'It may have been copied incompletely or changed. On the device where you started the payment, open “Pay on another device” again for a new link.',
  },
  tampered: {
    status: 400,
    title: 'This payment link is not valid',
    message:
      'It may have been copied incompletely or changed. On the device where you started the payment, open “Pay on another device” again for a new link.',
  },
  expired: {
    status: 410,
    title: 'This payment link has expired',
    message:
      'Payment links work for 24 hours. On the device where you started the payment, open “Pay on another device” again for a new link.',
  },
  not_found: {
    status: 404,
    title: 'There is no such order',
    message: 'The order this link was made for does not exist any more.',
  },
};

const CLOSED_ORDER: Partial<Record<Order['status'], { status: number; title: string; message: string }>> = {
  paid: {
    status: 409,
    title: 'This order is already paid',
    message:
      'There is nothing more to pay: the plan is active on the account that ordered it. Nothing was charged again.',
  },
  expired: {
    status: 410,
    title: 'This order has expired',
    message: 'It was not paid in time. Start a new order from the plans on the device where you are signed in.',
  },
  refunded: {
    status: 410,
    title: 'This order was refunded',
    message: 'There is nothing to pay.',
  },
};

/** The plan an order is for, by its current name (the payer sees no more than the plan and the amount). */
async function viewOf(context: Context, order: Order): Promise<OrderView | null> {
  const plan = (await getServices(context).payments.listPlans()).plans.find((item) => item.id === order.planId);
  if (!plan) return null;
  const { id, code, name, kind, durationDays } = plan;
  return { order, plan: { id, code, name, kind, durationDays } };
}

export type TokenOrder =
  { ok: true; view: OrderView; expiresAt: string } | { ok: false; status: number; refusal: LinkRefusal };

/**
 * The order a payment token lets its holder pay, without a session: refused (with the status and the
 * words its page shows) when the token is bad, expired or for another order, and when the order has
 * nothing left to pay.
 */
export async function loadOrderByToken(context: Context, token: string, orderId?: string): Promise<TokenOrder> {
  const found = await getServices(context).payments.orderForToken(token, orderId);
  if (!found.ok) {
    const { status, title, message } = REFUSED_TOKEN[found.reason];
    return { ok: false, status, refusal: { title, message } };
  }
  const view = await viewOf(context, found.order);
  if (!view) {
    const { status, title, message } = REFUSED_TOKEN.not_found;
    return { ok: false, status, refusal: { title, message } };
  }
  const closed = CLOSED_ORDER[found.order.status];
  if (closed)
    return { ok: false, status: closed.status, refusal: { title: closed.title, message: closed.message, view } };
  return { ok: true, view, expiresAt: found.expiresAt };
}
