// JSON-LD for search engines (spec: SEO): a match page describes its match as
// a schema.org SportsEvent. schema.org gives an event no score property, so
// none is invented here; the status uses its EventStatusType values (a match
// being played or over was held as scheduled).
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import { describeRound } from '../../../domain/match-order.ts';

const EVENT_STATUS: Record<MatchSummary['status'], string> = {
  scheduled: 'EventScheduled',
  live: 'EventScheduled',
  'half-time': 'EventScheduled',
  finished: 'EventScheduled',
  awarded: 'EventScheduled',
  postponed: 'EventPostponed',
  cancelled: 'EventCancelled',
  abandoned: 'EventCancelled',
};

function sportsTeam(team: MatchSummary['home'], baseUrl: string) {
  return { '@type': 'SportsTeam', name: team.name, url: new URL(`/team/${team.id}`, baseUrl).href };
}

/** The SportsEvent of a match; `baseUrl` makes its links absolute. */
export function matchStructuredData(match: MatchSummary, baseUrl: string): Record<string, unknown> {
  const name = `${match.home.name} v ${match.away.name}`;
  const home = sportsTeam(match.home, baseUrl);
  const away = sportsTeam(match.away, baseUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name,
    description: `${match.competition.name}${describeRound(match) ? `, ${describeRound(match)}` : ''}: ${name}.`,
    url: new URL(`/match/${match.id}`, baseUrl).href,
    sport: 'Football',
    // A kick-off whose time the data does not know is given as its date alone.
    startDate: match.kickoffTimeKnown ? match.kickoffAt : match.kickoffAt.slice(0, 10),
    eventStatus: `https://schema.org/${EVENT_STATUS[match.status]}`,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(match.venue ? { location: { '@type': 'Place', name: match.venue } } : {}),
    homeTeam: home,
    awayTeam: away,
    competitor: [home, away],
    superEvent: { '@type': 'SportsEvent', name: `${match.competition.name} ${match.season}`, url: new URL(`/league/${match.competition.code}`, baseUrl).href },
  };
}

/** JSON for a <script> element: `<` escaped so no text in the data can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
