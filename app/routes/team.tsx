// A team's page (issue #5): next match, form and recent results, fixtures,
// its place in the current season's tables, squad where known, and the
// head-to-head record with the next (or last) opponent.
import { data } from 'react-router';
import { z } from 'zod';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { isLive, isToCome } from '../../domain/match-status.ts';
import { compareIso } from '../../domain/time-zones.ts';
import { TeamPage, type TablePosition } from '../features/team/team-page.tsx';
import { numericIdSchema, parseParams } from '../lib/routing/params.ts';
import type { RouteHandle } from '../lib/routing/route-handle.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import { spoilerSettingFromCookie } from '../lib/preferences/spoiler.ts';
import { resolveTimeZone } from '../lib/time/time-zone.ts';
import type { Route } from './+types/team';
import { deferred } from '../lib/loading/deferred.tsx';
import type { SearchResultsPageProps } from '../features/search/search-results.tsx';
import { getServices } from '../../server/router-context.server.ts';

// The search page (/team without an id) shares this route: its code loads only when it is shown.
const SearchResultsPage = deferred<SearchResultsPageProps>(
  async () => (await import('../features/search/search-results.tsx')).SearchResultsPage,
);

const RECENT = 15;
const UPCOMING = 10;
/** Tables shown: the current seasons of the competitions the team plays in, most recent first. */
const MAX_TABLES = 3;
/** A match that kicked off this long ago may still be on (extra time, penalties, delays). */
const STILL_ON_MS = 4 * 60 * 60 * 1000;

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** Live, or still to come: a past match that never got a result is listed with the results (issue #19). */
const upcoming = (match: MatchSummary, now: number) => isLive(match.status) || isToCome(match, now);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { id } = parseParams(z.object({ id: numericIdSchema.optional() }), params);
  if (id === undefined) {
    // The team index is the search results page (app/features/search): `?q=` names teams and competitions.
    const query = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
    return {
      id: null,
      page: null,
      search: { query, result: query ? await getServices(context).football.search(query, 50) : null },
    };
  }
  const { football, live } = getServices(context);
  // The position first: whatever happens after it reaches the page over the live stream.
  const position = await live.position();
  try {
    const team = await football.getTeam(id);
    const now = Date.now();
    const [past, future, squad] = await Promise.all([
      football.listTeamMatches(id, { to: new Date(now), order: 'desc', limit: RECENT + 5 }),
      football.listTeamMatches(id, { from: new Date(now - STILL_ON_MS), order: 'asc', limit: UPCOMING + 5 }),
      football.getSquad(id),
    ]);
    const byId = new Map([...past, ...future].map((match) => [match.id, match]));
    const all = [...byId.values()];
    const fixtures = all
      .filter((match) => upcoming(match, now))
      .sort((a, b) => compareIso(a.kickoffAt, b.kickoffAt))
      .slice(0, UPCOMING);
    const results = all
      .filter((match) => !upcoming(match, now))
      .sort((a, b) => compareIso(b.kickoffAt, a.kickoffAt))
      .slice(0, RECENT);

    // League positions: the current season of each competition the team has played in lately.
    const seasons = new Map<string, string>();
    for (const match of [...results, ...fixtures])
      if (!seasons.has(match.competition.code)) seasons.set(match.competition.code, match.season);
    const tables: TablePosition[] = [];
    for (const [code, seasonCode] of [...seasons.entries()].slice(0, MAX_TABLES)) {
      const competition = await football.getCompetition(code);
      if (competition.currentSeason?.code !== seasonCode) continue;
      const standings = await football.getStandings({ code, season: seasonCode });
      const index = standings.rows.findIndex((row) => row.team.id === id);
      if (index < 0) continue;
      tables.push({
        competition: { code, name: competition.name, kind: competition.kind },
        season: seasonCode,
        size: standings.rows.length,
        row: standings.rows[index] as (typeof standings.rows)[number],
        // The team and two places either side.
        around: standings.rows.slice(Math.max(0, index - 2), index + 3),
      });
    }

    // Head-to-head with the next opponent, or the last one when nothing is scheduled.
    const reference = fixtures[0] ?? results[0];
    const opponentId = reference ? (reference.home.id === id ? reference.away.id : reference.home.id) : null;
    const headToHead = opponentId === null ? null : await football.getHeadToHead(id, opponentId);
    return {
      id,
      page: {
        team,
        fixtures,
        results,
        tables,
        squad,
        headToHead: headToHead
          ? { ...headToHead, matches: headToHead.matches.slice(0, 5), next: fixtures[0] !== undefined }
          : null,
        position,
        timeZone: resolveTimeZone(new URL(request.url), request.headers.get('cookie')).timeZone,
        spoiler: spoilerSettingFromCookie(request.headers.get('cookie')),
      },
    };
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFoundError') throw notFound();
    throw error;
  }
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle = {
  breadcrumb: (loaderData) => (loaderData as LoaderData | undefined)?.page?.team.name ?? 'Teams',
};

export const meta: Route.MetaFunction = (args) => {
  const team = args.loaderData?.page?.team;
  if (!team) {
    const query = args.loaderData?.search?.query;
    return pageMeta(args, {
      title: query ? `Search: ${query}` : 'Find a team or competition',
      description: 'Search every team and competition the site follows: fixtures, results, form, tables and squads.',
      // A results page is not a page to index; the empty index is.
      noIndex: Boolean(query),
    });
  }
  return pageMeta(args, {
    title: team.name,
    description: `${team.name}: next match, results and form, fixtures, league position and squad.`,
  });
};

export default function TeamRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.page)
    return <SearchResultsPage query={loaderData.search?.query ?? ''} result={loaderData.search?.result ?? null} />;
  return <TeamPage {...loaderData.page} />;
}
