// Local wall-clock times ↔ UTC with the platform's time-zone database (Intl),
// no date library. Used to turn a "day in the visitor's time zone" into a UTC range.

// Building a formatter costs far more than formatting with one (tens of microseconds each, and a
// page formats every kick-off time and day heading on each render): build each kind once.
const FORMATS_KEPT = 500;
const formats = new Map<string, Intl.DateTimeFormat>();

/** A shared formatter for `locale` and `options` (throws RangeError for an unknown time zone, as Intl does). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    // Zones come from visitors: keep the cache bounded.
    if (formats.size >= FORMATS_KEPT) formats.clear();
    formats.set(key, format);
  }
  return format;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    dateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** Offset of `timeZone` from UTC at the instant `utcMs`, in minutes (e.g. +60 for Paris in winter). */
export function offsetMinutes(utcMs: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/** The UTC instant of a local date and time (`2024-03-31`, `02:30`) in `timeZone`. */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes settle the offset across daylight-saving changes.
  let guess = naive - offsetMinutes(naive, timeZone) * 60_000;
  guess = naive - offsetMinutes(guess, timeZone) * 60_000;
  return new Date(guess);
}

/** The next calendar date after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** [start, end) in UTC of a calendar day as lived in `timeZone`. */
export function utcRangeOfLocalDay(date: string, timeZone: string): { start: Date; end: Date } {
  return { start: zonedTimeToUtc(date, '00:00', timeZone), end: zonedTimeToUtc(nextDate(date), '00:00', timeZone) };
}

/** YYYY-MM-DD that is real (not 2024-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The UTC calendar day (YYYY-MM-DD) of an instant. */
export function utcDayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
