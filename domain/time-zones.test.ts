import { describe, expect, it } from 'vitest';
import { dateTimeFormat, isCalendarDate, isValidTimeZone, utcRangeOfLocalDay, zonedTimeToUtc } from './time-zones.ts';

describe('zonedTimeToUtc', () => {
  it('converts London summer and winter times', () => {
    expect(zonedTimeToUtc('2023-08-12', '15:00', 'Europe/London').toISOString()).toBe('2023-08-12T14:00:00.000Z');
    expect(zonedTimeToUtc('2023-12-26', '15:00', 'Europe/London').toISOString()).toBe('2023-12-26T15:00:00.000Z');
  });
  it('handles zones ahead and behind UTC', () => {
    expect(zonedTimeToUtc('2022-12-18', '18:00', 'Asia/Qatar').toISOString()).toBe('2022-12-18T15:00:00.000Z');
    expect(zonedTimeToUtc('2025-07-01', '19:30', 'America/New_York').toISOString()).toBe('2025-07-01T23:30:00.000Z');
  });
});

describe('utcRangeOfLocalDay', () => {
  it('is 23 hours long on the day clocks go forward', () => {
    const { start, end } = utcRangeOfLocalDay('2024-03-31', 'Europe/Paris');
    expect(start.toISOString()).toBe('2024-03-30T23:00:00.000Z');
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(23);
  });
});

describe('validation', () => {
  it('knows real zones and dates', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-2-1')).toBe(false);
  });
});

describe('dateTimeFormat', () => {
  it('builds a formatter once per locale and options, and formats in the zone asked for', () => {
    const options = { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Tokyo' } as const;
    const first = dateTimeFormat('en-GB', options);
    expect(dateTimeFormat('en-GB', { ...options })).toBe(first);
    expect(dateTimeFormat('en-GB', { ...options, timeZone: 'Europe/London' })).not.toBe(first);
    expect(first.format(new Date('2024-01-15T12:00:00Z'))).toBe('21:00');
  });

  it('rejects an unknown zone as Intl does, and caches nothing for it', () => {
    expect(() => dateTimeFormat('en-GB', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en-GB', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
  });
});
