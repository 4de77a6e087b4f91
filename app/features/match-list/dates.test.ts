import { describe, expect, it } from 'vitest';
import { dayHeading, formatDay, parseDateParam, stripDays } from './dates.ts';

describe('date strip', () => {
  it('accepts only real calendar dates in a sane range', () => {
    expect(parseDateParam('2016-07-10')).toBe('2016-07-10');
    expect(parseDateParam('2016-02-30')).toBeNull();
    expect(parseDateParam('2016-7-10')).toBeNull();
    expect(parseDateParam('0001-01-01')).toBeNull();
    expect(parseDateParam(null)).toBeNull();
  });

  it('names yesterday, today and tomorrow across month and year ends', () => {
    expect(stripDays('2017-01-01')).toEqual([
      { date: '2016-12-31', label: 'Yesterday' },
      { date: '2017-01-01', label: 'Today' },
      { date: '2017-01-02', label: 'Tomorrow' },
    ]);
    expect(formatDay('2016-07-10')).toBe('Sunday 10 July 2016');
    expect(dayHeading('2016-07-10', '2016-07-11')).toBe('Yesterday, Sunday 10 July 2016');
    expect(dayHeading('2016-07-10', '2020-01-01')).toBe('Sunday 10 July 2016');
  });
});
