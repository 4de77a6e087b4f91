// The reminder 3 days before a paid plan ends (issue #21; docs/payments.md
// "Mail"), on SQLite and PostgreSQL against a real local SMTP server: the
// window's edges (3 days to go: sent; 3 days and a minute: not yet), a member
// who renewed gets none for the old end, a refunded plan gets none, and however
// many runs at once, each plan end gets one reminder linking to its renewal.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { readMail, startSmtpCapture, type SmtpCapture } from '../../../tests/helpers/smtp-capture.ts';
import type { Clock } from '../../platform/clock.ts';

const ORIGIN = 'http://scoreline.test';
const START = new Date('2026-03-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const at = (ms: number) => new Date(START.getTime() + ms);

describe.each(TEST_ENGINES)('the expiry reminder on %s', (engine) => {
  let smtp: SmtpCapture;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let now = START;
  const clock: Clock = { now: () => now };
  let sequence = 0;

  async function member(name: string) {
    sequence += 1;
    const email = `${name.toLowerCase()}-${sequence}@example.com`;
    const result = await t.services.accounts.register(
      { email, password: 'correct horse battery staple', displayName: name },
      { ip: `198.51.100.${sequence}`, userAgent: 'vitest' },
    );
    if (!result.ok) throw new Error(result.message);
    return { id: result.session.user.id, email };
  }

  /** Pays for `code` at the clock's time; answers the order. */
  async function pay(userId: number, code = 'premium-monthly') {
    const plan = (await t.services.payments.listPlans()).plans.find((item) => item.code === code)!;
    const created = await t.services.payments.createOrder(userId, { planId: plan.id, provider: 'sandbox' });
    if (!created.ok) throw new Error(created.message);
    const { order } = created;
    const event = {
      id: `evt_${order.id}`,
      orderId: order.id,
      amountMinor: order.amountMinor,
      currency: order.currency,
      createdAt: now,
    };
    expect(await t.services.payments.settle('sandbox', { ...event, type: 'payment.succeeded' })).toEqual({
      ok: true,
      outcome: 'applied',
    });
    return {
      order,
      refund: () => t.services.payments.settle('sandbox', { ...event, id: `${event.id}_r`, type: 'refund.succeeded' }),
    };
  }

  const reminders = (email: string) =>
    smtp
      .to(email)
      .map((mail) => readMail(mail.raw))
      .filter((mail) => /ends in 3 days/.test(mail.subject));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });
  beforeEach(async () => {
    now = START;
    t = await createTestApp(engine, { BASE_URL: ORIGIN, SMTP_URL: smtp.url }, { clock });
  });
  afterEach(async () => {
    await t.close();
  });

  it('goes out once the plan ends within 3 days, not a minute before, with a link to renew it', async () => {
    const ann = await member('Ann');
    await pay(ann.id); // Premium monthly: ends 30 days after START
    const end = at(30 * DAY);

    expect(await t.services.paymentMail.sendExpiryReminders(at(27 * DAY - MINUTE))).toBe(0);
    expect(reminders(ann.email)).toHaveLength(0);

    expect(await t.services.paymentMail.sendExpiryReminders(at(27 * DAY))).toBe(1);
    const [reminder, ...more] = reminders(ann.email);
    expect(more).toHaveLength(0);
    expect(reminder!.subject).toBe('Scoreline: your Premium monthly ends in 3 days');
    expect(reminder!.text).toContain('Hello Ann,');
    expect(reminder!.text).toContain('your Premium monthly ends on 31 March 2026, 12:00 UTC.');
    expect(reminder!.text).toContain(`Renew Premium monthly: ${ORIGIN}/pricing?plan=premium-monthly`);
    expect(reminder!.html).toContain(`href="${ORIGIN}/pricing?plan=premium-monthly"`);

    // Later runs, up to the end and after it, send nothing more for that end.
    for (const later of [at(28 * DAY), at(30 * DAY - MINUTE), end, at(31 * DAY)]) {
      expect(await t.services.paymentMail.sendExpiryReminders(later)).toBe(0);
    }
    expect(reminders(ann.email)).toHaveLength(1);
    const rows = await t.database.handle.db.selectFrom('payment_reminder').select(['user_id', 'plan_code']).execute();
    expect(rows.map((row) => [Number(row.user_id), row.plan_code])).toEqual([[ann.id, 'premium-monthly']]);
  });

  it('runs as the payments job runner’s expiry-reminders job, at the clock’s time', async () => {
    const fay = await member('Fay');
    await pay(fay.id);
    now = at(27 * DAY + MINUTE);
    expect(await t.services.paymentJobs.runNow('expiry-reminders')).toBe(1);
    expect(await t.services.paymentJobs.runNow('expiry-reminders')).toBe(0);
    expect(reminders(fay.email)).toHaveLength(1);
  });

  it('skips a member who renewed, until the renewed end comes near; and a refunded plan', async () => {
    const ben = await member('Ben');
    const cat = await member('Cat');
    await pay(ben.id);
    now = at(10 * DAY);
    await pay(ben.id, 'premium-yearly'); // queued after the month: ends 30 + 365 days after START
    now = START;
    const refunded = await pay(cat.id);
    now = at(5 * DAY);
    await refunded.refund();

    expect(await t.services.paymentMail.sendExpiryReminders(at(27 * DAY))).toBe(0);
    expect(reminders(ben.email)).toHaveLength(0);
    expect(reminders(cat.email)).toHaveLength(0);

    expect(await t.services.paymentMail.sendExpiryReminders(at(392 * DAY))).toBe(1);
    const [reminder] = reminders(ben.email);
    expect(reminder!.subject).toBe('Scoreline: your Premium yearly ends in 3 days');
    expect(reminder!.text).toContain(`${ORIGIN}/pricing?plan=premium-yearly`);
  });

  it('sends one reminder per plan end when several runs (several nodes) go at once', async () => {
    const dan = await member('Dan');
    const eve = await member('Eve');
    await pay(dan.id);
    await pay(eve.id);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => t.services.paymentMail.sendExpiryReminders(at(28 * DAY))),
    );
    expect(runs.reduce((sum, sent) => sum + sent, 0)).toBe(2);
    expect(reminders(dan.email)).toHaveLength(1);
    expect(reminders(eve.email)).toHaveLength(1);

    // Renewed after the reminder: the new end gets a reminder of its own when it comes near.
    now = at(29 * DAY);
    await pay(dan.id);
    expect(await t.services.paymentMail.sendExpiryReminders(at(57 * DAY))).toBe(1);
    expect(reminders(dan.email)).toHaveLength(2);
  });
});
