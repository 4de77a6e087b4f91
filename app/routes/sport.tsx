import { ComingSoon } from '../components/coming-soon.tsx';
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { SPORTS, findSport } from '../../domain/sports.ts';
import { parseParams, sportSlugSchema } from '../lib/params.ts';
import { pageMeta } from '../lib/seo.ts';
import { data } from 'react-router';
import { z } from 'zod';
import type { RouteHandle } from '../lib/route-handle.ts';
import type { Route } from './+types/sport';

export const handle: RouteHandle = {
  breadcrumb: (data) => (data as Awaited<ReturnType<typeof loader>> | undefined)?.sport?.name ?? 'Sports',
};

export function loader({ params }: Route.LoaderArgs) {
  const { slug } = parseParams(z.object({ slug: sportSlugSchema.optional() }), params);
  if (slug === undefined) return { sport: null };
  const sport = findSport(slug);
  if (!sport) throw data(null, { status: 404 });
  return { sport };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.sport ? args.loaderData.sport.name : 'Sports',
    description: args.loaderData?.sport ? `${args.loaderData.sport.name} fixtures, results and competitions.` : 'The sports this site follows.',
  });

export default function SportPage({ loaderData }: Route.ComponentProps) {
  const { sport } = loaderData;
  if (!sport) {
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
      <ComingSoon title="Fixtures by date">Matches for the chosen date, grouped by competition, in your time zone.</ComingSoon>
    </>
  );
}
