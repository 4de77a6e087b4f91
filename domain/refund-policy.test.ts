// The refund policy's rules (issue #21), as the CMS's refund action applies them.
import { describe, expect, it } from 'vitest';
import { REFUND_POLICY, REFUND_RULES, refundDeadline, refundRefusal } from './refund-policy.ts';

const DAY = 24 * 60 * 60 * 1000;
const PAID_AT = '2026-11-01T10:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(PAID_AT) + ms);

describe('the refund policy', () => {
  it('allows a paid order within 14 days of its payment, once', () => {
    const paid = { status: 'paid' as const, paidAt: PAID_AT, refundRequestedAt: null };
    expect(refundRefusal(paid, at(0))).toBeNull();
    expect(refundRefusal(paid, at(14 * DAY))).toBeNull();
    expect(refundRefusal(paid, at(14 * DAY + 1))?.code).toBe('window_passed');
    expect(refundRefusal({ ...paid, refundRequestedAt: PAID_AT }, at(DAY))?.code).toBe('already_refunded');
    expect(refundDeadline(PAID_AT)).toBe('2026-11-15T10:00:00.000Z');
  });

  it('refuses orders that are not paid', () => {
    for (const status of ['pending', 'failed', 'expired'] as const) {
      expect(refundRefusal({ status, paidAt: null, refundRequestedAt: null }, at(0))?.code).toBe('not_paid');
    }
    expect(refundRefusal({ status: 'refunded', paidAt: PAID_AT, refundRequestedAt: null }, at(0))?.code).toBe(
      'already_refunded',
    );
  });

  it('states the window the action enforces', () => {
    expect(REFUND_POLICY.windowDays).toBe(14);
    expect(REFUND_RULES.join(' ')).toContain(`within ${REFUND_POLICY.windowDays} days of your payment`);
  });
});
