// Every match in play now (issue #5), grouped by sport (football is the only
// one) and competition, updating live. On-demand replays are listed too, each
// labelled "Replay": this page is "everything running now".
import { PageHeader } from '../components/page-header.tsx';
import { visitorSettings } from '../features/match-list/day.server.ts';
import { CompetitionGroups, EmptyState, SpoilerToggle, useListView } from '../features/match-list/match-list.tsx';
import { LiveDelaySetting } from '../features/preferences/live-delay-setting.tsx';
import { useRefreshOnNewLive } from '../features/match-list/use-new-live.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import { useLiveScores } from '../lib/live/use-live.ts';
import type { Route } from './+types/live-sports';
import { getServices } from '../../server/router-context.server.ts';

export const handle = { breadcrumb: 'Live' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { timeZone, timeZoneSource, spoilerSafe } = visitorSettings(request);
  const { football, live } = getServices(context);
  const position = await live.position();
  const [matches, competitions] = await Promise.all([
    football.listLiveMatches(new Date(), { onDemandReplays: true }),
    football.listCompetitions(),
  ]);
  return {
    timeZone,
    timeZoneSource,
    spoilerSafe,
    position,
    matches,
    competitionOrder: competitions.map((competition) => competition.code),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Live sports', description: 'Every match being played right now, with live scores.' });

export default function LiveSports({ loaderData }: Route.ComponentProps) {
  const view = useListView(loaderData);
  const matches = useLiveScores(loaderData.matches, loaderData.position);
  useRefreshOnNewLive(loaderData.matches, loaderData.position);
  return (
    <>
      <PageHeader title="Live now">Every match being played right now, grouped by sport and competition.</PageHeader>
      <div className="mb-4 flex flex-wrap items-center justify-end gap-3">
        <LiveDelaySetting />
        <SpoilerToggle spoiler={view.spoiler} />
      </div>
      <section aria-labelledby="football-live-heading">
        <h2 id="football-live-heading" className="mb-2 text-lg font-semibold">
          Football{' '}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-400">({matches.length} live)</span>
        </h2>
        {matches.length > 0 ? (
          <CompetitionGroups
            listId="live"
            matches={matches}
            competitionOrder={loaderData.competitionOrder}
            view={view}
          />
        ) : (
          <EmptyState>
            No match is being played right now. Matches appear here as soon as they kick off, without reloading the
            page.
          </EmptyState>
        )}
      </section>
    </>
  );
}
