import { z } from 'zod';
import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { competitionCodeSchema, parseParams } from '../lib/params.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/league';

export function loader({ params }: Route.LoaderArgs) {
  const { id } = parseParams(z.object({ id: competitionCodeSchema.optional() }), params);
  return { id: id ?? null };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle = {
  breadcrumb: (data) => ((data as LoaderData | undefined)?.id ? `Competition ${(data as LoaderData).id}` : 'Leagues'),
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.id ? `Competition ${args.loaderData.id}` : 'Leagues and competitions',
    description: 'Standings, fixtures, results and top scorers.',
  });

export default function LeaguePage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.id) {
    return (
      <>
        <PageHeader title="Leagues and competitions" />
        <ComingSoon title="All competitions">
          Every league and cup the site follows, grouped by country and region, each with its current season.
        </ComingSoon>
      </>
    );
  }
  return (
    <>
      <PageHeader title={`Competition ${loaderData.id}`} />
      <div className="grid gap-4 md:grid-cols-2">
        <ComingSoon title="Summary">The leader, the latest results, the next fixtures and the top scorers.</ComingSoon>
        <ComingSoon title="Standings">
          The table overall, at home and away, with recent form, as it stood on any date, and as it stands while matches are live.
        </ComingSoon>
        <ComingSoon title="Fixtures">Upcoming matches by round, with kick-off times in your time zone.</ComingSoon>
        <ComingSoon title="Results">Finished matches with their scores, newest first, and a season switcher.</ComingSoon>
      </div>
    </>
  );
}
