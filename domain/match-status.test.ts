import { describe, expect, it } from 'vitest';
import { isResultMissing, isToCome, type MatchStatus } from './match-status.ts';

const now = Date.parse('2026-03-14T22:00:00Z');
const match = (status: MatchStatus, hoursAgo: number) => ({
  status,
  kickoffAt: new Date(now - hoursAgo * 3_600_000).toISOString(),
});

describe('a past match without a result (issue #19)', () => {
  it('is "result not available" once six hours past its kick-off, not a match to come', () => {
    expect(isResultMissing(match('scheduled', 7), now)).toBe(true);
    expect(isToCome(match('scheduled', 7), now)).toBe(false);
    // OFI v Olympiakos, "Not started" on 14 Mar 2026 weeks later; the Champions League final of 31 May 2025.
    expect(isResultMissing({ status: 'scheduled', kickoffAt: '2025-05-31T19:00:00Z' }, now)).toBe(true);
  });

  it('is still to come within six hours of its kick-off (delays, extra time, penalties)', () => {
    expect(isResultMissing(match('scheduled', 5.9), now)).toBe(false);
    expect(isToCome(match('scheduled', 5.9), now)).toBe(true);
    expect(isToCome(match('scheduled', -48), now)).toBe(true);
  });

  it('never applies to a match with another status', () => {
    for (const status of ['finished', 'live', 'half-time', 'cancelled', 'abandoned', 'awarded'] as const) {
      expect(isResultMissing(match(status, 100), now), status).toBe(false);
      expect(isToCome(match(status, -5), now), status).toBe(false);
    }
    expect(isToCome(match('postponed', 100), now)).toBe(true);
  });

  it('gives a match without a kick-off time until the next morning (stored at midday local time)', () => {
    const dateOnly = {
      status: 'scheduled' as const,
      kickoffAt: new Date(now - 7 * 3_600_000).toISOString(),
      kickoffTimeKnown: false,
    };
    expect(isResultMissing(dateOnly, now)).toBe(false);
    expect(isToCome(dateOnly, now)).toBe(true);
    expect(isResultMissing({ ...dateOnly, kickoffAt: new Date(now - 31 * 3_600_000).toISOString() }, now)).toBe(true);
  });

  it('stops counting a postponed match as to come once it has waited two weeks for a new date', () => {
    expect(isToCome(match('postponed', 24 * 13), now)).toBe(true);
    expect(isToCome(match('postponed', 24 * 15), now)).toBe(false);
  });
});
