import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/sport-highlights';

export const handle = { breadcrumb: 'Football highlights' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Football highlights', description: 'Highlights of recent football matches.' });

export default function SportHighlights() {
  return (
    <>
      <PageHeader title="Football highlights" />
      <ComingSoon title="Matches with highlights">
        Recent matches that have highlights are listed here, newest first; each one opens its video or its match page.
      </ComingSoon>
    </>
  );
}
