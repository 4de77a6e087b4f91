import { describe, expect, it } from 'vitest';
import { parseSourceTime, timeZoneFor, toKickoff, zonedTimeToUtc } from './kickoff.ts';

describe('zonedTimeToUtc', () => {
  it('converts London winter (GMT) and summer (BST) times', () => {
    expect(zonedTimeToUtc('2023-12-30', '15:00', 'Europe/London').toISOString()).toBe('2023-12-30T15:00:00.000Z');
    expect(zonedTimeToUtc('2023-08-12', '15:00', 'Europe/London').toISOString()).toBe('2023-08-12T14:00:00.000Z');
  });

  it('is right on the days the clocks change', () => {
    // 26 March 2023: London goes from GMT to BST at 01:00 UTC.
    expect(zonedTimeToUtc('2023-03-26', '00:30', 'Europe/London').toISOString()).toBe('2023-03-26T00:30:00.000Z');
    expect(zonedTimeToUtc('2023-03-26', '16:30', 'Europe/London').toISOString()).toBe('2023-03-26T15:30:00.000Z');
    // 29 October 2023: back to GMT at 01:00 UTC.
    expect(zonedTimeToUtc('2023-10-29', '14:00', 'Europe/London').toISOString()).toBe('2023-10-29T14:00:00.000Z');
    expect(zonedTimeToUtc('2023-10-29', '00:30', 'Europe/Berlin').toISOString()).toBe('2023-10-28T22:30:00.000Z');
  });

  it('handles zones ahead of and behind UTC, and zones without daylight saving', () => {
    expect(zonedTimeToUtc('2022-12-18', '18:00', 'Asia/Qatar').toISOString()).toBe('2022-12-18T15:00:00.000Z');
    expect(zonedTimeToUtc('2025-07-01', '19:30', 'America/New_York').toISOString()).toBe('2025-07-01T23:30:00.000Z');
    expect(zonedTimeToUtc('2025-02-14', '19:00', 'Asia/Tokyo').toISOString()).toBe('2025-02-14T10:00:00.000Z');
    expect(zonedTimeToUtc('2025-01-05', '17:00', 'Australia/Sydney').toISOString()).toBe('2025-01-05T06:00:00.000Z');
  });

  it('rejects malformed input', () => {
    expect(() => zonedTimeToUtc('2025-1-5', '17:00', 'Europe/London')).toThrow(/YYYY-MM-DD/);
  });
});

describe('parseSourceTime', () => {
  it('reads local times, explicit offsets and zone abbreviations', () => {
    expect(parseSourceTime('20:00')).toEqual({ hour: 20, minute: 0, offsetMinutes: null });
    expect(parseSourceTime('9:30')).toEqual({ hour: 9, minute: 30, offsetMinutes: null });
    expect(parseSourceTime('13:00 UTC-6')).toEqual({ hour: 13, minute: 0, offsetMinutes: -360 });
    expect(parseSourceTime('17:00 UTC+5:30')).toEqual({ hour: 17, minute: 0, offsetMinutes: 330 });
    expect(parseSourceTime('19:45 UTC±0')).toEqual({ hour: 19, minute: 45, offsetMinutes: 0 });
    expect(parseSourceTime('20:45 CET')).toEqual({ hour: 20, minute: 45, offsetMinutes: 60 });
    expect(parseSourceTime('20:45 CEST')).toEqual({ hour: 20, minute: 45, offsetMinutes: 120 });
  });

  it('throws on what it cannot read rather than guess', () => {
    expect(() => parseSourceTime('8pm')).toThrow(/unreadable/);
    expect(() => parseSourceTime('25:00')).toThrow(/impossible/);
    expect(() => parseSourceTime('20:00 XYZ')).toThrow(/unknown time zone "XYZ"/);
  });
});

describe('toKickoff', () => {
  it('uses an explicit offset over the competition zone', () => {
    // World Cup 2014 opener, São Paulo: "17:00 UTC-3".
    expect(toKickoff('2014-06-12', '17:00 UTC-3', 'Europe/London')).toEqual({
      kickoffAt: '2014-06-12T20:00:00.000Z',
      timeKnown: true,
    });
  });

  it('marks a missing time unknown and places the match at local noon', () => {
    expect(toKickoff('2025-11-09', undefined, 'Europe/Madrid')).toEqual({
      kickoffAt: '2025-11-09T11:00:00.000Z',
      timeKnown: false,
    });
  });
});

describe('timeZoneFor', () => {
  it('knows each competition family and World Cup edition', () => {
    expect(timeZoneFor('en.3', '2025-26', null)).toBe('Europe/London');
    expect(timeZoneFor('uefa.cl', '2024-25', 'ENG')).toBe('Europe/Paris');
    expect(timeZoneFor('world.cup', '2022', null)).toBe('Asia/Qatar');
    expect(timeZoneFor('mls', '2025', null)).toBe('America/New_York');
  });

  it('uses the home team country for copa.l', () => {
    expect(timeZoneFor('copa.l', '2025', 'COL')).toBe('America/Bogota');
    expect(() => timeZoneFor('copa.l', '2025', null)).toThrow(/HOME_COUNTRY_TIME_ZONES/);
  });

  it('refuses a competition it has no zone for', () => {
    expect(() => timeZoneFor('xx.1', '2025', null)).toThrow(/no time zone for competition "xx.1"/);
  });
});
