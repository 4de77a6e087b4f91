// Kick-off times in the visitor's time zone: the server renders in the zone
// it knows (app/lib/time/time-zone.ts: `?tz=`, the `tz` cookie, else UTC), the
// browser switches to its own zone once hydrated, so the first client render
// matches the server's HTML.
import { useSyncExternalStore } from 'react';
import { calendarDayIn, formatDate } from '../../../domain/time-zones.ts';
import { browserTimeZone } from '../../lib/time/time-zone.ts';

const noSubscription = () => () => undefined;

export function useTimeZone(serverTimeZone: string): string {
  // Hydration uses the server's snapshot, then React re-renders with the browser's.
  return useSyncExternalStore(
    noSubscription,
    () => browserTimeZone(serverTimeZone) ?? serverTimeZone,
    () => serverTimeZone,
  );
}

/** "Sat 12 Aug 2023" in `timeZone`. */
export function formatDay(iso: string, timeZone: string): string {
  return formatDate(iso, timeZone, { short: true, weekday: true });
}

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone`, for grouping. */
export function dayKey(iso: string, timeZone: string): string {
  return calendarDayIn(iso, timeZone);
}
