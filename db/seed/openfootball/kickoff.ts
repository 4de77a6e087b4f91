// Kick-off times: openfootball gives the local date and time with no zone
// ("15:00"), or with an explicit one ("13:00 UTC-6", "20:45 CET"). We store
// UTC, converting local times with the platform's time-zone database (Intl,
// no date library) and a zone per competition.

import { offsetMinutes as offsetAt } from '../../../domain/time-zones.ts';

/** Most matches share a handful of kick-off slots: each (date, time, zone) is converted once. */
const converted = new Map<string, string>();

function localToUtcIso(date: string, time: string, timeZone: string): string {
  const key = `${date}|${time}|${timeZone}`;
  let iso = converted.get(key);
  if (iso === undefined) {
    iso = zonedTimeToUtc(date, time, timeZone).toISOString();
    converted.set(key, iso);
  }
  return iso;
}

const HOUR = 3_600_000;

/** A zone's offset on a local day when it is the same all day long (no daylight-saving change near it), else null. */
const dayOffsets = new Map<string, number | null>();

function steadyOffset(dayStart: number, timeZone: string, key: string): number | null {
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    // No zone is more than 14 hours from UTC: these two instants bracket the whole local day.
    const before = offsetAt(dayStart - 14 * HOUR, timeZone);
    offset = before === offsetAt(dayStart + 38 * HOUR, timeZone) ? before : null;
    dayOffsets.set(key, offset);
  }
  return offset;
}

/** The UTC instant of a local date ("2023-12-26") and time ("15:00") in an IANA zone. */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const dateParts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeParts = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!dateParts || !timeParts)
    throw new Error(`zonedTimeToUtc: expected YYYY-MM-DD and HH:MM, got "${date}" "${time}"`);
  const dayStart = Date.UTC(Number(dateParts[1]), Number(dateParts[2]) - 1, Number(dateParts[3]));
  const wallClock = dayStart + Number(timeParts[1]) * HOUR + Number(timeParts[2]) * 60_000;
  const steady = steadyOffset(dayStart, timeZone, `${timeZone}|${date}`);
  if (steady !== null) return new Date(wallClock - steady * 60_000);
  // On a day the clocks change, the offset at the wall-clock time read as UTC
  // can be an hour off; a second pass with the first guess settles it.
  const firstGuess = wallClock - offsetAt(wallClock, timeZone) * 60_000;
  return new Date(wallClock - offsetAt(firstGuess, timeZone) * 60_000);
}

/**
 * The zone a competition's times are written in. Leagues: the country's zone.
 * Where a country spans several zones the capital's is an approximation
 * (mls: America/New_York; au.1: Australia/Sydney; br.*: America/Sao_Paulo;
 * mx.1: America/Mexico_City). uefa.cl writes every match in CET/CEST
 * (Liverpool–PSG at Anfield is "21:00"). The Club World Cup 2025 (USA) is
 * written in US Eastern time. World Cups: 2014, 2018 and 2026 carry explicit
 * offsets; 2022 is Qatar time. Euro times are CET/CEST (Euro 2020 was played
 * across Europe, written in CEST). copa.l is written in each home team's local
 * time: see HOME_COUNTRY_TIME_ZONES.
 */
const COMPETITION_TIME_ZONES: Readonly<Record<string, string>> = {
  en: 'Europe/London',
  sco: 'Europe/London',
  es: 'Europe/Madrid',
  de: 'Europe/Berlin',
  it: 'Europe/Rome',
  fr: 'Europe/Paris',
  nl: 'Europe/Amsterdam',
  pt: 'Europe/Lisbon',
  at: 'Europe/Vienna',
  be: 'Europe/Brussels',
  tr: 'Europe/Istanbul',
  gr: 'Europe/Athens',
  au: 'Australia/Sydney',
  dz: 'Africa/Algiers',
  eg: 'Africa/Cairo',
  ma: 'Africa/Casablanca',
  mx: 'America/Mexico_City',
  ar: 'America/Argentina/Buenos_Aires',
  br: 'America/Sao_Paulo',
  cn: 'Asia/Shanghai',
  co: 'America/Bogota',
  jp: 'Asia/Tokyo',
  mls: 'America/New_York',
  'uefa.cl': 'Europe/Paris',
  euro: 'Europe/Berlin',
  'world.clubcup': 'America/New_York',
  'world.cup.quali': 'Europe/Paris',
  'world.cup:2014': 'America/Sao_Paulo',
  'world.cup:2018': 'Europe/Moscow',
  'world.cup:2022': 'Asia/Qatar',
  'world.cup:2026': 'America/New_York',
};

