// A sport's hub (issue #5): fixtures and results by date (the home page's
// list) and the sport's competitions. Football is the only sport for now.
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { DayView } from '../features/match-list/day-view.tsx';
import { loadDayList, type DayListData } from '../features/match-list/day.server.ts';
import { CompetitionLinks, useListView } from '../features/match-list/match-list.tsx';
import { SPORTS, findSport } from '../../domain/sports.ts';
import { parseParams, sportSlugSchema } from '../lib/routing/params.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import { data } from 'react-router';
import { z } from 'zod';
import type { RouteHandle } from '../lib/routing/route-handle.ts';
import type { Route } from './+types/sport';

export const handle: RouteHandle = {
  breadcrumb: (data) => (data as Awaited<ReturnType<typeof loader>> | undefined)?.sport?.name ?? 'Sports',
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { slug } = parseParams(z.object({ slug: sportSlugSchema.optional() }), params);
  if (slug === undefined) return { sport: null, day: null };
  const sport = findSport(slug);
  if (!sport) throw data(null, { status: 404 });
  return { sport, day: await loadDayList(request, context) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.sport ? args.loaderData.sport.name : 'Sports',
    description: args.loaderData?.sport
      ? `${args.loaderData.sport.name} fixtures, results and competitions.`
      : 'The sports this site follows.',
  });

export default function SportPage({ loaderData }: Route.ComponentProps) {
  const { sport, day } = loaderData;
  if (!sport || !day) {
    return (
      <>
        <PageHeader title="Sports" />
        <ul className="space-y-2">
          {SPORTS.map((item) => (
            <li key={item.slug}>
              <AppLink to={`/sport/${item.slug}`} className="font-semibold underline underline-offset-2">
                {item.name}
              </AppLink>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <>
      <PageHeader title={sport.name}>
        Fixtures and results by date, and every {sport.name.toLowerCase()} competition the site follows.
      </PageHeader>
      <p className="mb-4">
        <AppLink to={`/sport/${sport.slug}/highlights`} className="font-semibold underline underline-offset-2">
          {sport.name} highlights
        </AppLink>
      </p>
      <SportHub day={day} />
    </>
  );
}

function SportHub({ day }: { day: DayListData }) {
  const view = useListView(day);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <DayView data={day} view={view} />
      </div>
      <section aria-labelledby="sport-competitions-heading">
        <h2 id="sport-competitions-heading" className="mb-2 text-lg font-semibold">
          Competitions
        </h2>
        <CompetitionLinks competitions={day.competitions} />
      </section>
    </div>
  );
}
