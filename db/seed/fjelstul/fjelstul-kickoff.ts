// Kick-off in UTC. matches.csv gives the local date and time of each match and
// the city and country it was played in, no zone. Each host country has one IANA
// zone, and the cities of hosts that span several zones (Brazil, the United
// States, Russia, Argentina) have their own. The platform's time-zone database
// (Intl) knows each zone's historical offsets and daylight-saving rules
// (Montevideo at UTC−3:30 in 1930, British Summer Time in 1966, no daylight
// saving in Mexico in 1970 and 1986), so a local time converts as it was then.
import { zonedTimeToUtc } from '../../../domain/time-zones.ts';

/** Host country → zone of its capital (or of the only zone it has). */
const HOST_TIME_ZONES: Readonly<Record<string, string>> = {
  Uruguay: 'America/Montevideo',
  Italy: 'Europe/Rome',
  France: 'Europe/Paris',
  Brazil: 'America/Sao_Paulo',
  Switzerland: 'Europe/Zurich',
  Sweden: 'Europe/Stockholm',
  Chile: 'America/Santiago',
  England: 'Europe/London',
  Mexico: 'America/Mexico_City',
  Germany: 'Europe/Berlin',
  Argentina: 'America/Argentina/Buenos_Aires',
  Spain: 'Europe/Madrid',
  'United States': 'America/New_York',
  'South Korea': 'Asia/Seoul',
  Japan: 'Asia/Tokyo',
  'South Africa': 'Africa/Johannesburg',
  Russia: 'Europe/Moscow',
  Qatar: 'Asia/Qatar',
};

/** Host cities whose zone is not the capital's. */
const CITY_TIME_ZONES: Readonly<Record<string, string>> = {
  'Brazil|Manaus': 'America/Manaus',
  'Brazil|Cuiabá': 'America/Cuiaba',
  'Brazil|Recife': 'America/Recife',
  'Brazil|Fortaleza': 'America/Fortaleza',
  'Brazil|Natal': 'America/Fortaleza',
  'Brazil|Salvador': 'America/Bahia',
  'United States|Pasadena': 'America/Los_Angeles',
  'United States|Stanford': 'America/Los_Angeles',
  'United States|Dallas': 'America/Chicago',
  'United States|Chicago': 'America/Chicago',
  'United States|Pontiac': 'America/Detroit',
  'Russia|Kaliningrad': 'Europe/Kaliningrad',
  'Russia|Samara': 'Europe/Samara',
  'Russia|Yekaterinburg': 'Asia/Yekaterinburg',
  'Russia|Volgograd': 'Europe/Volgograd',
  'Argentina|Córdoba': 'America/Argentina/Cordoba',
  'Argentina|Mendoza': 'America/Argentina/Mendoza',
  'Mexico|Monterrey': 'America/Monterrey',
};

/** The zone a match's local time was written in; throws for a host country we have no zone for. */
export function hostTimeZone(country: string, city: string): string {
  const zone = CITY_TIME_ZONES[`${country}|${city}`] ?? HOST_TIME_ZONES[country];
  if (zone === undefined)
    throw new Error(
      `no time zone for matches played in ${city}, ${country} (add it to HOST_TIME_ZONES in db/seed/fjelstul/fjelstul-kickoff.ts)`,
    );
  return zone;
}

/** Matches share days and kick-off slots: each (date, time, zone) is converted once. */
const converted = new Map<string, string>();

/** The UTC instant (ISO string) of a local date ("1966-07-30") and time ("15:00") in a host city. */
export function kickoffUtc(date: string, time: string, country: string, city: string): string {
  const zone = hostTimeZone(country, city);
  const key = `${date}|${time}|${zone}`;
  let iso = converted.get(key);
  if (iso === undefined) {
    iso = zonedTimeToUtc(date, time, zone).toISOString();
    converted.set(key, iso);
  }
  return iso;
}
