// What home and the pricing pages know of the hidden deal, the expiry reminder and
// the house ad (issue #21; docs/payments.md "The hidden deal on the site"). All of
// it is decided here, in the loaders: the server's HTML already has the banners
// and the ad (or not), so a premium member never sees the ad flash.
//
// A campaign link `/?deal=CODE` puts the deal in a cookie for the deal's life (at
// most 30 days), so it stays with the visitor to /pricing and /pricing-sport and
// through signing in or registering; checkout sends it and the server checks it
// again. A deal that is no longer usable drops its cookie.
import type { RouterContextProvider } from 'react-router';
import type { Deal, HouseAd } from '../../../domain/deals-contracts.ts';
import { getRequestAuth, getServices } from '../../../server/router-context.server.ts';
import { getCurrentUser } from '../../lib/auth/current-user.server.ts';

type Context = Readonly<RouterContextProvider>;

export const DEAL_COOKIE = 'deal';
/** The day (YYYY-MM-DD, the visitor's) the expiry banner was dismissed; written by the browser. */
export const EXPIRY_DISMISSED_COOKIE = 'plan-reminder-dismissed';
const MAX_DEAL_SECONDS = 30 * 24 * 60 * 60;
const REMINDER_MS = 3 * 24 * 60 * 60 * 1000;

