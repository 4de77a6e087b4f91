// Football highlights (issue #5). Video pages arrive with the media work; until
// then this lists the latest finished matches that have event data (timeline,
// stats, chalkboard), newest first, each linking to its match page.
import { PageHeader } from '../components/page-header.tsx';
import { formatDay } from '../features/match-list/dates.ts';
import { visitorSettings } from '../features/match-list/day.server.ts';
import { EmptyState, SpoilerToggle, useListView, CompetitionGroups } from '../features/match-list/match-list.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import { localDateIn } from '../lib/time/time-zone.ts';
import type { Route } from './+types/sport-highlights';
import { getServices } from '../../server/router-context.server.ts';

export const handle = { breadcrumb: 'Football highlights' };

const RECENT_LIMIT = 30;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { timeZone, timeZoneSource, spoilerSafe } = visitorSettings(request);
  const { football } = getServices(context);
  const matches = await football.listRecentMatchesWithEvents(RECENT_LIMIT);
  return { timeZone, timeZoneSource, spoilerSafe, matches };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Football highlights',
    description: 'The latest football matches with their timeline, stats and shot maps.',
  });

export default function SportHighlights({ loaderData }: Route.ComponentProps) {
  const view = useListView(loaderData);
  // One block per day, newest first; inside it, matches under their competition.
  const days = new Map<string, typeof loaderData.matches>();
  for (const match of loaderData.matches) {
    const day = localDateIn(new Date(match.kickoffAt), view.timeZone);
    days.set(day, [...(days.get(day) ?? []), match]);
  }
  return (
    <>
      <PageHeader title="Football highlights">
        Video highlights arrive soon. Meanwhile, these recent matches have their full story on the match page: timeline,
        stats and shot maps.
      </PageHeader>
      <div className="mb-4 flex justify-end">
        <SpoilerToggle spoiler={view.spoiler} />
      </div>
      {days.size > 0 ? (
        <div className="space-y-6">
          {[...days].map(([day, matches]) => (
            <section key={day} aria-labelledby={`day-${day}`}>
              <h2 id={`day-${day}`} className="mb-2 text-lg font-semibold">
                {formatDay(day)}
              </h2>
              <CompetitionGroups
                listId={`day-${day}`}
                matches={[...matches].reverse()}
                competitionOrder={[]}
                view={view}
              />
            </section>
          ))}
        </div>
      ) : (
        <EmptyState>No recent match has event data yet.</EmptyState>
      )}
    </>
  );
}
