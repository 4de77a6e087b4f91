// The pricing pages' loader and action (issue #21): the plans and ways to pay
// from the payments service, the visitor's plan, the choice a guest brought back
// from signing in; and a signed-in visitor's choice turned into an order, whose
// checkout the browser is sent to. The price is the server's to decide: only the
// plan and the way to pay are read from the form.
import { data, redirect, redirectDocument, type RouterContextProvider } from 'react-router';
import { createOrderInputSchema, type PlanKind } from '../../../domain/payments-contracts.ts';
import { getRequestAuth, getServices } from '../../../server/router-context.server.ts';
import { getCurrentUser } from '../../lib/auth/current-user.server.ts';
import type { FormResult } from '../auth-forms/form-parts.tsx';
import { REFUND_POLICY } from '../../../domain/refund-policy.ts';
import { formatPlanDate } from './format-price.ts';
import { signInForPlan, type PricingData } from './pricing-plans.tsx';
import { couponForCheckout, dealCookie, loadPricingDeal } from './deals.server.ts';

type Context = Readonly<RouterContextProvider>;

export async function loadPricing(
  request: Request,
  context: Context,
  kinds: readonly PlanKind[],
): Promise<PricingData> {
  const url = new URL(request.url);
  const { payments, config } = getServices(context);
  const user = await getCurrentUser(context);
  const [catalogue, me, trials] = await Promise.all([
    payments.listPlans(),
    user ? payments.me(user.id) : null,
    user ? payments.trialOffers(user.id) : [],
  ]);
  const plans = catalogue.plans.filter((plan) => kinds.includes(plan.kind));
  const chosenCode = url.searchParams.get('plan');
  const chosen = chosenCode ? plans.find((plan) => plan.code === chosenCode && plan.prices.length > 0) : undefined;
  return {
    plans,
    providers: catalogue.providers,
    currency: config.PAYMENT_CURRENCY,
    signedIn: user !== null,
    current: me ? { planId: me.plan.id, expiresAt: me.expiresAt } : null,
    chosenPlanId: chosen?.id ?? null,
    trialPlanIds: trials,
    refundWindowDays: REFUND_POLICY.windowDays,
    path: url.pathname,
    // The hidden deal the visitor carries (issue #21): each plan's price with it, beside the usual one.
    deal: await loadPricingDeal(context, plans, config.PAYMENT_CURRENCY),
  };
}

export async function choosePlan(request: Request, context: Context) {
  const url = new URL(request.url);
  const form = await request.formData();
  const planId = Number(form.get('planId'));
  const provider = String(form.get('provider') ?? '');
  const { payments } = getServices(context);
  const user = await getCurrentUser(context);
  if (!user) {
    // Signed out since the page was shown: sign in, and come back to the same choice.
    const plan = (await payments.listPlans()).plans.find((candidate) => candidate.id === planId);
    throw redirect(plan ? signInForPlan(url.pathname, plan) : `/login?redirect=${encodeURIComponent(url.pathname)}`);
  }
  if (form.has('trial')) return startTrial(context, user.id, Number(form.get('trial')));
  // The deal the visitor carries goes with the order; the server checks it again (issue #21).
  const coupon = Number.isInteger(planId) && planId > 0 ? await couponForCheckout(context, user.id, planId) : null;
  const input = createOrderInputSchema.safeParse({ planId, provider, ...(coupon ? { coupon } : {}) });
  if (!input.success) return refusal('Choose one of the plans above.', 400);
  const result = await payments.createOrder(user.id, input.data, { ip: getRequestAuth(context).meta.ip });
  // The checkout is the provider's page (or the sandbox's, under PAYMENT_BASE_URL): a full navigation.
  if (result.ok) throw redirectDocument(result.checkoutUrl);
  if (result.code === 'rate_limited') {
    return refusal(`${result.message}.`, 429, { 'Retry-After': String(result.retryAfterSeconds) });
  }
  if (result.code === 'invalid_coupon') {
    // Said before any payment, and the deal is dropped: choosing again is at the usual price, knowingly.
    const why = result.message.replace(/^This coupon/, 'it').replace(/^You/, 'you');
    return refusal(
      `The deal ${coupon ?? ''} cannot be used: ${why}. Nothing was charged; the prices below are the usual ones.`,
      400,
      { 'Set-Cookie': dealCookie(null, { secure: getRequestAuth(context).secureCookies }) },
    );
  }
  const status = result.code === 'unknown_plan' ? 404 : result.code === 'provider_unavailable' ? 502 : 400;
  return refusal(`${result.message}.`, status);
}

/** A free trial (issue #21): no checkout, the plan is granted at once; the page says until when. */
async function startTrial(context: Context, userId: number, planId: number) {
  const { payments } = getServices(context);
  const result = await payments.startTrial(userId, planId);
  if (!result.ok) return refusal(`${result.message}.`, 400);
  const plan = (await payments.listPlans()).plans.find((candidate) => candidate.id === planId);
  return data<FormResult>({
    ok: true,
    message: `Your free trial of ${plan?.name ?? 'the plan'} has started: it runs until ${formatPlanDate(result.endsAt)}, with nothing to pay.`,
  });
}

function refusal(message: string, status: number, headers?: Record<string, string>) {
  return data<FormResult>({ ok: false, message, fields: {}, values: {} }, { status, ...(headers ? { headers } : {}) });
}
