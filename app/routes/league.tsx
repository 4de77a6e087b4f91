// A competition's page (issue #5): summary, table (overall/home/away, form, on
// any date, as it stands while matches are live), results, fixtures, top
// scorers and top teams, for any season. Server-rendered; works without JS.
import { data } from 'react-router';
import { z } from 'zod';
import type { MatchSummary, Standings } from '../../domain/football-contracts.ts';
import { isLive, isToCome } from '../../domain/match-status.ts';
import { isCalendarDate } from '../../domain/time-zones.ts';
import { buildBracket } from '../../domain/bracket.ts';
import { LeaguePage } from '../features/league/league-page.tsx';
import { groupByRound } from '../features/league/match-groups.tsx';
import { competitionCodeSchema, parseParams } from '../lib/routing/params.ts';
import type { RouteHandle } from '../lib/routing/route-handle.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import { spoilerSettingFromCookie } from '../lib/preferences/spoiler.ts';
import { resolveTimeZone } from '../lib/time/time-zone.ts';
import type { Route } from './+types/league';
import { getServices } from '../../server/router-context.server.ts';

/** Rounds of results (newest) and fixtures (next) listed unless every round is asked for. */
const ROUNDS_SHOWN = 5;

const querySchema = z.object({
  season: z
    .string()
    .regex(/^\d{4}(?:-\d{2})?$/)
    .optional(),
  view: z.enum(['overall', 'home', 'away']).optional(),
  // One of the season's tables (a split group, a cup's group); the main table when absent.
  phase: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(60)
    .optional(),
  // An empty date field submits `asOf=`: the table as it stands today.
  asOf: z
    .string()
    .refine((value) => value === '' || isCalendarDate(value))
    .optional(),
  rounds: z.literal('all').optional(),
  // A demo replay of one of the season's matches: the table as it stood at that kick-off, with the replay's score.
  replay: z
    .string()
    .regex(/^[1-9]\d{0,11}$/)
    .transform(Number)
    .optional(),
  // Spoiler-safe mode: "Reveal" shows this page's scores, table and scorers (a link, so it works without JavaScript).
  reveal: z.literal('1').optional(),
});

/** How a split group's table started from the regular season (domain/competitions.ts `splits`). */
const CARRY_OVER_NOTES: Record<'full' | 'halfRoundedDown' | 'halfRoundedUp', string> = {
  full: 'Every point of the regular season carried over into this group.',
  halfRoundedDown:
    'This group started from half the regular-season points, rounded down; a club that lost half a point in the rounding ranks above a club level on points.',
  halfRoundedUp:
    'This group started from half the regular-season points, rounded up; a club that gained half a point in the rounding ranks below a club level on points.',
};

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** A played match, or one long past whose result our data lacks (issue #19): not live and not to come. */
function isResult(match: MatchSummary, now: number): boolean {
  return !isLive(match.status) && !isToCome(match, now);
}

/** The matches of the newest (results) or next (fixtures) `count` rounds. */
function latestRounds(
  matches: MatchSummary[],
  order: 'asc' | 'desc',
  count: number | null,
): { shown: MatchSummary[]; more: boolean } {
  const groups = groupByRound(matches, order);
  const kept = count === null ? groups : groups.slice(0, count);
  return { shown: kept.flatMap((group) => group.matches), more: kept.length < groups.length };
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { id } = parseParams(z.object({ id: competitionCodeSchema }), params);
  const query = parseParams(querySchema, Object.fromEntries(new URL(request.url).searchParams));
  const { football, live } = getServices(context);
  // The position first: whatever happens after it reaches the page over the live stream.
  const position = await live.position();
  try {
    const competition = await football.getCompetition(id);
    const season = query.season
      ? competition.seasons.find((candidate) => candidate.code === query.season)
      : competition.seasons[0];
    if (!season) throw notFound();
    const view = query.view ?? 'overall';
    const asOf = query.asOf || undefined;
    const all = await football.listSeasonMatches(id, season.code, {});
    const anyLive = all.some((match) => isLive(match.status));
    const replay = query.replay === undefined || asOf ? null : await football.getMatch(query.replay);
    if (replay && !replay.replayOf) throw notFound();
    const [standings, overallNow, scorers] = await Promise.all([
      football.getStandings({
        code: id,
        season: season.code,
        view,
        asOf,
        live: anyLive,
        phase: query.phase,
        replay: replay?.id,
      }),
      view === 'overall' && !asOf && !query.phase
        ? null
        : football.getStandings({ code: id, season: season.code, live: anyLive }),
      football.getTopScorers(id, season.code, 10),
    ]);
    const allRounds = query.rounds === 'all';
    const now = Date.now();
    const results = latestRounds(all.filter((match) => isResult(match, now)), 'desc', allRounds ? null : ROUNDS_SHOWN);
    const fixtures = latestRounds(
      all.filter((match) => isToCome(match, now)),
      'asc',
      allRounds ? null : ROUNDS_SHOWN,
    );
    const liveNow = all.filter((match) => isLive(match.status));
    const carryOver = standings.phases?.slice(1).find((candidate) => candidate.code === standings.phase)?.carryOver;
    const cookie = request.headers.get('cookie');
    return {
      page: {
        competition: {
          code: competition.code,
          name: competition.name,
          areaName: competition.areaName,
          kind: competition.kind,
        },
        seasons: competition.seasons.map(({ code, name }) => ({ code, name })),
        season,
        view,
        asOf: asOf ?? null,
        standings,
        /** The overall table today, when the table shown is another view or date (summary, top teams). */
        overall: overallNow satisfies Standings | null,
        // A replay is listed first: its score events keep its table current.
        matches: [...(replay ? [replay] : []), ...liveNow, ...results.shown, ...fixtures.shown],
        replay,
        moreRounds: results.more || fixtures.more,
        // A tournament's knockout rounds as a bracket (issue #19), from every match of the season.
        bracket: competition.kind === 'cup' ? buildBracket(all) : [],
        allRounds,
        scorers: scorers.scorers,
        position,
        timeZone: resolveTimeZone(new URL(request.url), cookie).timeZone,
        carryOverNote: carryOver ? CARRY_OVER_NOTES[carryOver] : null,
        spoiler: spoilerSettingFromCookie(cookie),
        revealed: query.reveal === '1',
      },
    };
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFoundError') throw notFound();
    throw error;
  }
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle = {
  breadcrumb: (loaderData) => (loaderData as LoaderData | undefined)?.page.competition.name ?? 'League',
};

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData?.page;
  if (!page) return pageMeta(args);
  const { competition, season } = page;
  return pageMeta(args, {
    // A past season is its own page (and in sitemap.xml); the newest is the plain URL.
    ...(season.code === page.seasons[0]?.code ? {} : { canonicalQuery: { season: season.code } }),
    title: `${competition.name} ${season.code} table`,
    description: `${competition.name} ${season.code}: the table overall, at home and away, form, results, fixtures and top scorers.`,
  });
};

export default function LeagueRoute({ loaderData }: Route.ComponentProps) {
  return <LeaguePage {...loaderData.page} />;
}
