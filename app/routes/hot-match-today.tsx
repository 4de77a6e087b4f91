// Today's most important matches (issue #5): live ones first, then the bigger
// competition, then the clash nearer the top of its league table.
import { useMemo } from 'react';
import { PageHeader } from '../components/page-header.tsx';
import { formatDay } from '../features/match-list/dates.ts';
import { visitorSettings } from '../features/match-list/day.server.ts';
import { rankHotMatches } from '../features/match-list/grouping.ts';
import { EmptyState, SpoilerToggle, useListView, CompetitionGroups } from '../features/match-list/match-list.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import { localDateIn } from '../lib/time/time-zone.ts';
import { useLiveScores } from '../lib/live/use-live.ts';
import type { Route } from './+types/hot-match-today';
import { getServices } from '../../server/router-context.server.ts';

export const handle = { breadcrumb: 'Hot matches today' };

const HOT_LIMIT = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { timeZone, timeZoneSource, spoilerSafe } = visitorSettings(request);
  const today = localDateIn(new Date(), timeZone);
  const { football, live } = getServices(context);
  const position = await live.position();
  const [matches, competitions] = await Promise.all([
    football.listMatchesOnDay(today, timeZone),
    football.listCompetitions(),
  ]);
  const order = competitions.map((competition) => competition.code);
  // League positions of the teams, for the leagues (not cups) playing today.
  const leagues = new Map(
    competitions
      .filter((competition) => competition.kind === 'league')
      .map((competition) => [competition.code, competition]),
  );
  const seasons = new Map<string, string>();
  for (const match of matches)
    if (leagues.has(match.competition.code)) seasons.set(match.competition.code, match.season);
  const positions = new Map<string, Map<number, number>>();
  await Promise.all(
    [...seasons].map(async ([code, season]) => {
      try {
        const table = await football.getStandings({ code, season });
        positions.set(code, new Map(table.rows.map((row) => [row.team.id, row.position])));
      } catch (error) {
        if (!(error instanceof Error && error.name === 'NotFoundError')) throw error;
      }
    }),
  );
  return {
    timeZone,
    timeZoneSource,
    spoilerSafe,
    position,
    today,
    competitionOrder: order,
    matches: rankHotMatches(matches, order, positions, HOT_LIMIT),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Hot matches today',
    description: "Today's most important football matches, live ones first.",
  });

export default function HotMatchToday({ loaderData }: Route.ComponentProps) {
  const view = useListView(loaderData);
  const matches = useLiveScores(loaderData.matches, loaderData.position);
  // The ranking is the server's: keep its order by listing every match under its competition in rank order.
  const order = useMemo(() => {
    const ranked = loaderData.matches.map((match) => match.competition.code);
    return [...new Set([...ranked, ...loaderData.competitionOrder])];
  }, [loaderData.matches, loaderData.competitionOrder]);
  return (
    <>
      <PageHeader title="Hot matches today">
        The day&apos;s biggest games: live matches first, then the top competitions and top-of-table clashes.
      </PageHeader>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">{formatDay(loaderData.today)}</p>
        <SpoilerToggle spoiler={view.spoiler} />
      </div>
      {matches.length > 0 ? (
        <CompetitionGroups listId="hot" matches={matches} competitionOrder={order} view={view} headingLevel={2} />
      ) : (
        <EmptyState>
          No matches today in the competitions this site follows. Check the fixtures for other dates on the home page.
        </EmptyState>
      )}
    </>
  );
}
