// Payment mail against a real local SMTP server, through the real app on SQLite
// and PostgreSQL (issue #21; docs/payments.md "Mail"): the receipt a paid order
// sends (its lines, the VAT worked out in minor units, every value escaped in
// the HTML part), the refund notice, one mail per change however often and
// however concurrently the webhook is delivered, and a payment that stands when
// the mail cannot go out.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../domain/payments-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { readMail, startSmtpCapture, type SmtpCapture } from '../../../tests/helpers/smtp-capture.ts';
import type { Clock } from '../../platform/clock.ts';
import { signatureHeader } from './payments.sandbox.ts';

const ORIGIN = 'http://scoreline.test';
const SECRET = 'webhook-secret-webhook-secret-0123456789';
const START = new Date('2026-03-01T12:00:00.000Z');

type Built = Awaited<ReturnType<typeof createTestApp>>;

/** The text part with its columns' padding collapsed to one space. */
const flat = (text: string) => text.replace(/ {2,}/g, ' ');

describe.each(TEST_ENGINES)('payment mail on %s', (engine) => {
  let smtp: SmtpCapture;
  let t: Built;
  let now = START;
  const clock: Clock = { now: () => now };
  let sequence = 0;

  async function member(name: string): Promise<{ id: number; email: string }> {
    sequence += 1;
    const email = `${name.toLowerCase().replace(/\W+/g, '')}-${sequence}@example.com`;
    const result = await t.services.accounts.register(
      { email, password: 'correct horse battery staple', displayName: name },
      { ip: `198.51.100.${sequence}`, userAgent: 'vitest' },
    );
    if (!result.ok) throw new Error(result.message);
    return { id: result.session.user.id, email };
  }

  async function order(userId: number, code = 'premium-monthly'): Promise<Order> {
    const plan = (await t.services.payments.listPlans()).plans.find((item) => item.code === code)!;
    const result = await t.services.payments.createOrder(userId, { planId: plan.id, provider: 'sandbox' });
    if (!result.ok) throw new Error(result.message);
    return result.order;
  }

  function webhook(id: string, type: string, paid: Order) {
    const raw = JSON.stringify({
      id,
      type,
      created: Math.floor(now.getTime() / 1000),
      data: { orderId: paid.id, amount: paid.amountMinor, currency: paid.currency },
    });
    return t.app.request(`${ORIGIN}/api/payments/webhooks/sandbox`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Scoreline-Signature': signatureHeader(SECRET, Math.floor(now.getTime() / 1000), raw),
      },
      body: raw,
    });
  }

  const mailsTo = (email: string, subject: RegExp) =>
    smtp
      .to(email)
      .map((mail) => readMail(mail.raw))
      .filter((mail) => subject.test(mail.subject));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });

  describe('with VAT and a seller whose details need escaping', () => {
    beforeEach(async () => {
      now = START;
      t = await createTestApp(
        engine,
        {
          BASE_URL: ORIGIN,
          SMTP_URL: smtp.url,
          PAYMENT_WEBHOOK_SECRET: SECRET,
          PAYMENT_VAT_RATE: '20',
          PAYMENT_SELLER_NAME: 'Goal <Line> & "Co"',
          PAYMENT_SELLER_ADDRESS: '1 Pitch Lane, <b>Leeds</b>',
          PAYMENT_VAT_ID: 'GB123456789',
        },
        { clock },
      );
    });
    afterEach(async () => {
      await t.close();
    });

    it('sends a receipt when the order is paid: its lines, VAT from the gross in minor units, escaped HTML', async () => {
      const ann = await member('Ann <i>Smith</i> & "Sons"');
      const paid = await order(ann.id);
      expect(mailsTo(ann.email, /receipt/)).toHaveLength(0); // a pending order sends nothing
      expect((await webhook('evt_receipt_1', 'payment.succeeded', paid)).status).toBe(200);

      const [receipt, ...more] = mailsTo(ann.email, /receipt/);
      expect(more).toHaveLength(0);
      expect(receipt!.subject).toBe(`Scoreline: receipt for order ${paid.id}`);
      const text = flat(receipt!.text);
      expect(text).toContain(`Order number:`);
      expect(text).toContain(paid.id);
      expect(text).toContain('Date: 1 March 2026, 12:00 UTC');
      expect(text).toContain('Billed to: Ann <i>Smith</i> & "Sons" <');
      expect(text).toContain('Plan: Premium monthly');
      // 30 days from the payment.
      expect(text).toContain('Period: 1 March 2026 – 31 March 2026');
      expect(text).toContain('Payment method: Test card (sandbox, no real money)');
      // €4.99 at 20 %: net 499 / 1.2 = 415.83 → 416, VAT 499 − 416 = 83.
      expect(text).toContain('Net: €4.16');
      expect(text).toContain('VAT 20 %: €0.83');
      expect(text).toContain('Total paid (EUR): €4.99');
      expect(text).toContain('rounded half up');
      expect(text).toContain(`${ORIGIN}/account/orders/${paid.id}`);
      expect(text).toContain('Sold by: Goal <Line> & "Co", 1 Pitch Lane, <b>Leeds</b>, VAT number: GB123456789');

      const html = receipt!.html!;
      expect(html).toContain('Goal &lt;Line&gt; &amp; &quot;Co&quot;');
      expect(html).toContain('1 Pitch Lane, &lt;b&gt;Leeds&lt;/b&gt;');
      expect(html).toContain('Ann &lt;i&gt;Smith&lt;/i&gt; &amp; &quot;Sons&quot;');
      expect(html).not.toMatch(/<(i|b|Line)>/);
      expect(html).toContain('<strong>€4.99</strong>');
      expect(html).toContain(`href="${ORIGIN}/account/orders/${paid.id}"`);
    });

    it('sends one receipt however often, and however concurrently, the payment is delivered', async () => {
      const ben = await member('Ben');
      const paid = await order(ben.id);
      const first = await Promise.all([
        webhook('evt_dup_1', 'payment.succeeded', paid),
        webhook('evt_dup_1', 'payment.succeeded', paid),
        webhook('evt_dup_2', 'payment.succeeded', paid),
      ]);
      expect(first.map((response) => response.status)).toEqual([200, 200, 200]);
      const outcomes = await Promise.all(
        first.map(async (response) => ((await response.json()) as { outcome: string }).outcome),
      );
      expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
      // A retry later, with a new timestamp.
      now = new Date(START.getTime() + 60_000);
      expect(await (await webhook('evt_dup_1', 'payment.succeeded', paid)).json()).toEqual({ outcome: 'duplicate' });

      expect(mailsTo(ben.email, /receipt/)).toHaveLength(1);
      const claimed = await t.database.handle.db
        .selectFrom('payment_mail')
        .select(['kind'])
        .where('order_id', '=', paid.id)
        .execute();
      expect(claimed).toEqual([{ kind: 'receipt' }]);
    });

    it('sends a refund notice naming the order, the amount and what was revoked, once', async () => {
      const cat = await member('Cat');
      const paid = await order(cat.id);
      await webhook('evt_refund_pay', 'payment.succeeded', paid);
      now = new Date(START.getTime() + 2 * 24 * 60 * 60 * 1000);
      const refunds = await Promise.all([
        webhook('evt_refund_1', 'refund.succeeded', paid),
        webhook('evt_refund_1', 'refund.succeeded', paid),
      ]);
      expect(refunds.map((response) => response.status)).toEqual([200, 200]);
      await webhook('evt_refund_2', 'refund.succeeded', paid);

      const notices = mailsTo(cat.email, /refund/);
      expect(notices).toHaveLength(1);
      const notice = notices[0]!;
      const noticeText = flat(notice.text);
      expect(notice.subject).toBe(`Scoreline: refund of order ${paid.id}`);
      expect(noticeText).toContain(`We have refunded €4.99 for order ${paid.id}.`);
      expect(noticeText).toContain('Refund date: 3 March 2026, 12:00 UTC');
      expect(noticeText).toContain(
        'Revoked: Premium monthly (no ads, premium match media, HD video) for 1 March 2026 – 31 March 2026',
      );
      expect(noticeText).toContain('Your plan now: Free.');
      expect(notice.html).toContain('Goal &lt;Line&gt;');
      expect(mailsTo(cat.email, /receipt/)).toHaveLength(1);
      expect((await t.services.payments.me(cat.id)).entitlements).toEqual([]);
    });

    it('sends nothing for a declined payment', async () => {
      const dan = await member('Dan');
      const declined = await order(dan.id);
      await webhook('evt_declined', 'payment.failed', declined);
      expect(smtp.to(dan.email).filter((mail) => /receipt|refund/.test(readMail(mail.raw).subject))).toHaveLength(0);
    });
  });

  describe('without VAT, and when the SMTP server is down', () => {
    let down: SmtpCapture;
    beforeEach(async () => {
      now = START;
      down = await startSmtpCapture();
      await down.close();
      t = await createTestApp(
        engine,
        { BASE_URL: ORIGIN, SMTP_URL: down.url, PAYMENT_WEBHOOK_SECRET: SECRET },
        { clock },
      );
    });
    afterEach(async () => {
      await t.close();
    });

    it('keeps the receipt in the outbox and the payment stands', async () => {
      const eve = await member('Eve');
      const paid = await order(eve.id);
      const response = await webhook('evt_down', 'payment.succeeded', paid);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ outcome: 'applied' });
      expect((await t.services.payments.getOrder(eve.id, paid.id))?.status).toBe('paid');
      expect((await t.services.payments.entitlements(eve.id)).map((item) => item.name)).toContain('no_ads');

      const [kept] = await t.services.mailer.listOutbox({ to: eve.email });
      expect(kept).toMatchObject({ kind: 'payment-receipt', subject: `Scoreline: receipt for order ${paid.id}` });
      expect(kept?.error).toMatch(/ECONNREFUSED|connect/i);
      // No VAT configured: no VAT lines, the site's name as the seller.
      expect(kept?.text).not.toContain('VAT');
      expect(flat(kept?.text ?? '')).toContain('Total paid (EUR): €4.99');
      expect(kept?.text).toContain('Sold by: Scoreline');
    });

    it('a failing mail store is logged, never undoes the payment, and gives the claim back', async () => {
      const fay = await member('Fay');
      const paid = await order(fay.id);
      // The outbox itself fails: the mail cannot even be kept.
      await sql`drop table outbox_mail`.execute(t.database.handle.db);
      const response = await webhook('evt_broken', 'payment.succeeded', paid);
      expect(await response.json()).toEqual({ outcome: 'applied' });
      expect((await t.services.payments.getOrder(fay.id, paid.id))?.status).toBe('paid');
      const claimed = await t.database.handle.db.selectFrom('payment_mail').selectAll().execute();
      expect(claimed).toEqual([]);
    });
  });
});
