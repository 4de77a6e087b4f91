// The visitor's time zone (issue #5): kick-off times and "today" are shown in it.
//
// The server cannot know the zone on a first visit, so it is resolved in this
// order: an explicit `?tz=Europe/Paris` (links, tests), the `tz` cookie, then
// UTC. After hydration useVisitorTimeZone() reads the browser's zone: it
// re-renders times in it at once (no reload), stores it in the `tz` cookie so
// every later server render is right, and asks the loader again when the
// zone changes which matches fall on the day. Every value is checked with
// isValidTimeZone, so a forged cookie can never reach Intl.
import { useEffect, useSyncExternalStore } from 'react';
import { useRevalidator } from 'react-router';
import {
  calendarDayIn,
  isValidTimeZone,
  knowsOffset,
  offsetMinutes,
  zoneOffsetTable,
  type ZoneOffsetTable,
} from '../../../domain/time-zones.ts';

export const TIME_ZONE_COOKIE = 'tz';
export const DEFAULT_TIME_ZONE = 'UTC';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export type TimeZoneSource = 'param' | 'cookie' | 'default';

/** The value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** The zone a page is rendered in on the server: `?tz=`, then the cookie, then UTC. */
export function resolveTimeZone(url: URL, cookieHeader: string | null): { timeZone: string; source: TimeZoneSource } {
  const param = url.searchParams.get('tz');
  if (param !== null && isValidTimeZone(param)) return { timeZone: param, source: 'param' };
  const cookie = readCookie(cookieHeader, TIME_ZONE_COOKIE);
  if (cookie !== null && isValidTimeZone(cookie)) return { timeZone: cookie, source: 'cookie' };
  return { timeZone: DEFAULT_TIME_ZONE, source: 'default' };
}

/** The calendar date (YYYY-MM-DD) of `instant` as lived in `timeZone`. */
export function localDateIn(instant: Date, timeZone: string): string {
  return calendarDayIn(instant, timeZone);
}

/**
 * The span of the offset table sent with each page, in whole years so that it changes once a year (each
 * zone's table is built once, ~10 ms of Intl on the server, and cached): the recent seasons and the next
 * year's fixtures. Older matches (a World Cup of 1998) are written with Intl, as before.
 */
const TABLE_YEARS_BACK = 6;
const TABLE_YEARS_AHEAD = 2;

/** For the root loader: the offsets of the zone this request renders in, or null for UTC (which needs none). */
export function zoneOffsetsFor(url: URL, cookieHeader: string | null, now = new Date()): ZoneOffsetTable | null {
  const { timeZone } = resolveTimeZone(url, cookieHeader);
  if (timeZone === DEFAULT_TIME_ZONE) return null;
  const year = now.getUTCFullYear();
  return zoneOffsetTable(timeZone, Date.UTC(year - TABLE_YEARS_BACK, 0, 1), Date.UTC(year + TABLE_YEARS_AHEAD, 0, 1));
}

const DAY_MS = 86_400_000;
const agreement = new Map<string, boolean>();

/**
 * Whether the browser's clock keeps the offsets of `zone` at every month from a year ago to a year
 * ahead, read from Date alone: for what a page shows, the browser is then in that zone.
 */
function browserKeepsOffsetsOf(zone: string): boolean {
  let agrees = agreement.get(zone);
  if (agrees === undefined) {
    agrees = true;
    const now = Date.now();
    for (let month = -12; month <= 12 && agrees; month++) {
      const at = now + month * 30 * DAY_MS;
      agrees = knowsOffset(at, zone) && -new Date(at).getTimezoneOffset() === offsetMinutes(at, zone);
    }
    agreement.set(zone, agrees);
  }
  return agrees;
}

let browserZone: string | null | undefined;

/**
 * The browser's own zone, or null when it reports none usable. When its clock keeps the offsets of
 * `known` (the zone the server rendered in), that is the answer: asking the browser for its zone's
 * name starts Intl, 50–100 ms of one core (domain/time-zones.ts), which only a visitor whose zone
 * really differs then pays. The name is read once: every render asks.
 */
export function browserTimeZone(known: string): string | null {
  if (browserKeepsOffsetsOf(known)) return known;
  if (browserZone !== undefined) return browserZone;
  try {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    browserZone = isValidTimeZone(zone) ? zone : null;
  } catch {
    browserZone = null;
  }
  return browserZone;
}

function writeTimeZoneCookie(timeZone: string): void {
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/**
 * The zone to render times in. The first render uses the server's zone (so
 * hydration matches); then, unless the address fixes the zone with `?tz=`,
 * the browser's zone takes over and is remembered in the cookie. When the
 * server rendered in another zone, the loader runs again so the day's list
 * (and "today") follow the visitor's zone too.
 */
export function useVisitorTimeZone(server: { timeZone: string; source: TimeZoneSource }): string {
  const browser = useSyncExternalStore(
    subscribeNothing,
    () => browserTimeZone(server.timeZone) ?? server.timeZone,
    () => server.timeZone,
  );
  const revalidator = useRevalidator();
  const fixed = server.source === 'param';
  useEffect(() => {
    if (fixed || (browser === server.timeZone && server.source === 'cookie')) return;
    if (readCookie(document.cookie, TIME_ZONE_COOKIE) !== browser) writeTimeZoneCookie(browser);
    if (browser !== server.timeZone) void revalidator.revalidate();
    // Runs again only when the server's answer changes (a navigation or a revalidation).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [browser, server.timeZone, server.source]);
  return fixed ? server.timeZone : browser;
}

/** The browser's zone does not change while a page is open (a reload picks up a new one). */
function subscribeNothing(): () => void {
  return () => {};
}
