// Payment mail (issue #21; docs/payments.md "Mail"): a receipt when an order is
// paid, a notice when it is refunded — both told by payments.onOrderChanged
// after the change committed — and a reminder 3 days before a member's plan
// ends (sendExpiryReminders, run by the payments job runner).
//
// Each mail goes once: a row is claimed first (payment_mail per order and kind,
// payment_reminder per member and plan end), and only the caller that made it
// sends; a duplicate webhook changes no order and so tells no listener at all.
// A mail never undoes a payment: the mailer keeps what SMTP refused in the
// outbox, and a listener's error is only logged (payments.service.ts).
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/schema.ts';
import { ENTITLEMENT_NAMES, type Receipt } from '../../../domain/payments-contracts.ts';
import {
  VAT_ROUNDING_NOTE,
  entitlementLabel,
  formatDay,
  formatDayTime,
  formatMoney,
  receiptLines,
  sellerLines,
} from '../../../domain/payments-receipt.ts';
import type { Mail, Mailer } from '../../platform/mailer.ts';
import type { BuyerLookup, PaymentRecords } from './payments.records.ts';
import {
  claimPaymentMail,
  claimReminder,
  releasePaymentMail,
  releaseReminder,
  selectPlansEndingBetween,
} from './payments.records.queries.ts';
import type { OrderChange } from './payments.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long before a plan's end its reminder goes out. */
export const REMINDER_BEFORE_MS = 3 * DAY_MS;

