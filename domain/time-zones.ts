// Local wall-clock times ↔ UTC with the platform's time-zone database (Intl),
// no date library. Used to turn a "day in the visitor's time zone" into a UTC range,
// and to write kick-off times and dates the same way on the server and in the browser.
//
// In a browser the first Intl formatter of a page costs 50–100 ms of one core (the
// platform loads its locale and zone data), so what a page renders while it hydrates
// never needs Intl: dates are written with the English names below, and a zone's
// offsets come from a table the server sends with the page (zoneOffsetTable) — UTC
// needs none. Only a zone without a table, or an instant outside it, asks Intl.

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
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 0;
  const table = zoneTables.get(timeZone);
  if (table && utcMs >= table.fromMs && utcMs < table.toMs) return offsetInTable(table, utcMs);
  return intlOffsetMinutes(utcMs, timeZone);
}

function intlOffsetMinutes(utcMs: number, timeZone: string): number {
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

/**
 * The years a date from a URL may name: football's first matches (1872) to well ahead. Far outside
 * them the site's date arithmetic breaks: 9999-12-31 has no next day as YYYY-MM-DD, so the day's UTC
 * range could not be built (a 500 from /api/matches, found by server/fuzz.test.ts).
 */
export const SERVED_YEARS = { from: 1850, to: 2200 } as const;

/** A real calendar date (YYYY-MM-DD) within SERVED_YEARS. */
export function isServedDate(value: string): boolean {
  if (!isCalendarDate(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= SERVED_YEARS.from && year <= SERVED_YEARS.to;
}

/** The UTC calendar day (YYYY-MM-DD) of an instant. */
export function utcDayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A zone's offsets over [fromMs, toMs): the offset at fromMs, then each change as [instant in minutes
 * since the epoch, new offset in minutes]. Plain JSON, sent to the browser with each page.
 */
export interface ZoneOffsetTable {
  zone: string;
  fromMs: number;
  toMs: number;
  initial: number;
  changes: Array<[number, number]>;
}

const zoneTables = new Map<string, ZoneOffsetTable>();
/** More than there are zone names (about 600 with their aliases): a visitor cycling through zones cannot make the server build them again and again. */
const TABLES_KEPT = 1000;
/** Daylight-saving rules change twice a year at most in almost every zone; a week apart catches them all. */
const PROBE_STEP_MS = 7 * 86_400_000;

function offsetInTable(table: ZoneOffsetTable, utcMs: number): number {
  const minute = Math.floor(utcMs / 60_000);
  let offset = table.initial;
  for (const [at, next] of table.changes) {
    if (at > minute) break;
    offset = next;
  }
  return offset;
}

/** The offsets of `timeZone` over [fromMs, toMs), found with Intl (the server builds these; cached). */
export function zoneOffsetTable(timeZone: string, fromMs: number, toMs: number): ZoneOffsetTable {
  const cached = zoneTables.get(timeZone);
  if (cached && cached.fromMs === fromMs && cached.toMs === toMs) return cached;
  const initial = intlOffsetMinutes(fromMs, timeZone);
  const changes: Array<[number, number]> = [];
  const lastMs = toMs - 60_000;
  let previous = initial;
  let previousMs = fromMs;
  for (let next = fromMs + PROBE_STEP_MS; previousMs < lastMs; next += PROBE_STEP_MS) {
    const probeMs = Math.min(next, lastMs);
    const offset = intlOffsetMinutes(probeMs, timeZone);
    if (offset !== previous) {
      // The change is in (previousMs, probeMs]: find its minute.
      let low = Math.floor(previousMs / 60_000);
      let high = Math.floor(probeMs / 60_000);
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (intlOffsetMinutes(middle * 60_000, timeZone) === previous) low = middle;
        else high = middle;
      }
      changes.push([high, offset]);
      previous = offset;
    }
    previousMs = probeMs;
  }
  const table = { zone: timeZone, fromMs, toMs, initial, changes };
  registerZoneOffsets(table);
  return table;
}

/** Makes offsetMinutes answer from `table` (one the server sent) instead of asking Intl. */
export function registerZoneOffsets(table: ZoneOffsetTable): void {
  if (zoneTables.get(table.zone) === table) return;
  if (zoneTables.size >= TABLES_KEPT) zoneTables.clear();
  zoneTables.set(table.zone, table);
}

/** Whether offsetMinutes can answer for `timeZone` at `utcMs` without Intl. */
export function knowsOffset(utcMs: number, timeZone: string): boolean {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return true;
  const table = zoneTables.get(timeZone);
  return table !== undefined && utcMs >= table.fromMs && utcMs < table.toMs;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** British English abbreviations, as en-GB in CLDR writes them: "Jan", and "Sept" for September. */
const shortMonth = (month: number) => (month === 8 ? 'Sept' : (MONTHS[month] as string).slice(0, 3));

/** The wall clock in `timeZone` at `instant`: calendar fields of a Date shifted by the zone's offset, read in UTC. */
function wallClock(instant: Date | number | string, timeZone: string): Date {
  const utcMs = typeof instant === 'number' ? instant : new Date(instant).getTime();
  return new Date(utcMs + offsetMinutes(utcMs, timeZone) * 60_000);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "19:45": the 24-hour time of `instant` in `timeZone`. */
export function formatClockTime(instant: Date | number | string, timeZone: string): string {
  const local = wallClock(instant, timeZone);
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** The calendar day (YYYY-MM-DD) of `instant` in `timeZone`. */
export function calendarDayIn(instant: Date | number | string, timeZone: string): string {
  return wallClock(instant, timeZone).toISOString().slice(0, 10);
}

/** "10 Jul 2016" (short: true), "10 July 2016", or with the weekday first: "Sun 10 Jul 2016", "Sunday 10 July 2016". */
export function formatDate(
  instant: Date | number | string,
  timeZone: string,
  { short = false, weekday = false }: { short?: boolean; weekday?: boolean } = {},
): string {
  const local = wallClock(instant, timeZone);
  const month = short ? shortMonth(local.getUTCMonth()) : (MONTHS[local.getUTCMonth()] as string);
  const date = `${local.getUTCDate()} ${month} ${local.getUTCFullYear()}`;
  if (!weekday) return date;
  const day = WEEKDAYS[local.getUTCDay()] as string;
  return `${short ? day.slice(0, 3) : day} ${date}`;
}

/** A calendar date (YYYY-MM-DD) written out as formatDate does ("10 July 2016"). */
export function formatCalendarDate(date: string, options?: { short?: boolean; weekday?: boolean }): string {
  return formatDate(`${date}T00:00:00Z`, 'UTC', options);
}

/**
 * The order of two ISO 8601 UTC timestamps or calendar dates: their text order. Not localeCompare, whose
 * collation starts Intl in a browser (see the top of this file) and is no more right for these strings.
 */
export function compareIso(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
