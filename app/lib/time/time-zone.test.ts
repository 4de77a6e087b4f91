import { describe, expect, it } from 'vitest';
import { localDateIn, readCookie, resolveTimeZone, zoneOffsetsFor } from './time-zone.ts';

describe('visitor time zone', () => {
  const url = (search: string) => new URL(`http://localhost/${search}`);

  it('prefers a valid ?tz=, then a valid cookie, then UTC', () => {
    expect(resolveTimeZone(url('?tz=Asia/Tokyo'), 'tz=Europe%2FParis')).toEqual({
      timeZone: 'Asia/Tokyo',
      source: 'param',
    });
    expect(resolveTimeZone(url(''), 'a=1; tz=Europe%2FParis; b=2')).toEqual({
      timeZone: 'Europe/Paris',
      source: 'cookie',
    });
    expect(resolveTimeZone(url('?tz=Not/AZone'), 'tz=%3Cscript%3E')).toEqual({ timeZone: 'UTC', source: 'default' });
    expect(resolveTimeZone(url(''), null)).toEqual({ timeZone: 'UTC', source: 'default' });
  });

  it('reads one cookie, ignoring look-alikes and broken encodings', () => {
    expect(readCookie('xtz=1; tz=UTC', 'tz')).toBe('UTC');
    expect(readCookie('tz=%E0%A4%A', 'tz')).toBeNull();
    expect(readCookie('other=1', 'tz')).toBeNull();
  });

  it('gives the calendar date as lived in the zone', () => {
    const instant = new Date('2016-07-10T23:30:00Z');
    expect(localDateIn(instant, 'UTC')).toBe('2016-07-10');
    expect(localDateIn(instant, 'Europe/Paris')).toBe('2016-07-11');
    expect(localDateIn(instant, 'America/New_York')).toBe('2016-07-10');
  });
});

describe('zoneOffsetsFor', () => {
  it('sends no table for UTC, and for another zone the recent and coming years, built once', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(zoneOffsetsFor(new URL('https://scoreline.test/'), null, now)).toBeNull();
    const paris = zoneOffsetsFor(new URL('https://scoreline.test/?tz=Europe/Paris'), null, now);
    expect(paris).toMatchObject({
      zone: 'Europe/Paris',
      fromMs: Date.UTC(2020, 0, 1),
      toMs: Date.UTC(2028, 0, 1),
      initial: 60,
    });
    // Two changes a year: the last Sundays of March and October.
    expect(paris?.changes).toHaveLength(16);
    expect(paris?.changes[0]).toEqual([Date.UTC(2020, 2, 29, 1) / 60_000, 120]);
    expect(zoneOffsetsFor(new URL('https://scoreline.test/'), 'tz=Europe%2FParis', now)).toBe(paris);
  });
});
