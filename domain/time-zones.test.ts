import { describe, expect, it } from 'vitest';
import {
  calendarDayIn,
  dateTimeFormat,
  formatCalendarDate,
  formatClockTime,
  formatDate,
  isCalendarDate,
  isServedDate,
  isValidTimeZone,
  knowsOffset,
  offsetMinutes,
  registerZoneOffsets,
  utcRangeOfLocalDay,
  zonedTimeToUtc,
  zoneOffsetTable,
} from './time-zones.ts';

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

  it('serves real dates from 1850 to 2200 only, so a day always has a next one', () => {
    expect(isServedDate('1872-11-30')).toBe(true);
    expect(isServedDate('2200-12-31')).toBe(true);
    expect(isServedDate('9999-12-31')).toBe(false);
    expect(isServedDate('0000-01-01')).toBe(false);
    expect(isServedDate('2016-02-30')).toBe(false);
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

/** What Intl says, for comparison: the formats the site wrote with it before. */
function intlParts(utcMs: number, timeZone: string) {
  const parts = dateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return {
    clock: `${get('hour')}:${get('minute')}`,
    long: `${get('weekday')} ${get('day')} ${get('month')} ${get('year')}`,
    short: dateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(utcMs),
    day: dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(utcMs),
  };
}

/** A zone's offset from Intl alone (the tables' source), in minutes. */
function intlOffset(utcMs: number, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - Math.floor(utcMs / 60_000) * 60_000) / 60_000);
}

// Half-hour and 45-minute offsets, southern-hemisphere summers, a 30-minute daylight-saving shift, no DST.
const ZONES = [
  'Europe/London',
  'America/Sao_Paulo',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/St_Johns',
  'Asia/Tokyo',
];
const FROM = Date.UTC(2000, 0, 1);
const TO = Date.UTC(2040, 0, 1);

describe('times written without Intl', () => {
  it('write the same clock time, day and dates as Intl in every zone, across the years of the tables', () => {
    for (const zone of ['UTC', ...ZONES]) {
      if (zone !== 'UTC') registerZoneOffsets(zoneOffsetTable(zone, FROM, TO));
      expect(knowsOffset(Date.UTC(2020, 0, 1), zone)).toBe(true);
      for (let at = Date.UTC(2001, 0, 3, 17, 23); at < TO; at += 47 * 86_400_000 + 3_671_000) {
        const expected = intlParts(at, zone);
        expect(formatClockTime(at, zone), `${zone} ${new Date(at).toISOString()}`).toBe(expected.clock);
        expect(calendarDayIn(at, zone)).toBe(expected.day);
        expect(formatDate(at, zone, { weekday: true })).toBe(expected.long);
        expect(formatDate(at, zone, { short: true })).toBe(expected.short);
      }
    }
  });

  it('writes "Sept" as en-GB does, and weekdays short or long', () => {
    expect(formatCalendarDate('2016-09-10', { short: true })).toBe('10 Sept 2016');
    expect(formatCalendarDate('2023-08-12', { short: true, weekday: true })).toBe('Sat 12 Aug 2023');
    expect(formatCalendarDate('2016-07-10', { weekday: true })).toBe('Sunday 10 July 2016');
    expect(formatCalendarDate('2016-07-10')).toBe('10 July 2016');
    expect(formatDate('2018-01-14T16:00:00Z', 'UTC', { short: true })).toBe('14 Jan 2018');
  });
});

describe('zoneOffsetTable', () => {
  it('has every change to the minute: the offset just before and at each one is what Intl says', () => {
    for (const zone of ZONES) {
      const table = zoneOffsetTable(zone, FROM, TO);
      expect(table.zone).toBe(zone);
      let before = table.initial;
      expect(intlOffset(FROM, zone)).toBe(before);
      for (const [minute, offset] of table.changes) {
        const at = minute * 60_000;
        expect(intlOffset(at - 60_000, zone), `${zone} before ${new Date(at).toISOString()}`).toBe(before);
        expect(intlOffset(at, zone), `${zone} at ${new Date(at).toISOString()}`).toBe(offset);
        before = offset;
      }
    }
    // London changes twice a year; Tokyo never did in these years.
    expect(zoneOffsetTable('Europe/London', FROM, TO).changes).toHaveLength(80);
    expect(zoneOffsetTable('Asia/Tokyo', FROM, TO).changes).toHaveLength(0);
  });

  it('answers offsetMinutes inside its span only; UTC needs no table', () => {
    const table = zoneOffsetTable('America/New_York', Date.UTC(2020, 0, 1), Date.UTC(2021, 0, 1));
    registerZoneOffsets(table);
    expect(knowsOffset(Date.UTC(2020, 6, 1), 'America/New_York')).toBe(true);
    expect(knowsOffset(Date.UTC(2022, 6, 1), 'America/New_York')).toBe(false);
    expect(knowsOffset(Date.UTC(1990, 6, 1), 'UTC')).toBe(true);
    expect(knowsOffset(Date.UTC(2020, 6, 1), 'Europe/Berlin')).toBe(false);
    // Outside the table, Intl still answers.
    expect(offsetMinutes(Date.UTC(2022, 6, 1), 'America/New_York')).toBe(-240);
    expect(offsetMinutes(Date.UTC(2020, 6, 1), 'America/New_York')).toBe(-240);
    expect(offsetMinutes(Date.UTC(2020, 11, 1), 'America/New_York')).toBe(-300);
  });
});
