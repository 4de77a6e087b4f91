import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/movies';

export const handle = { breadcrumb: 'Movies' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Movies', description: 'Football films and documentaries to watch.' });

export default function Page() {
  return (
    <>
      <PageHeader title="Movies" />
      <ComingSoon title="Football films and documentaries">
        The catalogue of films and documentaries appears here, with what is free to watch and what comes with a premium plan.
      </ComingSoon>
    </>
  );
}