/** Every character HTML gives a meaning to, written as text. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Site {
  name: string;
  baseUrl: string;
}

const link = (site: Site, path: string) => new URL(path, site.baseUrl).toString();

/** A plain HTML mail: a heading, paragraphs and an optional table, every value escaped here. */
function htmlMail(parts: {
  title: string;
  intro: string[];
  rows?: Array<{ label: string; value: string; total?: boolean }>;
  after?: string[];
  action?: { label: string; href: string };
  footer: string[];
}): string {
  const cell = 'padding:6px 12px 6px 0;border-bottom:1px solid #e2e8f0;vertical-align:top;text-align:left';
  const paragraphs = (lines: string[]) =>
    lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('');
  const rows = (parts.rows ?? [])
    .map((row) => {
      const value = escapeHtml(row.value);
      return `<tr><th scope="row" style="${cell};font-weight:normal;color:#475569">${escapeHtml(row.label)}</th><td style="${cell}">${row.total ? `<strong>${value}</strong>` : value}</td></tr>`;
    })
    .join('');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(parts.title)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:system-ui,sans-serif;color:#0f172a;background:#ffffff">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(parts.title)}</h1>`,
    paragraphs(parts.intro),
    rows ? `<table style="border-collapse:collapse;margin:0 0 16px">${rows}</table>` : '',
    paragraphs(parts.after ?? []),
    parts.action
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(parts.action.href)}" style="color:#1d4ed8">${escapeHtml(parts.action.label)}</a></p>`
      : '',
    `<p style="margin:24px 0 0;font-size:13px;color:#475569">${parts.footer.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
}

function textTable(rows: Array<{ label: string; value: string }>): string {
  const width = Math.max(...rows.map((row) => row.label.length));
  return rows.map((row) => `${`${row.label}:`.padEnd(width + 2)}${row.value}`).join('\n');
}

/** The receipt mail: the receipt's lines as a table (HTML) and as aligned text. */
export function receiptMail(receipt: Receipt, site: Site): Omit<Mail, 'to'> {
  const title = `Your receipt for ${receipt.plan.name}`;
  const rows = receiptLines(receipt);
  const intro = [`Thank you for your payment, ${receipt.buyer.name}. This is your receipt.`];
  const after = receipt.vat ? [VAT_ROUNDING_NOTE] : [];
  const href = link(site, `/account/orders/${encodeURIComponent(receipt.orderId)}`);
  const footer = [`Sold by: ${sellerLines(receipt).join(', ')}`];
  return {
    kind: 'payment-receipt',
    subject: `${site.name}: receipt for order ${receipt.orderId}`,
    text: [
      title,
      '',
      ...intro,
      '',
      textTable(rows),
      '',
      ...(after.length > 0 ? [...after, ''] : []),
      `Your receipt online (printable): ${href}`,
      '',
      ...footer,
    ].join('\n'),
    html: htmlMail({ title, intro, rows, after, action: { label: 'Your receipt online (printable)', href }, footer }),
  };
}

/** The refund notice: which order, how much, and what the refund took back. */
export function refundMail(
  refund: Receipt & { entitlements: string[] },
  after: { planName: string; expiresAt: string | null },
  site: Site,
): Omit<Mail, 'to'> {
  const title = `Your refund for ${refund.plan.name}`;
  const amount = formatMoney(refund.amountMinor, refund.currency);
  const granted = refund.entitlements.flatMap((name) => {
    const known = ENTITLEMENT_NAMES.find((item) => item === name);
    return known ? [entitlementLabel(known)] : [];
  });
  const rows = [
    { label: 'Order number', value: refund.orderId },
    { label: 'Refunded', value: `${amount} (${refund.currency})`, total: true },
    { label: 'Refund date', value: refund.refundedAt ? formatDayTime(refund.refundedAt) : '—' },
    { label: 'Plan', value: refund.plan.name },
    {
      label: 'Revoked',
      value: `${refund.plan.name} (${granted.join(', ') || 'nothing'}) for ${formatDay(refund.period.from)} – ${formatDay(refund.period.until)}`,
    },
  ];
  const now = after.expiresAt
    ? `Your plan now: ${after.planName} until ${formatDay(after.expiresAt)}.`
    : `Your plan now: ${after.planName}. Scores, fixtures and results stay free for everyone.`;
  const intro = [
    `We have refunded ${amount} for order ${refund.orderId}. What that order paid for has been taken back.`,
  ];
  const href = link(site, '/account');
  const footer = [`Sold by: ${sellerLines(refund).join(', ')}`];
  return {
    kind: 'payment-refund',
    subject: `${site.name}: refund of order ${refund.orderId}`,
    text: [title, '', ...intro, '', textTable(rows), '', now, '', `Your account: ${href}`, '', ...footer].join('\n'),
    html: htmlMail({ title, intro, rows, after: [now], action: { label: 'Your account', href }, footer }),
  };
}

/** The reminder: the plan, when it ends, and the way to renew it. */
export function reminderMail(
  reminder: { name: string; planCode: string; planName: string; endsAt: string },
  site: Site,
): Omit<Mail, 'to'> {
  const title = `Your ${reminder.planName} ends on ${formatDay(reminder.endsAt)}`;
  const href = link(site, `/pricing?plan=${encodeURIComponent(reminder.planCode)}`);
  const intro = [
    `Hello ${reminder.name},`,
    `your ${reminder.planName} ends on ${formatDayTime(reminder.endsAt)}. It does not renew by itself.`,
    'Renew now and the new period starts when this one ends, so you lose no day. Scores, fixtures and results stay free either way.',
  ];
  return {
    kind: 'payment-reminder',
    subject: `${site.name}: your ${reminder.planName} ends in 3 days`,
    text: [title, '', ...intro, '', `Renew ${reminder.planName}: ${href}`].join('\n'),
    html: htmlMail({ title, intro, action: { label: `Renew ${reminder.planName}`, href }, footer: [site.name] }),
  };
}

export interface PaymentMail {
  /** The order-change listener (services.ts hands it to payments.onOrderChanged). */
  onOrderChanged(change: OrderChange): Promise<void>;
  /**
   * Sends one reminder to each member whose plan ends in (now, now + 3 days] and has not had one
   * for that end. Safe to run on several nodes at once and as often as wanted; answers how many it sent.
   */
  sendExpiryReminders(now: Date): Promise<number>;
}

export function createPaymentMail(options: {
  db: Kysely<Database>;
  mailer: Mailer;
  records: PaymentRecords;
  buyer: BuyerLookup;
  /** The plan in force after a refund (payments.me). */
  planOf: (userId: number) => Promise<{ plan: { name: string }; expiresAt: string | null }>;
  clock: { now(): Date };
  logger: Logger;
  site: Site;
}): PaymentMail {
  const { db, mailer, records, logger, site } = options;

  /** Claims, then sends; gives the claim back if the mail could not even be kept in the outbox. */
  async function sendOnce(orderId: string, kind: 'receipt' | 'refund', build: () => Promise<Mail | null>) {
    if (!(await claimPaymentMail(db, { orderId, kind, at: options.clock.now() }))) return;
    try {
      const mail = await build();
      if (mail) await mailer.send(mail);
    } catch (error) {
      await releasePaymentMail(db, { orderId, kind });
      throw error;
    }
  }

  return {
    async onOrderChanged(change) {
      if (change.to === 'paid') {
        await sendOnce(change.order.id, 'receipt', async () => {
          const receipt = await records.receiptOf(change.order.id);
          if (!receipt?.buyer.email) return null;
          return { ...receiptMail(receipt, site), to: receipt.buyer.email };
        });
      } else if (change.to === 'refunded' && change.from === 'paid') {
        await sendOnce(change.order.id, 'refund', async () => {
          const refund = await records.receiptOf(change.order.id);
          if (!refund?.buyer.email) return null;
          const now = await options.planOf(refund.userId);
          return {
            ...refundMail(refund, { planName: now.plan.name, expiresAt: now.expiresAt }, site),
            to: refund.buyer.email,
          };
        });
      }
    },

    async sendExpiryReminders(now) {
      const ending = await selectPlansEndingBetween(db, now, new Date(now.getTime() + REMINDER_BEFORE_MS));
      let sent = 0;
      for (const plan of ending) {
        const member = await options.buyer(plan.userId);
        if (!member?.email) continue;
        if (
          !(await claimReminder(db, { userId: plan.userId, endsAt: plan.endsAt, planCode: plan.planCode, at: now }))
        ) {
          continue;
        }
        try {
          await mailer.send({ ...reminderMail({ ...plan, name: member.name }, site), to: member.email });
          sent += 1;
        } catch (error) {
          await releaseReminder(db, plan);
          logger.error(
            { err: error, userId: plan.userId },
            'The expiry reminder could not be sent; the next run tries again',
          );
        }
      }
      return sent;
    },
  };
}