export function dealCookie(code: string | null, options: { secure: boolean; maxAgeSeconds?: number }): string {
  return [
    code === null ? `${DEAL_COOKIE}=` : `${DEAL_COOKIE}=${encodeURIComponent(code)}`,
    'Path=/',
    `Max-Age=${code === null ? 0 : Math.max(1, Math.floor(options.maxAgeSeconds ?? MAX_DEAL_SECONDS))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The deal code the visitor carries, if any (never trusted: the server checks it each time). */
export function dealCodeOf(context: Context): string | null {
  const value = getRequestAuth(context).readCookie(DEAL_COOKIE);
  return value && /^[A-Za-z0-9_-]{1,40}$/.test(value) ? value : null;
}

/**
 * The deal this visitor may use: the one they carry (campaign link), else, for a signed-in member whose
 * paid plan lapsed, the 'lapsed' deal home shows them.
 */
export async function dealCodeFor(context: Context): Promise<string | null> {
  const carried = dealCodeOf(context);
  if (carried !== null) return carried;
  const user = await getCurrentUser(context);
  return user ? ((await getServices(context).payments.coupons.lapsedDeal(user.id))?.code ?? null) : null;
}

/**
 * The coupon checkout sends for this plan: the visitor's deal unless it is not for this plan (another
 * plan, another currency, or it would make it free) — the page showed that plan at its usual price, so
 * it is ordered at it. A deal refused for any other reason (expired, used up) is sent, and the refusal said.
 */
export async function couponForCheckout(context: Context, userId: number, planId: number): Promise<string | null> {
  const code = await dealCodeFor(context);
  if (code === null) return null;
  const { payments, config } = getServices(context);
  const plan = (await payments.listPlans()).plans.find((candidate) => candidate.id === planId);
  const price = plan?.prices.find((item) => item.currency === config.PAYMENT_CURRENCY) ?? plan?.prices[0];
  if (!price) return code;
  const check = await payments.coupons.price(code, userId, planId, price.amountMinor, price.currency);
  if (!check.ok && ['wrong_plan', 'wrong_currency', 'whole_price'].includes(check.reason)) return null;
  return code;
}

export interface ExpiryReminder {
  endsAt: string;
  planCode: string;
  planName: string;
}

export interface HomeExtras {
  deal: Deal | null;
  /** A short honest note when the link's deal cannot be used. */
  dealNote: string | null;
  expiry: ExpiryReminder | null;
  ad: HouseAd | null;
}

/** Home's deal banner, deal note, expiry reminder and house ad, with the cookies to set. */
export async function loadHomeExtras(
  request: Request,
  context: Context,
  today: string,
): Promise<{ extras: HomeExtras; headers: Headers }> {
  const { payments, clock } = getServices(context);
  const auth = getRequestAuth(context);
  const user = await getCurrentUser(context);
  const userId = user?.id ?? null;
  const headers = new Headers();
  const secure = auth.secureCookies;
  const fromLink = new URL(request.url).searchParams.get('deal');
  const carried = dealCodeOf(context);

  let deal: Deal | null = null;
  let dealNote: string | null = null;
  if (fromLink !== null && fromLink.trim() !== '') {
    const shown = fromLink.trim().slice(0, 40);
    const found = /^[A-Za-z0-9_-]+$/.test(shown) ? await payments.coupons.deal(shown, userId) : null;
    if (found?.ok) {
      deal = found.deal;
      const left = deal.validUntil ? (Date.parse(deal.validUntil) - clock.now().getTime()) / 1000 : MAX_DEAL_SECONDS;
      headers.append('Set-Cookie', dealCookie(deal.code, { secure, maxAgeSeconds: Math.min(left, MAX_DEAL_SECONDS) }));
    } else {
      const why =
        found && !found.ok && found.reason !== 'unknown'
          ? found.message.replace(/^This coupon/, 'it').replace(/^You/, 'you')
          : 'it is not available';
      dealNote = `Sorry, the deal “${shown}” cannot be used: ${why}. The prices on /pricing are the usual ones.`;
      if (carried !== null && carried.toUpperCase() === shown.toUpperCase()) {
        headers.append('Set-Cookie', dealCookie(null, { secure }));
      }
    }
  } else if (carried !== null) {
    const found = await payments.coupons.deal(carried, userId);
    if (found.ok) deal = found.deal;
    else headers.append('Set-Cookie', dealCookie(null, { secure }));
  }
  if (deal === null && userId !== null) deal = await payments.coupons.lapsedDeal(userId);

  let expiry: ExpiryReminder | null = null;
  if (userId !== null && auth.readCookie(EXPIRY_DISMISSED_COOKIE) !== today) {
    const me = await payments.me(userId);
    const left = me.expiresAt ? Date.parse(me.expiresAt) - clock.now().getTime() : null;
    if (me.expiresAt && left !== null && left > 0 && left <= REMINDER_MS) {
      expiry = { endsAt: me.expiresAt, planCode: me.plan.code, planName: me.plan.name };
    }
  }

  const ad = await payments.ads.forViewer(userId);
  return { extras: { deal, dealNote, expiry, ad }, headers };
}

/** The house ad for the signed-in visitor (or a guest): null with `no_ads`. */
export async function loadHouseAd(context: Context): Promise<HouseAd | null> {
  const user = await getCurrentUser(context);
  return getServices(context).payments.ads.forViewer(user?.id ?? null);
}

/** What a pricing page shows of the visitor's deal: the deal, and each plan's price with it. */
export interface PricingDeal {
  deal: Deal;
  /** Plan id → the amount after the deal, in minor units of the page's currency; plans it does not cover are absent. */
  prices: Record<number, number>;
}

export async function loadPricingDeal(
  context: Context,
  plans: ReadonlyArray<{ id: number; prices: ReadonlyArray<{ currency: string; amountMinor: number }> }>,
  currency: string,
): Promise<PricingDeal | null> {
  const code = await dealCodeFor(context);
  if (code === null) return null;
  const { payments } = getServices(context);
  const user = await getCurrentUser(context);
  const found = await payments.coupons.deal(code, user?.id ?? null);
  if (!found.ok) return null;
  const prices: Record<number, number> = {};
  for (const plan of plans) {
    const price = plan.prices.find((item) => item.currency === currency) ?? plan.prices[0];
    if (!price || price.amountMinor <= 0) continue;
    const check = await payments.coupons.price(code, user?.id ?? null, plan.id, price.amountMinor, price.currency);
    if (check.ok) prices[plan.id] = check.amountMinor;
  }
  return Object.keys(prices).length > 0 ? { deal: found.deal, prices } : null;
}
