// How a deal reads (issue #21): "10% off" or "€2.00 off", on which plans, until when.
import type { Deal } from '../../../domain/deals-contracts.ts';
import { formatPlanDate, formatPrice } from './format-price.ts';

export function dealAmountText(deal: Pick<Deal, 'percentOff' | 'amountOff'>, currency: string): string {
  if (deal.percentOff !== null) return `${deal.percentOff}% off`;
  const entries = Object.entries(deal.amountOff ?? {});
  const [code, amount] = entries.find(([item]) => item === currency) ?? entries[0] ?? [currency, 0];
  return `${formatPrice(amount ?? 0, code)} off`;
}

export function dealPlansText(deal: Pick<Deal, 'planName'>): string {
  return deal.planName ? deal.planName : 'every paid plan';
}

export function dealUntilText(deal: Pick<Deal, 'validUntil'>): string {
  return deal.validUntil ? `until ${formatPlanDate(deal.validUntil)}` : 'for as long as the offer runs';
}

/** The pricing page that lists the deal's plan, with the plan picked out. */
export function dealPricingPath(deal: Pick<Deal, 'planCode' | 'planKind'>): string {
  const page = deal.planKind === 'sport-pass' ? '/pricing-sport' : '/pricing';
  return deal.planCode ? `${page}?plan=${encodeURIComponent(deal.planCode)}` : page;
}
