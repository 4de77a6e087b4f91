// Every competition the site follows (issue #5; "Leagues" in the navigation), by country and region,
// each leading to its page (app/routes/league.tsx).
import { PageHeader } from '../components/page-header.tsx';
import { CompetitionIndex } from '../features/league/competition-index.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/leagues';
import { getServices } from '../../server/router-context.server.ts';

export const handle = { breadcrumb: 'Leagues' };

export async function loader({ context }: Route.LoaderArgs) {
  return { competitions: await getServices(context).football.listCompetitions() };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Leagues and competitions',
    description: 'Every league and cup on the site, by country and region: tables, fixtures, results and top scorers.',
  });

export default function Leagues({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Leagues and competitions">
        Tables, fixtures, results and top scorers of every league and cup this site follows.
      </PageHeader>
      <CompetitionIndex competitions={loaderData.competitions} />
    </>
  );
}
