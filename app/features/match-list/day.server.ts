// What a "matches by date" page loads (home and the sport hub, issue #5): the
// visitor's zone and date, the day's matches, what is live now, and the
// competitions in order of importance. The live stream's position is read
// first, so anything that happens after it reaches the page over the stream.
import type { RouterContextProvider } from 'react-router';
import type { Competition, MatchSummary } from '../../../domain/football-contracts.ts';
import { spoilerSettingFromCookie, type SpoilerSetting } from '../../lib/preferences/spoiler.ts';
import { localDateIn, resolveTimeZone, type TimeZoneSource } from '../../lib/time/time-zone.ts';
import { parseDateParam } from './dates.ts';
import { getServices } from '../../../server/router-context.server.ts';

export interface DayListData {
  timeZone: string;
  timeZoneSource: TimeZoneSource;
  /** The date shown, and today, both in the visitor's zone. */
  date: string;
  today: string;
  matches: MatchSummary[];
  live: MatchSummary[];
  competitions: Competition[];
  spoilerSafe: SpoilerSetting;
  position: number | null;
  /** The `?date=` the visitor asked for when it was not a date we can show (today is shown instead). */
  refusedDate: string | null;
}

/** The page's zone and spoiler setting, from the address and the cookies. */
export function visitorSettings(request: Request) {
  const url = new URL(request.url);
  const cookie = request.headers.get('cookie');
  const zone = resolveTimeZone(url, cookie);
  return { url, timeZone: zone.timeZone, timeZoneSource: zone.source, spoilerSafe: spoilerSettingFromCookie(cookie) };
}

export async function loadDayList(request: Request, context: Readonly<RouterContextProvider>): Promise<DayListData> {
  const { url, timeZone, timeZoneSource, spoilerSafe } = visitorSettings(request);
  const now = new Date();
  const today = localDateIn(now, timeZone);
  const asked = url.searchParams.get('date');
  const parsed = parseDateParam(asked);
  const date = parsed ?? today;
  // Issue #19: a date that is not one (`?date=not-a-date`) shows today, and says so rather than silently.
  const refusedDate = asked !== null && asked !== '' && parsed === null ? asked.slice(0, 40) : null;
  const { football, live } = getServices(context);
  const position = await live.position();
  const [matches, liveNow, competitions] = await Promise.all([
    football.listMatchesOnDay(date, timeZone),
    football.listLiveMatches(now),
    football.listCompetitions(),
  ]);
  return { timeZone, timeZoneSource, date, today, matches, live: liveNow, competitions, spoilerSafe, position, refusedDate };
}
