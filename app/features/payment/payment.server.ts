// What the payment pages load (issue #21): the signed-in user's order named in
// the URL, with its plan. An order is its owner's only: anyone else's answers
// 404, as one that does not exist does (the auth middleware has already sent a
// guest to sign in and back). Trying again after a failure makes a new order for
// the same plan and way to pay, read from the failed order, never from the form.
import { data, redirectDocument, type RouterContextProvider } from 'react-router';
import type { Order, Plan } from '../../../domain/payments-contracts.ts';
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
