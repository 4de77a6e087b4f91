// The date strip's dates (issue #5): pure helpers over YYYY-MM-DD strings.
import { addDays, formatCalendarDate, isServedDate } from '../../../domain/time-zones.ts';

/** A `?date=` value when it is a real calendar date in the years the site serves, else null. */
export function parseDateParam(value: string | null): string | null {
  return value !== null && isServedDate(value) ? value : null;
}

export interface StripDay {
  date: string;
  label: string;
}

/** Yesterday, today and tomorrow around `today`. */
export function stripDays(today: string): StripDay[] {
  return [
    { date: addDays(today, -1), label: 'Yesterday' },
    { date: today, label: 'Today' },
    { date: addDays(today, 1), label: 'Tomorrow' },
  ];
}

/** "Sunday 10 July 2016" for `2016-07-10`. */
export function formatDay(date: string): string {
  return formatCalendarDate(date, { weekday: true });
}

/** How a date is named next to `today`: Today, Yesterday, Tomorrow or the full date. */
export function dayHeading(date: string, today: string): string {
  const near = stripDays(today).find((day) => day.date === date);
  return near ? `${near.label}, ${formatDay(date)}` : formatDay(date);
}
