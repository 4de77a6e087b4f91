// Today's most important matches (issue #5): the matches staff pinned first, in
// their order and with their labels (issue #20), then the automatic choice —
// live ones first, then the bigger competition, then the clash nearer the top
// of its league table (server/modules/football/hot-matches.service.ts).
import { useMemo } from 'react';
import { PageHeader } from '../components/page-header.tsx';
import { formatDay } from '../features/match-list/dates.ts';
import { visitorSettings } from '../features/match-list/day.server.ts';
import type { FeaturedMatchesProps } from '../features/match-list/featured-matches.tsx';
import { EmptyState, SpoilerToggle, useListView, CompetitionGroups } from '../features/match-list/match-list.tsx';
import { deferred } from '../lib/loading/deferred.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import { localDateIn } from '../lib/time/time-zone.ts';
import { useLiveScores } from '../lib/live/use-live.ts';
import type { Route } from './+types/hot-match-today';
import { getServices } from '../../server/router-context.server.ts';

// Rendered by the server; its code loads after the page's (the first-load budget, server/page-budgets.test.ts).
const FeaturedMatches = deferred<FeaturedMatchesProps>(
  async () => (await import('../features/match-list/featured-matches.tsx')).FeaturedMatches,
);

export const handle = { breadcrumb: 'Hot matches today' };

const HOT_LIMIT = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { timeZone, timeZoneSource, spoilerSafe } = visitorSettings(request);
  const today = localDateIn(new Date(), timeZone);
  const { hotMatches, live } = getServices(context);
  const position = await live.position();
  const hot = await hotMatches.listHotMatches({ date: today, timeZone, limit: HOT_LIMIT, tablePositions: true });
  return { timeZone, timeZoneSource, spoilerSafe, position, today, ...hot };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Hot matches today',
    description: "Today's most important football matches, live ones first.",
  });

export default function HotMatchToday({ loaderData }: Route.ComponentProps) {
  const view = useListView(loaderData);
  const matches = useLiveScores(loaderData.matches, loaderData.position);
  // Memoised: each list redraws only when its matches change.
  const featured = useMemo(() => matches.slice(0, loaderData.pinned), [matches, loaderData.pinned]);
  const ranked = useMemo(() => matches.slice(loaderData.pinned), [matches, loaderData.pinned]);
  // The ranking is the server's: list every match under its competition in rank order.
  const order = useMemo(() => [...new Set(ranked.map((match) => match.competition.code))], [ranked]);
  return (
    <>
      <PageHeader title="Hot matches today">
        The day&apos;s biggest games: our picks first, then live matches, the top competitions and top-of-table clashes.
      </PageHeader>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">{formatDay(loaderData.today)}</p>
        <SpoilerToggle spoiler={view.spoiler} />
      </div>
      {matches.length > 0 ? (
        <div className="space-y-4">
          {featured.length > 0 ? (
            <FeaturedMatches listId="hot-featured" matches={featured} labels={loaderData.labels} view={view} headingLevel={2} />
          ) : null}
          <CompetitionGroups listId="hot" matches={ranked} competitionOrder={order} view={view} headingLevel={2} />
        </div>
      ) : (
        <EmptyState>
          No matches today in the competitions this site follows. Check the fixtures for other dates on the home page.
        </EmptyState>
      )}
    </>
  );
}
