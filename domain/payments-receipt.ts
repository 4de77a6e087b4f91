// What a receipt says (issue #21; docs/payments.md "Mail"): the receipt mail
// and the receipt page (/account/orders/{id}) both print these lines, so the
// two always say the same. Money stays in minor units until it is formatted.
import type { EntitlementName, OrderSource, Receipt, ReceiptVat } from './payments-contracts.ts';

/** How a receipt states the VAT rounding. */
export const VAT_ROUNDING_NOTE =
  'Prices include VAT. Net = total ÷ (1 + VAT rate), rounded half up to the smallest currency unit; VAT = total − net.';

/**
 * The VAT included in `grossMinor` at `ratePercent` (up to two decimals), in whole minor units:
 * net is rounded half up, and VAT is what is left, so net + VAT is the gross exactly. null for 0 %.
 */
export function vatIncluded(grossMinor: number, ratePercent: number): ReceiptVat | null {
  if (!(ratePercent > 0)) return null;
  // In hundredths of a percent, so 7.7 % is the integer 770 and no float rounds the money.
  const basisPoints = Math.round(ratePercent * 100);
  const divisor = 10_000 + basisPoints;
  const netMinor = Math.floor((2 * grossMinor * 10_000 + divisor) / (2 * divisor));
  return { ratePercent, netMinor, vatMinor: grossMinor - netMinor, grossMinor };
}

const PAYMENT_METHOD_LABELS: Record<OrderSource, string> = {
  sandbox: 'Test card (sandbox, no real money)',
  stripe: 'Card (Stripe)',
  local: 'Bank transfer',
  trial: 'Free trial (nothing paid)',
};

export function paymentMethodLabel(provider: OrderSource): string {
  return PAYMENT_METHOD_LABELS[provider];
}

const ENTITLEMENT_LABELS: Record<EntitlementName, string> = {
  no_ads: 'no ads',
  premium_media: 'premium match media',
  hd_video: 'HD video',
};

export function entitlementLabel(name: EntitlementName): string {
  return ENTITLEMENT_LABELS[name];
}

const LOCALE = 'en-GB';
const money = new Map<string, Intl.NumberFormat>();

/** `499, 'EUR'` → "€4.99" (the pricing pages' format, the same on the server and in the browser). */
export function formatMoney(amountMinor: number, currency: string): string {
  let formatter = money.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, { style: 'currency', currency });
    money.set(currency, formatter);
  }
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(amountMinor / 10 ** digits);
}

const day = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const time = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });

/** "27 November 2026" (UTC). */
export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}

/** "27 November 2026, 08:13 UTC". */
export function formatDayTime(iso: string): string {
  const at = new Date(iso);
  return `${day.format(at)}, ${time.format(at)} UTC`;
}

export interface ReceiptLine {
  label: string;
  value: string;
  /** The total: shown strong. */
  total?: boolean;
}

/** The receipt's lines, in order: the mail's table and the page's list. */
export function receiptLines(receipt: Receipt): ReceiptLine[] {
  const lines: ReceiptLine[] = [
    { label: 'Order number', value: receipt.orderId },
    { label: 'Date', value: formatDayTime(receipt.paidAt) },
    { label: 'Billed to', value: `${receipt.buyer.name} <${receipt.buyer.email}>` },
    { label: 'Plan', value: receipt.plan.name },
    { label: 'Period', value: `${formatDay(receipt.period.from)} – ${formatDay(receipt.period.until)}` },
    { label: 'Payment method', value: paymentMethodLabel(receipt.paymentMethod) },
  ];
  if (receipt.vat) {
    lines.push(
      { label: 'Net', value: formatMoney(receipt.vat.netMinor, receipt.currency) },
      { label: `VAT ${receipt.vat.ratePercent} %`, value: formatMoney(receipt.vat.vatMinor, receipt.currency) },
    );
  }
  lines.push({
    label: `Total paid (${receipt.currency})`,
    value: formatMoney(receipt.amountMinor, receipt.currency),
    total: true,
  });
  if (receipt.refundedAt) {
    lines.push({
      label: 'Refunded',
      value: `${formatMoney(receipt.amountMinor, receipt.currency)} on ${formatDay(receipt.refundedAt)}`,
    });
  }
  return lines;
}

/** The seller's lines: name, then the address and VAT number when set. */
export function sellerLines(receipt: Receipt): string[] {
  return [
    receipt.seller.name,
    ...(receipt.seller.address ? [receipt.seller.address] : []),
    ...(receipt.seller.vatId ? [`VAT number: ${receipt.seller.vatId}`] : []),
  ];
}