/** copa.l: the home team's country tag ("(ARG)") gives the zone. */
const HOME_COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  ARG: 'America/Argentina/Buenos_Aires',
  BOL: 'America/La_Paz',
  BRA: 'America/Sao_Paulo',
  CHI: 'America/Santiago',
  COL: 'America/Bogota',
  ECU: 'America/Guayaquil',
  PAR: 'America/Asuncion',
  PER: 'America/Lima',
  URU: 'America/Montevideo',
  VEN: 'America/Caracas',
};

/** Competitions whose times are each home team's local time. */
const HOME_TIME_COMPETITIONS = new Set(['copa.l']);

/** The zone of a match's local time. Throws for a competition we have no zone for. */
export function timeZoneFor(competitionCode: string, seasonCode: string, homeCountry: string | null): string {
  if (HOME_TIME_COMPETITIONS.has(competitionCode)) {
    const zone = homeCountry ? HOME_COUNTRY_TIME_ZONES[homeCountry] : undefined;
    if (zone) return zone;
    throw new Error(
      `openfootball: no time zone for a ${competitionCode} home team from "${homeCountry ?? '(no country tag)'}" (add it to HOME_COUNTRY_TIME_ZONES)`,
    );
  }
  const zone =
    COMPETITION_TIME_ZONES[`${competitionCode}:${seasonCode}`] ??
    COMPETITION_TIME_ZONES[competitionCode] ??
    COMPETITION_TIME_ZONES[competitionCode.split('.')[0] ?? ''];
  if (zone) return zone;
  throw new Error(
    `openfootball: no time zone for competition "${competitionCode}" (add it to COMPETITION_TIME_ZONES in db/seed/openfootball/kickoff.ts)`,
  );
}

/** Fixed offsets written as abbreviations in the 2026 qualifying play-offs file. */
const ZONE_ABBREVIATIONS: Readonly<Record<string, number>> = {
  GMT: 0,
  UTC: 0,
  WET: 0,
  BST: 60,
  WEST: 60,
  CET: 60,
  CEST: 120,
  EET: 120,
  EEST: 180,
  MSK: 180,
};

export interface SourceTime {
  hour: number;
  minute: number;
  /** Minutes east of UTC when the source names the offset; null means "local time of the competition's zone". */
  offsetMinutes: number | null;
}

/** "20:00", "9:30", "13:00 UTC-6", "19:45 UTC±0", "20:45 CEST", "17:00 UTC+5:30". */
export function parseSourceTime(text: string): SourceTime {
  const match = /^(\d{1,2}):(\d{2})(?:\s+(.+))?$/.exec(text.trim());
  if (!match) throw new Error(`openfootball: unreadable kick-off time "${text}"`);
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) throw new Error(`openfootball: impossible kick-off time "${text}"`);
  const zone = match[3];
  if (zone === undefined) return { hour, minute, offsetMinutes: null };
  const utc = /^UTC\s*([+\-±−])\s*(\d{1,2})(?::?(\d{2}))?$/.exec(zone);
  if (utc) {
    const sign = utc[1] === '-' || utc[1] === '−' ? -1 : 1;
    return { hour, minute, offsetMinutes: sign * (Number(utc[2]) * 60 + Number(utc[3] ?? 0)) };
  }
  const abbreviation = ZONE_ABBREVIATIONS[zone];
  if (abbreviation !== undefined) return { hour, minute, offsetMinutes: abbreviation };
  throw new Error(`openfootball: unknown time zone "${zone}" in kick-off time "${text}"`);
}

export interface Kickoff {
  kickoffAt: string;
  timeKnown: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The UTC kick-off of a source date and optional time. With no time the
 * kick-off is unknown: we store noon local time as a placeholder (so the match
 * still falls on the right local day) and `kickoff_time_known = 0`.
 */
export function toKickoff(date: string, time: string | undefined, timeZone: string): Kickoff {
  if (time === undefined) return { kickoffAt: localToUtcIso(date, '12:00', timeZone), timeKnown: false };
  const parsed = parseSourceTime(time);
  const local = `${pad(parsed.hour)}:${pad(parsed.minute)}`;
  if (parsed.offsetMinutes === null) return { kickoffAt: localToUtcIso(date, local, timeZone), timeKnown: true };
  const wallClock = Date.parse(`${date}T${local}:00Z`);
  return { kickoffAt: new Date(wallClock - parsed.offsetMinutes * 60_000).toISOString(), timeKnown: true };
}
