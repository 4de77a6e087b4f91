import { z } from 'zod';
import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { numericIdSchema, parseParams } from '../lib/params.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/team';

export function loader({ params }: Route.LoaderArgs) {
  const { id } = parseParams(z.object({ id: numericIdSchema.optional() }), params);
  return { id: id ?? null };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle = {
  breadcrumb: (data) => ((data as LoaderData | undefined)?.id ? `Team ${(data as LoaderData).id}` : 'Teams'),
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.id ? `Team ${args.loaderData.id}` : 'Teams',
    description: 'Fixtures, results, form, league position and squad.',
  });

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.id) {
    return (
      <>
        <PageHeader title="Teams" />
        <ComingSoon title="Find a team">Every team the site follows, searchable by name, with a link to its page.</ComingSoon>
      </>
    );
  }
  return (
    <>
      <PageHeader title={`Team ${loaderData.id}`} />
      <div className="grid gap-4 md:grid-cols-2">
        <ComingSoon title="Next match">The next fixture with kick-off time in your time zone.</ComingSoon>
        <ComingSoon title="Form and position">The last five results and the team&apos;s place in its league table.</ComingSoon>
        <ComingSoon title="Fixtures and results">Every match of the season, played and to come.</ComingSoon>
        <ComingSoon title="Squad">The players, where the data names them, with links to head-to-head records.</ComingSoon>
      </div>
    </>
  );
}
