import { describe, expect, it } from 'vitest';
import { kickoffCountdown } from './relative-time.ts';

const now = new Date('2026-05-16T12:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

describe('kick-off countdown', () => {
  it.each([
    [0.5, 'in < 1 min'],
    [1, 'in 1 min'],
    [59.9, 'in 59 min'],
    [60, 'in 1 h'],
    [90, 'in 1 h 30 min'],
    [179, 'in 2 h 59 min'],
    [180, 'in 3 h'],
    [200, 'in 3 h'],
    [24 * 60, 'in 24 h'],
  ])('%s minutes ahead: %s', (minutes, label) => {
    expect(kickoffCountdown(at(minutes), now)).toBe(label);
  });

  it('says nothing once the time has passed, a day or more ahead, or for a bad date', () => {
    expect(kickoffCountdown(at(0), now)).toBeNull();
    expect(kickoffCountdown(at(-5), now)).toBeNull();
    expect(kickoffCountdown(at(24 * 60 + 1), now)).toBeNull();
    expect(kickoffCountdown('not a date', now)).toBeNull();
  });
});
