// The question home's Following section asks GET /api/following (issue #19):
// the device's favourites as a query string. Ids and codes are sorted, so the
// same follows give the same address and the API's shared cache and ETag serve
// them; a list longer than the API takes is cut in the order they were starred.
import { FOLLOWING_LIMIT } from '../../../domain/following.ts';
import { compareIso } from '../../../domain/time-zones.ts';
import type { Favourites } from '../../lib/preferences/favourites.ts';

/** `teams=…&competitions=…&matches=…` for what is followed; '' when nothing is. */
export function followingQuery(favourites: Favourites): string {
  const teams = [...new Set(favourites.teams)].slice(0, FOLLOWING_LIMIT).sort((a, b) => a - b);
  // Codes are plain lower-case ASCII (en.1, euro): their text order is enough.
  const competitions = [...new Set(favourites.competitions)].slice(0, FOLLOWING_LIMIT).sort(compareIso);
  const matches = [...new Set(favourites.matches)].slice(0, FOLLOWING_LIMIT).sort((a, b) => a - b);
  const parts: string[] = [];
  if (teams.length > 0) parts.push(`teams=${teams.join(',')}`);
  if (competitions.length > 0) parts.push(`competitions=${competitions.map(encodeURIComponent).join(',')}`);
  if (matches.length > 0) parts.push(`matches=${matches.join(',')}`);
  return parts.join('&');
}
